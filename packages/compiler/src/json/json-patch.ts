// An edit inside one string value of a JSON text, applied in place to the tree the reader built for
// the text before it: the string's value changes and every offset after the edit moves. The tree is
// then the one `readJson` builds for the new text (a property test holds the two together), for the
// cost of comparing the texts and walking the nodes after the edit instead of reading 1 MiB again.
// Only plain strings qualify (no escape, quote or control character before or after the edit), which
// is what typing in an expression or a description is; anything else answers false, untouched, and
// the caller reads the text again.
import type { JsonNode, JsonString } from './json-types.js';

// eslint-disable-next-line no-control-regex -- control characters are what JSON strings may not hold
const PLAIN = /^[^"\\\x00-\x1f]*$/;
const CHUNK = 4096;

export function patchStringEdit(root: JsonNode, before: string, after: string): boolean {
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
    if (!target) return false;
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

/** Moves every offset at or after `from` by `delta`; subtrees that end before `from` are skipped. */
function shift(root: JsonNode, from: number, delta: number): void {
    const stack: JsonNode[] = [root];
    while (stack.length > 0) {
        const node = stack.pop()!;
        if (node.end < from) continue;
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
