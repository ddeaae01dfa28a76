// Type recognisers of the heuristic reader: where in a window something of a field's type is
// written. They find the shapes (a date, an amount with its currency mark, "thirty (30) days", an
// enum label); whether a shape is a value of the field — its currency, scale, bounds, pattern — is
// decided by parseQuote, like for any reader.
import type { FieldType } from '@svc/compiler';
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';
import { wordsOf } from '../locale/locale-words.js';
import { CURRENCY_MARK_SOURCE, currenciesOfMark } from '../parsers/currency-marks.js';
import { parseCivilDate, TIME_OF_DAY } from '../parsers/date-parser.js';
import { durationParts, durationSource, netTermsSource, parseDurationQuote } from '../parsers/duration-parser.js';
import { emptyBox } from './heuristic-boxes.js';

export interface Span {
    start: number;
    end: number;
    quote: string;
    /** The span carried an explicit currency mark (money). */
    marked?: boolean;
    /** Where the span read starts when this one is cut from it ("$3,000.00" of "-$3,000.00"): the same claim. */
    cutFrom?: number;
}

const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}])';

// Numeric dates are the same in every language; written ones are the language's (locale/).
const NUMERIC_DATES = [
    `${L}\\d{4}([-/.])\\d{1,2}\\1\\d{1,2}(?![\\p{N}]|[-/.]\\d)`,
    `(?<![\\p{L}\\p{N}./-])\\d{1,2}([-/.])\\d{1,2}\\2(?:\\d{4}|\\d{2})(?![\\p{N}]|[-/.]\\d)`,
];

// An amount is not part of a longer number, a date, a time, a phone number or a percentage.
const AMOUNT_LEFT = '(?<![\\p{L}\\p{N}.,/:-])';
const AMOUNT_RIGHT = '(?![\\p{N}]|[.,:/-][\\p{L}\\p{N}]|\\s?%)';
// Nor is an ordinal a sum of money ("2e termijn", "1ste", "3rd instalment"); a rank may be a count's value.
const ORDINAL = '(?:e|ste|de|st|nd|rd|th)(?![\\p{L}\\p{N}])';
// A sum of money may end before a rate's unit after a slash ("$150.00/hr", "€ 2,50/dag"); other
// slashes join codes and dates ("12/05"), and a count is no rate.
const PER_UNIT =
    '(?:hr|hrs|h|hour|day|night|wk|week|mo|month|yr|year|person|pp|uur|dag|nacht|maand|jaar|persoon|stuk|st)(?![\\p{L}\\p{N}])';
const AMOUNT_RIGHT_MONEY = `(?![\\p{N}]|[.,:-][\\p{L}\\p{N}]|/(?!${PER_UNIT})[\\p{L}\\p{N}]|\\s?%|${ORDINAL})`;
// Decimal fields hold rates too ("VAT rate 21.00%"): for them a percentage is a candidate, the
// number without its sign being the quote.
const AMOUNT_RIGHT_PERCENT = '(?![\\p{N}]|[.,:/-][\\p{L}\\p{N}])';

const DATE_ORDERS = ['auto', 'dmy', 'mdy', 'ymd'] as const;

interface Finders {
    dates: RegExp;
    timeAfter: RegExp;
    durations: RegExp;
    net: RegExp | null;
    booleans: RegExp;
    amounts: Map<string, RegExp>;
}

const finders = new Map<string, Finders>();

/** The recognisers of a language, built once from its shapes (the parsers read the same shapes). */
function findersOf(language: string): Finders {
    let f = finders.get(language);
    if (!f) {
        const s = shapesOf(localeOf(language));
        const net = netTermsSource(language);
        // The written forms' groups are not needed here: (?: ) keeps the numeric forms' back-references first.
        const written = [s.dayMonthYear, s.monthDayYear, s.runTogetherDate].map((x) => `${L}${x}${R}`);
        f = {
            dates: new RegExp([...NUMERIC_DATES, ...written].map((x) => `(?:${x})`).join('|'), 'giu'),
            timeAfter: new RegExp(
                `^(?:${s.timeJoin})${TIME_OF_DAY}(?:\\s*(?:${s.timeAfter}))?(?:\\s*(?:Z|UTC|GMT|[+-]\\d{2}:?\\d{2}))?(?![\\p{N}])`,
                'iu',
            ),
            durations: new RegExp(`${L}${durationSource(language)}${R}`, 'giu'),
            net: net ? new RegExp(`${L}${net}${R}`, 'giu') : null,
            // Longest first, so "not included" is found whole, not as its "included".
            booleans: new RegExp(
                `${L}(?:${[...s.booleans.keys()]
                    .filter((w) => w.length > 1)
                    .sort((a, b) => b.length - a.length)
                    .map((w) => w.replace(/ /g, '\\s+'))
                    .join('|')})${R}`,
                'giu',
            ),
            amounts: new Map(),
        };
        finders.set(language, f);
    }
    return f;
}

function amountRegex(language: string, money: boolean, percent: boolean, spaced: boolean): RegExp {
    const f = findersOf(language);
    const key = `${money}:${percent}:${spaced}`;
    let re = f.amounts.get(key);
    if (!re) {
        const s = shapesOf(localeOf(language));
        const amount = `(?:-\\s?)?(?:${spaced ? s.spacedAmount : s.amount})`;
        const source = money
            ? `(?:(?<![\\p{L}\\p{N}])(${CURRENCY_MARK_SOURCE})(?:\\s?|[ \\t]{2,8}))?${AMOUNT_LEFT}(${amount})${AMOUNT_RIGHT_MONEY}(?:\\s?(${CURRENCY_MARK_SOURCE})(?![\\p{L}]))?`
            : `${AMOUNT_LEFT}(${amount})${percent ? AMOUNT_RIGHT_PERCENT : AMOUNT_RIGHT}`;
        re = new RegExp(source, 'gu');
        f.amounts.set(key, re);
    }
    return re;
}

function all(re: RegExp, text: string): Span[] {
    const out: Span[] = [];
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) out.push({ start: m.index!, end: m.index! + m[0].length, quote: m[0] });
    return out;
}

export function dateSpans(text: string, language: string, withTime: boolean): Span[] {
    const spans = all(findersOf(language).dates, text).flatMap((s) => {
        // "20th day of November, 2018": the whole phrase is the quote; a trailing separator is not.
        const trimmed = s.quote.replace(/[\s,./-]+$/, '');
        // A shape is a date only when it is a valid day in some order ("januari 0 0000" is none).
        if (!DATE_ORDERS.some((o) => parseCivilDate(trimmed, o, language))) return [];
        return [{ ...s, quote: trimmed, end: s.start + trimmed.length }];
    });
    return withTime ? withTimes(text, language, spans) : spans;
}

/** Date spans (dateSpans without times) each followed by the time of day written after it, if any. */
export function withTimes(text: string, language: string, dates: readonly Span[]): Span[] {
    const f = findersOf(language);
    return dates.map((s) => {
        const t = f.timeAfter.exec(text.slice(s.end, s.end + 40));
        return t ? { start: s.start, end: s.end + t[0].length, quote: s.quote + t[0] } : s;
    });
}

/**
 * Amounts in the language's grouping ("1,234.56"), and those grouped by spaces ("1 234,56") as
 * well as their parts: "QTY 2 150.00" may be 2 and 150.00 as well as 2150.00, the scorers decide.
 */
export function amountSpans(text: string, language: string, money: boolean, percent = false): Span[] {
    const out = amountMatches(text, amountRegex(language, money, percent, false), money);
    const seen = new Set(out.map((s) => `${s.start}:${s.end}`));
    for (const s of amountMatches(text, amountRegex(language, money, percent, true), money))
        if (!seen.has(`${s.start}:${s.end}`)) out.push(s);
    return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

function amountMatches(text: string, re: RegExp, money: boolean): Span[] {
    const out: Span[] = [];
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
        let start = m.index!;
        let end = start + m[0].length;
        if (clauseNumber(text, start, end)) continue;
        // A measure is no sum of money: "12.01 - 13.00 m LOA", "612,5 kg", "2,150 sq ft".
        if (money && m[1] === undefined && m[3] === undefined && MEASURE.test(text.slice(end, end + 24))) continue;
        if (money) {
            const before = m[1];
            const after = m[3];
            const amountStart = text.indexOf(m[2]!, start);
            // A mark that is no currency ("QTY 2", "TAX 5.00") is not part of the quote.
            const okBefore = before !== undefined && currenciesOfMark(before) !== undefined;
            const okAfter = after !== undefined && currenciesOfMark(after) !== undefined && !okBefore;
            start = okBefore ? start : amountStart;
            end = okAfter ? end : amountStart + m[2]!.length;
            // A sign before the mark is the amount's ("-EUR 50.00" on a credit note): not dropped.
            // A dash after another figure joins a range ("£1,200 - £1,450"): no sign.
            if (okBefore && !m[2]!.startsWith('-') && !/\d[ \t]+-[ \t]?$/.test(text.slice(Math.max(0, start - 8), start))) {
                const sign = /(?<![\p{L}\p{N}.,-])-\s?$/u.exec(text.slice(Math.max(0, start - 3), start));
                if (sign) start -= sign[0].length;
            }
            const negative = accountingNegative(text, start, end);
            if (negative) [start, end] = negative;
            out.push({ start, end, quote: text.slice(start, end), marked: okBefore || okAfter || negative?.[2] === true });
        } else out.push({ start, end, quote: m[0] });
    }
    return out;
}

/** A unit of measure after a number, or after the second number of a range of them. */
// (Written as units are, in lower case but for a few: a receipt's "1 M COKE" is a medium cola.)
// A unit of time too ("over ongeveer 21,75 dagen", "2.5 hours"), in either language.
const MEASURE =
    /^(?:\s*[-–]\s*\d[\d.,]*)?\s?(?:m|cm|mm|km|m2|m²|m3|kg|KG|Kg|g|lb|lbs|ft|sq ft|ltr|ml|kWh|kwh|KWH|MB|GB|TB|Mbit|uur|hrs?|hours?|minutes?|mins?|days?|weeks?|months?|years?|dagen|weken|maanden|jaar|jaren|minuten|km\/h|mph)(?![\p{L}\p{N}])/u;

/**
 * Whether an amount is a clause's number: first on its line, one decimal ("3.1") or several levels
 * ("3.1.2"), and a capitalised word after it ("3.1 Annual subscription fee: EUR 13,950.00").
 */
function clauseNumber(text: string, start: number, end: number): boolean {
    const quote = text.slice(start, end);
    if (!/^\d{1,2}(?:\.\d{1,2}){2,3}$|^\d{1,2}\.\d$/.test(quote) || !/^[ \t]+\p{Lu}/u.test(text.slice(end, end + 8))) return false;
    // Only the few characters before it are read: a long line of such numbers stays linear.
    const before = text.slice(Math.max(0, start - 12), start);
    return /\n[ \t]*$/.test(before) || (start <= 12 && /^[ \t]*$/.test(before));
}

/**
 * An amount in accounting parentheses, a negative one ("(50.00)", "($1,200.00)", "EUR (50.00)" on a
 * credit note or a rounding line): the quote with its parentheses, and whether a mark before them
 * joined it. Only where the parentheses stand in a column or after a label or a mark — the text
 * before them on their line is empty, ends with ":" or "=", with a wide gap, or with a currency
 * mark —, never in prose: "One Thousand Dollars ($1,000.00)" is no negative.
 */
function accountingNegative(text: string, start: number, end: number): [number, number, boolean] | undefined {
    if (text[start - 1] !== '(' || text[end] !== ')' || /^[-\u2212]/.test(text.slice(start, end))) return undefined;
    const lineStart = Math.max(text.lastIndexOf('\n', start - 2) + 1, start - 1 - ACCOUNTING_BEFORE);
    const before = text.slice(lineStart, start - 1);
    const mark = /(?:^|[\s:=])(\S{1,4})\s?$/u.exec(before);
    if (mark && currenciesOfMark(mark[1]!) !== undefined) return [lineStart + before.lastIndexOf(mark[1]!), end + 1, true];
    if (before.trim() === '' && proseAbove(text, lineStart)) return undefined;
    if (before.trim() === '' || /[:=]\s*$/.test(before) || /(?: {2,}|\t)$/.test(before)) return [start - 1, end + 1, false];
    return undefined;
}

/**
 * Whether the line above `lineStart` is wrapped prose that runs on into it: long, ending in a word
 * ("… the principal sum of Eighty-Five Thousand Dollars" / "($85,000.00), together with …").
 */
function proseAbove(text: string, lineStart: number): boolean {
    if (lineStart === 0 || text[lineStart - 1] !== '\n') return false;
    const above = text.slice(Math.max(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1 - ACCOUNTING_BEFORE), lineStart - 1);
    return above.trim().length >= PROSE_LINE && /\p{L}\s*$/u.test(above);
}

/** Characters from which a line above reads as prose that runs on. */
const PROSE_LINE = 40;

/** Characters before an amount's parentheses read for what stands before them. */
const ACCOUNTING_BEFORE = 80;

/** Whether a quote is a compound duration that some basis counts exactly ("1 month 3 days" none). */
function compoundDuration(quote: string, language: string): boolean {
    return durationParts(quote, language) !== undefined && DURATION_BASES.some((b) => parseDurationQuote(quote, b, language) !== undefined);
}
const DURATION_BASES = ['days', 'months', 'seconds'] as const;

/** Characters between two parts of a compound duration at most (", and "). */
const DURATION_JOIN = 8;

export function durationSpans(text: string, language: string): Span[] {
    const f = findersOf(language);
    const spans: Span[] = [];
    // A compound duration is one span ("3 hrs 15 min", "1 jaar en 6 maanden"), not its first part.
    for (const s of all(f.durations, text)) {
        const last = spans[spans.length - 1];
        if (last && s.start - last.end <= DURATION_JOIN && compoundDuration(text.slice(last.start, s.end), language)) {
            spans[spans.length - 1] = { start: last.start, end: s.end, quote: text.slice(last.start, s.end) };
            continue;
        }
        spans.push(s);
    }
    // Hours and minutes as logs write them ("162h 35m"): one span, not its hours.
    const clocks = all(CLOCK_DURATION, text);
    const kept = clocks.length ? [...spans.filter((s) => !clocks.some((c) => c.start < s.end && s.start < c.end)), ...clocks] : spans;
    // "Net 30": payment terms in days without the unit.
    return f.net || clocks.length ? [...kept, ...(f.net ? all(f.net, text) : [])].sort((a, b) => a.start - b.start) : spans;
}

/** Hours and minutes glued to their letters (duration-parser.ts HOURS_MINUTES). */
const CLOCK_DURATION = /(?<![\p{L}\p{N}])\d{1,6} ?h ?[0-5]?\d ?m(?![\p{L}\p{N}])/giu;

/**
 * Yes/no words, but not an abbreviation of "number" ("receipt no. R-2025-0112", "Borrower no.: 2
 * 1187", "Key no: 118"), nor an option whose box is left empty ("[ ] Yes   [X] No": the answer is the ticked one).
 */
export function booleanSpans(text: string, language: string): Span[] {
    // (Nor a label's word before its colon: "Pets allowed: no".)
    const words = all(findersOf(language).booleans, text).filter(
        (s) =>
            !NUMBER_SIGN.test(text.slice(s.end, s.end + ANSWER_AHEAD)) &&
            !emptyBox(text, s) &&
            !(s.quote.length > 3 && /^[^\S\n]*:/.test(text.slice(s.end, s.end + ANSWER_AHEAD))),
    );
    // A box before a statement answers it ("[x] I confirm I am over 18"); one before an option
    // ("[ ] Yes  [x] No") does not, the option does.
    const locale = localeOf(language);
    const yesNo = shapesOf(locale).booleans;
    const refusals = wordsOf(locale, 'refusalWords');
    let grouped: ((at: number) => boolean) | undefined;
    const boxes = all(CHECK_BOX, text).filter((s) => {
        const after = /^[ \t]*(\p{L}+)/u.exec(text.slice(s.end, s.end + 40));
        if (after === null || yesNo.has(after[1]!.toLowerCase())) return false;
        // A statement that refuses ("[ ] Declined - customer confirms own insurance …", "[x] I do
        // not consent") is answered the other way round by its box: no answer read from it.
        const head =
            text
                .slice(s.end, s.end + 40)
                .toLowerCase()
                .match(/\p{L}+(?:'\p{L}+)?/gu) ?? [];
        if (head.slice(0, 4).some((w) => refusals.has(w))) return false;
        // An empty box answers "no" only where its group has a ticked one: a form left to fill in
        // ("[ ] Ik betaal in drie termijnen" among empty boxes) answers nothing.
        return s.quote !== '[ ]' && s.quote !== '☐' ? true : (grouped ??= boxGroups(text))(s.start);
    });
    return boxes.length ? [...words, ...boxes].sort((a, b) => a.start - b.start) : words;
}

/** A check box, ticked or empty: "[x]", "[X]", "[ ]", "[✓]", "☒", "☑", "☐". */
const CHECK_BOX = /\[[xX✓✔ ]\]|[☒☑☐]/gu;

/** Lines of boxes around a box read for a ticked one, at most, each way. */
const BOX_GROUP_LINES = 8;

/**
 * For a box at an offset: whether a ticked box stands on its line or on the lines of boxes around
 * it (each of them starting with a box, none blank between), at most BOX_GROUP_LINES each way.
 * Each line is tested once however many boxes it holds: a window-long line of boxes stays linear.
 */
function boxGroups(text: string): (at: number) => boolean {
    const breaks: number[] = [];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
    const lineOf = (at: number): number => {
        let lo = 0;
        let hi = breaks.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (breaks[mid]! < at) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    };
    const memo = (re: RegExp): ((l: number) => boolean) => {
        const seen = new Map<number, boolean>();
        return (l) => {
            let v = seen.get(l);
            if (v === undefined)
                seen.set(l, (v = re.test(text.slice(l === 0 ? 0 : breaks[l - 1]! + 1, l < breaks.length ? breaks[l] : text.length))));
            return v;
        };
    };
    const ticked = memo(/\[[xX✓✔]\]|[☒☑]/u);
    const boxLine = memo(/^\s*(?:\[[xX✓✔ ]\]|[☒☑☐])/u);
    return (at) => {
        const line = lineOf(at);
        if (ticked(line)) return true;
        for (let l = line - 1; l >= 0 && line - l <= BOX_GROUP_LINES && boxLine(l); l--) if (ticked(l)) return true;
        for (let l = line + 1; l <= breaks.length && l - line <= BOX_GROUP_LINES && boxLine(l); l++) if (ticked(l)) return true;
        return false;
    };
}

/** Whether a quote is a check box alone. */
export function isCheckBox(quote: string): boolean {
    return /^(?:\[[xX✓✔ ]\]|[☒☑☐])$/u.test(quote);
}

/** A full stop, maybe a colon, or a colon alone ("Key no: 118"), and on the same line a number or a code. */
const NUMBER_SIGN = /^(?:\.\s?:?|:)[^\S\n]*[^\s]*\d/u;
const ANSWER_AHEAD = 40;

/**
 * A yes/no word that runs on into a word in lower case is a word of running text ("at no additional
 * charge", "no later than"): an answer only where a label of the field points at it ("No pets are permitted").
 */
export function inRunningText(text: string, s: Span): boolean {
    return /^[ \t]\p{Ll}/u.test(text.slice(s.end, s.end + 2));
}

const enumRegexes = new WeakMap<object, RegExp>();

function escape(s: string): string {
    return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Occurrences of an enum's labels and aliases (case-insensitive, white space may vary). */
export function enumSpans(text: string, type: Extract<FieldType, { kind: 'enum' }>): Span[] {
    let re = enumRegexes.get(type);
    if (!re) {
        const words = [...type.labels, ...Object.values(type.aliases).flat()]
            .filter((w) => w.trim() !== '')
            .sort((a, b) => b.length - a.length)
            // (A label in snake case is found as its words: "standing_order" as "Standing order".)
            .map((w) => escape(w.trim()).replace(/\s+/g, '\\s+').replace(/_+/g, '[\\s_-]+').replace(/['’‘]/g, "['’‘]"));
        // Not a possessive's "s" ("Children's" is no size S).
        re = new RegExp(`${L}(?<!\\p{L}['’])(?:${words.join('|')})${R}`, 'giu');
        enumRegexes.set(type, re);
    }
    const written = new Set([...type.labels, ...Object.values(type.aliases).flat()].map((w) => w.trim()));
    return all(re, text).filter(
        (s) =>
            // An option whose box is left empty is not chosen ("[ ] Meeting  [x] Private party").
            !emptyBox(text, s) &&
            (s.quote.length > 2
                ? // Not a part of a word joined by a hyphen: "first-class mail" says no notice is the first.
                  !/\p{L}-$/u.test(text.slice(Math.max(0, s.start - 2), s.start)) && !/^-\p{L}/u.test(text.slice(s.end, s.end + 2))
                : // A label of one or two letters ("S", "XL") is read as written or in capitals, not in a
                  // word's case ("s"), and names a compound ("A-evenement": category A).
                  written.has(s.quote) || s.quote === s.quote.toUpperCase()),
    );
}
