// Bodies must be valid UTF-8: a bad byte is refused (400 E-JSON-SYNTAX naming its byte offset), never
// replaced by U+FFFD, which would change the document that offsets point into. The scanner and the
// diagnostic are the compiler's, so `svc check` and the API refuse a file in the same words.
import { decodeUtf8Strict, type Diagnostic } from '@svc/compiler';

/** A body that is not UTF-8: the E-JSON-SYNTAX diagnostic naming the first bad byte. */
export class InvalidUtf8Body {
    constructor(
        readonly diagnostic: Diagnostic,
        readonly byteOffset: number,
    ) {}
}

/** The body text, or where its UTF-8 first goes wrong. */
export function decodeBody(bytes: Buffer): string | InvalidUtf8Body {
    const r = decodeUtf8Strict(bytes);
    return 'text' in r ? r.text : new InvalidUtf8Body(r.error, r.offset);
}
