// "Did you mean" for every code that names something unknown (a field, a key, a type, a currency, a
// function, a round mode): the closest candidate within one edit per three characters, or nothing.
// The distance is computed only as far as it could still win (the language server's quick fixes
// use it too), so many names cost time linear in their length.
import { didYouMeanHint } from './diagnostic-registry.js';

/** The closest candidate, compared case-insensitively, or undefined when none is close enough. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
    let best: string | undefined;
    let bestD = Math.max(1, Math.floor(word.length / 3)) + 1;
    const w = word.toLowerCase();
    for (const candidate of candidates) {
        const d = distanceBelow(w, candidate.toLowerCase(), bestD);
        if (d < bestD && d < word.length) {
            bestD = d;
            best = candidate;
        }
    }
    return best;
}

/** The `{suggestion?}` argument of a message: `; did you mean "x"?` or empty. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
    const best = closest(word, candidates);
    return best === undefined ? '' : didYouMeanHint(best);
}

/** Rows of the distance table, reused across comparisons (grown as needed). */
let prevRow = new Int32Array(64);
let curRow = new Int32Array(64);

/**
 * Levenshtein distance of `a` and `b` when it is below `limit`, else `limit`. Only the band of cells
 * within `limit` of the diagonal is computed (a cell outside it is at least `limit`), and a row whose
 * cells all reach the limit ends the comparison: O(length x limit), not O(length^2).
 */
export function distanceBelow(a: string, b: string, limit: number): number {
    if (Math.abs(a.length - b.length) >= limit) return limit;
    if (prevRow.length <= b.length) [prevRow, curRow] = [new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
    let prev = prevRow;
    let cur = curRow;
    for (let j = 0; j <= b.length; j++) prev[j] = Math.min(j, limit);
    for (let i = 1; i <= a.length; i++) {
        const lo = Math.max(1, i - limit + 1);
        const hi = Math.min(b.length, i + limit - 1);
        // The band's neighbours, which the next cells read, stand for every cell outside it.
        cur[lo - 1] = lo === 1 ? Math.min(i, limit) : limit;
        if (hi < b.length) cur[hi + 1] = limit;
        let rowMin = cur[lo - 1]!;
        const ca = a.charCodeAt(i - 1);
        for (let j = lo; j <= hi; j++) {
            const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1), limit);
            cur[j] = d;
            if (d < rowMin) rowMin = d;
        }
        if (rowMin >= limit) return limit;
        [prev, cur] = [cur, prev];
    }
    return prev[b.length]!;
}
