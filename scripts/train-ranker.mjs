#!/usr/bin/env node
// `npm run train`: trains the heuristic reader's ranker and calibration on the tuning half (even
// positions) of the labelled sets and writes packages/extraction/src/readers/ranker-weights.json.
// Deterministic: full-batch gradient descent from zero weights in a fixed order and Newton steps
// for the calibration, so every machine writes the same weights (rounded). Steps:
//  1. collect every candidate the reader proposes, with its features, p from the heuristic alone;
//     a candidate is positive when its value is the expected one;
//  2. fit logistic regression (L2-regularised) to those labels;
//  3. read the tuning half again with the new weights and fit, per kind of value and per
//     calibration group (ranker-model.ts calibrationGroup), Platt scaling capped at a lower bound
//     of its top isotonic block's rate, from the reported confidence of each field to whether its
//     value is right (in rounds, each applying half of its correction);
//  4. then, in two more rounds, one Platt correction per document language on top of the groups'
//     tables (ranker-model.ts languageTable).
//  5. read the tuning half once more and fit, per document language, the final table (ranker-final.ts):
//     histogram bins of the confidence each reported value shows, to whether it is right; and one
//     per language and document size (SVC_FINAL_SPLIT characters, 0: none) where enough values are.
// The settings (rounds, damping, cap) were chosen on the tuning half only.
// `--reader openai` fits steps 3-5 for the openai reader (SVC_OPENAI_* must be set).
import '../scripts/polyfill.mjs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchemaText } from '@svc/compiler';
import {
    Engine,
    HeuristicReader,
    OpenAiReader,
    engineConfigFromEnv,
    secretRingOf,
    VECTOR_NAMES,
    featureVector,
    shippedWeights,
    calibrate,
    documentSize,
} from '@svc/extraction';
import { loadSets, same, correctCandidate } from './ranker-data.mjs';
import { ITERATIONS, L2, LEARNING_RATE, fitLogistic, isotonic, monotone, platt } from './ranker-fit.mjs';

const OUT = join(import.meta.dirname, '..', 'packages', 'extraction', 'src', 'readers', 'ranker-weights.json');
const args = process.argv.slice(2);
const readerKind = args.includes('--reader') ? args[args.indexOf('--reader') + 1] : 'heuristic';
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' };
const ROUNDS = Number(process.env.SVC_ROUNDS || 10);
const LANGUAGE_ROUNDS = Number(process.env.SVC_LANGUAGE_ROUNDS ?? 2);
const CALIBRATION = process.env.SVC_CALIBRATION || 'platt';
/** Values in the top block that caps a Platt curve. */
const CAP_BLOCK = Number(process.env.SVC_CAP_BLOCK || 30);
/** Standard errors under the top block's rate at which a table is capped. */
const CAP_Z = Number(process.env.SVC_CAP_Z ?? 1);
/** Share of each round's correction applied (1: all of it). */
const DAMPING = Number(process.env.SVC_DAMPING ?? 0.5);
/** Values per bin of the final tables (0: none). */
const FINAL_MINIMUM = Number(process.env.SVC_FINAL_MINIMUM ?? 80);
/** A final bin's rate must stay at least 0.9 this many standard errors under it to be reported at 0.9 or more. */
const FINAL_Z = Number(process.env.SVC_FINAL_Z ?? 1);
/** Characters above which a document is long: final tables per language and size (0: per language only). */
const FINAL_SPLIT = Number(process.env.SVC_FINAL_SPLIT ?? 3000);
/**
 * A language's documents of one size need this many tuning values for a final table of their own:
 * three bins' worth, so the table can still tell levels apart (Dutch rulings' 163 values made one
 * bin, and every ruling's value read 0.72), and as many as the folds that chose the split had.
 */
const FINAL_SIZE_MINIMUM = 3 * FINAL_MINIMUM;
/** A calibration group needs this many tuning values for a table of its own. */
const GROUP_MINIMUM = Number(process.env.SVC_GROUP_MINIMUM || 60);

/** The kind of value of a field, as the reader's calibration tables are keyed (ranker-features.ts). */
function valueKindOf(f) {
    const t = f.type.kind === 'array' ? f.type.items : f.type;
    if (t.kind === 'date' || t.kind === 'datetime') return 'date';
    if (t.kind === 'integer' || t.kind === 'decimal') return 'number';
    if (t.kind === 'string') return t.pattern !== undefined ? 'code' : 'string';
    return t.kind;
}

async function readAll(sets, reader, half, onCase) {
    const engine = new Engine({ reader, secrets: secretRingOf(['train']), concurrency: 1 });
    for (const set of sets) {
        const compiled = compileSchemaText(set.schemaText);
        if (!compiled.ok) throw new Error(`${set.name}: schema does not compile`);
        for (const c of set[half]) {
            const ex = await engine.extract({
                document: c.document,
                schema: compiled.schema,
                language: c.language,
                reference: null,
                options: OPTIONS,
            });
            onCase(set, compiled.schema, c, ex);
        }
    }
}

/**
 * (reported confidence, right) of every reported non-list value, by kind of value and by the
 * calibration group of the value's strongest candidate (`groups`: field -> value -> group).
 */
function confidencePairs(schema, c, ex, out, kindOf, groups) {
    for (const f of schema.fields) {
        if (f.type.kind === 'array') continue;
        const got = ex.response?.data?.[f.name];
        if (got === null || got === undefined) continue;
        const pair = [Number(ex.response.fields[f.name].confidence), same(c.expected[f.name], got) ? 1 : 0];
        (out[kindOf(f)] ??= []).push(pair);
        const group = groups?.get(f.name)?.get(JSON.stringify(got))?.group;
        if (group) (out[group] ??= []).push(pair);
        (out[`lang:${c.language}`] ??= []).push(pair);
    }
}

/**
 * Platt's curve rises to 1 whatever the data say; where the values the curve puts highest are right
 * less often (an enum read everywhere in a ruling, right 86 times in 100), the curve is capped at
 * the rate of its top isotonic block (at least CAP_BLOCK values), so no confidence promises more
 * than the tuning data showed.
 */
function capped(table, pairs) {
    const through = pairs.map(([x, y]) => [calibrate(x, table), y]);
    const blocks = isotonic(through, CAP_BLOCK, true);
    const [, rate, n] = blocks[blocks.length - 1];
    // The rate's lower bound (CAP_Z standard errors under it): a top block of 40 values right 95
    // times in 100 vouches for less than 95% on documents it has not seen.
    const top = rate - CAP_Z * Math.sqrt((rate * (1 - rate)) / n);
    return table.map(([x, y]) => [x, Math.min(y, Math.round(top * 1e4) / 1e4)]);
}

/**
 * Histogram binning (the final tables): the pairs in score order cut into bins of at least `minimum`
 * values (equal scores never split), adjacent bins pooled until their shares right rise (pool
 * adjacent violators), each bin reporting its share right — except that a share of 0.9 or more
 * whose lower bound (FINAL_Z standard errors under it) is below 0.9 is reported at 0.89: the
 * tuning data do not vouch for 90%. A step table: each bin's level from halfway after the previous
 * bin's last score to halfway after its own.
 */
export function binned(pairs, minimum, z = FINAL_Z) {
    const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const blocks = [];
    for (let i = 0; i < sorted.length;) {
        let j = Math.min(sorted.length, i + minimum);
        while (j < sorted.length && sorted[j][0] === sorted[j - 1][0]) j++;
        if (sorted.length - j < minimum) j = sorted.length;
        const part = sorted.slice(i, j);
        blocks.push({ lo: part[0][0], hi: part.at(-1)[0], n: part.length, y: part.reduce((a, [, y]) => a + y, 0) });
        while (blocks.length > 1 && blocks.at(-2).y / blocks.at(-2).n >= blocks.at(-1).y / blocks.at(-1).n) {
            const last = blocks.pop();
            Object.assign(blocks.at(-1), { hi: last.hi, n: blocks.at(-1).n + last.n, y: blocks.at(-1).y + last.y });
        }
        i = j;
    }
    const level = ({ n, y }) => {
        const r = y / n;
        const low = r - z * Math.sqrt((r * (1 - r)) / n);
        return Math.round(Math.min(0.99, Math.max(0.01, r >= 0.9 && low < 0.9 ? 0.89 : r)) * 1e4) / 1e4;
    };
    const table = [[0, level(blocks[0])]];
    for (let i = 1; i < blocks.length; i++) {
        const cut = Math.round(((blocks[i - 1].hi + blocks[i].lo) / 2) * 1e4) / 1e4;
        table.push([cut, level(blocks[i - 1])], [cut, level(blocks[i])]);
    }
    table.push([1, level(blocks.at(-1))]);
    return table;
}

/** A correction taken DAMPING of the way (the rounds converge rather than jump between readings). */
function damped(correction) {
    if (DAMPING >= 1) return correction;
    return correction.map(([x, y]) => [x, Math.round((x + DAMPING * (y - x)) * 1e4) / 1e4]);
}

/** A table followed by a correction of its outputs: the composition, at the table's breakpoints. */
function compose(table, correction) {
    if (!table?.length) return correction;
    return table.map(([x, y]) => [x, Math.round(calibrate(y, correction) * 1e4) / 1e4]);
}

/**
 * Calibration by rounds: read the tuning half, fit the isotonic map from reported confidence to
 * rightness per kind, fold it into the table, read again. A field's confidence combines its
 * mentions (several windows, echoes), so one fit on p alone would not make the confidence honest;
 * a few rounds bring the two together.
 */
async function calibrateRounds(sets, weights, makeReader, reader, kindOf, rounds, fits = (key) => !key.startsWith('lang:')) {
    for (let round = 0; round < rounds; round++) {
        const pairs = {};
        // The heuristic reader reports each candidate's group: the strongest per field and value.
        let groups = new Map();
        const collect = (cand) => {
            const byValue = groups.get(cand.field) ?? groups.set(cand.field, new Map()).get(cand.field);
            const key = JSON.stringify(cand.json);
            if (!(byValue.get(key)?.p >= cand.p)) byValue.set(key, cand);
        };
        await readAll(sets, makeReader(collect), 'tune', (set, schema, c, ex) => {
            confidencePairs(schema, c, ex, pairs, kindOf, groups);
            groups = new Map();
        });
        const before = weights.calibration[reader] ?? {};
        const tables = { ...before };
        for (const [key, list] of Object.entries(pairs).sort()) {
            if (!fits(key) || (key.includes('/') && list.length < GROUP_MINIMUM)) continue;
            // A group's first table corrects its kind's, which served it until now.
            const base = before[key] ?? before[key.split('/')[0]];
            tables[key] = compose(base, damped(CALIBRATION === 'platt' ? capped(platt(list), list) : isotonic(list)));
        }
        weights.calibration[reader] = tables;
        console.error(
            `train: calibration round ${round + 1}: ${Object.entries(pairs)
                .map(([k, l]) => `${k} ${l.length}`)
                .join(', ')}`,
        );
    }
}

/**
 * Steps 1-4 on the tuning half of `sets`: the ranker's weights and the calibration tables before
 * the final step (`calibration`: the tables of other readers, kept).
 */
async function trainHeuristic(sets, calibration = {}) {
    const rows = [];
    // The reader reports candidates while the engine reads a case: bind the case first.
    const collect = { current: undefined };
    const reader = new HeuristicReader({ weights: null, collect: (cand) => collect.current(cand) });
    for (const set of sets) {
        const compiled = compileSchemaText(set.schemaText);
        const engine = new Engine({ reader, secrets: secretRingOf(['train']), concurrency: 1 });
        for (const c of set.tune) {
            collect.current = (cand) =>
                rows.push({ x: featureVector(cand.features, cand.kind), y: correctCandidate(c.expected[cand.field], cand.json) ? 1 : 0 });
            await engine.extract({
                document: c.document,
                schema: compiled.schema,
                language: c.language,
                reference: null,
                options: OPTIONS,
            });
        }
    }
    console.error(`train: ${rows.length} candidates, ${rows.filter((r) => r.y).length} right`);
    const fit = fitLogistic(rows);
    const weights = { features: [...VECTOR_NAMES], ...fit, calibration: { ...calibration, heuristic: {} } };
    const make = (collect) => new HeuristicReader({ weights, collect });
    await calibrateRounds(sets, weights, make, 'heuristic', valueKindOf, ROUNDS);
    // Then each language's correction on top of the groups' tables (ranker-model.ts languageTable).
    if (LANGUAGE_ROUNDS > 0)
        await calibrateRounds(sets, weights, make, 'heuristic', valueKindOf, LANGUAGE_ROUNDS, (key) => key.startsWith('lang:'));
    finish(weights);
    return weights;
}

/** The finished tables never fall (ranker-fit.mjs monotone). */
function finish(weights) {
    for (const tables of Object.values(weights.calibration))
        if (!Array.isArray(tables)) for (const [key, table] of Object.entries(tables)) tables[key] = monotone(table);
}

const sets = loadSets();
let weights;
try {
    weights = shippedWeights();
} catch {
    weights = { features: [], weights: [], bias: 0, calibration: {} };
}

if (readerKind === 'heuristic') {
    weights = await trainHeuristic(sets, weights.calibration);
} else if (readerKind === 'openai') {
    const config = engineConfigFromEnv({ ...process.env, SVC_READER: 'openai' });
    weights.calibration.openai = {};
    const make = () => new OpenAiReader(config.openai, weights);
    await calibrateRounds(sets, weights, make, 'openai', () => 'all', ROUNDS);
    await calibrateRounds(
        sets,
        weights,
        make,
        'openai',
        () => 'all',
        LANGUAGE_ROUNDS,
        (key) => key.startsWith('lang:'),
    );
    finish(weights);
} else throw new Error(`--reader heuristic|openai, not ${readerKind}`);

// 5. The final tables (ranker-final.ts), one per document language, fitted on the confidence each
// value of the tuning half reports after every step above.
if (FINAL_MINIMUM > 0) {
    const reader = readerKind === 'openai' ? 'openai' : 'heuristic';
    if (!Array.isArray(weights.calibration[reader])) {
        const made =
            readerKind === 'openai'
                ? new OpenAiReader(engineConfigFromEnv({ ...process.env, SVC_READER: 'openai' }).openai, weights)
                : new HeuristicReader({ weights });
        const pairs = {};
        // Sizes told as the reader tells them at run time (ranker-final.ts documentSize).
        const split = FINAL_SPLIT > 0 ? { finalSplit: FINAL_SPLIT } : null;
        await readAll(sets, made, 'tune', (set, schema, c, ex) => {
            const one = {};
            confidencePairs(schema, c, ex, one, () => 'all');
            const language = one[`lang:${c.language}`] ?? [];
            (pairs[`lang:${c.language}`] ??= []).push(...language);
            const size = documentSize(split, c.document.length);
            if (size) (pairs[`size:${c.language}:${size}`] ??= []).push(...language);
        });
        if (split) weights.finalSplit = FINAL_SPLIT;
        else delete weights.finalSplit;
        for (const [key, list] of Object.entries(pairs).sort()) {
            if (key.startsWith('lang:')) weights.calibration[reader][`final:${key.slice(5)}`] = binned(list, FINAL_MINIMUM);
            else if (list.length >= FINAL_SIZE_MINIMUM) weights.calibration[reader][`final:${key.slice(5)}`] = binned(list, FINAL_MINIMUM);
        }
        console.error(`train: final tables from ${Object.entries(pairs).map(([k, l]) => `${k} ${l.length}`)}`);
    }
}
weights.trained = {
    split: 'even positions of each set (0, 2, 4, ...)',
    sets: sets.map((s) => `${s.name}: ${s.tune.length}`),
    iterations: ITERATIONS,
    learningRate: LEARNING_RATE,
    l2: L2,
};
writeFileSync(OUT, `${JSON.stringify(weights, null, 1)}\n`);
console.error(`train: wrote ${OUT}`);
