// Dates and datetimes as documents write them: ISO ("2024-03-03"), numeric in the field's
// `date_order` ("03/04/2024"), and written with English or Dutch month names ("3 maart 2024",
// "March 3rd, 2024", "3-mrt-2024", "the 20th day of November, 2018"), the written forms being the
// document language's shapes (locale/locale-shapes.ts), which the reader's recogniser uses too.
// Values are the compiler's: days since 1970-01-01, and milliseconds since the epoch in UTC.
import type { DateOrder } from '@svc/compiler';
import { daysFromCivil, daysInMonth, MS_PER_DAY } from '../compiler-values.js';
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf, type LocaleShapes } from '../locale/locale-shapes.js';

interface WrittenDates {
    dayMonthYear: RegExp;
    runTogether: RegExp;
    monthDayYear: RegExp;
    time: RegExp;
}

const written = new WeakMap<LocaleShapes, WrittenDates>();

/** The exact written date and time forms of a language, built once per profile. */
function writtenDates(shapes: LocaleShapes): WrittenDates {
    let w = written.get(shapes);
    if (!w) {
        w = {
            dayMonthYear: new RegExp(`^${shapes.dayMonthYear}$`, 'i'),
            monthDayYear: new RegExp(`^${shapes.monthDayYear}$`, 'i'),
            runTogether: new RegExp(`^${shapes.runTogetherDate}$`, 'iu'),
            time: new RegExp(
                `^(.*?)(?:${shapes.timeJoin})${TIME_OF_DAY}(?:\\s*(?:${shapes.timeAfter}))?(?:\\s*(Z|UTC|GMT|[+-]\\d{2}:?\\d{2}))?$`,
                'i',
            ),
        };
        written.set(shapes, w);
    }
    return w;
}

/** "10:00", "10.00:30.5", "2:30 pm": groups hour, minute, second, milliseconds, half of day. */
export const TIME_OF_DAY = '(\\d{1,2})[:.](\\d{2})(?:[:.](\\d{2})(?:\\.(\\d{1,3}))?)?(?:\\s*([aApP]\\.?[mM]\\.?))?';

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

export interface CivilDate {
    year: number;
    month: number;
    day: number;
}

function valid(year: number, month: number, day: number): boolean {
    return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Two-digit years: 00..68 → 2000s, 69..99 → 1900s (the POSIX strptime convention). */
function fullYear(text: string): number {
    const y = Number(text);
    if (text.length === 4) return y;
    return y <= 68 ? 2000 + y : 1900 + y;
}

function civil(year: number, month: number, day: number): CivilDate | undefined {
    return valid(year, month, day) ? { year, month, day } : undefined;
}

/** A numeric date "a/b/c" under the field's date order (docs/schema-language.md). */
function numericDate(a: number, b: number, yearText: string, order: DateOrder, language: string): CivilDate | undefined {
    const year = fullYear(yearText);
    if (order === 'dmy') return civil(year, b, a);
    if (order === 'mdy') return civil(year, a, b);
    if (order === 'ymd') return undefined; // a two-part-first form is not year first
    // auto: the language's reading (locale/): day first (nl), or month first and day first only
    // where that is the only valid reading (en: 13/03/2024).
    if (localeOf(language).numericDates === 'dmy') return civil(year, b, a);
    return civil(year, a, b) ?? civil(year, b, a);
}

/** Parses a whole quote as a calendar date; undefined when it is not one. */
export function parseCivilDate(quote: string, order: DateOrder, language: string): CivilDate | undefined {
    const t = quote.trim().replace(/\s+/g, ' ');
    let m = ISO.exec(t);
    if (m) return civil(+m[1]!, +m[2]!, +m[3]!);
    m = NUMERIC.exec(t);
    if (m) {
        if (order === 'ymd') {
            // "24/03/05" read year first only when the field says so.
            if (m[4]!.length !== 2 || m[1]!.length !== 2) return undefined;
            return civil(fullYear(m[1]!), +m[3]!, +m[4]!);
        }
        return numericDate(+m[1]!, +m[3]!, m[4]!, order, language);
    }
    const shapes = shapesOf(localeOf(language));
    const month = (name: string): number => shapes.monthNumber.get(name.toLowerCase().replace(/\.$/, ''))!;
    const forms = writtenDates(shapes);
    m = forms.dayMonthYear.exec(t);
    if (m)
        return civil(+m[3]!, month(m[2]!), /^\d/.test(m[1]!) ? +m[1]! : (shapes.dayNumber.get(m[1]!.toLowerCase().replace(' ', '-')) ?? 0));
    m = forms.monthDayYear.exec(t);
    if (m) return civil(+m[3]!, month(m[1]!), +m[2]!);
    m = forms.runTogether.exec(t);
    if (m) return civil(fullYear(m[3]!), month(m[2]!), +m[1]!);
    m = COMPACT.exec(t);
    if (m && order === 'ymd') return civil(+m[1]!, +m[2]!, +m[3]!);
    return undefined;
}

/** Days since 1970-01-01 of a date quote. */
export function parseDateQuote(quote: string, order: DateOrder, language: string): number | undefined {
    const d = parseCivilDate(quote, order, language);
    return d && daysFromCivil(d.year, d.month, d.day);
}

// A time after the date: "10:00", "10:00:30", "10.00 uur", "2:30 pm", optional zone "Z", "UTC",
// "+01:00"; "CET" is not read (zone names are ambiguous).

/**
 * Milliseconds (UTC) of a datetime quote: a date, optionally followed by a time and a zone. A time
 * without a zone is read as UTC (docs/schema-language.md); a date alone is its midnight.
 */
export function parseDateTimeQuote(quote: string, order: DateOrder, language: string): number | undefined {
    const t = quote.trim().replace(/\s+/g, ' ');
    const isoT = /^(\d{4}-\d{2}-\d{2})T(.*)$/.exec(t);
    const m = writtenDates(shapesOf(localeOf(language))).time.exec(isoT ? `${isoT[1]} ${isoT[2]}` : t);
    if (!m) {
        const days = parseDateQuote(t, order, language);
        return days === undefined ? undefined : days * MS_PER_DAY;
    }
    const days = parseDateQuote(m[1]!, order, language);
    if (days === undefined) return undefined;
    let hour = +m[2]!;
    const minute = +m[3]!;
    const second = m[4] === undefined ? 0 : +m[4];
    const millis = m[5] === undefined ? 0 : +m[5].padEnd(3, '0');
    const half = m[6]?.toLowerCase().replace(/\./g, '');
    if (half !== undefined) {
        if (hour < 1 || hour > 12) return undefined;
        hour = (hour % 12) + (half === 'pm' ? 12 : 0);
    }
    if (hour > 23 || minute > 59 || second > 59) return undefined;
    let offset = 0;
    const zone = m[7]?.toUpperCase();
    if (zone !== undefined && zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
        const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
        const oh = +z[2]!;
        const om = +z[3]!;
        if (oh > 23 || om > 59) return undefined;
        offset = (z[1] === '-' ? -1 : 1) * (oh * 60 + om);
    }
    return days * MS_PER_DAY + ((hour * 60 + minute - offset) * 60 + second) * 1000 + millis;
}
