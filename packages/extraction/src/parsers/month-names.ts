// Month names and abbreviations as English and Dutch documents write them. Both languages are
// accepted in either document language: a Dutch ruling quoting an English contract date is still a
// date, and no name means different months in the two languages.

const NAMES: ReadonlyArray<readonly [number, readonly string[]]> = [
    [1, ['january', 'januari', 'jan']],
    [2, ['february', 'februari', 'feb', 'febr']],
    [3, ['march', 'maart', 'mar', 'mrt']],
    [4, ['april', 'apr']],
    [5, ['may', 'mei']],
    [6, ['june', 'juni', 'jun']],
    [7, ['july', 'juli', 'jul']],
    [8, ['august', 'augustus', 'aug']],
    [9, ['september', 'sept', 'sep']],
    [10, ['october', 'oktober', 'oct', 'okt']],
    [11, ['november', 'nov']],
    [12, ['december', 'dec']],
];

const BY_NAME: ReadonlyMap<string, number> = new Map(NAMES.flatMap(([m, names]) => names.map((n) => [n, m] as const)));

/** Month number (1..12) of a name or abbreviation (case-insensitive, an abbreviation's dot allowed). */
export function monthFromName(word: string): number | undefined {
    return BY_NAME.get(word.toLowerCase().replace(/\.$/, ''));
}

const FULL = new Set(['may', 'mei', 'june', 'juni', 'july', 'juli', 'april']);

/** Regular-expression source for one month name; longest first so "march" wins over "mar". */
export const MONTH_SOURCE = [...BY_NAME.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) => (n.length <= 4 && !FULL.has(n) ? `${n}\\.?` : n))
    .join('|');
