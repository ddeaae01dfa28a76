// "Did you mean" for every code that names something unknown (a field, a key, a type, a currency, a
// function, a round mode): the closest candidate within one edit per three characters, or nothing.
import { didYouMeanHint } from './diagnostic-registry.js';

/** The closest candidate, compared case-insensitively, or undefined when none is close enough. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
    let best: string | undefined;
    let bestD = Math.max(1, Math.floor(word.length / 3)) + 1;
    const w = word.toLowerCase();
    for (const candidate of candidates) {
        const d = distance(w, candidate.toLowerCase());
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

/** Levenshtein distance; callers pass short words (names, keys, codes), at most a few hundred characters. */
function distance(a: string, b: string): number {
    if (a.length > 256 || b.length > 256) return Math.max(a.length, b.length);
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++) {
            cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        }
        prev = cur;
    }
    return prev[b.length]!;
}
