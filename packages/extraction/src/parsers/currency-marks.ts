// Currency marks written before or after an amount: ISO codes ("EUR", "MYR"), symbols ("€", "$",
// "£") and the local abbreviations documents use instead of the code ("RM" for ringgit). A mark that
// names another currency than the field's makes the quote not that field's money; no mark at all is
// read in the field's currency (receipts rarely repeat the currency on every amount).
import { isCurrencyCode } from '../compiler-values.js';

/** Dollar-sign currencies: a bare "$" may stand for any of these. */
const DOLLARS = new Set([
    'USD',
    'CAD',
    'AUD',
    'NZD',
    'SGD',
    'HKD',
    'TWD',
    'BSD',
    'BBD',
    'BMD',
    'BZD',
    'FJD',
    'JMD',
    'KYD',
    'LRD',
    'NAD',
    'SBD',
    'SRD',
    'TTD',
    'XCD',
    'GYD',
    'BND',
    'MXN',
    'ARS',
    'CLP',
    'COP',
]);

/** Marks other than ISO codes → the currencies they may stand for. */
const MARKS: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
    ['€', new Set(['EUR'])],
    ['£', new Set(['GBP'])],
    ['¥', new Set(['JPY', 'CNY'])],
    ['₹', new Set(['INR'])],
    ['₩', new Set(['KRW'])],
    ['₺', new Set(['TRY'])],
    ['₽', new Set(['RUB'])],
    ['₱', new Set(['PHP'])],
    ['฿', new Set(['THB'])],
    ['₫', new Set(['VND'])],
    ['$', DOLLARS],
    ['US$', new Set(['USD'])],
    ['S$', new Set(['SGD'])],
    ['A$', new Set(['AUD'])],
    ['AU$', new Set(['AUD'])],
    ['C$', new Set(['CAD'])],
    ['CA$', new Set(['CAD'])],
    ['HK$', new Set(['HKD'])],
    ['NZ$', new Set(['NZD'])],
    ['RM', new Set(['MYR'])],
    ['Rp', new Set(['IDR'])],
    ['Rs', new Set(['INR', 'PKR', 'LKR', 'NPR'])],
    ['Rs.', new Set(['INR', 'PKR', 'LKR', 'NPR'])],
    ['kr', new Set(['SEK', 'NOK', 'DKK', 'ISK'])],
    ['kr.', new Set(['SEK', 'NOK', 'DKK', 'ISK'])],
    ['Fr.', new Set(['CHF'])],
    ['zł', new Set(['PLN'])],
    ['R$', new Set(['BRL'])],
]);

/** Regular-expression source of one currency mark (longest first), for recognisers. */
export const CURRENCY_MARK_SOURCE = [...MARKS.keys()]
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/[$.]/g, (c) => `\\${c}`))
    .concat(['[A-Z]{3}'])
    .join('|');

/** The currencies a mark may stand for; undefined when it is no currency mark. */
export function currenciesOfMark(mark: string): ReadonlySet<string> | undefined {
    const m = MARKS.get(mark) ?? MARKS.get(mark.toUpperCase() === 'RM' ? 'RM' : mark);
    if (m) return m;
    if (/^[A-Z]{3}$/.test(mark) && isCurrencyCode(mark)) return new Set([mark]);
    return undefined;
}

// A mark at the start, and one at the end, each matched where it stands: one pattern with a lazy
// middle (`^(mark)?(.*?)(mark)?$`) tries the end at every length of the middle, quadratic in a long quote.
const LEADING = new RegExp(`^(?:${CURRENCY_MARK_SOURCE})`);
const TRAILING = new RegExp(`(?:${CURRENCY_MARK_SOURCE})$`);
/** Longest mark: the end of a quote searched for one. */
const MARK_TAIL = 8;

function splitMarks(t: string): { lead?: string; middle: string; trail?: string } {
    const lead = LEADING.exec(t)?.[0];
    let rest = lead === undefined ? t : t.slice(lead.length).trimStart();
    const tailAt = Math.max(0, rest.length - MARK_TAIL);
    const trail = TRAILING.exec(rest.slice(tailAt))?.[0];
    if (trail !== undefined) rest = rest.slice(0, rest.length - trail.length).trimEnd();
    return { lead, middle: rest, trail };
}

/**
 * Splits "EUR 1,234.56", "€1.234,56", "60.30 RM", "-RM 0.02" into the amount text and the mark (if
 * any). A sign before the mark moves to the amount.
 */
export function splitCurrencyMark(quote: string): { amount: string; mark?: string } | undefined {
    let t = quote.trim();
    let sign = '';
    if (/^[-\u2212]/.test(t) && !/^[-\u2212]\s*\d/.test(t)) {
        sign = '-';
        t = t.slice(1).trimStart();
    }
    const m = splitMarks(t);
    if (m.lead !== undefined && m.trail !== undefined) return undefined; // a mark on both sides
    const mark = m.lead ?? m.trail;
    if (mark !== undefined && currenciesOfMark(mark) === undefined) return undefined;
    return { amount: sign + m.middle, mark };
}
