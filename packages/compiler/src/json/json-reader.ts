// A strict JSON reader that keeps positions, raw number text and duplicate keys. It never recurses
// (an explicit stack of open containers), so depth is checked before it can hurt, and it stops at the
// first syntax error: what follows a syntax error cannot be trusted. RFC 8259 only: no comments, no
// trailing commas, no single quotes; a leading byte-order mark is skipped.
import { childPointer, type Diagnostic } from '../diagnostics/diagnostic-types.js';
import { anyDiagnostic, diagnostic, HINTS } from '../diagnostics/diagnostic-registry.js';
import { isDuplicate, type Frame } from './json-frame.js';
import type { JsonArray, JsonNode, JsonObject } from './json-types.js';
import { lineColumn } from './json-lines.js';

export { lineColumn, offsetOfLineColumn } from './json-lines.js';

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

/** What was expected where reading stopped: a message form of E-JSON-SYNTAX (the registry words it). */
type Expected =
    | { form: 'value' | 'key' | 'colon' | 'after-end' | 'control-char' | 'unicode-escape' | 'escape' | 'number' }
    | { form: 'separator'; close: string }
    | { form: 'trailing-comma'; item: string }
    | { form: 'unclosed-string'; start: number }
    | { form: 'literal'; word: string }
    | { form: 'depth'; max: number };

/** Where reading stopped and what was expected there (the character found is named when reported). */
class SyntaxFault {
    constructor(
        readonly offset: number,
        readonly expected: Expected,
    ) {}
}

/** The character at an offset, named so that invisible and look-alike characters are recognisable. */
export function describeFound(text: string, offset: number): string {
    if (offset >= text.length) return 'the end of the text';
    const cp = text.codePointAt(offset)!;
    const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0xa0) || cp === 0xfeff || (cp >= 0x2000 && cp <= 0x200f))
        return `the invisible character ${hex}`;
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
    return new JsonReader(text, options.maxDepth ?? 64).read();
}

/** One read of one text: the position, the open containers and the findings so far. */
class JsonReader {
    private pos: number;
    private readonly stack: Frame[] = [];
    private root: JsonNode | undefined;
    private readonly diagnostics: Diagnostic[] = [];
    private readonly offsets: number[] = [];

    constructor(
        private readonly text: string,
        private readonly maxDepth: number,
    ) {
        this.pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    }

    read(): JsonReadResult {
        try {
            this.readValue();
            // After each value: close containers, read separators, or read the next member/item.
            while (this.stack.length > 0) this.afterValue(this.stack[this.stack.length - 1]!);
            this.skipWs();
            if (this.pos < this.text.length) throw new SyntaxFault(this.pos, { form: 'after-end' });
        } catch (e) {
            if (!(e instanceof SyntaxFault)) throw e;
            this.report(e);
            return { diagnostics: this.diagnostics, offsets: this.offsets };
        }
        return { root: this.root, diagnostics: this.diagnostics, offsets: this.offsets };
    }

    /** One step inside the top container: close it, or read its first or next member/item. */
    private afterValue(top: Frame): void {
        const text = this.text;
        this.skipWs();
        const c = text[this.pos];
        const isObject = top.node.kind === 'object';
        const empty = isObject ? (top.node as JsonObject).members.length === 0 && !top.hasKey : (top.node as JsonArray).items.length === 0;
        const close = isObject ? '}' : ']';
        if (c === close && !top.hasKey) {
            this.pos++;
            top.node.end = this.pos;
            this.stack.pop();
            return;
        }
        if (empty && !top.hasKey) {
            // First member or item.
            if (isObject) this.readKey(top);
            this.readValue();
            return;
        }
        if (c === ',') {
            this.pos++;
            this.skipWs();
            if (text[this.pos] === close) throw new SyntaxFault(this.pos, { form: 'trailing-comma', item: isObject ? 'member' : 'item' });
            if (isObject) this.readKey(top);
            this.readValue();
            return;
        }
        throw new SyntaxFault(this.pos, { form: 'separator', close });
    }

    /** The single E-JSON-SYNTAX, at the innermost open container. */
    private report(e: SyntaxFault): void {
        const text = this.text;
        const top = this.stack[this.stack.length - 1];
        const { line, column } = lineColumn(text, e.offset);
        this.diagnostics.push(
            anyDiagnostic('E-JSON-SYNTAX', this.pointerOf(top), {
                ...e.expected,
                line,
                column,
                found: describeFound(text, e.offset),
                hint: jsonHint(text, e.offset),
            }),
        );
        this.offsets.push(top ? top.node.start : 0);
    }

    private skipWs(): void {
        const text = this.text;
        let pos = this.pos;
        for (;;) {
            const c = text.charCodeAt(pos);
            if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
            else break;
        }
        this.pos = pos;
    }

    private pointerOf(frame: Frame | undefined): string {
        if (!frame) return '';
        if (frame.pointerCache === undefined)
            frame.pointerCache = frame.parent ? childPointer(this.pointerOf(frame.parent), frame.token!) : '';
        return frame.pointerCache;
    }

    /** Token naming the value being read in the top frame. */
    private tokenOfValue(): string | number | undefined {
        const top = this.stack[this.stack.length - 1];
        if (!top) return undefined;
        return top.node.kind === 'array' ? top.node.items.length : top.key;
    }

    private pointerOfValue(): string {
        const top = this.stack[this.stack.length - 1];
        return top ? childPointer(this.pointerOf(top), this.tokenOfValue()!) : '';
    }

    /** The string starting at the position (its opening quote); the position moves past its closing quote. */
    private readString(): string {
        const text = this.text;
        const start = this.pos;
        // Fast path: no escape and no control character before the closing quote.
        const close = text.indexOf('"', start + 1);
        if (close > 0) {
            const body = text.slice(start + 1, close);
            if (!SLOW_STRING.test(body)) {
                this.pos = close + 1;
                return body;
            }
        }
        return this.readEscapedString(start);
    }

    /** A string with escapes or a fault in it, read character by character. */
    private readEscapedString(start: number): string {
        const text = this.text;
        let pos = start + 1; // after the opening quote
        let out = '';
        let chunk = pos;
        for (;;) {
            if (pos >= text.length) throw new SyntaxFault(pos, { form: 'unclosed-string', start: lineColumn(text, start).column });
            const c = text.charCodeAt(pos);
            if (c === 0x22) {
                out += text.slice(chunk, pos);
                this.pos = pos + 1;
                return out;
            }
            if (c < 0x20) throw new SyntaxFault(pos, { form: 'control-char' });
            if (c === 0x5c) {
                out += text.slice(chunk, pos) + this.unescape(pos);
                pos += text[pos + 1] === 'u' ? 6 : 2;
                chunk = pos;
                continue;
            }
            pos++;
        }
    }

    /** The character an escape at `at` (its backslash) stands for. */
    private unescape(at: number): string {
        const text = this.text;
        switch (text[at + 1]) {
            case '"':
                return '"';
            case '\\':
                return '\\';
            case '/':
                return '/';
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u': {
                const hex = text.slice(at + 2, at + 6);
                if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new SyntaxFault(at + 2, { form: 'unicode-escape' });
                return String.fromCharCode(parseInt(hex, 16));
            }
            default:
                throw new SyntaxFault(at + 1, { form: 'escape' });
        }
    }

    private expectLiteral(word: string): void {
        const text = this.text;
        if (text.startsWith(word, this.pos)) this.pos += word.length;
        else {
            let i = 0;
            while (text[this.pos + i] === word[i]) i++;
            throw new SyntaxFault(this.pos + i, { form: 'literal', word });
        }
    }

    /** Attaches a finished value to its container (or makes it the root). */
    private attach(node: JsonNode): void {
        const top = this.stack[this.stack.length - 1];
        if (!top) {
            this.root = node;
            return;
        }
        if (top.node.kind === 'array') {
            top.node.items.push(node);
            return;
        }
        top.node.members.push({ key: top.key, keyStart: top.keyStart, keyEnd: top.keyEnd, value: node, duplicate: top.keyDuplicate });
        top.hasKey = false;
    }

    /** Reads one value; containers are pushed, not recursed into. */
    private readValue(): void {
        this.skipWs();
        const start = this.pos;
        const c = this.text[start];
        if (c === '{' || c === '[') {
            this.openContainer(c);
            return;
        }
        if (c === '"') {
            const value = this.readString();
            this.attach({ kind: 'string', value, start, end: this.pos });
            return;
        }
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
            this.readNumber();
            return;
        }
        if (c === 't') {
            this.expectLiteral('true');
            this.attach({ kind: 'boolean', value: true, start, end: this.pos });
            return;
        }
        if (c === 'f') {
            this.expectLiteral('false');
            this.attach({ kind: 'boolean', value: false, start, end: this.pos });
            return;
        }
        if (c === 'n') {
            this.expectLiteral('null');
            this.attach({ kind: 'null', start, end: this.pos });
            return;
        }
        throw new SyntaxFault(start, { form: 'value' });
    }

    /** Attaches an empty object or array and pushes it: its contents are read by `afterValue`. */
    private openContainer(c: '{' | '['): void {
        const stack = this.stack;
        const start = this.pos;
        if (stack.length >= this.maxDepth) throw new SyntaxFault(start, { form: 'depth', max: this.maxDepth });
        const parent = stack[stack.length - 1];
        const token = this.tokenOfValue();
        this.pos++;
        const node: JsonObject | JsonArray =
            c === '{' ? { kind: 'object', members: [], start, end: start } : { kind: 'array', items: [], start, end: start };
        this.attach(node);
        stack.push({ node, parent, token, hasKey: false, key: '', keyStart: 0, keyEnd: 0, keyDuplicate: false });
    }

    private readNumber(): void {
        const text = this.text;
        const start = this.pos;
        NUMBER_RE.lastIndex = start;
        const m = NUMBER_RE.exec(text);
        if (!m) throw new SyntaxFault(start, { form: 'number' });
        this.pos += m[0].length;
        const next = text[this.pos];
        if (next !== undefined && /[0-9.eE+-]/.test(next)) throw new SyntaxFault(this.pos, { form: 'number' });
        const raw = m[0];
        const value = Number(raw);
        if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(raw.split(/[eE]/)[0]!))) {
            this.diagnostics.push(diagnostic('E-JSON-NUMBER', this.pointerOfValue(), { raw }));
            this.offsets.push(start);
        }
        this.attach({ kind: 'number', raw, value, start, end: this.pos });
    }

    /** Reads an object key and its colon into the top frame. */
    private readKey(frame: Frame): void {
        this.skipWs();
        if (this.text[this.pos] !== '"') throw new SyntaxFault(this.pos, { form: 'key' });
        const start = this.pos;
        const key = this.readString();
        const duplicate = isDuplicate(frame, key);
        if (duplicate) {
            this.diagnostics.push(diagnostic('E-JSON-DUPKEY', childPointer(this.pointerOf(frame), key), { key }));
            this.offsets.push(start);
        }
        frame.hasKey = true;
        frame.key = key;
        frame.keyStart = start;
        frame.keyEnd = this.pos;
        frame.keyDuplicate = duplicate;
        this.skipWs();
        if (this.text[this.pos] !== ':') throw new SyntaxFault(this.pos, { form: 'colon' });
        this.pos++;
    }
}
