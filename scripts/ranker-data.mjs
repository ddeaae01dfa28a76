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
 */
export function loadSets(data = DATA) {
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
