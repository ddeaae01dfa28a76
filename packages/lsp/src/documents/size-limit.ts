// Documents over the compiler's size limit (MAX_SCHEMA_BYTES, 1 MiB of UTF-8). The compiler answers
// them with E-LIMIT alone, whatever they contain, so the server does the same and no more: it
// publishes that diagnostic and answers every feature with an empty result, never reading the text
// into a tree, tokens or positions. (A hostile review found a 12 MiB schema analysed in full: hover
// 548 ms, 360,000 semantic tokens, 507 MiB; 49 MiB: 6 s and 1.2 GiB.) Deciding costs at most one
// count of UTF-8 bytes per text, and only for a text of 1/3 MiB to 1 MiB UTF-16 units.
import { MAX_SCHEMA_BYTES } from '@svc/compiler';
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { countUnits, type PositionEncodingKind } from '../text/position-encoding.js';

/** White space scanned for the schema's first character; past it E-LIMIT goes to the document's start. */
const LEAD_WINDOW = 4096;

export class SizeLimit {
    /** For tests and the bench: how many texts were found over the limit. */
    readonly stats = { over: 0 };
    // Keyed on the text: a client may send another text under the same version.
    private readonly decided = new WeakMap<TextDocument, { text: string; over: boolean }>();

    isOver(doc: TextDocument): boolean {
        const text = doc.getText();
        const hit = this.decided.get(doc);
        if (hit?.text === text) return hit.over;
        const over = isOverLimit(text);
        if (over) this.stats.over++;
        this.decided.set(doc, { text, over });
        return over;
    }
}

/** More than MAX_SCHEMA_BYTES of UTF-8 (a UTF-16 unit is 1 to 3 bytes, so most texts are decided by length). */
export function isOverLimit(text: string): boolean {
    if (text.length > MAX_SCHEMA_BYTES) return true;
    if (text.length * 3 <= MAX_SCHEMA_BYTES) return false;
    return Buffer.byteLength(text, 'utf8') > MAX_SCHEMA_BYTES;
}

/**
 * Where E-LIMIT is shown: the schema's first character (its `{`), found after a BOM and white space
 * within the first few KiB. The compiler points at the whole document; a range over megabytes
 * would need every line of it, so the server marks where the schema begins.
 */
export function limitRange(text: string, encoding: PositionEncodingKind): Range {
    let line = 0;
    let lineStart = 0;
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const end = Math.min(text.length, LEAD_WINDOW);
    for (; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
            line++;
            lineStart = i + 1;
        } else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) break;
    }
    if (i >= end) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start: Position = { line, character: countUnits(text, lineStart, i, encoding) };
    const width = (text.charCodeAt(i) & 0xfc00) === 0xd800 ? 2 : 1;
    return { start, end: { line, character: start.character + countUnits(text, i, i + width, encoding) } };
}
