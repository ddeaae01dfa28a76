// Strict UTF-8 decoding of schema files: an invalid byte is refused with E-JSON-SYNTAX naming its
// byte offset, never replaced by U+FFFD (the text the pointers and spans refer to must be the file).
import { diagnostic } from '../diagnostics/diagnostic-registry.js';
import type { Diagnostic } from '../diagnostics/diagnostic-types.js';

// ignoreBOM: a leading U+FEFF is part of the text, as the bytes say.
const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Offset of the first byte that does not begin or continue a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
    for (let i = 0; i < bytes.length;) {
        const b = bytes[i]!;
        let n: number;
        let min: number;
        if (b < 0x80) {
            i++;
            continue;
        }
        if (b >= 0xc2 && b <= 0xdf) {
            n = 1;
            min = 0x80;
        } else if (b >= 0xe0 && b <= 0xef) {
            n = 2;
            min = 0x800;
        } else if (b >= 0xf0 && b <= 0xf4) {
            n = 3;
            min = 0x10000;
        } else return i;
        let cp = b & (0x3f >> n);
        for (let k = 1; k <= n; k++) {
            const c = bytes[i + k];
            if (c === undefined || (c & 0xc0) !== 0x80) return i; // the sequence that breaks off starts here
            cp = (cp << 6) | (c & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
        i += n + 1;
    }
    return -1;
}

/** The text of a file, or the E-JSON-SYNTAX diagnostic that refuses it. */
export function decodeUtf8Strict(bytes: Uint8Array): { text: string } | { error: Diagnostic; offset: number } {
    // The platform's strict decoder answers the common case natively (also in the browser bundle);
    // only a refused text is scanned again here, to name the first bad byte.
    try {
        return { text: STRICT.decode(bytes) };
    } catch {
        // fall through to name the byte
    }
    const offset = firstInvalidUtf8(bytes);
    if (offset < 0) return { text: STRICT.decode(bytes) };
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    const byte = bytes[offset] === undefined ? 'end' : bytes[offset]!.toString(16).toUpperCase().padStart(2, '0');
    return { error: diagnostic('E-JSON-SYNTAX', '', { form: 'utf8', byte, offset, line }), offset };
}
