// Finding a reader's quote in its window in time linear in the window plus the quote. V8's
// String.prototype.indexOf is fast on ordinary text but far from linear on crafted patterns (a
// quote `(a )^1000 b (a )^1000` over a window of "a a a …" costs milliseconds per call, and one
// answer may carry 1,000 such quotes): a Knuth–Morris–Pratt scan takes at most 2·(window + quote)
// steps whatever the text, so grounding's work can be counted and bounded (window-search.ts).

/** Where a search ended: the occurrence chosen (-1: none), and what the scan cost. */
export interface QuoteFound {
    at: number;
    /** Some occurrence began or ended inside a surrogate pair (half a character) and was skipped. */
    split: boolean;
    /** UTF-16 units of the window scanned. */
    scanned: number;
    /** The scan stopped at its limit before it could decide. */
    stopped: boolean;
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Whether UTF-16 offset `u` of `text` falls between the two halves of a surrogate pair. */
export function insidePair(text: string, u: number): boolean {
    return u > 0 && u < text.length && isHigh(text.charCodeAt(u - 1)) && isLow(text.charCodeAt(u));
}

/** Whether an occurrence at `at` begins and ends between code points (the edit path's rule too). */
export function onBoundaries(text: string, at: number, length: number): boolean {
    return !insidePair(text, at) && !insidePair(text, at + length);
}

/** The KMP table of `quote`: for each prefix, the length of its longest proper border. O(quote). */
export function borderTable(quote: string): Int32Array {
    const border = new Int32Array(quote.length);
    let k = 0;
    for (let i = 1; i < quote.length; i++) {
        const c = quote.charCodeAt(i);
        while (k > 0 && quote.charCodeAt(k) !== c) k = border[k - 1]!;
        if (quote.charCodeAt(k) === c) k++;
        border[i] = k;
    }
    return border;
}

/**
 * The occurrence of `quote` in `text[from, to)` nearest `near` (else the first), skipping those that
 * split a surrogate pair; ties go to the earlier. The scan reads at most `limit` units of the window,
 * and ends at the first occurrence at or past `near` (later ones are only farther).
 */
export function scanQuote(
    text: string,
    quote: string,
    from: number,
    to: number,
    near?: number,
    limit = Infinity,
    border: Int32Array = borderTable(quote),
): QuoteFound {
    const m = quote.length;
    to = Math.min(to, text.length);
    from = Math.max(0, from);
    const found: QuoteFound = { at: -1, split: false, scanned: 0, stopped: false };
    if (m === 0 || to - from < m) return found;
    const end = Math.min(to, from + limit);
    let best = Infinity;
    let k = 0;
    let i = from;
    let decided = false;
    while (i < end) {
        const c = text.charCodeAt(i++);
        while (k > 0 && quote.charCodeAt(k) !== c) k = border[k - 1]!;
        if (quote.charCodeAt(k) === c) k++;
        if (k < m) continue;
        k = border[m - 1]!;
        const at = i - m;
        if (!onBoundaries(text, at, m)) {
            found.split = true;
            continue;
        }
        const d = near === undefined ? 0 : Math.abs(at - near);
        if (d < best) {
            best = d;
            found.at = at;
        }
        if (near === undefined || at >= near) {
            decided = true;
            break;
        }
    }
    found.scanned = i - from;
    // Cut short by the limit before the window was read through: a nearer occurrence may follow.
    found.stopped = !decided && end < to;
    return found;
}
