// A forgiving JSON reader for editing: it never stops at a syntax error, so completion, hover and
// symbols keep working while the user types (`{"name": "a", "ty`). On valid JSON it builds exactly
// the compiler's tree (same node kinds, offsets, duplicate flags; a test holds the two together),
// so the compiler's pointers resolve on it with `findByPointer`. Never recursive: an explicit stack.
import type { JsonArray, JsonNode, JsonObject, JsonString } from '@svc/compiler';
import { StringMap } from '../text/string-map.js';

/** A key typed without a value yet (`"type"` or `"type":` before a comma or a brace). */
export interface PendingKey {
    key: string;
    keyStart: number;
    keyEnd: number;
    colon?: number;
}

export interface TolerantJson {
    root?: JsonNode;
    /** Keys without values, by object. */
    pending: Map<JsonObject, PendingKey[]>;
    /** Offsets of colons after keys, by the key's start (for completion: key or value position). */
    colons: Map<number, number>;
}

interface Frame {
    node: JsonObject | JsonArray;
    /** Dropped containers (a value where a key belongs) are still tracked so that braces balance. */
    dropped: boolean;
    key?: PendingKey;
    seen?: Set<string>;
}

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export function parseTolerant(text: string): TolerantJson {
    const pending = new Map<JsonObject, PendingKey[]>();
    const colons = new Map<number, number>();
    const stack: Frame[] = [];
    let root: JsonNode | undefined;
    let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;

    const keepPending = (frame: Frame): void => {
        if (!frame.key || frame.node.kind !== 'object' || frame.dropped) return;
        const list = pending.get(frame.node) ?? [];
        list.push(frame.key);
        pending.set(frame.node, list);
        frame.key = undefined;
    };
    /** Attaches a value to the open container; false when it has no place there. */
    const attach = (node: JsonNode): boolean => {
        const top = stack[stack.length - 1];
        if (!top) {
            if (root) return false;
            root = node;
            return true;
        }
        if (top.dropped) return false;
        if (top.node.kind === 'array') {
            top.node.items.push(node);
            return true;
        }
        const k = top.key;
        if (!k) return false;
        const duplicate = top.seen!.has(k.key);
        top.seen!.add(k.key);
        top.node.members.push({ key: k.key, keyStart: k.keyStart, keyEnd: k.keyEnd, value: node, duplicate });
        top.key = undefined;
        return true;
    };

    while (pos < text.length) {
        const c = text.charCodeAt(pos);
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) { pos++; continue; }
        const ch = text[pos]!;
        if (ch === '{' || ch === '[') {
            const node: JsonObject | JsonArray = ch === '{'
                ? { kind: 'object', members: [], start: pos, end: text.length }
                : { kind: 'array', items: [], start: pos, end: text.length };
            const placed = attach(node);
            stack.push({ node, dropped: !placed, seen: ch === '{' ? new Set() : undefined });
            pos++;
            continue;
        }
        if (ch === '}' || ch === ']') {
            const kind = ch === '}' ? 'object' : 'array';
            let k = stack.length - 1;
            while (k >= 0 && stack[k]!.node.kind !== kind) k--;
            if (k >= 0) {
                while (stack.length > k) {
                    const frame = stack.pop()!;
                    keepPending(frame);
                    frame.node.end = stack.length === k ? pos + 1 : pos;
                }
            }
            pos++;
            continue;
        }
        if (ch === ':') {
            const top = stack[stack.length - 1];
            if (top?.key && top.key.colon === undefined) {
                top.key.colon = pos;
                colons.set(top.key.keyStart, pos);
            }
            pos++;
            continue;
        }
        if (ch === ',') {
            const top = stack[stack.length - 1];
            if (top) keepPending(top);
            pos++;
            continue;
        }
        if (ch === '"') {
            const { value, end } = readString(text, pos);
            const top = stack[stack.length - 1];
            if (top && top.node.kind === 'object' && (!top.key || top.key.colon === undefined)) {
                keepPending(top);
                top.key = { key: value, keyStart: pos, keyEnd: end };
            } else {
                const node: JsonString = { kind: 'string', value, start: pos, end };
                attach(node);
            }
            pos = end;
            continue;
        }
        if (ch === '-' || (ch >= '0' && ch <= '9')) {
            NUMBER_RE.lastIndex = pos;
            const m = NUMBER_RE.exec(text);
            if (m) {
                attach({ kind: 'number', raw: m[0], value: Number(m[0]), start: pos, end: pos + m[0].length });
                pos += m[0].length;
                continue;
            }
        }
        const word = /[A-Za-z_][A-Za-z0-9_]*/y;
        word.lastIndex = pos;
        const w = word.exec(text);
        if (w) {
            const start = pos;
            pos += w[0].length;
            if (w[0] === 'true' || w[0] === 'false') attach({ kind: 'boolean', value: w[0] === 'true', start, end: pos });
            else if (w[0] === 'null') attach({ kind: 'null', start, end: pos });
            continue;
        }
        pos++; // a character JSON has no use for
    }
    for (let k = stack.length - 1; k >= 0; k--) keepPending(stack[k]!);
    return { root, pending, colons };
}

/** A string literal from its opening quote: its value and end (after the closing quote, or at the line end). */
function readString(text: string, start: number): { value: string; end: number } {
    // Fast path: most strings have no escape, and then the value is a slice.
    for (let i = start + 1; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) return { value: text.slice(start + 1, i), end: i + 1 };
        if (c === 0x5c) break;
        if (c === 0x0a || c === 0x0d) return { value: text.slice(start + 1, i), end: i };
        if (i === text.length - 1) return { value: text.slice(start + 1), end: text.length };
    }
    if (start + 1 >= text.length) return { value: '', end: text.length };
    const map = new StringMap(text, start);
    return { value: map.value, end: text.charCodeAt(map.contentEnd) === 0x22 ? map.contentEnd + 1 : map.contentEnd };
}
