// Rows of a statement over several lines: a line's cells and indent, a row whose text wraps over
// indented lines before its amount, and a row's value after a cell of its type's word (split from
// heuristic-scoring.ts, which weighs the label that heads such a row).
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/** Text of a line split into cells by runs of two or more spaces or tabs (a table row has several). */
export function cells(line: string): number {
    return line
        .trim()
        .split(/\s{2,}|\t+/)
        .filter(Boolean).length;
}

/** Columns of a line's cells (runs of text between gaps of two or more spaces or a tab), tabs expanded to stops of 8. */
export function cellColumns(line: string): readonly { from: number; to: number; start: number }[] {
    // (Remembered for short lines, a pure function of the text: a table's rows are read by every label.)
    const known = line.length <= CELLS_TEXT ? CELLS.get(line) : undefined;
    if (known) return known;
    const out = splitCells(line);
    if (line.length <= CELLS_TEXT) {
        if (CELLS.size >= CELLS_ENTRIES) CELLS.clear();
        CELLS.set(line, out);
    }
    return out;
}
/** Lines whose cells cellColumns remembers (emptied when full), and the longest it remembers. */
const CELLS = new Map<string, readonly { from: number; to: number; start: number }[]>();
const CELLS_ENTRIES = 4096;
const CELLS_TEXT = 400;

function splitCells(line: string): readonly { from: number; to: number; start: number }[] {
    let col = 0;
    const columns: number[] = [];
    for (const ch of line) {
        columns.push(col);
        col = ch === '\t' ? (Math.floor(col / 8) + 1) * 8 : col + 1;
    }
    columns.push(col);
    const out: { from: number; to: number; start: number }[] = [];
    for (const m of line.matchAll(/\S+(?: \S+)*/g))
        out.push({ from: columns[m.index!]!, to: columns[m.index! + m[0].length]!, start: m.index! });
    return out;
}

/** A window's lines' cells, remembered (a pure function of the line: tables read each row many times). */
const LINE_CELLS = new WeakMap<WindowText, Map<number, readonly { from: number; to: number; start: number }[]>>();

/** The cells of line `n` of a window (cellColumns), computed once per window. */
export function lineCells(win: WindowText, n: number): readonly { from: number; to: number; start: number }[] {
    let lines = LINE_CELLS.get(win);
    if (!lines) LINE_CELLS.set(win, (lines = new Map()));
    let out = lines.get(n);
    if (!out) lines.set(n, (out = cellColumns(win.lines[n]!.text)));
    return out;
}

/** A window's lines' counts of cells (cells()), remembered: every label and value pair asks again. */
const CELL_COUNTS = new WeakMap<WindowText, Map<number, number>>();

/** The number of cells of line `n` of a window (cells()), computed once per window. */
export function lineCellCount(win: WindowText, n: number): number {
    let counts = CELL_COUNTS.get(win);
    if (!counts) CELL_COUNTS.set(win, (counts = new Map()));
    let out = counts.get(n);
    if (out === undefined) counts.set(n, (out = cells(win.lines[n]!.text)));
    return out;
}

/** Characters of a statement's row at most. */
const ROW_CHARS = 240;
/** Lines a row's text may wrap over before its amount. */
const HANGING_LINES = 3;
/** Columns of white space a line starts with. */
export const indentOf = (t: string): number => t.length - t.trimStart().length;
/** A line ending in a figure in a column of its own. */
const AMOUNT_CELL = /\S {2,}\S{0,4}[ \t]*\d[\d.,]*\s*$/u;

/**
 * A row of a statement whose text wraps over indented lines, its amount at the end of the last
 * ("Statutory interest under the Late Payment of" / "  Commercial Debts … Act 1998" / "  a year
 * from 14 June … (117 days)        £198.63"): the label heading the row's first line names it.
 * The lines before the amount are one cell each (no amount of their own), each continuation is
 * indented deeper than the first, the amount stands in a column at its line's end, and the row
 * follows another row as deep (no heading over the rows).
 */
export function hangingRow(win: WindowText, hit: LabelHit, span: Span, spanLine: number): boolean {
    if (spanLine - hit.line < 1 || spanLine - hit.line > HANGING_LINES) return false;
    // The cheap tests first: most pairs of a label and a span in prose fail here. (Rows are short
    // lines: no line of a document written on one line is read, so the work stays linear.)
    const line = win.lines[spanLine]!;
    const first = win.lines[hit.line]!;
    if (line.end - line.start > ROW_CHARS || first.end - first.start > ROW_CHARS) return false;
    if (win.text.charCodeAt(span.start - 1) !== 32 || win.text.slice(span.end, line.end).trim() !== '') return false;
    const lead = win.text.slice(line.start, span.start);
    if (!lead.endsWith('   ') || lead.trim() === '') return false;
    const head = win.text.slice(first.start, hit.start);
    if ((head.match(/\p{L}+/gu)?.length ?? 0) > 2 || cells(first.text) !== 1) return false;
    const depth = indentOf(first.text);
    // The row stands among rows: the line right before it is one with its amount, as deep.
    const before = win.lines[hit.line - 1]?.text ?? '';
    if (indentOf(before) !== depth || !AMOUNT_CELL.test(before)) return false;
    for (let l = hit.line + 1; l <= spanLine; l++) {
        const t = win.lines[l]!.text;
        if (t.trim() === '' || indentOf(t) <= depth || (l < spanLine && cells(t) !== 1)) return false;
    }
    return true;
}

/**
 * Whether a value stands in a row the label heads, after a cell of its type's word alone: "Signed
 * (supplier)   K. Edwards      Date   09/01/2025" for `supplier_signed_date` (the row's head says
 * whose date; "Date" only says it is one). `typeWords`: the profile's words for a value's type.
 */
export function typedCellOfRow(win: WindowText, hit: LabelHit, span: Span, typeWords: ReadonlySet<string>): boolean {
    const line = win.lines[hit.line]!;
    // (Cheapest tests first: a row's head starts its line, and its value's type cell is short.)
    if (
        span.start - hit.end > TYPED_ROW_CHARS ||
        hit.start - line.start > ROW_INDENT ||
        win.text.slice(line.start, hit.start).trim() !== ''
    )
        return false;
    const from = Math.max(hit.end, span.start - TYPE_CELL_CHARS);
    const cell = TYPE_CELL.exec(win.text.slice(from, span.start));
    return !!cell && typeWords.has(cell[1]!.toLowerCase()) && / {2,}|\t/.test(win.text.slice(hit.end, from + cell.index));
}
/** A row's characters from its head to its value, its head's indent and its type cell's, at most. */
const TYPED_ROW_CHARS = 120;
const ROW_INDENT = 40;
const TYPE_CELL_CHARS = 32;
/** The last cell before a value: a word alone after a wide gap, maybe a colon. */
const TYPE_CELL = /(?: {2,}|\t)(\p{L}+)\.?[ \t]*:?[ \t]+$/u;

/**
 * Whether a label is a heading alone on its line over the paragraph that holds a value, no blank
 * line between, a few lines down ("Bezwaar" over "Bent u het niet eens met deze beschikking? Dan
 * kunt u binnen 6 weken na de datum van" for `bezwaartermijn`).
 */
export function headedParagraph(win: WindowText, hit: LabelHit, spanLine: number): boolean {
    if (spanLine <= hit.line || spanLine - hit.line > PARAGRAPH_LINES) return false;
    const line = win.lines[hit.line]!;
    // (A heading is short: a long line is never sliced whole for every label and value.)
    if (line.end - line.start > HEADING_CHARS || line.text.trim().replace(/:$/, '') !== win.text.slice(hit.start, hit.end)) return false;
    for (let l = hit.line + 1; l < spanLine; l++) if (win.lines[l]!.text.trim() === '') return false;
    return win.lines[hit.line + 1]!.text.trim() !== '' && win.wrapped(hit.line + 1);
}
/** Lines of a paragraph under its heading read for a value, and a heading's characters at most. */
const PARAGRAPH_LINES = 3;
const HEADING_CHARS = 80;
