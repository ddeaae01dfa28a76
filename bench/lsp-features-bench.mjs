// Language server features on large documents, each against a baseline measured in the same
// process: hover and completion on a small schema while a 1 MiB one is edited with semantic tokens
// asked after each edit (as VS Code asks), with the analysis features on the feature worker (now)
// and on the server's thread (`featuresOnWorker: false`, as before 2026-11-27); the large schema's
// own semantic tokens after an edit, whole and as a delta; and a 12 MiB schema over the size limit.
//   npx tsc -b packages/lsp && node bench/lsp-features-bench.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printRows } from './bench-table.mjs';
import { largeSchema, positionOf, startServer } from './lsp-bench.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MIB = 1024 * 1024;
const SMALL = readFileSync(`${ROOT}examples/invoice-en.svc.json`, 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const open = async (s, uri, text) => {
    const done = s.published(uri, 1);
    s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'svc-schema', version: 1, text } });
    return done;
};
/** A space typed into and deleted from the schema's name, alternately (a string: the compile worker patches its tree). */
const editAt = (text) => positionOf(text, text.indexOf('"large"') + 2);
const edit = (s, uri, at, version) =>
    s.conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [
            version % 2
                ? { range: { start: at, end: { ...at, character: at.character + 1 } }, text: '' }
                : { range: { start: at, end: at }, text: ' ' },
        ],
    });
const timed = async (promise) => {
    const t0 = performance.now();
    const result = await promise;
    return { ms: performance.now() - t0, result };
};

/**
 * Latency of hover and completion on the small schema, one of each every 20 ms for `seconds`, while
 * `other` is edited every 300 ms and its semantic tokens asked after each edit.
 */
async function smallWhileEditing(other, options, seconds) {
    const s = await startServer(options);
    try {
        const small = 'file:///bench/small.svc.json';
        const large = 'file:///bench/other.svc.json';
        await open(s, small, SMALL);
        await open(s, large, other);
        const at = editAt(other);
        let stop = false;
        const editor = (async () => {
            for (let v = 2; !stop; v++) {
                edit(s, large, at, v);
                s.conn.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri: large } }).catch(() => undefined);
                await sleep(300);
            }
        })();
        const position = positionOf(SMALL, SMALL.indexOf('net_amount + vat_amount') + 2);
        const params = { textDocument: { uri: small }, position };
        const times = [];
        const pending = [];
        for (const t0 = performance.now(); performance.now() - t0 < seconds * 1000; await sleep(20)) {
            for (const method of ['textDocument/hover', 'textDocument/completion'])
                pending.push(timed(s.conn.sendRequest(method, params)).then((r) => times.push(r.ms)));
        }
        await Promise.all(pending);
        stop = true;
        await editor;
        return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
    } finally {
        await s.stop();
    }
}

/** The large schema's first semantic tokens after each of `count` edits: whole, and as a delta from the tokens held. */
async function tokensAfterEdits(text, options, count) {
    const s = await startServer(options);
    try {
        const uri = 'file:///bench/large.svc.json';
        await open(s, uri, text);
        const doc = { textDocument: { uri } };
        let held = await s.conn.sendRequest('textDocument/semanticTokens/full', doc);
        const at = editAt(text);
        const full = [];
        const delta = [];
        for (let v = 2; v < 2 + 2 * count; v += 2) {
            edit(s, uri, at, v);
            full.push((await timed(s.conn.sendRequest('textDocument/semanticTokens/full', doc))).ms);
            held = (await s.conn.sendRequest('textDocument/semanticTokens/full', doc)) ?? held;
            edit(s, uri, at, v + 1);
            const d = await timed(
                s.conn.sendRequest('textDocument/semanticTokens/full/delta', { ...doc, previousResultId: held.resultId }),
            );
            delta.push(d.ms);
            held = { resultId: d.result.resultId };
            await sleep(100);
        }
        return { full: quantile(full, 0.5), delta: quantile(delta, 0.5) };
    } finally {
        await s.stop();
    }
}

/** A schema over the size limit: didOpen → E-LIMIT, then semantic tokens, and the server's memory. */
async function overLimit(text) {
    const s = await startServer();
    try {
        const uri = 'file:///bench/huge.svc.json';
        const opened = await timed(open(s, uri, text));
        const tokens = await timed(s.conn.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } }));
        const stats = await s.conn.sendRequest('svc/serverStats', { worker: false });
        return { open: opened.ms, code: opened.result.diagnostics[0]?.code, tokens: tokens.ms, rss: stats.memory.rss / MIB };
    } finally {
        await s.stop();
    }
}

export async function runLspFeaturesBench({ seconds = 6, edits = 7 } = {}) {
    const rows = [];
    const large = largeSchema();
    const idle = await smallWhileEditing(SMALL, {}, seconds);
    const thread = await smallWhileEditing(large, { featuresOnWorker: false }, seconds);
    const worker = await smallWhileEditing(large, {}, seconds);
    const what = 'small schema hover+completion, 1 MiB one edited';
    for (const q of ['p50', 'p95']) {
        rows.push({
            name: `${what}, ${q}, features on the server thread`,
            value: thread[q],
            unit: 'ms',
            target: '-',
            ok: true,
            ratio: thread[q] / idle[q],
            baseline: `a small one edited (${idle[q].toFixed(1)} ms)`,
        });
        rows.push({
            name: `${what}, ${q}, on the feature worker`,
            value: worker[q],
            unit: 'ms',
            target: q === 'p50' ? '< 5 ms' : '< 50 ms',
            ok: worker[q] < (q === 'p50' ? 5 : 50),
            ratio: worker[q] / thread[q],
            baseline: "on the server's thread",
        });
    }
    const onThread = await tokensAfterEdits(large, { featuresOnWorker: false }, edits);
    const onWorker = await tokensAfterEdits(large, {}, edits);
    rows.push({
        name: `1 MiB schema: semanticTokens/full after an edit, median of ${edits}`,
        value: onWorker.full,
        unit: 'ms',
        target: '-',
        ok: true,
        ratio: onWorker.full / onThread.full,
        baseline: `on the server's thread (${onThread.full.toFixed(0)} ms)`,
    });
    rows.push({
        name: `1 MiB schema: semanticTokens/full/delta after an edit, median of ${edits}`,
        value: onWorker.delta,
        unit: 'ms',
        target: '-',
        ok: true,
        ratio: onWorker.delta / onWorker.full,
        baseline: 'the whole tokens',
    });
    const huge = largeSchema(120_000, 12 * MIB);
    const over = await overLimit(huge);
    if (over.code !== 'E-LIMIT') throw new Error(`a 12 MiB schema should be E-LIMIT, got ${over.code}`);
    rows.push({ name: '12 MiB schema (over the limit): didOpen → E-LIMIT', value: over.open, unit: 'ms', target: '-', ok: true });
    rows.push({
        name: '12 MiB schema: semanticTokens/full (empty, nothing read)',
        value: over.tokens,
        unit: 'ms',
        target: '< 50 ms',
        ok: over.tokens < 50,
        ratio: over.tokens / onWorker.full,
        baseline: 'the 1 MiB schema',
    });
    rows.push({ name: '12 MiB schema: server RSS after those', value: over.rss, unit: 'MiB', target: '< 200 MiB', ok: over.rss < 200 });
    return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const rows = await runLspFeaturesBench();
    printRows(rows);
    process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
