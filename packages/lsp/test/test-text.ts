// Position arithmetic for tests, written independently of the server's own code: positions are
// computed from the text with plain string operations.
import type { Position, Range, TextEdit } from 'vscode-languageserver';

export type Encoding = 'utf-8' | 'utf-16' | 'utf-32';

/** Width of a string in an encoding. */
export function width(s: string, encoding: Encoding): number {
    if (encoding === 'utf-8') return Buffer.byteLength(s, 'utf8');
    if (encoding === 'utf-32') return [...s].length;
    return s.length;
}

export function positionAt(text: string, offset: number, encoding: Encoding = 'utf-16'): Position {
    const before = text.slice(0, offset);
    const line = before.split('\n').length - 1;
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line, character: width(text.slice(lineStart, offset), encoding) };
}

export function offsetAt(text: string, pos: Position): number {
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < pos.line; i++) offset += lines[i]!.length + 1;
    return offset + pos.character;
}

/** Range of the n-th occurrence (0-based) of `needle`, optionally narrowed to a part of it. */
export function rangeOf(text: string, needle: string, nth = 0, encoding: Encoding = 'utf-16', part?: string): Range {
    let at = -1;
    for (let i = 0; i <= nth; i++) {
        at = text.indexOf(needle, at + 1);
        if (at < 0) throw new Error(`"${needle}" (#${nth}) not in text`);
    }
    const from = part === undefined ? at : at + needle.indexOf(part);
    const len = part === undefined ? needle.length : part.length;
    return { start: positionAt(text, from, encoding), end: positionAt(text, from + len, encoding) };
}

/** Position just after `before` inside the n-th occurrence of `needle`. */
export function cursorIn(text: string, needle: string, before: string, nth = 0): Position {
    const r = rangeOf(text, needle, nth);
    const start = offsetAt(text, r.start);
    return positionAt(text, start + before.length);
}

/** Applies UTF-16 text edits (non-overlapping). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
    const sorted = edits
        .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText }))
        .sort((a, b) => b.start - a.start || b.end - a.end);
    let out = text;
    for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    return out;
}

export function textIn(text: string, range: Range): string {
    return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

/** UTF-16 offset of a position given in an encoding. */
export function offsetAtEncoded(text: string, pos: Position, encoding: Encoding): number {
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < pos.line; i++) offset += lines[i]!.length + 1;
    let units = 0;
    for (const ch of lines[pos.line] ?? '') {
        if (units >= pos.character) break;
        units += width(ch, encoding);
        offset += ch.length;
    }
    return offset;
}
