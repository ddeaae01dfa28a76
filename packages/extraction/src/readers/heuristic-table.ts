// A table's cell found by its row and its column: a field whose name joins a row's words and a
// column's ("deer_valid_to": the row "Firearm Deer - Resident", the column "VALID TO";
// "small_game_fee": the row "Small Game", the column "FEE"). Neither label alone points at the cell:
// the row's label has other figures beside it, the column's header stands over every row.
import type { CompiledField } from '@svc/compiler';
import { parseQuote } from '../parsers/quote-parser.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { ADJUST } from './heuristic-weights.js';
import { wordsOf } from '../locale/locale-words.js';
import { sameWord } from './heuristic-labels.js';
import { cellColumns } from './heuristic-scoring.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Lines above a row searched for its table's header. */
const HEADER_REACH = 8;
/** Characters of a table's row (and its header) at most. */
const ROW_CHARS = 240;

type Cell = { from: number; to: number; start: number };

const centre = (c: Cell): number => (c.from + c.to) / 2;
const overlaps = (a: Cell, b: Cell): boolean => a.from <= b.to + 2 && b.from <= a.to + 2;

/** The header cell over a row's cell: one that overlaps it (the nearest of several), else the nearest when the rows have as many cells. */
function cellOver(header: readonly Cell[], cell: Cell, rowCells: number): Cell | undefined {
    const near = (a: Cell, c: Cell): Cell => (Math.abs(centre(c) - centre(cell)) < Math.abs(centre(a) - centre(cell)) ? c : a);
    const over = header.filter((h) => overlaps(h, cell));
    if (over.length) return over.reduce(near);
    return header.length === rowCells ? header.reduce(near) : undefined;
}

/**
 * The table's header over a line: the nearest line above, in reach, of two cells or more and no
 * figure; rows and rules between, no blank line (a table's rows run on under its header).
 */
function headerAbove(win: WindowText, lineNo: number): number | undefined {
    for (let k = lineNo - 1, seen = 0; k >= 0 && seen < HEADER_REACH; k--) {
        const text = win.lines[k]!.text;
        if (!text.trim()) return undefined;
        if (RULE.test(text)) continue;
        seen++;
        if (text.length > ROW_CHARS || /\d/.test(text)) continue;
        if (cellColumns(text).length >= 2) return k;
    }
    return undefined;
}

const RULE = /^[\s\-=_*~|+]+$/;

/**
 * The table's rows under a header: lines of two cells or more whose first cell starts under the
 * header's first cell (not a totals block set in under the amounts), no line of labels and their
 * values (labelsOwnValues), up to a blank line.
 */
function rowsUnder(win: WindowText, headerLine: number): number[] {
    const first = cellColumns(win.lines[headerLine]!.text)[0]!;
    const rows: number[] = [];
    for (let k = headerLine + 1; k < win.lines.length && k <= headerLine + TABLE_LINES; k++) {
        const text = win.lines[k]!.text;
        if (!text.trim()) break;
        if (RULE.test(text) || text.length > ROW_CHARS) continue;
        const cells = cellColumns(text);
        if (cells.length >= 2 && cells[0]!.from <= first.to && !labelsOwnValues(text, cells)) rows.push(k);
    }
    return rows;
}

/** Lines of a table read under its header at most. */
const TABLE_LINES = 40;

const textOf = (t: string, c: Cell): string => t.slice(c.start, c.start + (c.to - c.from));

/**
 * Whether the span's cell is the field's by its row and its column: the header cell over it says
 * only words of the field's name (or of its description); of the table's rows, the span's alone
 * says a word of it the header cell does not in its other cells, and those, the header cell and the
 * header over the rows' first cells (what its rows are: "LICENSE / STAMP") say every word of it
 * between them.
 */
export function rowColumnCell(win: WindowText, span: Span, field: CompiledField): boolean {
    const lineNo = win.lineOf(span.start);
    const line = win.lines[lineNo]!;
    if (line.text.length > ROW_CHARS) return false;
    const row = cellColumns(line.text);
    const at = span.start - line.start;
    const k = row.findIndex((c) => c.start <= at && at < c.start + (c.to - c.from) + 1);
    return k > 0 && !labelsOwnValues(line.text, row) && fieldsCell(win, lineNo, row, k, field);
}

/**
 * A table's cells that are a string field's by their row and column ("6" under "GRADE" in the row
 * of "Mathematics", for a field described as the "GCSE Mathematics grade").
 */
export function rowColumnCells(win: WindowText, field: CompiledField): Span[] {
    const out: Span[] = [];
    for (let n = 1; n < win.lines.length; n++) {
        const line = win.lines[n]!;
        if (line.text.length > ROW_CHARS || !/\S {2,}\S/.test(line.text)) continue;
        const row = cellColumns(line.text);
        if (row.length < 2 || labelsOwnValues(line.text, row)) continue;
        for (let k = 1; k < row.length; k++) {
            if (!fieldsCell(win, n, row, k, field)) continue;
            const start = line.start + row[k]!.start;
            const quote = textOf(line.text, row[k]!);
            out.push({ start, end: start + quote.length, quote });
        }
    }
    return out;
}

/**
 * A line of labels and their values ("Total debits: 10,097.16   Total credits: 7,303.30") is no
 * table's row: a cell ends with a colon, or a colon stands before a figure in one. (A colon inside
 * a cell's words is a row's: "Combined Science: Trilogy".)
 */
function labelsOwnValues(text: string, row: readonly Cell[]): boolean {
    return row.some((c) => /:\s*$|:\s*\S{0,2}\d/.test(textOf(text, c)));
}

function fieldsCell(win: WindowText, lineNo: number, row: readonly Cell[], k: number, field: CompiledField): boolean {
    const headerLine = headerAbove(win, lineNo);
    if (headerLine === undefined) return false;
    const header = win.lines[headerLine]!.text;
    const columns = cellColumns(header);
    const over = cellOver(columns, row[k]!, row.length);
    if (!over || over === columns[0]) return false;
    const column = labelWords(textOf(header, over));
    const kinds = labelWords(textOf(header, columns[0]!));
    const stop = wordsOf(win.locale, 'stopwords');
    const types = wordsOf(win.locale, 'typeWords');
    const sums = new Set(win.locale.sums.sum);
    const has = (words: readonly string[], w: string): boolean => words.some((x) => sameWord(win, x, w));
    // The words of a row's cells but the one under the column.
    const rowWords = (n: number): string[] => {
        const text = win.lines[n]!.text;
        const cells = cellColumns(text);
        return cells.filter((c) => cellOver(columns, c, cells.length) !== over).flatMap((c) => labelWords(textOf(text, c)));
    };
    const fits = (name: readonly string[]): boolean => {
        const content = name.filter((w) => !stop.has(w) && !/^\d+$/.test(w));
        if (content.length < 2 || !column.length || !column.every((w) => has(name, w))) return false;
        // Or the table's total row, for a field that asks for the column's figure ("Totaal" under
        // "Geclaimd" for `geclaimd_bedrag`: the name's other words are a kind of value or a sum's).
        const totalRow = (words: readonly string[]): boolean => {
            const said = words.filter((w) => !/^\d+$/.test(w));
            return said.length === 1 && sums.has(said[0]!) && content.every((w) => has(column, w) || types.has(w) || sums.has(w));
        };
        const names = (words: readonly string[]): boolean =>
            (content.some((w) => !has(column, w) && has(words, w)) &&
                content.every((w) => has(words, w) || has(column, w) || has(kinds, w))) ||
            totalRow(words);
        const rows = rowsUnder(win, headerLine);
        return rows.includes(lineNo) && rows.filter((n) => names(rowWords(n))).length === 1 && names(rowWords(lineNo));
    };
    return fits(labelWords(field.name)) || (field.description !== undefined && fits(labelWords(field.description)));
}

/** A string field's candidates from a table's cells (`fits`: the field's shape of value). */
export function cellScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { input, win, field, type } = ctx;
    const out: Scored[] = [];
    for (const cell of rowColumnCells(win, field)) {
        const parsed = fits(cell) ? parseQuote(type, cell.quote, input.language) : undefined;
        const early = 1 - (input.offset + cell.start) / Math.max(1, input.documentLength);
        const features = { context: ADJUST.rowColumn, early, labelName: 1 };
        if (parsed) out.push({ field: field.id, span: cell, parsed, score: ADJUST.rowColumn + ADJUST.stringEarly * early, features });
    }
    return out;
}
