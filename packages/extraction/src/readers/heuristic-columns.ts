// Figures that are not the line's own: those in columns that hold an earlier figure: a renewal's "Last year   This year", a rent increase's "Oude
// huur   Nieuwe huur", a payslip's "This period   Year to date", a statement's "6 April 2024   5
// April 2025" (columns headed by dates: all but the latest). An amount under a header cell of
// an earlier or cumulative figure is not the field's unless the field's name asks for one
// (`previous_premium`, `ytd_gross`). The header is the nearest row of cells without figures above
// the amount's line, at most a few lines up; its cell over the amount is the one whose centre is
// nearest (adjacent header cells may both overlap a right-aligned amount).
import type { CompiledField } from '@svc/compiler';
import { pairMark, pairPart } from './heuristic-pairs.js';
import type { LocaleProfile } from '../locale/locale-types.js';
import { shapesOf } from '../locale/locale-shapes.js';
import { wordsOf } from '../locale/locale-words.js';
import { parseDateQuote } from '../parsers/date-parser.js';
import { lineCells } from './heuristic-rows.js';
import type { Span } from './heuristic-spans.js';
import { wholeDate } from './heuristic-terms.js';
import { rateBase } from './heuristic-totals.js';
import { countedNoun } from './heuristic-counts.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** "Year to date", "Period-to-date": a cumulative figure. */
const TO_DATE = /\bto[- ]date\b/i;

/** Years written in full ("2024"). */
const YEARS = /\b(?:19|20)\d\d\b/g;

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
    const row = lineCells(win, lineNo);
    const at = span.start - line.start;
    const cell = row.find((c) => c.start <= at && at < c.start + (c.to - c.from) + 1);
    if (!cell || row.length < 2) return false;
    for (let k = lineNo - 1, seen = 0; k >= 0 && seen < HEADER_LINES; k--) {
        const text = win.lines[k]!.text;
        if (!text.trim()) continue;
        seen++;
        // (A row with figures is a header only of dates, each with its year: cheap to tell first.)
        if (text.length > HEADER_CHARS || (/\d/.test(text) && (text.match(YEARS)?.length ?? 0) < 2)) continue;
        const header = lineCells(win, k);
        if (header.length < 2) continue;
        const centre = (c: { from: number; to: number }): number => (c.from + c.to) / 2;
        const over = header.reduce((a, h) => (Math.abs(centre(h) - centre(cell)) < Math.abs(centre(a) - centre(cell)) ? h : a));
        const texts = header.map((h) => text.slice(h.start, h.start + (h.to - h.from)));
        const head = texts[header.indexOf(over)]!;
        if (/\d/.test(text)) {
            // Columns headed by dates ("6 April 2024    5 April 2025"): all but the latest are earlier.
            const days = texts.map((t) => cellDay(t, win.locale.code));
            const dated = days.filter((d) => d !== undefined);
            if (dated.length < 2) continue;
            const day = days[header.indexOf(over)];
            return day !== undefined && day < Math.max(...dated);
        }
        return TO_DATE.test(head) || labelWords(head).some((w) => earlier.has(w));
    }
    return false;
}

/** The day a header cell writes as one date and nothing else ("5 April 2025"), in days. */
function cellDay(cell: string, language: string): number | undefined {
    const t = cell.trim().replace(/[\s,./-]+$/, '');
    return wholeDate(t, language) ? parseDateQuote(t, language === 'en' ? 'auto' : 'dmy', language) : undefined;
}

/** Characters of a line at most for a bracket's detail to be read (a row of a statement, not a paragraph). */
const DETAIL_LINE = 240;

/**
 * A figure in brackets before another figure on its line ("Door u betaalde voorschotten (12 x €
 * 285,00)   3.420,00", "Deposit (10% of £5,000)   £500.00"), or right after one ("Totaal aantal
 * gebreken: 6 (waarvan 1 urgent)", "9 stuks overhandigd (3 voordeur, 3 achterdeur)"): a detail of
 * that figure, not it.
 */
export function bracketDetail(win: WindowText, span: Span): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    if (line.end - line.start > DETAIL_LINE) return false;
    const before = win.text.slice(line.start, span.start);
    const open = before.lastIndexOf('(');
    if (open < 0 || before.indexOf(')', open) >= 0) return false;
    // (A sum of money in a bracket after a count is none of its details: "14 days (extra days at £6.00 per day)".)
    if (!span.marked && FIGURE_BEFORE.test(before.slice(0, open))) return true;
    // A sum in a bracket right after a sum is its detail too ("£66.00  (full plot £132.00)").
    if (span.marked && MONEY_BEFORE.test(before.slice(0, open))) return true;
    // The bracket may close on the next line, the figure after it ("Less: policy excess (compulsory
    // £250," / "voluntary £200)      -£450.00").
    const next = win.lines[win.lineOf(span.start) + 1];
    const end = next && next.end - next.start <= DETAIL_LINE ? next.end : line.end;
    const close = win.text.indexOf(')', span.end);
    if (close < 0 || close >= end) return false;
    const closeEnd = close < line.end ? line.end : end;
    return /\d/.test(win.text.slice(close + 1, closeEnd));
}

/** A sum with its currency's mark right before a bracket ("£66.00  ", "€ 16,20 ", "66.00 EUR "). */
const MONEY_BEFORE = /(?:\p{Sc}[ \t]?\d[\d.,]*|\d[\d.,]*[ \t]?(?:\p{Sc}|EUR|GBP|USD))[ \t]*$/u;

/** A figure, maybe a word or two of what it counts, before a bracket ("6 ", "9 stuks overhandigd "). */
const FIGURE_BEFORE = /\d[ \t]*(?:\p{L}+[ \t]*){0,2}$/u;

/**
 * A figure of a sum worked out on its line ("7,25 x € 68,00 = € 493,00", "12 × £45.00 = £540.00"):
 * an operand before the equals sign and the result after it, the operand is a detail of the result.
 */
export function operand(win: WindowText, span: Span): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    return OPERAND_REST.test(win.text.slice(span.end, Math.min(line.end, span.end + 48)));
}

/**
 * A sum of money quoted per unit before its row's total ("Toeristenbelasting   € 2,70 p.p.p.n.
 * €  16,20", "Room   £154.00 per night   £462.00"), for a field whose name asks for no rate: a
 * detail of the total. The profile's `perUnitWords` say per unit; its `rateWords` ask for a rate.
 */
export function unitRate(win: WindowText, span: Span, field: { name: string; hints: readonly string[] }): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    const rest = win.text.slice(span.end, Math.min(line.end, span.end + UNIT_REST));
    const unit = perUnitLength(win, rest);
    if (unit < 0) return false;
    // The row's total after it, past a wide gap; or what it comes to in its sentence, maybe on the
    // next line ("£600.00 per day, being" / "£1,800.00 for the 3 such days").
    const after = span.end + unit;
    if (!/(?: {3,}|\t)\D{0,4}\d/.test(rest.slice(unit)) && !resultAfter(win, win.text.slice(after, after + UNIT_REST))) return false;
    return !asksForRate(win, [field.name, ...field.hints]);
}

/**
 * What says a sum is quoted per unit at the start of the text after it: a word of the profile's
 * `perUnitWords` ("per night", "p.p.p.n.") or a unit after a slash ("/hr", "/ dag"): its length
 * and the unit's word when one is written; undefined if none.
 */
function perUnit(win: WindowText, rest: string): { length: number; unit?: string } | undefined {
    const slash = /^\/[ \t]?(\p{L}+)/u.exec(rest);
    if (slash) return { length: slash[0].length, unit: slash[1]!.toLowerCase() };
    const m = /^[ \t]*([\p{L}.]+)(?:[ \t]+(\p{L}+))?/u.exec(rest);
    if (!m || !wordsOf(win.locale, 'perUnitWords').has(m[1]!.replace(/\./g, '').toLowerCase())) return undefined;
    return m[2] === undefined ? { length: m[0].length } : { length: m[0].length - m[2].length, unit: m[2].toLowerCase() };
}

function perUnitLength(win: WindowText, rest: string): number {
    return perUnit(win, rest)?.length ?? -1;
}

/**
 * Whether a sum is quoted per unit (perUnit) as the field asks: for a field that names a rate
 * ("aircraft_rate_per_hour"), per any unit; for one that asks per a unit only (`tuinhuur_per_jaar`),
 * per that unit ("€ 0,55 per m²" is no sum per year). Such a sum is the field's value, not a detail.
 */
export function quotedPerUnit(win: WindowText, span: Span, field: CompiledField): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    const quoted = perUnit(win, win.text.slice(span.end, Math.min(line.end, span.end + UNIT_REST)));
    return quoted !== undefined && asked(win, field, quoted.unit);
}

/** Whether a sum quoted per `unit` (undefined: "each", "p.p.") is as the field asks (quotedPerUnit). */
function asked(win: WindowText, field: CompiledField, unit: string | undefined): boolean {
    const units = askedUnits(win, field);
    return units === 'any' || (unit !== undefined && units.some((u) => sameUnit(win, u, unit)));
}

/** The units a field's rate is asked per (readAskedUnits), once per field and language: every span asks. */
function askedUnits(win: WindowText, field: CompiledField): 'any' | string[] {
    return perField(ASKED_UNITS, win, field, () => readAskedUnits(win, field));
}
const ASKED_UNITS = new WeakMap<CompiledField, Map<string, 'any' | string[]>>();

/** The units a field's rate is asked per: any for a word of `rateWords`, else the words after `perUnitWords`. */
function readAskedUnits(win: WindowText, field: CompiledField): 'any' | string[] {
    const rates = wordsOf(win.locale, 'rateWords');
    const per = wordsOf(win.locale, 'perUnitWords');
    const words = [field.name, field.description ?? '', ...field.hints].map((t) => labelWords(t));
    if (words.some((ws) => ws.some((w) => rates.has(w)))) return 'any';
    return words.flatMap((ws) => ws.filter((w, i) => i > 0 && per.has(ws[i - 1]!)));
}

/** The same unit: the same word, one's abbreviation of the other ("wk", "week"), or the same unit of time ("hr", "hour"). */
function sameUnit(win: WindowText, a: string, b: string): boolean {
    if (a === b || (a.length >= 2 && b.startsWith(a)) || (b.length >= 2 && a.startsWith(b))) return true;
    const unit = shapesOf(win.locale).unitOf;
    return unit.get(a) !== undefined && unit.get(a) === unit.get(b);
}

/**
 * For a field that asks for a rate, a sum after a sum quoted per unit on its line ("(tacho 1.1 hr @
 * £215.00/hr wet)   £236.50"): the row's total, a detail. The line's 80 characters before it are read.
 */
function afterUnitRate(win: WindowText, span: Span, field: CompiledField): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    const before = win.text.slice(Math.max(line.start, span.start - 80), span.start);
    for (const m of before.matchAll(/\d(?=[ \t]?[\p{L}./])/gu)) {
        const quoted = perUnit(win, before.slice(m.index + 1));
        if (quoted && asked(win, field, quoted.unit)) return true;
    }
    return false;
}

/** After a sum's unit, a word of the profile's `resultWords` and a figure: what the sum per unit comes to. */
function resultAfter(win: WindowText, text: string): boolean {
    const m = /^\p{L}{0,24}\.?[ \t]{0,4},?\s{1,8}(\p{L}{1,24})\s{1,8}[^\d\s]{0,4}[ \t]?\d/u.exec(text);
    return m !== null && wordsOf(win.locale, 'resultWords').has(m[1]!.toLowerCase());
}

/**
 * Whether span `i` is what the span before it, a sum per unit, comes to ("£600.00 per day, being
 * £1,800.00"): the sentence's result, which the per-unit sum's label names as well.
 */
export function unitResult(win: WindowText, found: readonly Span[], i: number): boolean {
    const before = found[i - 1];
    const span = found[i]!;
    if (!before || span.start - before.end > UNIT_REST) return false;
    const between = win.text.slice(before.end, span.start);
    const unit = perUnitLength(win, between);
    return unit >= 0 && RESULT_BEFORE.test(between.slice(unit)) && resultAfter(win, between.slice(unit) + '0');
}
/** The rest between a sum's unit and its result: the unit's word, a comma, a word and a mark. */
const RESULT_BEFORE = /^\p{L}{0,24}\.?[ \t]{0,4},?\s{1,8}\p{L}{1,24}\s{1,8}[^\d\s]{0,4}[ \t]?$/u;

/** Characters after an amount read for its unit and its row's total. */
const UNIT_REST = 60;

/** What follows an operand on its line: at most 40 characters to an equals sign, then (a mark and) a figure. */
const OPERAND_REST = /^[^=\n]{0,40}=[ \t]*[^\s\d=]{0,4}[ \t]*\d/u;

/** An amount or number under an earlier column, for a field whose name does not ask for one. */
export function earlierFigure(win: WindowText, span: Span, field: { name: string }, kind: string): boolean {
    return FIGURES.has(kind) && underEarlierColumn(win, span) && !asksForEarlier(field.name, win.locale);
}

/** Kinds of value that are figures. */
export const FIGURES: ReadonlySet<string> = new Set(['money', 'decimal', 'integer']);

/** Characters before a year read for its month's name ("februari 2025", "March 2025"). */
const MONTH_REACH = 12;

/**
 * A bare year after a month's name ("over de maanden januari en februari 2025") is part of a
 * period, no count or amount, unless the field's name asks for a year (`bouwjaar`, `tax_year`).
 */
export function monthYear(win: WindowText, span: Span, field: { name: string }): boolean {
    if (!/^(?:19|20)\d\d$/.test(span.quote)) return false;
    const years = win.locale.durationUnits.year ?? [];
    if (labelWords(field.name).some((w) => years.some((y) => w.endsWith(y)))) return false;
    const month = /(\p{L}+)\.?\s+$/u.exec(win.text.slice(Math.max(0, span.start - MONTH_REACH), span.start))?.[1]?.toLowerCase();
    return month !== undefined && win.locale.months.some((names) => names.includes(month));
}

/**
 * A section's or an item's number that starts its line before a capitalised heading or text ("4.
 * Pocket money", "3) Time off", "(2) Mrs Patricia Ellwood"): it numbers the text, it counts nothing.
 */
export function sectionNumber(win: WindowText, span: Span): boolean {
    // "(2)" may be the span itself, read as a negative amount.
    const m = /^(\()?\d{1,2}(\))?$/.exec(span.quote);
    if (!m || !m[1] !== !m[2]) return false;
    const line = win.lines[win.lineOf(span.start)]!;
    const before = win.text.slice(line.start, span.start);
    const after = win.text.slice(span.end, Math.min(line.end, span.end + 8));
    if (m[1]) return /^\s*$/.test(before) && /^[ \t]+\p{Lu}/u.test(after);
    return /^\s*$/.test(before) ? /^[.)][ \t]+\p{Lu}/u.test(after) : /^\s*\($/.test(before) && /^\)[ \t]+\p{Lu}/u.test(after);
}

/**
 * A figure that details another on its line: in a bracket, an operand, a sum quoted per unit. For a
 * money field that asks for a rate ("Tarief per meerkilometer"), a sum's operand is the rate and
 * its result the detail ("6.412 km x € 0,062 = € 397,54").
 */
export function figureDetail(win: WindowText, span: Span, field: CompiledField, type: { kind: string }): boolean {
    const rate = type.kind === 'money' && fieldAsksForRate(win, field);
    // A rate's own sum, quoted per unit, is its value even in a bracket: "(tacho 1.1 hr @ £215.00/hr wet)".
    if (rate && quotedPerUnit(win, span, field)) return false;
    return (
        (rate && afterUnitRate(win, span, field)) ||
        (type.kind !== 'money' && outOf(win, span)) ||
        // (Not a bracket that marks the value the earlier of two the field asks for: "now £925.00 (was £880.00)".)
        (bracketDetail(win, span) &&
            !(pairMark(win, span) === 0 && pairPart(field, win.locale) === 0) &&
            !bracketCount(win, span, field)) ||
        (rate ? productResult(win, span) : operand(win, span)) ||
        (type.kind === 'money' && (unitRate(win, span, field) || baseInRow(win, span) || (!rate && factorInRow(win, span))))
    );
}

/**
 * A count in a bracket right after the noun a count field counts, a word after it: "Stortingen (14
 * transacties)   + €  3.600,00" for `aantal_stortingen` counts the row's things, no detail of it.
 */
function bracketCount(win: WindowText, span: Span, field: CompiledField): boolean {
    const noun = countedNoun(field, win.locale);
    const before = /(\p{L}+)[ \t]*\([ \t]*$/u.exec(win.text.slice(Math.max(0, span.start - 40), span.start))?.[1]?.toLowerCase();
    return (
        noun !== undefined &&
        before !== undefined &&
        win.locale.stem(before) === win.locale.stem(noun) &&
        /^[ \t]+\p{L}+[ \t]*\)/u.test(win.text.slice(span.end, span.end + 40))
    );
}

/**
 * A sum a row multiplies, the row's total after it past a wide gap (a bracket between at most):
 * "Statutory redundancy pay   14 weeks x £719.00 (statutory weekly cap)    £10,066.00". A detail of
 * the total, for a field that asks for no rate. (Not a sum a percentage multiplies, "£8,400.00 x
 * 12.5%   £1,050.00": the whole is often a field of its own.)
 */
function factorInRow(win: WindowText, span: Span): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    const after = win.text.slice(span.end, Math.min(line.end, span.end + 120));
    // Or the count the row multiplies, a rate after it: "8,452 GT @ £0.412 per GT   3,482.22" (a
    // count: no currency's mark, no minor units; "£245.50 x 24   5,892.00" is an instalment's sum).
    const rate = span.marked || /[.,]\d\d$/.test(span.quote) ? null : FACTOR_AFTER.exec(after);
    if (rate) return rowTotalAfter(after.slice(rate[0].length));
    if (!FACTOR_BEFORE.test(win.text.slice(Math.max(line.start, span.start - 32), span.start))) return false;
    return rowTotalAfter(after.slice(0, 80));
}
/** A count, a word or two of what it counts, and a product's sign right before a sum ("14 weeks x ", "22 @ "). */
const FACTOR_BEFORE = /\d[ \t]*(?:\p{L}+[ \t]*){0,2}[x×*@][ \t]*$/u;
/** A word or two of what a count counts, a product's sign, and a sum with a word or two of its unit ("GT @ £0.412 per GT"; no percentage). */
const FACTOR_AFTER = /^(?:[ \t]?\p{L}{1,16}){0,2}[ \t]*[x×*@][ \t]*\p{Sc}?[ \t]?\d[\d.,]{0,12}(?:[ \t]\p{L}{1,16}){0,2}/u;
/**
 * A bracket at most, then a wide gap (three spaces or a tab) and a figure: the row's total. The gap
 * is measured, not matched by a regex whose parts could each take its spaces.
 */
function rowTotalAfter(rest: string): boolean {
    const bracket = /^[ \t]*\([^()\n]{0,60}\)/u.exec(rest);
    const after = bracket ? rest.slice(bracket[0].length) : rest;
    const gap = /^[ \t]*/.exec(after)![0];
    return (gap.length >= 3 || gap.includes('\t')) && /^\D{0,4}\d/u.test(after.slice(gap.length));
}

/** A number after another and a spaced slash: the scale the first is out of ("Epworth Sleepiness Scale:   13 / 24"). */
function outOf(win: WindowText, span: Span): boolean {
    return /\d[ \t]+\/[ \t]+$/.test(win.text.slice(Math.max(win.lines[win.lineOf(span.start)]!.start, span.start - 8), span.start));
}

/** asksForRate of a field's name, description and hints, once per field and language (figureDetail asks for every span). */
export function fieldAsksForRate(win: WindowText, field: CompiledField): boolean {
    return perField(RATE_FIELDS, win, field, () => asksForRate(win, [field.name, field.description ?? '', ...field.hints]));
}
const RATE_FIELDS = new WeakMap<CompiledField, Map<string, boolean>>();

/** What `read` says of a field in the window's language, read once per field and language (a pure function of both). */
function perField<T>(cache: WeakMap<CompiledField, Map<string, T>>, win: WindowText, field: CompiledField, read: () => T): T {
    let byLanguage = cache.get(field);
    if (!byLanguage) cache.set(field, (byLanguage = new Map()));
    let value = byLanguage.get(win.locale.code);
    if (value === undefined) byLanguage.set(win.locale.code, (value = read()));
    return value;
}

/** Whether a field's name, description or hints ask for a rate: a word of the profile's `perUnitWords` or `rateWords`. */
function asksForRate(win: WindowText, texts: readonly string[]): boolean {
    const per = wordsOf(win.locale, 'perUnitWords');
    const rates = wordsOf(win.locale, 'rateWords');
    const asks = (w: string): boolean => per.has(w) || rates.has(w) || [...rates].some((r) => r.length >= 6 && w.endsWith(r));
    return texts.some((t) => labelWords(t).some(asks));
}

/** A sum's result after its product's sign and an equals sign on its line ("x € 0,062 = € 397,54"). */
function productResult(win: WindowText, span: Span): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    return PRODUCT_BEFORE.test(win.text.slice(Math.max(line.start, span.start - 48), span.start));
}

/** A product's sign, at most 40 characters, an equals sign and maybe a currency's mark, right before a result. */
const PRODUCT_BEFORE = /[x×*][ \t][^=\n]{0,40}=[ \t]*[^\s\d=]{0,4}[ \t]*$/u;

/**
 * The base a row's rate is charged on, the row's sum after it: "Courtage 1,25% over € 385.000,00
 * € 4.812,50" (rateBase in heuristic-totals.ts): a detail of the row.
 */
function baseInRow(win: WindowText, span: Span): boolean {
    if (!rateBase(win, span.start)) return false;
    const line = win.lines[win.lineOf(span.start)]!;
    return /^(?: {3,}|\t)\D{0,4}\d/.test(win.text.slice(span.end, Math.min(line.end, span.end + UNIT_REST)));
}
