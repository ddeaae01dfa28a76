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
    return new TolerantReader(text).read();
}

/** One forgiving read of one text: the open containers and what was built so far. Each token method
 * takes the token's offset and returns the offset after it (the position stays a local of the loop). */
class TolerantReader {
    private readonly pending = new Map<JsonObject, PendingKey[]>();
    private readonly colons = new Map<number, number>();
    private readonly stack: Frame[] = [];
    /** How many containers of each kind the stack holds: a closer with none of its kind open is skipped at once. */
    private readonly opened = { object: 0, array: 0 };
    private root: JsonNode | undefined;

    constructor(private readonly text: string) {}

    read(): TolerantJson {
        const text = this.text;
        let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
        while (pos < text.length) {
            const c = text.charCodeAt(pos);
            if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
            else if (c === 0x7b || c === 0x5b) pos = this.open(c === 0x7b ? 'object' : 'array', pos);
            else if (c === 0x7d || c === 0x5d) pos = this.close(c === 0x7d ? 'object' : 'array', pos);
            else if (c === 0x3a) pos = this.colon(pos);
            else if (c === 0x2c) pos = this.comma(pos);
            else if (c === 0x22) pos = this.string(pos);
            else pos = this.number(c, pos) ?? this.word(pos) ?? pos + 1; // else a character JSON has no use for
        }
        for (let k = this.stack.length - 1; k >= 0; k--) this.keepPending(this.stack[k]!);
        return { root: this.root, pending: this.pending, colons: this.colons };
    }

    private open(kind: 'object' | 'array', pos: number): number {
        const node: JsonObject | JsonArray =
            kind === 'object'
                ? { kind: 'object', members: [], start: pos, end: this.text.length }
                : { kind: 'array', items: [], start: pos, end: this.text.length };
        const placed = this.attach(node);
        this.stack.push({ node, dropped: !placed, seen: kind === 'object' ? new Set() : undefined });
        this.opened[kind]++;
        return pos + 1;
    }

    /**
     * Closes the innermost container of the brace's kind and all opened inside it; a stray brace is
     * skipped. (Without a count of open kinds, every stray closer searched the whole stack:
     * "[" × 100,000 then "}" × 100,000 took 18 s.) The search then pops what it passes, so each
     * frame is passed once: linear in the text.
     */
    private close(kind: 'object' | 'array', pos: number): number {
        if (this.opened[kind] === 0) return pos + 1;
        const stack = this.stack;
        let k = stack.length - 1;
        while (k >= 0 && stack[k]!.node.kind !== kind) k--;
        if (k >= 0) {
            while (stack.length > k) {
                const frame = stack.pop()!;
                this.opened[frame.node.kind]--;
                this.keepPending(frame);
                frame.node.end = stack.length === k ? pos + 1 : pos;
            }
        }
        return pos + 1;
    }

    private colon(pos: number): number {
        const top = this.stack[this.stack.length - 1];
        if (top?.key && top.key.colon === undefined) {
            top.key.colon = pos;
            this.colons.set(top.key.keyStart, pos);
        }
        return pos + 1;
    }

    private comma(pos: number): number {
        const top = this.stack[this.stack.length - 1];
        if (top) this.keepPending(top);
        return pos + 1;
    }

    /** A string: a key where an object expects one, otherwise a value. */
    private string(pos: number): number {
        const { value, end } = readString(this.text, pos);
        const top = this.stack[this.stack.length - 1];
        if (top && top.node.kind === 'object' && (!top.key || top.key.colon === undefined)) {
            this.keepPending(top);
            top.key = { key: value, keyStart: pos, keyEnd: end };
        } else {
            const node: JsonString = { kind: 'string', value, start: pos, end };
            this.attach(node);
        }
        return end;
    }

    /** A number, if one starts here: the offset after it. */
    private number(c: number, pos: number): number | undefined {
        if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) return undefined;
        NUMBER_RE.lastIndex = pos;
        const m = NUMBER_RE.exec(this.text);
        if (!m) return undefined;
        const end = pos + m[0].length;
        this.attach({ kind: 'number', raw: m[0], value: Number(m[0]), start: pos, end });
        return end;
    }

    /** A bare word, if one starts here: `true`, `false` and `null` are values, other words are skipped. */
    private word(start: number): number | undefined {
        const word = /[A-Za-z_][A-Za-z0-9_]*/y;
        word.lastIndex = start;
        const w = word.exec(this.text);
        if (!w) return undefined;
        const end = start + w[0].length;
        if (w[0] === 'true' || w[0] === 'false') this.attach({ kind: 'boolean', value: w[0] === 'true', start, end });
        else if (w[0] === 'null') this.attach({ kind: 'null', start, end });
        return end;
    }

    private keepPending(frame: Frame): void {
        if (!frame.key || frame.node.kind !== 'object' || frame.dropped) return;
        const list = this.pending.get(frame.node) ?? [];
        list.push(frame.key);
        this.pending.set(frame.node, list);
        frame.key = undefined;
    }

    /** Attaches a value to the open container; false when it has no place there. */
    private attach(node: JsonNode): boolean {
        const top = this.stack[this.stack.length - 1];
        if (!top) {
            if (this.root) return false;
            this.root = node;
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
    }
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
