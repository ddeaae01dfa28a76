// Type recognisers of the heuristic reader: where in a window something of a field's type is
// written. They find the shapes (a date, an amount with its currency mark, "thirty (30) days", an
// enum label); whether a shape is a value of the field — its currency, scale, bounds, pattern — is
// decided by parseQuote, like for any reader.
import type { FieldType } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { CURRENCY_MARK_SOURCE, currenciesOfMark } from '../parsers/currency-marks.js';
import { UNIT_SOURCE } from '../parsers/duration-parser.js';
import { MONTH_SOURCE } from '../parsers/month-names.js';
import { NUMBER_WORD_SOURCE } from '../parsers/number-words.js';

export interface Span {
    start: number;
    end: number;
    quote: string;
    /** The span carried an explicit currency mark (money). */
    marked?: boolean;
}

const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}])';
const ORD = '(?:st|nd|rd|th|e|ste|de)?';

const DATE_SOURCES = [
    `${L}\\d{4}([-/.])\\d{1,2}\\1\\d{1,2}(?![\\p{N}]|[-/.]\\d)`,
    `(?<![\\p{L}\\p{N}./-])\\d{1,2}([-/.])\\d{1,2}\\2(?:\\d{4}|\\d{2})(?![\\p{N}]|[-/.]\\d)`,
    `${L}\\d{1,2}${ORD}(?:\\s+day)?(?:\\s+of)?[\\s\\-/.]*(?:${MONTH_SOURCE})[\\s,\\-/.]*\\d{4}${R}`,
    `${L}(?:${MONTH_SOURCE})\\s*\\d{1,2}${ORD}\\s*,?\\s*\\d{4}${R}`,
];
const DATES = new RegExp(DATE_SOURCES.map((s) => `(?:${s})`).join('|'), 'giu');
const TIME_AFTER = /^(?:\s*[T,]\s*|\s+(?:at|om)\s+|\s+)\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s*[aApP]\.?[mM]\.?)?(?:\s*(?:uur|h))?(?:\s*(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?(?![\p{N}])/u;

const AMOUNT = {
    en: '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+',
    nl: '\\d{1,3}(?:\\.\\d{3})+(?:,(?:\\d+|-{1,2}))?|\\d+(?:,(?:\\d+|-{1,2}))?',
};
// An amount is not part of a longer number, a date, a time, a phone number or a percentage.
const AMOUNT_LEFT = '(?<![\\p{L}\\p{N}.,/:-])';
const AMOUNT_RIGHT = '(?![\\p{N}]|[.,:/-][\\p{L}\\p{N}]|\\s?%)';
// Decimal fields hold rates too ("VAT rate 21.00%"): for them a percentage is a candidate, the
// number without its sign being the quote.
const AMOUNT_RIGHT_PERCENT = '(?![\\p{N}]|[.,:/-][\\p{L}\\p{N}])';
const amountRegexes = new Map<string, RegExp>();

function amountRegex(language: Language, money: boolean, percent = false): RegExp {
    const key = `${language}:${money}:${percent}`;
    let re = amountRegexes.get(key);
    if (!re) {
        const amount = `(?:-\\s?)?(?:${AMOUNT[language]})`;
        const source = money
            ? `(?:(?<![\\p{L}\\p{N}])(${CURRENCY_MARK_SOURCE})\\s?)?${AMOUNT_LEFT}(${amount})${AMOUNT_RIGHT}(?:\\s?(${CURRENCY_MARK_SOURCE})(?![\\p{L}]))?`
            : `${AMOUNT_LEFT}(${amount})${percent ? AMOUNT_RIGHT_PERCENT : AMOUNT_RIGHT}`;
        re = new RegExp(source, 'gu');
        amountRegexes.set(key, re);
    }
    return re;
}

const DURATIONS = new RegExp(
    `${L}(?:(?:\\d{1,6}|${NUMBER_WORD_SOURCE}|a|an)(?:\\s*\\(\\d{1,6}\\))?|\\(\\d{1,6}\\))(?:\\s+(?:calendar|consecutive|full|kalender|volle))?(?:\\s*-\\s*|\\s+)(?:${UNIT_SOURCE})${R}`,
    'giu',
);

const BOOLEANS = new RegExp(`${L}(?:yes|no|true|false|ja|nee|waar|onwaar)${R}`, 'giu');

function all(re: RegExp, text: string): Span[] {
    const out: Span[] = [];
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) out.push({ start: m.index!, end: m.index! + m[0].length, quote: m[0] });
    return out;
}

export function dateSpans(text: string, withTime: boolean): Span[] {
    const spans = all(DATES, text).map((s) => {
        // "20th day of November, 2018": the whole phrase is the quote; a trailing separator is not.
        const trimmed = s.quote.replace(/[\s,./-]+$/, '');
        return { ...s, quote: trimmed, end: s.start + trimmed.length };
    });
    if (!withTime) return spans;
    return spans.map((s) => {
        const t = TIME_AFTER.exec(text.slice(s.end, s.end + 40));
        return t ? { start: s.start, end: s.end + t[0].length, quote: s.quote + t[0] } : s;
    });
}

export function amountSpans(text: string, language: Language, money: boolean, percent = false): Span[] {
    const out: Span[] = [];
    const re = amountRegex(language, money, percent);
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
        let start = m.index!;
        let end = start + m[0].length;
        if (money) {
            const before = m[1];
            const after = m[3];
            const amountStart = text.indexOf(m[2]!, start);
            // A mark that is no currency ("QTY 2", "TAX 5.00") is not part of the quote.
            const okBefore = before !== undefined && currenciesOfMark(before) !== undefined;
            const okAfter = after !== undefined && currenciesOfMark(after) !== undefined && !okBefore;
            start = okBefore ? start : amountStart;
            end = okAfter ? end : amountStart + m[2]!.length;
            out.push({ start, end, quote: text.slice(start, end), marked: okBefore || okAfter });
        } else out.push({ start, end, quote: m[0] });
    }
    return out;
}

export function durationSpans(text: string): Span[] {
    return all(DURATIONS, text);
}

export function booleanSpans(text: string): Span[] {
    return all(BOOLEANS, text);
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
            .map((w) => escape(w.trim()).replace(/\s+/g, '\\s+').replace(/['’‘]/g, "['’‘]"));
        re = new RegExp(`${L}(?:${words.join('|')})${R}`, 'giu');
        enumRegexes.set(type, re);
    }
    return all(re, text);
}
