// Spans are UTF-8 bytes of the decoded expression; Langium reports UTF-16 offsets. This maps one to
// the other for one string, built lazily once per expression.
export class ByteOffsets {
    private table: Uint32Array | undefined;
    /** Most expressions are ASCII: then bytes and UTF-16 offsets coincide and no table is needed. */
    private readonly ascii: boolean;

    constructor(readonly text: string) {
        // eslint-disable-next-line no-control-regex -- the ASCII range starts at U+0000 on purpose
        this.ascii = /^[\x00-\x7f]*$/.test(text);
    }

    /** UTF-8 byte offset of a UTF-16 offset (clamped to the string). */
    at(offset: number): number {
        if (this.ascii) return Math.max(0, Math.min(offset, this.text.length));
        if (!this.table) this.table = utf8OffsetTable(this.text);
        return this.table[Math.max(0, Math.min(offset, this.text.length))]!;
    }

    span(start: number, end: number): [number, number] {
        return [this.at(start), this.at(end)];
    }

    /** The whole expression without surrounding white space. */
    trimmed(): [number, number] {
        const start = this.text.length - this.text.trimStart().length;
        const end = this.text.trimEnd().length;
        return end <= start ? [this.at(start), this.at(start)] : this.span(start, end);
    }
}

/** UTF-8 byte offset of every UTF-16 offset of `text` (a low surrogate maps past its pair). */
export function utf8OffsetTable(text: string): Uint32Array {
    const table = new Uint32Array(text.length + 1);
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
        table[i] = bytes;
        const c = text.charCodeAt(i);
        if (c < 0x80) bytes += 1;
        else if (c < 0x800) bytes += 2;
        else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            bytes += 4;
            table[++i] = bytes; // a low surrogate has no byte offset of its own; map it past the pair
        } else bytes += 3;
    }
    table[text.length] = bytes;
    return table;
}
