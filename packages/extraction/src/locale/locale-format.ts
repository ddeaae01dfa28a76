// Values written the way a language writes them: the inverse of the parsers, for tests that check
// that what is written parses back to the same value (round trips), and for callers that show a
// value in the document's own notation.
import { localeOf } from './locale-registry.js';
import type { DurationUnit } from './locale-types.js';

/** A plain decimal string ("-1234.5") in the language's notation, thousands grouped or not. */
export function formatAmount(plain: string, language: string, grouped = true): string {
    const p = localeOf(language).numbers;
    const negative = plain.startsWith('-');
    const [whole, fraction] = plain.replace(/^-/, '').split('.') as [string, string | undefined];
    const groups = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, p.group) : whole;
    return `${negative ? '-' : ''}${groups}${fraction === undefined ? '' : p.decimal + fraction}`;
}

/** A calendar date written with the language's month name ("3 maart 2024", "3 march 2024"). */
export function formatWrittenDate(year: number, month: number, day: number, language: string): string {
    return `${day} ${localeOf(language).months[month - 1]![0]} ${year}`;
}

/** A duration in the language's words for its unit ("30 days", "30 dagen"). */
export function formatDuration(count: number, unit: DurationUnit, language: string): string {
    const names = localeOf(language).durationUnits[unit];
    return `${count} ${count === 1 ? names[names.length - 1]! : names[0]!}`;
}
