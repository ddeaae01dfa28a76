// The learned ranker: logistic regression over a candidate's features (ranker-features.ts), and the
// isotonic calibration that turns a reader's scores into probabilities that mean what they say.
// Both are data shipped in the repository (ranker-weights.json), written by `npm run train`
// (scripts/train-ranker.mjs); reading is deterministic and offline. Logistic regression is a few
// lines, so it is written here rather than taken from a library: nothing else would be used of one.
import { readFileSync } from 'node:fs';
import { FEATURES, KINDS, PER_KIND, VECTOR_NAMES, type Features, type ValueKind } from './ranker-features.js';

/** Breakpoints [score, probability] of a monotone, piecewise-linear map. */
export type CalibrationTable = readonly (readonly [number, number])[];

export interface RankerWeights {
    /** Names of the features, in the order of `weights` (checked against the code's). */
    features: string[];
    weights: number[];
    bias: number;
    /**
     * Per reader name: its scores to probabilities, per kind of value (ranker-features.ts KINDS: a
     * date's score means another probability than an amount's), or one table for every kind.
     */
    calibration: Record<string, CalibrationTable | Partial<Record<string, CalibrationTable>>>;
    /**
     * Characters above which a document is long (several pages: agreements, rulings) and reads its
     * language's final table for long documents, when it has one (ranker-final.ts).
     */
    finalSplit?: number;
    /** How the weights were made (for the README's table and for reproducing them). */
    trained?: Record<string, unknown>;
}

/** Probabilities stay strictly inside (0, 1), as every reader's p must. */
const FLOOR = 0.01;
const CEILING = 0.99;

export function sigmoid(x: number): number {
    return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** The ranker's probability that a candidate is its field's value. */
export function rank(weights: RankerWeights, features: Features, kind: ValueKind): number {
    // The dot product with featureVector(features, kind) over its non-zero entries only, in the
    // vector's order (the same sum to the bit: the skipped terms are zeros), without building the
    // vector: the reader ranks every candidate of every window.
    const w = weights.weights;
    let z = weights.bias;
    for (let i = 0; i < FEATURES.length; i++) {
        const x = features[FEATURES[i]!];
        if (x) z += x * (w[i] ?? 0);
    }
    const k = KINDS.indexOf(kind);
    if (k >= 0) {
        z += w[FEATURES.length + k] ?? 0;
        const from = FEATURES.length + KINDS.length + k * PER_KIND.length;
        for (let j = 0; j < PER_KIND.length; j++) {
            const x = features[PER_KIND[j]!];
            if (x) z += x * (w[from + j] ?? 0);
        }
    }
    return sigmoid(z);
}

/** A score through a calibration table (identity without one), strictly inside (0, 1), rounded. */
export function calibrate(score: number, table: CalibrationTable | undefined): number {
    let p = score;
    if (table && table.length) {
        if (score <= table[0]![0]) p = table[0]![1];
        else if (score >= table[table.length - 1]![0]) p = table[table.length - 1]![1];
        else {
            let i = 1;
            while (table[i]![0] < score) i++;
            const [x0, y0] = table[i - 1]!;
            const [x1, y1] = table[i]!;
            p = x1 === x0 ? y1 : y0 + ((score - x0) / (x1 - x0)) * (y1 - y0);
        }
    }
    return Math.round(Math.min(CEILING, Math.max(FLOOR, p)) * 1000) / 1000;
}

/** A reader's calibration table for a kind of value (its table for all kinds, or none: identity). */
export function tableFor(weights: RankerWeights | null, reader: string, kind: string): CalibrationTable | undefined {
    const t = weights?.calibration[reader];
    if (t === undefined || Array.isArray(t)) return t as CalibrationTable | undefined;
    return (t as Partial<Record<string, CalibrationTable>>)[kind];
}

/**
 * The calibration group of a candidate: its kind of value, whether a label named it, whether it was
 * the only value its window offered, whether the document spans several windows, whether its own
 * clause says what it is (a definition, the agreement's life, a renewal). These generalise across schemas, and the same ranker score
 * means another rate of right values in each (an unlabelled date among rivals is right far less
 * often than a labelled, unrivalled one). Groups with too few tuning values have no table: the
 * kind's table serves them.
 */
export function calibrationGroup(kind: string, features: Readonly<Partial<Record<string, number>>>, windows: number): string {
    const labelled = (features.labelHint ?? 0) + (features.labelName ?? 0) + (features.labelDescription ?? 0) > 0;
    // A value its own clause names (a definition, the agreement's life, a renewal) is right at another rate.
    const cue = features.defined || features.lifetime || features.renewal ? '/clause' : '';
    return `${kind}/${labelled ? 'labelled' : 'unlabelled'}/${features.alone ? 'alone' : 'rivalled'}/${windows > 1 ? 'long' : 'short'}${cue}`;
}

/**
 * A reader's correction for documents of one language, applied after the group's table: the same
 * score means another rate of right values in each language (its own recognisers, label words and
 * documents), so one Platt step per language, fitted on all of that language's tuning values, moves
 * every group's table by what that language says. None: no correction.
 */
export function languageTable(weights: RankerWeights | null, reader: string, language: string): CalibrationTable | undefined {
    // A reader calibrated by one table for everything has no language corrections.
    return Array.isArray(weights?.calibration[reader]) ? undefined : tableFor(weights, reader, `lang:${language}`);
}

let shipped: RankerWeights | undefined;

/** The weights shipped with the package (read once). */
export function shippedWeights(): RankerWeights {
    if (!shipped) {
        const w = JSON.parse(readFileSync(new URL('../../../src/readers/ranker-weights.json', import.meta.url), 'utf8')) as RankerWeights;
        if (w.features.join() !== VECTOR_NAMES.join())
            throw new Error('ranker-weights.json does not match the features of this build: run npm run train');
        shipped = w;
    }
    return shipped;
}
