// Dates as integer days since 1970-01-01 and datetimes as integer milliseconds since the epoch (UTC),
// both proleptic Gregorian, years 0001..9999. Integers keep comparison and arithmetic trivial in the
// evaluator; the civil conversions are Howard Hinnant's public-domain algorithms.
import type { EomRule } from './value-types.js';

export const MS_PER_DAY = 86_400_000;

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian; any integer year). */
export function daysFromCivil(year: number, month: number, day: number): number {
    const y = month <= 2 ? year - 1 : year;
    const era = Math.floor(y / 400);
    const yoe = y - era * 400;
    const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
    const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
    return era * 146097 + doe - 719468;
}

// Scratch output of toCivil: the evaluator's month arithmetic runs without allocating.
let cYear = 0;
let cMonth = 0;
let cDay = 0;

function toCivil(days: number): void {
    const z = days + 719468;
    const era = Math.floor(z / 146097);
    const doe = z - era * 146097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    cDay = doy - Math.floor((153 * mp + 2) / 5) + 1;
    cMonth = mp < 10 ? mp + 3 : mp - 9;
    cYear = yoe + era * 400 + (cMonth <= 2 ? 1 : 0);
}

export interface CivilDate {
    year: number;
    month: number;
    day: number;
}

/** The civil date of a day number. */
export function civilFromDays(days: number): CivilDate {
    toCivil(days);
    return { year: cYear, month: cMonth, day: cDay };
}

export function isLeapYear(year: number): boolean {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in month `month` (1..12) of `year`. */
export function daysInMonth(year: number, month: number): number {
    return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** 0001-01-01 and 9999-12-31 as day numbers. */
export const MIN_DAY = daysFromCivil(1, 1, 1);
export const MAX_DAY = daysFromCivil(9999, 12, 31);
/** First and last millisecond of that range. */
export const MIN_MS = MIN_DAY * MS_PER_DAY;
export const MAX_MS = (MAX_DAY + 1) * MS_PER_DAY - 1;

/** An integer day within 0001-01-01..9999-12-31 (false for NaN and fractions). */
export function inDateRange(days: number): boolean {
    return days >= MIN_DAY && days <= MAX_DAY && Math.floor(days) === days;
}

/** An integer millisecond within 0001-01-01T00:00:00.000Z..9999-12-31T23:59:59.999Z. */
export function inDateTimeRange(ms: number): boolean {
    return ms >= MIN_MS && ms <= MAX_MS && Math.floor(ms) === ms;
}

function validCivil(year: number, month: number, day: number): boolean {
    return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Strict `YYYY-MM-DD`, a real calendar date in years 0001..9999 → day number. */
export function parseIsoDate(text: string): number | undefined {
    const m = ISO_DATE.exec(text);
    if (!m) return undefined;
    const year = +m[1]!;
    const month = +m[2]!;
    const day = +m[3]!;
    return validCivil(year, month, day) ? daysFromCivil(year, month, day) : undefined;
}

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Strict `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` → milliseconds UTC. No offset means UTC; hours
 * 00..23, seconds 00..59 (no leap seconds); 1 to 3 fraction digits; uppercase `T` and `Z` only;
 * offsets up to ±23:59. The instant itself must also fall within years 0001..9999 in UTC.
 */
export function parseIsoDateTime(text: string): number | undefined {
    const m = ISO_DATETIME.exec(text);
    if (!m) return undefined;
    const year = +m[1]!;
    const month = +m[2]!;
    const day = +m[3]!;
    const hour = +m[4]!;
    const minute = +m[5]!;
    const second = m[6] === undefined ? 0 : +m[6];
    const millis = m[7] === undefined ? 0 : +m[7].padEnd(3, '0');
    if (!validCivil(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
    let offsetMinutes = 0;
    const zone = m[8];
    if (zone !== undefined && zone !== 'Z') {
        const oh = +zone.slice(1, 3);
        const om = +zone.slice(4, 6);
        if (oh > 23 || om > 59) return undefined;
        offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
    }
    const ms = daysFromCivil(year, month, day) * MS_PER_DAY + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millis;
    return inDateTimeRange(ms) ? ms : undefined;
}

function pad(n: number, width: number): string {
    return String(n).padStart(width, '0');
}

/** Day number → `YYYY-MM-DD`. */
export function formatIsoDate(days: number): string {
    toCivil(days);
    return `${pad(cYear, 4)}-${pad(cMonth, 2)}-${pad(cDay, 2)}`;
}

/** Milliseconds → `YYYY-MM-DDTHH:MM:SSZ`, with `.sss` only when the milliseconds are not zero. */
export function formatIsoDateTime(ms: number): string {
    const days = Math.floor(ms / MS_PER_DAY);
    const t = ms - days * MS_PER_DAY;
    const seconds = Math.floor(t / 1000);
    const millis = t - seconds * 1000;
    const hms = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`;
    return `${formatIsoDate(days)}T${hms}${millis === 0 ? '' : '.' + pad(millis, 3)}Z`;
}

/**
 * day ± months. `clamp`: the day of month is kept, capped at the target month's length (Jan 31 + 1
 * month = Feb 28/29). `preserve`: a month's last day maps to the target month's last day (Feb 28,
 * 2023 + 1 month = Mar 31); other days clamp. Negative months work the same way. The result is not
 * range-checked (callers use inDateRange); a non-integer or unsafe input gives NaN.
 */
export function addMonthsToDays(days: number, months: number, eom: EomRule): number {
    if (!Number.isSafeInteger(days) || !Number.isSafeInteger(months)) return NaN;
    toCivil(days);
    const total = cYear * 12 + (cMonth - 1) + months;
    if (!Number.isSafeInteger(total)) return NaN;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    const length = daysInMonth(year, month);
    const day = eom === 'preserve' && cDay === daysInMonth(cYear, cMonth) ? length : Math.min(cDay, length);
    return daysFromCivil(year, month, day);
}

/** datetime ± months: the UTC date moves as in addMonthsToDays, the time of day is kept. */
export function addMonthsToMs(ms: number, months: number, eom: EomRule): number {
    const days = Math.floor(ms / MS_PER_DAY);
    return addMonthsToDays(days, months, eom) * MS_PER_DAY + (ms - days * MS_PER_DAY);
}
