// One JSON string literal of the document and its decoded value. Editors point into the source
// (UTF-16 offsets of the document text); the compiler points into the decoded value (UTF-8 byte
// spans, docs/schema-language.md). This maps between the three, through every JSON escape (`\n`,
// `\"`, `\u00e9`, surrogate pairs written as two `\u` escapes).
import { utf8OffsetTable } from '@svc/compiler';

export class StringMap {
    /** The decoded value (tolerant: a bad escape keeps its characters; an unterminated string ends at the line). */
    readonly value: string;
    /**
     * srcOf[i]: source offset where decoded code unit i is written; srcOf[length]: the closing quote
     * (or the end). Undefined for a string without escapes (most are), where it is start + 1 + i:
     * a 1 MiB schema's 10,000 expressions then cost no table each.
     */
    private readonly srcOf: Uint32Array | undefined;
    private bytes: Uint32Array | undefined;

    /** `start` is the offset of the opening quote in `source`. */
    constructor(
        source: string,
        readonly start: number,
    ) {
        let pos = start + 1;
        for (;;) {
            const c = source.charCodeAt(pos);
            if (pos >= source.length || c === 0x22 || c === 0x0a || c === 0x0d || c === 0x5c) break;
            pos++;
        }
        if (source.charCodeAt(pos) === 0x5c && pos < source.length) [this.value, this.srcOf] = decodeEscaped(source, start);
        else this.value = source.slice(start + 1, pos);
    }

    /** Source offset of the closing quote (or of the end of an unterminated string). */
    get contentEnd(): number {
        return this.sourceOffset(this.value.length);
    }

    /** Source offset where decoded index `i` (UTF-16 of the value) is written. */
    sourceOffset(i: number): number {
        const at = Math.max(0, Math.min(i, this.value.length));
        return this.srcOf ? this.srcOf[at]! : this.start + 1 + at;
    }

    /** Decoded index of a source offset; an offset inside an escape maps to that escape's character. */
    decodedIndex(offset: number): number {
        const srcOf = this.srcOf;
        if (!srcOf) return Math.max(0, Math.min(offset - this.start - 1, this.value.length));
        if (offset <= srcOf[0]!) return 0;
        let lo = 0;
        let hi = srcOf.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (srcOf[mid]! <= offset) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** UTF-8 byte offset of decoded index `i`. */
    byteOffset(i: number): number {
        return this.byteTable()[Math.max(0, Math.min(i, this.value.length))]!;
    }

    /** Decoded index at a UTF-8 byte offset; a byte inside a character maps to that character. */
    indexOfByte(byte: number): number {
        const table = this.byteTable();
        let lo = 0;
        let hi = table.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (table[mid]! <= byte) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** Source range [start, end) of a compiler span (UTF-8 bytes of the value). */
    sourceRangeOfSpan(span: readonly [number, number]): [number, number] {
        return [this.sourceOffset(this.indexOfByte(span[0])), this.sourceOffset(this.indexOfByte(span[1]))];
    }

    /** Source range [start, end) of decoded indices [from, to). */
    sourceRange(from: number, to: number): [number, number] {
        return [this.sourceOffset(from), this.sourceOffset(to)];
    }

    private byteTable(): Uint32Array {
        if (this.bytes) return this.bytes;
        const table = utf8OffsetTable(this.value);
        this.bytes = table;
        return table;
    }
}

/** The value of a string with escapes, and where each of its code units is written. */
function decodeEscaped(source: string, start: number): [string, Uint32Array] {
    const units: number[] = [];
    const parts: string[] = [];
    let pos = start + 1;
    for (;;) {
        const c = source.charCodeAt(pos);
        if (pos >= source.length || c === 0x22 || c === 0x0a || c === 0x0d) break;
        if (c === 0x5c && pos + 1 < source.length) {
            const decoded = decodeEscape(source, pos);
            if (decoded) {
                for (let k = 0; k < decoded.text.length; k++) units.push(pos);
                parts.push(decoded.text);
                pos += decoded.length;
                continue;
            }
        }
        units.push(pos);
        parts.push(source[pos]!);
        pos++;
    }
    units.push(pos);
    return [parts.join(''), Uint32Array.from(units)];
}

function decodeEscape(source: string, pos: number): { text: string; length: number } | undefined {
    const e = source[pos + 1];
    switch (e) {
        case '"':
            return { text: '"', length: 2 };
        case '\\':
            return { text: '\\', length: 2 };
        case '/':
            return { text: '/', length: 2 };
        case 'b':
            return { text: '\b', length: 2 };
        case 'f':
            return { text: '\f', length: 2 };
        case 'n':
            return { text: '\n', length: 2 };
        case 'r':
            return { text: '\r', length: 2 };
        case 't':
            return { text: '\t', length: 2 };
        case 'u': {
            const hex = source.slice(pos + 2, pos + 6);
            return /^[0-9a-fA-F]{4}$/.test(hex) ? { text: String.fromCharCode(parseInt(hex, 16)), length: 6 } : undefined;
        }
        default:
            return undefined;
    }
}

/** Text to put between the quotes of a JSON string so that it decodes to `value`. */
export function escapeJsonContent(value: string): string {
    return JSON.stringify(value).slice(1, -1);
}
