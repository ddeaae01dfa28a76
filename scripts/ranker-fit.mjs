// The fitting steps of the ranker's training (scripts/train-ranker.mjs): logistic regression by
// gradient descent with momentum, pool-adjacent-violators fits and Platt scaling. Pure functions of
// their input and a fixed schedule, so training is reproducible on every machine.
import { VECTOR_NAMES } from '@svc/extraction';

export const ITERATIONS = 1500;
export const LEARNING_RATE = 0.5;
export const L2 = 1e-4;

export function fitLogistic(rows) {
    const n = rows.length;
    const d = VECTOR_NAMES.length;
    const w = new Float64Array(d);
    let b = 0;
    const vw = new Float64Array(d);
    let vb = 0;
    for (let it = 0; it < ITERATIONS; it++) {
        const g = new Float64Array(d);
        let gb = 0;
        for (const { x, y } of rows) {
            let z = b;
            for (let j = 0; j < d; j++) z += w[j] * x[j];
            const p = z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
            const e = p - y;
            for (let j = 0; j < d; j++) if (x[j] !== 0) g[j] += e * x[j];
            gb += e;
        }
        // Momentum (heavy ball), a fixed schedule: deterministic.
        for (let j = 0; j < d; j++) {
            vw[j] = 0.9 * vw[j] + (g[j] / n + L2 * w[j]);
            w[j] -= LEARNING_RATE * vw[j];
        }
        vb = 0.9 * vb + gb / n;
        b -= LEARNING_RATE * vb;
    }
    return { weights: [...w].map((v) => Math.round(v * 1e6) / 1e6), bias: Math.round(b * 1e6) / 1e6 };
}

/**
 * Pool adjacent violators: the isotonic fit of y on x, each block of at least `minimum` pairs (a
 * block of three right values is no evidence of 100%), as breakpoints at the blocks' mean scores.
 */
export function isotonic(pairs, minimum = 30, counts = false) {
    const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const blocks = [];
    const mean = (k) => k.sy / k.n;
    for (const [x, y] of sorted) {
        blocks.push({ sx: x, sy: y, n: 1 });
        while (blocks.length > 1) {
            const last = blocks[blocks.length - 1];
            const prev = blocks[blocks.length - 2];
            if (mean(prev) < mean(last) && prev.n >= minimum) break;
            blocks.pop();
            prev.sx += last.sx;
            prev.sy += last.sy;
            prev.n += last.n;
        }
    }
    // The last block may be short: join it to the one before.
    while (blocks.length > 1 && blocks[blocks.length - 1].n < minimum) {
        const last = blocks.pop();
        const prev = blocks[blocks.length - 1];
        prev.sx += last.sx;
        prev.sy += last.sy;
        prev.n += last.n;
    }
    return blocks.map((k) => [Math.round((k.sx / k.n) * 1e4) / 1e4, Math.round(mean(k) * 1e4) / 1e4, ...(counts ? [k.n] : [])]);
}

const logit = (p) => Math.log(Math.max(1e-4, Math.min(1 - 1e-4, p)) / (1 - Math.max(1e-4, Math.min(1 - 1e-4, p))));

/**
 * Platt scaling: p = sigmoid(a * logit(score) + b), fitted by Newton's method (two parameters, a
 * fixed number of steps, deterministic), rendered as a table of 41 breakpoints.
 */
export function platt(pairs) {
    let a = 1;
    let b = 0;
    for (let it = 0; it < 50; it++) {
        let ga = 0,
            gb = 0,
            haa = 1e-6,
            hab = 0,
            hbb = 1e-6;
        for (const [x, y] of pairs) {
            const z = logit(x);
            const p = 1 / (1 + Math.exp(-(a * z + b)));
            const w = p * (1 - p);
            ga += (p - y) * z;
            gb += p - y;
            haa += w * z * z;
            hab += w * z;
            hbb += w;
        }
        const det = haa * hbb - hab * hab;
        a -= (hbb * ga - hab * gb) / det;
        b -= (haa * gb - hab * ga) / det;
    }
    return Array.from({ length: 41 }, (_, i) => {
        const x = i / 40;
        return [x, Math.round((1 / (1 + Math.exp(-(a * logit(x) + b)))) * 1e4) / 1e4];
    });
}

export /**
 * A table that never falls. A group's Platt fit can fall where its data do (an unlabelled date alone
 * in a receipt is right less often the higher the ranker scores it: the dates such receipts write are
 * the ones their labels leave empty), and a cap composed with damped corrections can dip at the top;
 * a calibration map keeps the ranker's order, so the finished tables are replaced by their
 * least-squares monotone fit over the breakpoints (pool adjacent violators): a falling stretch
 * becomes its mean.
 */
function monotone(table) {
    const blocks = [];
    for (const [, y] of table) {
        blocks.push({ sum: y, n: 1 });
        while (blocks.length > 1 && blocks.at(-2).sum / blocks.at(-2).n > blocks.at(-1).sum / blocks.at(-1).n) {
            const last = blocks.pop();
            blocks.at(-1).sum += last.sum;
            blocks.at(-1).n += last.n;
        }
    }
    const ys = blocks.flatMap((b) => Array(b.n).fill(Math.round((b.sum / b.n) * 1e4) / 1e4));
    return table.map(([x], i) => [x, ys[i]]);
}
