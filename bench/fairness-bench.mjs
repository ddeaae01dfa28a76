// Fairness between tenants (docs/worker-pool.md, "Fair scheduling"): another tenant's latency while
// one account keeps 16 extractions of a 50,000-character line in flight (its whole share of the
// queue, about 3 s of worker time each, within every request limit), against the same tenant's
// latency with no one else, in the same run. One worker thread, as on a two-core machine, with the
// quick thread (the default) and without it (the scheduler and the budget alone). Before the
// scheduler, the same load made that tenant wait 22–73 s, and half its requests were 503 (a hostile
// review, 2026-11-27).
// `node bench/fairness-bench.mjs` runs it alone; bench/run.mjs calls runFairnessBench().
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');

// ---------------------------------------------------------------- child: the server under test
async function child(quickWorkers) {
    await import('@svc/language/polyfill');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-fairness-bench-'));
    // The request limits are not what is measured here; the queue share and the budget are the defaults.
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    const env = {
        SVC_DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_SESSION_SECRET: 'bench',
        SVC_WORKERS: '1',
        SVC_QUICK_WORKERS: quickWorkers,
    };
    const server = createServer(loadConfig(env, root, { limits: unlimited }), { logSink: () => {}, env });
    const url = await server.listen();
    const keys = {};
    for (const who of ['heavy', 'victim']) {
        await createAccount(server.services.store, `${who}@example.test`);
        await server.services.store.addCredit(`${who}@example.test`, 1e9);
        keys[who] = (await createKey(server.services.store, { email: `${who}@example.test`, name: who })).key;
    }
    process.stdout.write(`${JSON.stringify({ url, keys })}\n`);
    process.on('SIGTERM', async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
    });
}

function startChild(quickWorkers) {
    const proc = spawn(process.execPath, [here, '--child', String(quickWorkers)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        createInterface({ input: proc.stdout }).once('line', (line) => resolve({ proc, ...JSON.parse(line) }));
        proc.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
}

// ---------------------------------------------------------------- parent: load and measurements
const invoice = JSON.parse(readFileSync(join(root, 'examples', 'invoice-en.svc.json'), 'utf8'));
const invoiceText = readFileSync(join(root, 'examples', 'invoice-en.txt'), 'utf8');

/** One line of 50,000 characters of amounts for 32 money fields: about 3 s of a worker's time. */
function heavyBody(i) {
    const fields = Array.from({ length: 32 }, (_, f) => ({ name: `m${f}`, type: 'money', currency: 'EUR', hints: ['Total', 'Amount'] }));
    let document = '';
    for (let n = 0; document.length < 50_000; n++) document += `Total EUR ${n % 1000}.${n % 100} Amount ${n} `;
    return JSON.stringify({ schema: { svc_schema: '1.0', name: `line${i}`, fields }, document: document.slice(0, 50_000) });
}

async function post(server, key, path, body) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
}

/** The victim's two requests, one after the other every 100 ms for `seconds`: a new small schema, a small extraction. */
async function victim(server, seconds, tag) {
    const out = { validate: [], extract: [], errors: 0 };
    const end = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < end; i++) {
        const v = await post(
            server,
            server.keys.victim,
            '/v1/schemas/validate',
            JSON.stringify({ schema: { ...invoice, name: `${tag}${i}` } }),
        );
        const x = await post(
            server,
            server.keys.victim,
            '/v1/extractions',
            JSON.stringify({ schema: invoice, document: `${i} ${invoiceText}` }),
        );
        out.validate.push(v.ms);
        out.extract.push(x.ms);
        out.errors += Number(v.status !== 200) + Number(x.status !== 200);
        await new Promise((r) => setTimeout(r, 100));
    }
    return out;
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(quickWorkers, seconds) {
    const server = await startChild(quickWorkers);
    try {
        await victim(server, 2, 'warm'); // threads started, JIT, the reader's vocabulary on each thread
        const alone = await victim(server, seconds, 'alone');
        let running = true;
        let heavyDone = 0;
        const lanes = Array.from({ length: 16 }, async (_, lane) => {
            for (let i = 0; running; i++) {
                const r = await post(server, server.keys.heavy, '/v1/extractions', heavyBody(lane * 10_000 + i));
                heavyDone += Number(r.status === 200);
                if (r.status !== 200) await new Promise((res) => setTimeout(res, 1000)); // 429: back off, as a client should
            }
        });
        await new Promise((r) => setTimeout(r, 1000)); // its share of the queue is full
        const loaded = await victim(server, seconds, 'loaded');
        running = false;
        await Promise.all(lanes);
        return { alone, loaded, heavyDone };
    } finally {
        server.proc.kill('SIGTERM');
        await new Promise((r) => server.proc.once('exit', r));
    }
}

export async function runFairnessBench({ seconds = 10 } = {}) {
    const rows = [];
    for (const [quick, label] of [
        ['1', '1 worker + 1 quick thread (default)'],
        ['0', '1 worker, no quick thread'],
    ]) {
        const { alone, loaded, heavyDone } = await measure(quick, seconds);
        for (const [kind, what] of [
            ['validate', 'uncached small validate'],
            ['extract', 'small extraction'],
        ])
            for (const [p, pname] of [
                [0.5, 'p50'],
                [0.95, 'p95'],
            ])
                rows.push({
                    name: `another tenant's ${what} ${pname}, one account's 16 heavy extractions in flight (${label})`,
                    value: pct(loaded[kind], p),
                    unit: 'ms',
                    target: quick === '1' ? '≤ 5× alone' : 'reported (one task at most)',
                    ratio: pct(loaded[kind], p) / Math.max(pct(alone[kind], p), 0.001),
                    baseline: `the same tenant alone (${pct(alone[kind], p).toFixed(1)} ms)`,
                });
        rows.push({
            name: `  errors of that tenant under load; heavy extractions answered 200 meanwhile (${label})`,
            value: loaded.errors,
            unit: '',
            target: `0 (heavy: ${heavyDone})`,
        });
    }
    return rows;
}

if (process.argv[2] === '--child') {
    await child(process.argv[3]);
} else if (process.argv[1] === here) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runFairnessBench());
}
