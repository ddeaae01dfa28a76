// Durations as documents write them — "30 days", "thirty (30) days", "two (2) years", "60-day",
// "3 months", "1 jaar", "dertig dagen", "6 weken", "a year" — in the document language's words
// (locale/), and ISO 8601 ("P30D"), converted into the field's basis. Only exact conversions are
// made (weeks → days, years → months, hours → seconds): a month is not a fixed number of days, so
// "3 months" is no value of a days field. The written shape is durationSource, which the reader's
// recogniser uses too.
import type { DurationBasis } from '@svc/compiler';
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';
import type { DurationUnit } from '../locale/locale-types.js';
import { numberFromWords } from './number-words.js';

/** Factor of a unit in each basis; absent where the conversion is not exact. */
const FACTORS: Readonly<Record<DurationBasis, Partial<Record<DurationUnit, number>>>> = {
    days: { day: 1, week: 7 },
    months: { month: 1, year: 12 },
    seconds: { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800 },
};

const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/**
 * The written duration shape of a language; groups: count (digits, words or "a"), the count in
 * brackets, or the bracketed count alone, then the unit. "thirty (30) calendar days", "(30) days".
 */
export function durationSource(language: string): string {
    const s = shapesOf(localeOf(language));
    const qualifier = s.durationQualifier ? `(?:\\s+(?:${s.durationQualifier}))?` : '';
    return `(?:(\\d{1,6}|${s.numberWord}|${s.one})(?:\\s*\\((\\d{1,6})\\))?|\\((\\d{1,6})\\))${qualifier}(?:\\s*-\\s*|\\s+|(?<=\\d))(${s.durationUnit})`;
}

/**
 * Payment terms counted in days without a unit ("Net 30", "NET 45"): the language's net words
 * before a count of days. Undefined when the language has none.
 */
export function netTermsSource(language: string): string | undefined {
    const words = localeOf(language).netTerms ?? [];
    return words.length ? `(?:${words.join('|')})\\s+(\\d{1,3})` : undefined;
}

const nets = new Map<string, RegExp | null>();

function netTerms(language: string): RegExp | null {
    let re = nets.get(language);
    if (re === undefined) {
        const source = netTermsSource(language);
        nets.set(language, (re = source ? new RegExp(`^${source}$`, 'i') : null));
    }
    return re;
}

const exact = new Map<string, RegExp>();

function written(language: string): RegExp {
    let re = exact.get(language);
    if (!re) exact.set(language, (re = new RegExp(`^${durationSource(language)}$`, 'i')));
    return re;
}

function inBasis(amount: number, unit: DurationUnit, basis: DurationBasis): number | undefined {
    const f = FACTORS[basis][unit];
    if (f === undefined) return undefined;
    const n = amount * f;
    return Number.isSafeInteger(n) ? n : undefined;
}

function iso(t: string, basis: DurationBasis): number | undefined {
    const m = ISO.exec(t);
    if (!m || t === 'P' || t.endsWith('T')) return undefined;
    const parts: Array<[string | undefined, DurationUnit]> = [
        [m[1], 'year'],
        [m[2], 'month'],
        [m[3], 'week'],
        [m[4], 'day'],
        [m[5], 'hour'],
        [m[6], 'minute'],
        [m[7], 'second'],
    ];
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

/** A written duration's count and unit ("3 hrs": 3 hours), or undefined. */
function writtenPart(t: string, language: string): { n: number; unit: DurationUnit } | undefined {
    const m = written(language).exec(t);
    if (!m) return undefined;
    const s = shapesOf(localeOf(language));
    const unit = s.unitOf.get(m[4]!.toLowerCase())!;
    if (m[3] !== undefined) return { n: Number(m[3]), unit };
    const count = m[1]!.toLowerCase();
    const n = /^\d+$/.test(count) ? Number(count) : localeOf(language).one.includes(count) ? 1 : numberFromWords(count, language);
    if (n === undefined) return undefined;
    // "thirty (30) days": the words and the digits must agree.
    if (m[2] !== undefined && Number(m[2]) !== n) return undefined;
    return { n, unit };
}

/** Units from the largest down: a compound duration names each at most once, largest first. */
const UNIT_ORDER: readonly DurationUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];

/** Parts of a compound duration at most ("1 year, 2 months and 3 days"). */
const MAX_PARTS = 3;

const joinerRes = new Map<string, RegExp>();
const partRes = new Map<string, RegExp>();

/** What joins the parts of a compound duration: a space, a comma, the language's "and". */
function partJoiner(language: string): RegExp {
    let re = joinerRes.get(language);
    if (!re) {
        const and = localeOf(language).numberWords.joiners.join('|');
        joinerRes.set(language, (re = new RegExp(`^\\s*,?\\s*(?:(?:${and})\\s+)?$`, 'iu')));
    }
    return re;
}

/**
 * The parts of a compound duration ("3 hrs 15 min", "1 jaar en 6 maanden"): two or three written
 * durations, their units from the largest down, joined by spaces, a comma or "and"; undefined for
 * anything else (a list of alternatives, "30 days, 60 days", repeats its unit).
 */
export function durationParts(quote: string, language: string): Array<{ n: number; unit: DurationUnit }> | undefined {
    const t = quote.trim().replace(/\s+/g, ' ');
    let re = partRes.get(language);
    if (!re) partRes.set(language, (re = new RegExp(durationSource(language), 'giu')));
    re.lastIndex = 0;
    const parts: Array<{ n: number; unit: DurationUnit }> = [];
    let at = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
        if (!partJoiner(language).test(t.slice(at, m.index)) || (at === 0 && m.index !== 0)) return undefined;
        const part = writtenPart(m[0], language);
        if (!part || parts.length >= MAX_PARTS) return undefined;
        const last = parts[parts.length - 1];
        if (last && UNIT_ORDER.indexOf(part.unit) <= UNIT_ORDER.indexOf(last.unit)) return undefined;
        parts.push(part);
        at = m.index + m[0].length;
    }
    return parts.length >= 2 && at === t.length ? parts : undefined;
}

/** Hours and minutes as logs and tachographs write them ("162h 35m", "10h12m"): minutes under 60. */
export const HOURS_MINUTES = /^(\d{1,6}) ?h ?([0-5]?\d) ?m$/i;

/** The count in the field's basis of a duration quote, or undefined. */
export function parseDurationQuote(quote: string, basis: DurationBasis, language: string): number | undefined {
    const t = quote.trim().replace(/\s+/g, ' ');
    if (t.startsWith('P')) return iso(t, basis);
    const net = netTerms(language)?.exec(t);
    if (net) return inBasis(Number(net[1]), 'day', basis);
    const one = writtenPart(t, language);
    if (one) return inBasis(one.n, one.unit, basis);
    const clock = HOURS_MINUTES.exec(t);
    if (clock) {
        const hours = inBasis(Number(clock[1]), 'hour', basis);
        const minutes = inBasis(Number(clock[2]), 'minute', basis);
        return hours === undefined || minutes === undefined ? undefined : hours + minutes;
    }
    // "3 hrs 15 min": each part in the basis, summed (none may be inexact: "1 month 3 days").
    let total = 0;
    for (const part of durationParts(t, language) ?? []) {
        const n = inBasis(part.n, part.unit, basis);
        if (n === undefined) return undefined;
        total += n;
    }
    return total > 0 && Number.isSafeInteger(total) ? total : undefined;
}
