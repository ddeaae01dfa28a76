// A table's cell found by its row and its column: a field whose name joins a row's words and a
// column's ("deer_valid_to": the row "Firearm Deer - Resident", the column "VALID TO";
// "small_game_fee": the row "Small Game", the column "FEE"). Neither label alone points at the cell:
// the row's label has other figures beside it, the column's header stands over every row.
import type { CompiledField } from '@svc/compiler';
import { currenciesOfMark } from '../parsers/currency-marks.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { ADJUST } from './heuristic-weights.js';
import { wordsOf } from '../locale/locale-words.js';
import { lineCells } from './heuristic-rows.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Lines above a row searched for its table's header. */
const HEADER_REACH = 40;
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
    const figures = /\d/.test(win.lines[lineNo]!.text);
    for (let k = lineNo - 1, seen = 0; k >= 0 && seen < HEADER_REACH; k--) {
        const text = win.lines[k]!.text;
        if (!text.trim()) return undefined;
        if (RULE.test(text)) continue;
        seen++;
        // (A header may say a year, or a bracket under its cell: "Voorschot 2024" over "(12 maanden)";
        // over a row of figures only, not a title's "2025 LICENSES" over a line of words.)
        if (text.length > ROW_CHARS || (/\d/.test(text) && (!figures || /\d/.test(text.replace(HEADER_ASIDES, ''))))) continue;
        // (A line of brackets only goes on with the header above it: "(12 maanden)   (uw aandeel)".)
        if (/^[\s]*\([^()]*\)(?:[\s]*\([^()]*\))*\s*$/.test(text)) continue;
        if (lineCells(win, k).length >= 2) return k;
    }
    return undefined;
}

const RULE = /^[\s\-=_*~|+]+$/;
/** What a header's cells may say with figures: a year, a bracket. */
const HEADER_ASIDES = /\([^()\n]{0,40}\)|(?<!\d)(?:19|20)\d{2}(?!\d)/g;

/**
 * A header's columns: its cells, and an empty one over the rows' first cells when the header says
 * nothing over them (a header of amounts' columns only, "Aangevraagd   Toegekend", over rows that
 * start with their own labels, "Wasmachine   € 579,00   € 520,00"). Once per header.
 */
function columnsOf(win: WindowText, headerLine: number): readonly Cell[] {
    const tables = tablesOf(win);
    let columns = tables.columns.get(headerLine);
    if (!columns) {
        columns = lineCells(win, headerLine);
        const n = headerLine + 1 < win.lines.length && !RULE.test(win.lines[headerLine + 1]!.text) ? headerLine + 1 : headerLine + 2;
        const first = n < win.lines.length && win.lines[n]!.text.length <= ROW_CHARS ? lineCells(win, n)[0] : undefined;
        if (first && columns.length && first.to + 2 < columns[0]!.from)
            columns = [{ from: first.from, to: first.to, start: first.from }, ...columns];
        tables.columns.set(headerLine, columns);
    }
    return columns;
}

/**
 * The table's rows under a header: lines of two cells or more whose first cell starts under the
 * header's first cell (not a totals block set in under the amounts), no line of labels and their
 * values (labelsOwnValues), up to a blank line.
 */
function rowsUnder(win: WindowText, headerLine: number): number[] {
    const first = lineCells(win, headerLine)[0]!;
    const rows: number[] = [];
    for (let k = headerLine + 1; k < win.lines.length && k <= headerLine + TABLE_LINES; k++) {
        const text = win.lines[k]!.text;
        if (!text.trim()) break;
        if (RULE.test(text) || text.length > ROW_CHARS) continue;
        const cells = lineCells(win, k);
        if (cells.length >= 2 && cells[0]!.from <= first.to && !labelsOwnValues(win, k)) rows.push(k);
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
    const row = lineCells(win, lineNo);
    const at = span.start - line.start;
    const k = row.findIndex((c) => c.start <= at && at < c.start + (c.to - c.from) + 1);
    return k > 0 && !labelsOwnValues(win, lineNo) && fieldsCell(win, lineNo, row, k, field);
}

/**
 * A table's cells that are a string field's by their row and column ("6" under "GRADE" in the row
 * of "Mathematics", for a field described as the "GCSE Mathematics grade").
 */
export function rowColumnCells(win: WindowText, field: CompiledField): Span[] {
    const out: Span[] = [];
    // Each table once: its header's columns, each column's one naming row (not every row's every cell).
    const tables = tablesOf(win);
    const headers = new Set<number>();
    for (let n = 1; n < win.lines.length; n++) {
        // (Only a row of two cells or more has a header: most lines are prose.)
        if (win.lines[n]!.text.length > ROW_CHARS || !/\S(?: {2,}|\t)\S/.test(win.lines[n]!.text)) continue;
        if (!tables.headers.has(n)) tables.headers.set(n, headerAbove(win, n));
        const h = tables.headers.get(n);
        if (h !== undefined) headers.add(h);
    }
    for (const h of headers) {
        const columns = columnsOf(win, h);
        if (columns.length > MAX_CELLS) continue;
        for (let j = 1; j < columns.length; j++) {
            const r = answerOf(win, field, h, columns, columns[j]!);
            if (r < 1 || tables.headers.get(r) !== h) continue;
            const line = win.lines[r]!;
            if (line.text.length > ROW_CHARS || labelsOwnValues(win, r)) continue;
            const row = lineCells(win, r);
            if (row.length < 2 || row.length > MAX_CELLS) continue;
            for (let k = 1; k < row.length; k++) {
                if (cellOver(columns, row[k]!, row.length) !== columns[j]) continue;
                const start = line.start + row[k]!.start;
                const quote = textOf(line.text, row[k]!);
                out.push({ start, end: start + quote.length, quote });
            }
        }
    }
    return out.sort((a, b) => a.start - b.start);
}

/**
 * A line of labels and their values ("Total debits: 10,097.16   Total credits: 7,303.30") is no
 * table's row: a cell ends with a colon, or a colon stands before a figure in one. (A colon inside
 * a cell's words is a row's: "Combined Science: Trilogy".)
 */
function labelsOwnValues(win: WindowText, n: number): boolean {
    const tables = tablesOf(win);
    let labels = tables.labelLines.get(n);
    if (labels === undefined) {
        const text = win.lines[n]!.text;
        labels = lineCells(win, n).some((c) => /:\s*$|:\s*\S{0,2}\d/.test(textOf(text, c)));
        tables.labelLines.set(n, labels);
    }
    return labels;
}

/** A window's tables, remembered: each line's header line, each header's rows, each field's row under each column. */
interface Tables {
    headers: Map<number, number | undefined>;
    rows: Map<number, number[]>;
    /** `${field id}|${header line}|${column}` → the one row that names the field, or -1. */
    answers: Map<string, number>;
    /** `${header line}|${column}|${row line}` → the row's words but its cell under the column. */
    words: Map<string, readonly string[]>;
    /** Line → whether it is a line of labels and their values (labelsOwnValues). */
    labelLines: Map<number, boolean>;
    /** Header line → its columns (columnsOf). */
    columns: Map<number, readonly Cell[]>;
    /** Header line → its one column of amounts (amountColumnOf). */
    amounts: Map<number, Cell | undefined>;
}
const TABLES = new WeakMap<WindowText, Tables>();

function tablesOf(win: WindowText): Tables {
    let t = TABLES.get(win);
    if (!t)
        TABLES.set(
            win,
            (t = {
                headers: new Map(),
                rows: new Map(),
                answers: new Map(),
                words: new Map(),
                labelLines: new Map(),
                columns: new Map(),
                amounts: new Map(),
            }),
        );
    return t;
}

/** Cells of a table's row or header at most: wider lines are no table this reads (bounds the work per window). */
const MAX_CELLS = 12;

function fieldsCell(win: WindowText, lineNo: number, row: readonly Cell[], k: number, field: CompiledField): boolean {
    const tables = tablesOf(win);
    if (!tables.headers.has(lineNo)) tables.headers.set(lineNo, headerAbove(win, lineNo));
    const headerLine = tables.headers.get(lineNo);
    if (headerLine === undefined || row.length > MAX_CELLS) return false;
    const columns = columnsOf(win, headerLine);
    const over = cellOver(columns, row[k]!, row.length);
    if (!over || over === columns[0] || columns.length > MAX_CELLS) return false;
    const answer = answerOf(win, field, headerLine, columns, over);
    return answer === lineNo;
}

/** The row of the table under `headerLine` that names the field with the column `over` (namingRow), once per window. */
function answerOf(win: WindowText, field: CompiledField, headerLine: number, columns: readonly Cell[], over: Cell): number {
    const tables = tablesOf(win);
    const key = `${field.id}|${headerLine}|${columns.indexOf(over)}`;
    let answer = tables.answers.get(key);
    if (answer === undefined) {
        if (!tables.rows.has(headerLine)) tables.rows.set(headerLine, rowsUnder(win, headerLine));
        answer = namingRow(win, field, headerLine, columns, over, tables.rows.get(headerLine)!);
        tables.answers.set(key, answer);
    }
    return answer;
}

/**
 * The one row of a table under a header that names the field with the column `over` (its cell
 * under the column is the field's), or -1: none or several do.
 */
function namingRow(
    win: WindowText,
    field: CompiledField,
    headerLine: number,
    columns: readonly Cell[],
    over: Cell,
    rows: readonly number[],
): number {
    const header = win.lines[headerLine]!.text;
    // (A bracket in a column's header only qualifies it: "Toegekend (normbedrag)".)
    const column = labelWords(textOf(header, over).replace(/\([^()]*\)/g, ' '));
    const kinds = labelWords(textOf(header, columns[0]!));
    const stop = wordsOf(win.locale, 'stopwords');
    const types = wordsOf(win.locale, 'typeWords');
    const sums = new Set(win.locale.sums.sum);
    const has = (words: readonly string[], w: string): boolean => bagOf(win, words)(w);
    // The words of a row's cells but the one under the column (each row's once, for every field).
    const rowWords = (n: number): readonly string[] => {
        const key = `${headerLine}|${columns.indexOf(over)}|${n}`;
        let words = tablesOf(win).words.get(key);
        if (!words) {
            const text = win.lines[n]!.text;
            const cells = lineCells(win, n);
            words =
                cells.length > MAX_CELLS
                    ? []
                    : cells.filter((c) => cellOver(columns, c, cells.length) !== over).flatMap((c) => labelWords(textOf(text, c)));
            tablesOf(win).words.set(key, words);
        }
        return words;
    };
    const named = (name: readonly string[]): number => {
        const content = name.filter((w) => !stop.has(w) && !/^\d+$/.test(w));
        if (content.length < 2 || !column.length || !column.every((w) => has(name, w))) return -1;
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
        const naming = rows.filter((n) => names(rowWords(n)));
        return naming.length === 1 ? naming[0]! : -1;
    };
    const byName = named(labelWords(field.name));
    return byName >= 0 || field.description === undefined ? byName : named(labelWords(field.description));
}

/**
 * Whether a list of words holds a word as `sameWord` (heuristic-labels.ts) would find it — itself, a
 * plural "s" either way, a possessive, or the same stem for words of five letters or more — by
 * looking its forms up (a table's rows are asked about every field's words).
 */
// (Per language: a word's stem is the language's. Word lists are shared across windows.)
const BAGS = new WeakMap<object, WeakMap<readonly string[], (w: string) => boolean>>();

function bagOf(win: WindowText, words: readonly string[]): (w: string) => boolean {
    let bags = BAGS.get(win.locale);
    if (!bags) BAGS.set(win.locale, (bags = new WeakMap()));
    let bag = bags.get(words);
    if (!bag) {
        const forms = new Set<string>();
        const stems = new Set<string>();
        for (const x of words) {
            forms.add(x);
            if (x.length > 3) {
                forms.add(`${x}s`);
                if (x.endsWith('s')) forms.add(x.slice(0, -1));
                if (/['’]s$/.test(x)) forms.add(x.slice(0, -2));
            }
            if (x.length > 4) stems.add(win.locale.stem(x));
        }
        bag = (w) => forms.has(w) || (w.length > 4 && stems.has(win.locale.stem(w)));
        bags.set(words, bag);
    }
    return bag;
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

/**
 * Whether a money field's label heads a table's row whose last cell, the span, stands under the
 * table's one column of amounts ("CHARGES   Basis   Amount (GBP)" over "Pilotage (inward &
 * outward)   2 acts, Schedule C band 4   1,148.50"): what the row is charged on stands between
 * the label and its sum, no distance. (Not for a field that asks for a rate.)
 */
export function amountColumnCell(win: WindowText, hit: { line: number; start: number; end: number }, span: Span): boolean {
    const line = win.lines[hit.line]!;
    if (line.text.length > ROW_CHARS || win.lineOf(span.start) !== hit.line) return false;
    const row = lineCells(win, hit.line);
    if (row.length < 3 || row.length > MAX_CELLS) return false;
    const [first, last] = [row[0]!, row[row.length - 1]!];
    const within = (c: Cell, from: number, to: number): boolean =>
        from >= line.start + c.start && to <= line.start + c.start + (c.to - c.from);
    if (!within(first, hit.start, hit.end) || !within(last, span.start, span.end)) return false;
    const tables = tablesOf(win);
    if (!tables.headers.has(hit.line)) tables.headers.set(hit.line, headerAbove(win, hit.line));
    const headerLine = tables.headers.get(hit.line);
    if (headerLine === undefined) return false;
    const columns = columnsOf(win, headerLine);
    const amounts = amountColumnOf(win, headerLine, columns);
    return amounts !== undefined && cellOver(columns, last, row.length) === amounts;
}

/** A header's one column of amounts: a cell of an amount word or a currency's code or mark alone ("Amount (GBP)", "Bedrag", "EUR"), once per header. */
function amountColumnOf(win: WindowText, headerLine: number, columns: readonly Cell[]): Cell | undefined {
    const tables = tablesOf(win);
    if (tables.amounts.has(headerLine)) return tables.amounts.get(headerLine);
    const header = win.lines[headerLine]!.text;
    const sums = new Set(win.locale.sums.sum);
    const amounts = columns.filter((c) => {
        const text = textOf(header, c).replace(/[()]/g, ' ').trim();
        const words = labelWords(text);
        return (
            text !== '' &&
            words.length <= 2 &&
            (words.some((w) => sums.has(w)) || text.split(/\s+/).every((w) => currenciesOfMark(w) !== undefined))
        );
    });
    const column = amounts.length === 1 && amounts[0] !== columns[0] ? amounts[0] : undefined;
    tables.amounts.set(headerLine, column);
    return column;
}
