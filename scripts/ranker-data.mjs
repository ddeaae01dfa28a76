// Shared by the training and report scripts: the labelled data sets, split into halves, and the
// scorer's notion of a correct value (the same normalisation as the project's scorer: strings fold
// case, white space and outer punctuation; money compares amount and currency; lists are sets).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const DATA = process.env.SVC_DATASETS || join(import.meta.dirname, '..', '..', 'shared', 'datasets');

const norm = (s) =>
    String(s)
        .normalize('NFKC')
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/^[\s.,;:"'()]+|[\s.,;:"'()]+$/g, '');

/** Whether a reported value equals the expected one. */
export function same(want, got) {
    if (got === null || got === undefined || want === null || want === undefined) return false;
    if (typeof want === 'object' && !Array.isArray(want))
        return typeof got === 'object' && Number(got.amount) === Number(want.amount) && got.currency === want.currency;
    return norm(want) === norm(got);
}

/** Whether one candidate value of a field is (one of) the expected value(s). */
export function correctCandidate(want, got) {
    if (Array.isArray(want)) return want.some((w) => same(w, got));
    return same(want, got);
}

/**
 * The sets, each with its schema text and its cases split into halves: `tune` (even positions, the
 * only documents training and calibration see) and `check` (odd positions, scored, never tuned on).
 * With SVC_FOLD=1 the tuning half itself is split the same way (`tune`: its even positions, `check`:
 * its odd ones; SVC_FOLD=2 the other way round), so settings of training and calibration can be compared on documents training did
 * not see without looking at the check half; write the weights of such runs nowhere but a scratch copy.
 * SVC_FOLD=k/K (k of 1…K) holds out every K-th document of the tuning half instead (K-fold).
 * SVC_FOLD=swap trains on the check half and scores the tuning half: how much a half's scores move
 * with the documents alone (the README's spread); nothing is chosen from it and its weights are not kept.
 */
export function loadSets(data = DATA) {
    const sets = halves(data);
    const fold = process.env.SVC_FOLD;
    if (fold === 'swap') return sets.map((s) => ({ ...s, tune: s.check, check: s.tune }));
    // SVC_FOLD=k/K: K folds of the tuning half, fold k (1…K) held out (positions ≡ k − 1 mod K).
    const kOfK = /^(\d+)\/(\d+)$/.exec(fold ?? '');
    if (kOfK) {
        const [k, K] = [Number(kOfK[1]), Number(kOfK[2])];
        return sets.map((s) => ({ ...s, tune: s.tune.filter((_, i) => i % K !== k - 1), check: s.tune.filter((_, i) => i % K === k - 1) }));
    }
    if (fold !== '1' && fold !== '2') return sets;
    const part = (r) => (s) => s.tune.filter((_, i) => i % 2 === r);
    return sets.map((s) => ({ ...s, tune: part(fold === '1' ? 0 : 1)(s), check: part(fold === '1' ? 1 : 0)(s) }));
}

function halves(data) {
    return readdirSync(data)
        .filter((d) => existsSync(join(data, d, 'cases.jsonl')))
        .sort()
        .map((name) => {
            const cases = readFileSync(join(data, name, 'cases.jsonl'), 'utf8')
                .trim()
                .split('\n')
                .map((l) => JSON.parse(l));
            return {
                name,
                schemaText: readFileSync(join(data, name, 'schema.json'), 'utf8'),
                tune: cases.filter((_, i) => i % 2 === 0),
                check: cases.filter((_, i) => i % 2 === 1),
            };
        });
}
