// An edit of a JSON text applied in place to the tree the reader built for the text before it: the
// tree is then the one `readJson` builds for the new text (a property test holds the two together),
// for the cost of comparing the texts and walking the nodes after the edit instead of reading 1 MiB
// again. Two kinds of edit qualify: inside one plain string value (no escape, quote or control
// character before or after the edit), which is what typing in an expression or a description is;
// and white space changed between tokens (indenting, new lines). The string's value changes, and
// every offset after the edit moves. Anything else answers false, the tree untouched, and the caller
// reads the text again.
import type { JsonNode, JsonString } from './json-types.js';

// eslint-disable-next-line no-control-regex -- control characters are what JSON strings may not hold
const PLAIN = /^[^"\\\x00-\x1f]*$/;
const BLANK = /^[ \t\n\r]*$/;
const CHUNK = 4096;

export function patchTextEdit(root: JsonNode, before: string, after: string): boolean {
    if (before === after) return true;
    const max = Math.min(before.length, after.length);
    let p = 0;
    // Whole chunks first (string comparison runs natively), then character by character.
    while (p + CHUNK <= max && before.slice(p, p + CHUNK) === after.slice(p, p + CHUNK)) p += CHUNK;
    while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
    let s = 0;
    const room = max - p;
    const tail = (text: string, from: number): string => text.slice(text.length - from - CHUNK, text.length - from);
    while (s + CHUNK <= room && tail(before, s) === tail(after, s)) s += CHUNK;
    while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
    // Old text [p, oldEnd) became new text [p, p + (oldEnd - p) + delta).
    const oldEnd = before.length - s;
    const delta = after.length - before.length;
    const target = stringAround(root, p, oldEnd);
    if (!target) {
        // White space for white space, not inside a token: only offsets move.
        const blank = BLANK.test(before.slice(p, oldEnd)) && BLANK.test(after.slice(p, oldEnd + delta));
        if (!blank || insideToken(root, p, oldEnd)) return false;
        shift(root, oldEnd, delta);
        return true;
    }
    const body = after.slice(target.start + 1, target.end - 1 + delta);
    if (!PLAIN.test(before.slice(target.start + 1, target.end - 1)) || !PLAIN.test(body)) return false;
    target.value = body;
    shift(root, oldEnd, delta);
    return true;
}

/** The string value whose inside (between its quotes) holds [p, oldEnd); undefined if a key or a token boundary is touched. */
function stringAround(root: JsonNode, p: number, oldEnd: number): JsonString | undefined {
    let node: JsonNode = root;
    for (;;) {
        if (node.kind === 'string') return node.start < p && oldEnd < node.end ? node : undefined;
        let next: JsonNode | undefined;
        if (node.kind === 'object') {
            for (const m of node.members) {
                if (m.keyStart < oldEnd && p < m.keyEnd) return undefined;
                if (m.value.start <= p && oldEnd <= m.value.end) {
                    next = m.value;
                    break;
                }
            }
        } else if (node.kind === 'array') {
            next = node.items[firstEndingAtOrAfter(node.items, oldEnd)];
            if (next && !(next.start <= p && oldEnd <= next.end)) next = undefined;
        }
        if (!next) return undefined;
        node = next;
    }
}

/**
 * Whether [p, oldEnd) (white space) lies in a token: a string or key it overlaps, or, for an
 * insertion, the inside of a number or literal (`12` → `1 2`). Two tokens are never separated by
 * white space alone in valid JSON, so taking white space away cannot join them.
 */
function insideToken(root: JsonNode, p: number, oldEnd: number): boolean {
    const touches = (start: number, end: number): boolean => (p === oldEnd ? start < p && p < end : start < oldEnd && p < end);
    let node: JsonNode = root;
    for (;;) {
        if (node.kind !== 'object' && node.kind !== 'array') return touches(node.start, node.end);
        const children = node.kind === 'object' ? node.members.map((m) => m.value) : node.items;
        if (node.kind === 'object' && node.members.some((m) => touches(m.keyStart, m.keyEnd))) return true;
        const next: JsonNode | undefined = children[firstEndingAtOrAfter(children, oldEnd)];
        if (!next || !(next.start <= p && oldEnd <= next.end)) return false;
        node = next;
    }
}

/** Index of the first item whose end is at or after an offset (items are in source order). */
function firstEndingAtOrAfter(items: readonly JsonNode[], offset: number): number {
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (items[mid]!.end < offset) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/**
 * Moves by `delta` every start at or after `from` (its character moved) and every end after it (an
 * end is the boundary after a character: one at `from` stays). Subtrees that end by `from` are skipped.
 */
function shift(root: JsonNode, from: number, delta: number): void {
    const stack: JsonNode[] = [root];
    while (stack.length > 0) {
        const node = stack.pop()!;
        if (node.end <= from) continue;
        if (node.start >= from) node.start += delta;
        node.end += delta;
        if (node.kind === 'object') {
            for (const m of node.members) {
                if (m.keyStart >= from) {
                    m.keyStart += delta;
                    m.keyEnd += delta;
                }
                stack.push(m.value);
            }
        } else if (node.kind === 'array') {
            for (let i = firstEndingAtOrAfter(node.items, from); i < node.items.length; i++) stack.push(node.items[i]!);
        }
    }
}
