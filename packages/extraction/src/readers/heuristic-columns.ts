// Columns that hold an earlier figure: a renewal's "Last year   This year", a rent increase's "Oude
// huur   Nieuwe huur", a payslip's "This period   Year to date". An amount under a header cell of
// an earlier or cumulative figure is not the field's unless the field's name asks for one
// (`previous_premium`, `ytd_gross`). The header is the nearest row of cells without figures above
// the amount's line, at most a few lines up; its cell over the amount is the one whose centre is
// nearest (adjacent header cells may both overlap a right-aligned amount).
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { cellColumns } from './heuristic-scoring.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** "Year to date", "Period-to-date": a cumulative figure. */
const TO_DATE = /\bto[- ]date\b/i;

/** Lines above an amount searched for its header row. */
const HEADER_LINES = 4;
/** Header rows are short (SHORT_LINE in heuristic-lines.ts is longer: this is one row of labels). */
const HEADER_CHARS = 160;

/** Whether a field's name asks for an earlier or cumulative figure itself. */
export function asksForEarlier(name: string, locale: LocaleProfile): boolean {
    const earlier = wordsOf(locale, 'earlierColumnWords');
    return labelWords(name).some((w) => earlier.has(w));
}

/** Whether the span stands under a header cell of an earlier or cumulative figure. */
export function underEarlierColumn(win: WindowText, span: Span): boolean {
    const earlier = wordsOf(win.locale, 'earlierColumnWords');
    if (!earlier.size) return false;
    const lineNo = win.lineOf(span.start);
    const line = win.lines[lineNo]!;
    if (line.text.length > HEADER_CHARS) return false;
    const row = cellColumns(line.text);
    const at = span.start - line.start;
    const cell = row.find((c) => c.start <= at && at < c.start + (c.to - c.from) + 1);
    if (!cell || row.length < 2) return false;
    for (let k = lineNo - 1, seen = 0; k >= 0 && seen < HEADER_LINES; k--) {
        const text = win.lines[k]!.text;
        if (!text.trim()) continue;
        seen++;
        if (text.length > HEADER_CHARS || /\d/.test(text)) continue;
        const header = cellColumns(text);
        if (header.length < 2) continue;
        const centre = (c: { from: number; to: number }): number => (c.from + c.to) / 2;
        const over = header.reduce((a, h) => (Math.abs(centre(h) - centre(cell)) < Math.abs(centre(a) - centre(cell)) ? h : a));
        const head = text.slice(over.start, over.start + (over.to - over.from));
        return TO_DATE.test(head) || labelWords(head).some((w) => earlier.has(w));
    }
    return false;
}

/** An amount or number under an earlier column, for a field whose name does not ask for one. */
export function earlierFigure(win: WindowText, span: Span, field: { name: string }, kind: string): boolean {
    return FIGURES.has(kind) && underEarlierColumn(win, span) && !asksForEarlier(field.name, win.locale);
}

const FIGURES = new Set(['money', 'decimal', 'integer']);
