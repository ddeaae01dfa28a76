// A request body's bytes as text, refusing invalid UTF-8 rather than replacing it with U+FFFD:
// replaced bytes would change the document that offsets point into (docs/runtime-server.md).
// Node's `isUtf8` answers the common case natively; only a refused body is scanned again here, to
// name the first bad byte.
import { isUtf8 } from 'node:buffer';

export class InvalidUtf8Body {
    constructor(readonly byteOffset: number, readonly line: number, readonly column: number) {}
}

/** The body text, or where its UTF-8 first goes wrong. */
export function decodeBody(bytes: Buffer): string | InvalidUtf8Body {
    if (isUtf8(bytes)) return bytes.toString('utf8');
    const offset = firstInvalidByte(bytes);
    // Line and column count the valid text before the bad byte, as the JSON reader counts them.
    const before = bytes.subarray(0, offset).toString('utf8');
    const lineStart = before.lastIndexOf('\n') + 1;
    let line = 1;
    for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
    return new InvalidUtf8Body(offset, line, before.length - lineStart + 1);
}

/** Offset of the first byte that does not begin a well-formed sequence (RFC 3629, table 3-7 of Unicode). */
export function firstInvalidByte(b: Uint8Array): number {
    let i = 0;
    while (i < b.length) {
        const c = b[i]!;
        if (c < 0x80) { i++; continue; }
        let n: number;
        let lo = 0x80;
        let hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf) n = 1;
        else if (c >= 0xe0 && c <= 0xef) { n = 2; if (c === 0xe0) lo = 0xa0; if (c === 0xed) hi = 0x9f; }
        else if (c >= 0xf0 && c <= 0xf4) { n = 3; if (c === 0xf0) lo = 0x90; if (c === 0xf4) hi = 0x8f; }
        else return i;
        for (let k = 1; k <= n; k++) {
            const d = b[i + k];
            if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
        }
        i += n + 1;
    }
    return b.length;
}
