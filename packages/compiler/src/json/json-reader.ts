// A strict JSON reader that keeps positions, raw number text and duplicate keys. It never recurses
// (an explicit stack of open containers), so depth is checked before it can hurt, and it stops at the
// first syntax error: what follows a syntax error cannot be trusted. RFC 8259 only: no comments, no
// trailing commas, no single quotes; a leading byte-order mark is skipped.
import { childPointer, type Diagnostic } from '../diagnostics/diagnostic-types.js';
import { anyDiagnostic, diagnostic, HINTS } from '../diagnostics/diagnostic-registry.js';
import type { JsonArray, JsonNode, JsonObject } from './json-types.js';

export interface JsonReadOptions {
    /** Most containers open at once (default 64, docs/schema-language.md). */
    maxDepth?: number;
}

export interface JsonReadResult {
    /** The value, absent after a syntax error. */
    root?: JsonNode;
    /** E-JSON-SYNTAX (at most one), E-JSON-DUPKEY and E-JSON-NUMBER, pointers from the root. */
    diagnostics: Diagnostic[];
    /** Source offset of each diagnostic's node, parallel to `diagnostics` (for document order). */
    offsets: number[];
}

interface Frame {
    node: JsonObject | JsonArray;
    /** The frame holding this container and the token naming it there (pointers are built on demand). */
    parent?: Frame;
    token?: string | number;
    pointerCache?: string;
    /** Object frames: key of the member whose value is being read. */
    key?: { key: string; start: number; end: number; duplicate: boolean };
    seen?: Set<string>;
}

/** What was expected where reading stopped: a message form of E-JSON-SYNTAX (the registry words it). */
type Expected = { form: 'value' | 'key' | 'colon' | 'after-end' | 'control-char' | 'unicode-escape' | 'escape' | 'number' }
    | { form: 'separator'; close: string } | { form: 'trailing-comma'; item: string } | { form: 'unclosed-string'; start: number }
    | { form: 'literal'; word: string } | { form: 'depth'; max: number };

/** Where reading stopped and what was expected there (the character found is named when reported). */
class SyntaxFault {
    constructor(readonly offset: number, readonly expected: Expected) {}
}

/** The character at an offset, named so that invisible and look-alike characters are recognisable. */
export function describeFound(text: string, offset: number): string {
    if (offset >= text.length) return 'the end of the text';
    const cp = text.codePointAt(offset)!;
    const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0xa0) || cp === 0xfeff || (cp >= 0x2000 && cp <= 0x200f)) return `the invisible character ${hex}`;
    return `${JSON.stringify(String.fromCodePoint(cp))} (${hex})`;
}

/** What a writer of JavaScript or YAML most likely meant by the character found. */
function jsonHint(text: string, offset: number): string {
    const c = text[offset];
    if (c === "'") return HINTS.jsonDoubleQuotes;
    if (c === '/' || c === '#') return HINTS.jsonComments;
    if (c === '\u201c' || c === '\u201d') return HINTS.jsonTypographic;
    if (c !== undefined && /[A-Za-z_]/.test(c)) return HINTS.jsonUnquoted;
    return '';
}

// eslint-disable-next-line no-control-regex -- control characters are what JSON strings may not hold
const SLOW_STRING = /[\\\x00-\x1f]/;
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export function readJson(text: string, options: JsonReadOptions = {}): JsonReadResult {
    const maxDepth = options.maxDepth ?? 64;
    const diagnostics: Diagnostic[] = [];
    const offsets: number[] = [];
    let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const stack: Frame[] = [];
    let root: JsonNode | undefined;

    const skipWs = (): void => {
        for (;;) {
            const c = text.charCodeAt(pos);
            if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
            else return;
        }
    };
    const pointerOf = (frame: Frame | undefined): string => {
        if (!frame) return '';
        if (frame.pointerCache === undefined) frame.pointerCache = frame.parent ? childPointer(pointerOf(frame.parent), frame.token!) : '';
        return frame.pointerCache;
    };
    /** Token naming the value being read in the top frame. */
    const tokenOfValue = (): string | number | undefined => {
        const top = stack[stack.length - 1];
        if (!top) return undefined;
        return top.node.kind === 'array' ? top.node.items.length : top.key!.key;
    };
    const pointerOfValue = (): string => {
        const top = stack[stack.length - 1];
        return top ? childPointer(pointerOf(top), tokenOfValue()!) : '';
    };
    const readString = (): { value: string; start: number; end: number } => {
        const start = pos;
        // Fast path: no escape and no control character before the closing quote.
        const close = text.indexOf('"', pos + 1);
        if (close > 0) {
            const body = text.slice(pos + 1, close);
            if (!SLOW_STRING.test(body)) {
                pos = close + 1;
                return { value: body, start, end: pos };
            }
        }
        pos++; // opening quote
        let out = '';
        let chunk = pos;
        for (;;) {
            if (pos >= text.length) throw new SyntaxFault(pos, { form: 'unclosed-string', start: start - text.lastIndexOf('\n', start - 1) });
            const c = text.charCodeAt(pos);
            if (c === 0x22) {
                out += text.slice(chunk, pos);
                pos++;
                return { value: out, start, end: pos };
            }
            if (c < 0x20) throw new SyntaxFault(pos, { form: 'control-char' });
            if (c === 0x5c) {
                out += text.slice(chunk, pos);
                const e = text[pos + 1];
                switch (e) {
                    case '"': out += '"'; break;
                    case '\\': out += '\\'; break;
                    case '/': out += '/'; break;
                    case 'b': out += '\b'; break;
                    case 'f': out += '\f'; break;
                    case 'n': out += '\n'; break;
                    case 'r': out += '\r'; break;
                    case 't': out += '\t'; break;
                    case 'u': {
                        const hex = text.slice(pos + 2, pos + 6);
                        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new SyntaxFault(pos + 2, { form: 'unicode-escape' });
                        out += String.fromCharCode(parseInt(hex, 16));
                        pos += 4;
                        break;
                    }
                    default: throw new SyntaxFault(pos + 1, { form: 'escape' });
                }
                pos += 2;
                chunk = pos;
                continue;
            }
            pos++;
        }
    };
    const expectLiteral = (word: string): void => {
        if (text.startsWith(word, pos)) pos += word.length;
        else {
            let i = 0;
            while (text[pos + i] === word[i]) i++;
            throw new SyntaxFault(pos + i, { form: 'literal', word });
        }
    };
    /** Attaches a finished value to its container (or makes it the root). */
    const attach = (node: JsonNode): void => {
        const top = stack[stack.length - 1];
        if (!top) { root = node; return; }
        if (top.node.kind === 'array') { top.node.items.push(node); return; }
        const k = top.key!;
        top.node.members.push({ key: k.key, keyStart: k.start, keyEnd: k.end, value: node, duplicate: k.duplicate });
        top.key = undefined;
    };
    /** Reads one value; containers are pushed, not recursed into. Returns the container or undefined. */
    const readValue = (): void => {
        skipWs();
        const start = pos;
        const c = text[pos];
        if (c === '{' || c === '[') {
            if (stack.length >= maxDepth) throw new SyntaxFault(pos, { form: 'depth', max: maxDepth });
            const parent = stack[stack.length - 1];
            const token = tokenOfValue();
            pos++;
            const node: JsonObject | JsonArray = c === '{'
                ? { kind: 'object', members: [], start, end: start }
                : { kind: 'array', items: [], start, end: start };
            attach(node);
            stack.push({ node, parent, token, seen: c === '{' ? new Set() : undefined });
            return;
        }
        if (c === '"') {
            const s = readString();
            attach({ kind: 'string', value: s.value, start: s.start, end: s.end });
            return;
        }
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
            NUMBER_RE.lastIndex = pos;
            const m = NUMBER_RE.exec(text);
            if (!m) throw new SyntaxFault(pos, { form: 'number' });
            pos += m[0].length;
            const next = text[pos];
            if (next !== undefined && /[0-9.eE+-]/.test(next)) throw new SyntaxFault(pos, { form: 'number' });
            const raw = m[0];
            const value = Number(raw);
            if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(raw.split(/[eE]/)[0]!))) {
                diagnostics.push(diagnostic('E-JSON-NUMBER', pointerOfValue(), { raw }));
                offsets.push(start);
            }
            attach({ kind: 'number', raw, value, start, end: pos });
            return;
        }
        if (c === 't') { expectLiteral('true'); attach({ kind: 'boolean', value: true, start, end: pos }); return; }
        if (c === 'f') { expectLiteral('false'); attach({ kind: 'boolean', value: false, start, end: pos }); return; }
        if (c === 'n') { expectLiteral('null'); attach({ kind: 'null', start, end: pos }); return; }
        throw new SyntaxFault(pos, { form: 'value' });
    };
    /** Reads an object key and its colon into the top frame. */
    const readKey = (frame: Frame): void => {
        skipWs();
        if (text[pos] !== '"') throw new SyntaxFault(pos, { form: 'key' });
        const k = readString();
        const duplicate = frame.seen!.has(k.value);
        if (duplicate) {
            diagnostics.push(diagnostic('E-JSON-DUPKEY', childPointer(pointerOf(frame), k.value), { key: k.value }));
            offsets.push(k.start);
        } else {
            frame.seen!.add(k.value);
        }
        frame.key = { key: k.value, start: k.start, end: k.end, duplicate };
        skipWs();
        if (text[pos] !== ':') throw new SyntaxFault(pos, { form: 'colon' });
        pos++;
    };

    try {
        readValue();
        // After each value: close containers, read separators, or read the next member/item.
        for (;;) {
            const top = stack[stack.length - 1];
            if (!top) break;
            skipWs();
            const c = text[pos];
            const isObject = top.node.kind === 'object';
            const empty = isObject ? (top.node as JsonObject).members.length === 0 && !top.key : (top.node as JsonArray).items.length === 0;
            const close = isObject ? '}' : ']';
            if (c === close && !top.key) {
                pos++;
                top.node.end = pos;
                stack.pop();
                continue;
            }
            if (empty && !top.key) {
                // First member or item.
                if (isObject) readKey(top);
                readValue();
                continue;
            }
            if (c === ',') {
                pos++;
                skipWs();
                if (text[pos] === close) throw new SyntaxFault(pos, { form: 'trailing-comma', item: isObject ? 'member' : 'item' });
                if (isObject) readKey(top);
                readValue();
                continue;
            }
            throw new SyntaxFault(pos, { form: 'separator', close });
        }
        skipWs();
        if (pos < text.length) throw new SyntaxFault(pos, { form: 'after-end' });
    } catch (e) {
        if (!(e instanceof SyntaxFault)) throw e;
        const top = stack[stack.length - 1];
        const { line, column } = lineColumn(text, e.offset);
        diagnostics.push(anyDiagnostic('E-JSON-SYNTAX', pointerOf(top), { ...e.expected, line, column, found: describeFound(text, e.offset), hint: jsonHint(text, e.offset) }));
        offsets.push(top ? top.node.start : 0);
        return { diagnostics, offsets };
    }
    return { root, diagnostics, offsets };
}

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < text.length; i++) {
        if (text.charCodeAt(i) === 0x0a) { line++; lineStart = i + 1; }
    }
    return { line, column: offset - lineStart + 1 };
}
