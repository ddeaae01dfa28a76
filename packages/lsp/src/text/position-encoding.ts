// Positions in the client's encoding. The document text is kept as a JavaScript string (UTF-16);
// LSP positions count a line's characters in the encoding negotiated at initialize: UTF-16 (the
// default every client supports), or UTF-8 / UTF-32 when the client offers them through
// `general.positionEncodings` (LSP 3.17) or clangd's older `offsetEncoding`.
import type { InitializeParams, Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export type PositionEncodingKind = 'utf-8' | 'utf-16' | 'utf-32';
const SUPPORTED: readonly PositionEncodingKind[] = ['utf-16', 'utf-8', 'utf-32'];

export interface Negotiated {
    encoding: PositionEncodingKind;
    /** How the client asked: the standard capability, clangd's extension, or not at all. */
    via: 'positionEncodings' | 'offsetEncoding' | 'default';
}

/** The client's first offered encoding that we support (clients list them by preference). */
export function negotiateEncoding(params: Pick<InitializeParams, 'capabilities'>): Negotiated {
    const caps = (params.capabilities ?? {}) as { general?: { positionEncodings?: string[] }; offsetEncoding?: string[] };
    const standard = caps.general?.positionEncodings;
    const pick = (offered: string[] | undefined): PositionEncodingKind | undefined =>
        offered?.find((e): e is PositionEncodingKind => (SUPPORTED as readonly string[]).includes(e));
    const fromStandard = pick(standard);
    if (fromStandard) return { encoding: fromStandard, via: 'positionEncodings' };
    const fromClangd = pick(caps.offsetEncoding);
    if (fromClangd) return { encoding: fromClangd, via: 'offsetEncoding' };
    return { encoding: 'utf-16', via: 'default' };
}

/** Units of `text[from, to)` in an encoding. */
export function countUnits(text: string, from: number, to: number, encoding: PositionEncodingKind): number {
    if (encoding === 'utf-16') return to - from;
    let n = 0;
    for (let i = from; i < to; i++) {
        const c = text.charCodeAt(i);
        const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < to && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
        if (encoding === 'utf-32') n += 1;
        else n += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
        if (pair) i++;
    }
    return n;
}

export class PositionEncoder {
    encoding: PositionEncodingKind = 'utf-16';

    /** Position of a UTF-16 offset. */
    position(doc: TextDocument, offset: number): Position {
        const p = doc.positionAt(offset);
        if (this.encoding === 'utf-16' || p.character === 0) return p;
        const lineStart = offset - p.character;
        return { line: p.line, character: countUnits(doc.getText(), lineStart, lineStart + p.character, this.encoding) };
    }

    range(doc: TextDocument, start: number, end: number): Range {
        return { start: this.position(doc, start), end: this.position(doc, end) };
    }

    /**
     * Positions of many offsets. Sorted and walked once, so a long line (a minified 1 MiB schema is
     * one line) costs one pass instead of one per offset.
     */
    positions(doc: TextDocument, offsets: readonly number[]): Position[] {
        if (this.encoding === 'utf-16') return offsets.map((o) => doc.positionAt(o));
        const text = doc.getText();
        const order = offsets.map((_, i) => i).sort((a, b) => offsets[a]! - offsets[b]!);
        const out: Position[] = new Array(offsets.length);
        let line = -1;
        let at = 0;
        let units = 0;
        for (const i of order) {
            const offset = offsets[i]!;
            const p = doc.positionAt(offset);
            if (p.line !== line) {
                line = p.line;
                at = offset - p.character;
                units = 0;
            }
            units += countUnits(text, at, offset, this.encoding);
            at = offset;
            out[i] = { line, character: units };
        }
        return out;
    }

    /**
     * UTF-16 offset of a request's position; past the end of its line it is clamped to the line's
     * end, and inside a character to its start (in UTF-16 a position may fall between the two halves
     * of a surrogate pair: an answer's ranges built from it would split the character).
     */
    offset(doc: TextDocument, pos: Position): number {
        const offset = this.changeOffset(doc, pos);
        if (this.encoding !== 'utf-16' || offset === 0) return offset;
        const text = doc.getText();
        const inPair = (text.charCodeAt(offset - 1) & 0xfc00) === 0xd800 && (text.charCodeAt(offset) & 0xfc00) === 0xdc00;
        return inPair ? offset - 1 : offset;
    }

    /**
     * UTF-16 offset of a change's position, counted as the client's buffer counts it (in UTF-16, as
     * TextDocument does, even between the halves of a pair), so the text stays the client's.
     */
    changeOffset(doc: TextDocument, pos: Position): number {
        if (this.encoding === 'utf-16') return doc.offsetAt(pos);
        const text = doc.getText();
        const lineStart = doc.offsetAt({ line: pos.line, character: 0 });
        if (pos.line >= doc.lineCount) return text.length;
        let lineEnd = pos.line + 1 < doc.lineCount ? doc.offsetAt({ line: pos.line + 1, character: 0 }) : text.length;
        while (lineEnd > lineStart && (text[lineEnd - 1] === '\n' || text[lineEnd - 1] === '\r')) lineEnd--;
        let units = 0;
        let i = lineStart;
        while (i < lineEnd && units < pos.character) {
            const c = text.charCodeAt(i);
            const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < lineEnd && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
            const w = this.encoding === 'utf-32' ? 1 : c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
            if (units + w > pos.character) break; // inside a character: its start
            units += w;
            i += pair ? 2 : 1;
        }
        return i;
    }
}
