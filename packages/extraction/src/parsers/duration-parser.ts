// Durations as documents write them — "30 days", "thirty (30) days", "two (2) years", "60-day",
// "3 months", "1 jaar", "dertig dagen", "6 weken", "a year" — and ISO 8601 ("P30D"), converted into
// the field's basis. Only exact conversions are made (weeks → days, years → months, hours → seconds):
// a month is not a fixed number of days, so "3 months" is no value of a days field.
import type { DurationBasis } from '@svc/compiler';
import { NUMBER_WORD_SOURCE, numberFromWords } from './number-words.js';

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNITS: ReadonlyArray<readonly [Unit, readonly string[]]> = [
    ['second', ['seconds', 'second', 'secs', 'sec', 'seconden', 'seconde']],
    ['minute', ['minutes', 'minute', 'mins', 'min', 'minuten', 'minuut']],
    ['hour', ['hours', 'hour', 'hrs', 'uren', 'uur']],
    ['day', ['days', 'day', 'dagen', 'dag']],
    ['week', ['weeks', 'week', 'weken']],
    ['month', ['months', 'month', 'maanden', 'maand']],
    ['year', ['years', 'year', 'jaren', 'jaar']],
];

const UNIT_OF: ReadonlyMap<string, Unit> = new Map(UNITS.flatMap(([u, words]) => words.map((w) => [w, u] as const)));

/** Regular-expression source of one unit word (longest first). */
export const UNIT_SOURCE = [...UNIT_OF.keys()].sort((a, b) => b.length - a.length).join('|');

/** Factor of a unit in each basis; absent where the conversion is not exact. */
const FACTORS: Readonly<Record<DurationBasis, Partial<Record<Unit, number>>>> = {
    days: { day: 1, week: 7 },
    months: { month: 1, year: 12 },
    seconds: { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800 },
};

// "thirty (30)", "30", "two", "a", "een"; optional qualifiers between count and unit.
const COUNT = `(\\d{1,6}|${NUMBER_WORD_SOURCE}|a|an)(?:\\s*\\((\\d{1,6})\\))?`;
const QUALIFIER = '(?:\\s+(?:calendar|consecutive|full|additional|successive|kalender|volle|aaneengesloten))?';
const WRITTEN = new RegExp(`^${COUNT}${QUALIFIER}(?:\\s*-\\s*|\\s+)(${UNIT_SOURCE})$`, 'i');
const PAREN_ONLY = new RegExp(`^\\((\\d{1,6})\\)${QUALIFIER}\\s+(${UNIT_SOURCE})$`, 'i');
const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

function countOf(text: string): number | undefined {
    if (/^\d+$/.test(text)) return Number(text);
    const t = text.toLowerCase();
    if (t === 'a' || t === 'an') return 1;
    return numberFromWords(t);
}

function inBasis(amount: number, unit: Unit, basis: DurationBasis): number | undefined {
    const f = FACTORS[basis][unit];
    if (f === undefined) return undefined;
    const n = amount * f;
    return Number.isSafeInteger(n) ? n : undefined;
}

function iso(t: string, basis: DurationBasis): number | undefined {
    const m = ISO.exec(t);
    if (!m || t === 'P' || t.endsWith('T')) return undefined;
    const parts: Array<[string | undefined, Unit]> = [[m[1], 'year'], [m[2], 'month'], [m[3], 'week'], [m[4], 'day'], [m[5], 'hour'], [m[6], 'minute'], [m[7], 'second']];
    let total = 0;
    let any = false;
    for (const [digits, unit] of parts) {
        if (digits === undefined) continue;
        const n = inBasis(Number(digits), unit, basis);
        if (n === undefined) return undefined;
        total += n;
        any = true;
    }
    return any ? total : undefined;
}

/** The count in the field's basis of a duration quote, or undefined. */
export function parseDurationQuote(quote: string, basis: DurationBasis): number | undefined {
    const t = quote.trim().replace(/\s+/g, ' ');
    if (t.startsWith('P')) return iso(t, basis);
    let m = WRITTEN.exec(t);
    if (m) {
        const written = countOf(m[1]!);
        if (written === undefined) return undefined;
        // "thirty (30) days": the words and the digits must agree.
        if (m[2] !== undefined && Number(m[2]) !== written) return undefined;
        return inBasis(written, UNIT_OF.get(m[3]!.toLowerCase())!, basis);
    }
    m = PAREN_ONLY.exec(t);
    if (m) return inBasis(Number(m[1]), UNIT_OF.get(m[2]!.toLowerCase())!, basis);
    return undefined;
}
