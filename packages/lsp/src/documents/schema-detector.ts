// Which open documents are schemas: `*.svc.json`, the `svc-schema` language, or a JSON document
// whose top-level object has an `svc_schema` key within its first 64 KiB. Detection runs on every
// change of every JSON document, so it never parses: a scan of at most that window decides, from
// the first character (an object's `{`, after a BOM and white space) and the keys at depth one. A
// large data file (an array, or an object whose first keys are not `svc_schema`) is dismissed after
// reading at most the window, whatever its size. The decision is cached per document text.
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** How much of a JSON document's start is scanned for a top-level `svc_schema` key (UTF-16 units). */
export const DETECT_WINDOW = 65_536;

export class SchemaDetector {
    // Keyed on the text, not the version: a client may send another text under the same version.
    private readonly decided = new WeakMap<TextDocument, { text: string; schema: boolean }>();

    isSchema(doc: TextDocument): boolean {
        if (doc.languageId === 'svc-schema' || /\.svc\.json$/i.test(doc.uri)) return true;
        const json = doc.languageId === 'json' || doc.languageId === 'jsonc' || /\.json$/i.test(doc.uri);
        if (!json) return false;
        const hit = this.decided.get(doc);
        const text = doc.getText();
        if (hit?.text === text) return hit.schema;
        const schema = declaresSchemaNearStart(text);
        this.decided.set(doc, { text, schema });
        return schema;
    }
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * True when the text is an object with a key `svc_schema` at its top level, found within the first
 * `window` units. Forgiving as the editing reader is (json-tolerant.ts): a string at depth one
 * followed by a colon is a key, whatever stands between members, and a string ends at its closing
 * quote or its line.
 */
export function declaresSchemaNearStart(text: string, window = DETECT_WINDOW): boolean {
    const end = Math.min(text.length, window);
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i >= end || text.charCodeAt(i) !== 0x7b) return false;
    let depth = 0;
    for (; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
            const close = stringEnd(text, i, end);
            if (depth === 1 && isKey(text, close, end) && keyValue(text, i, close) === 'svc_schema') return true;
            i = close;
        } else if (c === 0x7b || c === 0x5b) depth++;
        else if ((c === 0x7d || c === 0x5d) && --depth === 0) return false;
    }
    return false;
}

/** Offset of the closing quote of the string opened at `start`, or of its line end (unterminated). */
function stringEnd(text: string, start: number, end: number): number {
    for (let i = start + 1; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) i++;
        else if (c === 0x22 || c === 0x0a || c === 0x0d) return i;
    }
    return end;
}

/** A colon follows the string closed at `close`. */
function isKey(text: string, close: number, end: number): boolean {
    let i = close + 1;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    return i < end && text.charCodeAt(i) === 0x3a;
}

function keyValue(text: string, open: number, close: number): string {
    const raw = text.slice(open + 1, close);
    if (!raw.includes('\\')) return raw;
    try {
        return JSON.parse(`"${raw}"`) as string; // `"svc_\u0073chema"` is the key too
    } catch {
        return raw;
    }
}
