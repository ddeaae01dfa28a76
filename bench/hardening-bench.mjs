// Hardening benchmarks (issue 9):
//   - token counting speed on adversarial text (50,000 characters of one kind of white space, a run
//     without white space, punctuation with newlines, mixed scripts) against ordinary prose, in the
//     same process: linear whatever the characters, so the ratios stay near 1;
//   - the heuristic reader on adversarial layouts (a long line of labels above a column of values,
//     labels and values densely on one line, long runs of white space) against prose of the same
//     length, in characters per second, in the same process: linear whatever the layout;
//   - GET /healthz and a cached POST /v1/schemas/validate p99 while the worst single requests run
//     one after another (a 1 MiB schema that no cache knows, a 50,000-character document with 32
//     fields, a pattern scan over 50,000 characters), with the worker pool and, as the baseline in
//     the same run, with SVC_WORKERS=0 (everything on the event loop).
// `node bench/hardening-bench.mjs` runs it alone; bench/run.mjs calls runHardeningBench().
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { largeSchema } from './schema-gen.mjs';
import { wideCase } from './extraction-bench.mjs';
import { LAYOUTS } from './hardening-layouts.mjs';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');

function lcg(seed) {
    let x = seed;
    return (n) => {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        return x % n;
    };
}
const pick = (alphabet, n, seed = 7) => {
    const r = lcg(seed);
    let s = '';
    while (s.length < n) s += alphabet[r(alphabet.length)];
    return s.slice(0, n);
};

/** Ordinary prose: the example documents and generated sentences, 50,000 characters. */
function ordinaryText() {
    const examples = ['invoice-en.txt', 'factuur-nl.txt', 'contract-en.txt']
        .map((f) => readFileSync(join(root, 'examples', f), 'utf8'))
        .join('\n');
    const words = examples.split(/\s+/).filter(Boolean);
    const r = lcg(11);
    let text = `${examples}\n`;
    while (text.length < 50_000)
        text += `${Array.from({ length: 12 }, () => words[r(words.length)]).join(' ')}. ${r(10_000)}.${r(100)} EUR\n`;
    return text.slice(0, 50_000);
}

const ADVERSARIAL = {
    '50,000 spaces': ' '.repeat(50_000),
    '50,000 no-break spaces': '\u00a0'.repeat(50_000),
    '50,000 ideographic spaces (U+3000)': '\u3000'.repeat(50_000),
    '50,000 mixed white space': pick([' ', '\u3000', '\u00a0', '\t', '\n', '\u2003', '\u2028', '\r\n'], 50_000),
    '50,000 letters without white space': pick('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/', 50_000),
    '50,000 of punctuation, newlines and slashes': `!${pick(['\n', '/', '\r'], 49_999)}`,
    '50,000 of mixed scripts and emoji': pick(['的', 'ж', 'ש', 'م', 'न', '्', '😀', '👍🏽', ' ', 'e\u0301'], 50_000),
};

/** The median of `n` timed runs of `run` (each after `before`, untimed), in seconds. */
async function medianSeconds(n, run, before = () => {}) {
    const times = [];
    for (let i = 0; i < n; i++) {
        before();
        const t0 = process.hrtime.bigint();
        await run();
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(n / 2)];
}

async function tokenRows() {
    const { countTokens, clearPieceTokens } = await import(
        pathToFileURL(join(root, 'packages/extraction/dist/src/windows/token-counter.js')).href
    );
    // The same module instance the counter loads (CJS, on first use): its merge cache, and the
    // counter's own cache of piece counts, are emptied before every run, as an attacker's fresh
    // text would find them.
    const o200k = createRequire(join(root, 'packages/extraction/package.json'))('gpt-tokenizer/encoding/o200k_base');
    const speed = async (text) => {
        countTokens(text.slice(0, 5_000));
        let tokens = 0;
        const clear = () => {
            o200k.clearMergeCache();
            clearPieceTokens();
        };
        const seconds = await medianSeconds(5, () => (tokens = countTokens(text)), clear);
        return { tokens, seconds, perSecond: tokens / seconds, charsPerSecond: text.length / seconds };
    };
    const base = await speed(ordinaryText());
    const rows = [{ name: 'token counting, ordinary prose (50,000 characters)', value: base.perSecond, unit: 'tok/s', target: 'baseline' }];
    let worst = Infinity;
    let worstChars = Infinity;
    for (const [name, text] of Object.entries(ADVERSARIAL)) {
        const s = await speed(text);
        worst = Math.min(worst, s.perSecond / base.perSecond);
        worstChars = Math.min(worstChars, s.charsPerSecond / base.charsPerSecond);
        rows.push({
            name: `token counting, ${name} (${(s.seconds * 1000).toFixed(1)} ms, ${(s.charsPerSecond / base.charsPerSecond).toFixed(2)}× chars/s)`,
            value: s.perSecond,
            unit: 'tok/s',
            target: 'ratio near 1, < 1 s',
            ratio: s.perSecond / base.perSecond,
            baseline: 'ordinary prose',
        });
    }
    // White space merges into long tokens, so its tokens per second understate its speed: characters
    // per second is the measure of linearity, tokens per second the one the issue names.
    rows.push({ name: 'token counting, slowest adversarial text vs ordinary prose, tokens/s', value: worst, unit: '×', target: 'near 1' });
    rows.push({
        name: 'token counting, slowest adversarial text vs ordinary prose, chars/s',
        value: worstChars,
        unit: '×',
        target: 'near 1',
    });
    return rows;
}

// ---------------------------------------------------------------- child: the server under test
async function child(workers) {
    await import('@svc/language/polyfill');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-hardening-bench-'));
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    // One key is every client here: load, not a tenant's share of the queue (limits/account-gate.ts).
    const env = {
        SVC_DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_SESSION_SECRET: 'bench',
        SVC_WORKERS: workers,
        SVC_WORKER_QUEUE_PER_ACCOUNT: '100000',
    };
    const server = createServer(loadConfig(env, root, { limits: unlimited }), { logSink: () => {}, env });
    const url = await server.listen();
    await createAccount(server.services.store, 'bench@example.test');
    await server.services.store.addCredit('bench@example.test', 1e9);
    const key = await createKey(server.services.store, { email: 'bench@example.test', name: 'bench' });
    process.stdout.write(`${JSON.stringify({ url, key: key.key })}\n`);
    process.on('SIGTERM', async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
    });
}

function startChild(workers) {
    const proc = spawn(process.execPath, [here, '--child', String(workers)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        createInterface({ input: proc.stdout }).once('line', (line) => resolve({ proc, ...JSON.parse(line) }));
        proc.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
}

/** The worst single requests, each new to every cache. */
function worstRequests() {
    const large = largeSchema();
    const wide = wideCase();
    const pattern = { svc_schema: '1.0', name: 'scan', fields: [{ name: 'code', type: 'string', pattern: 'a(?:[^!]*!)?' }] };
    // A body of 100,000 members the request does not define (1.3 MB): 100,000 validation errors.
    const unknown = Array.from({ length: 100_000 }, (_, k) => `"k${k}":1`).join(',');
    let n = 0;
    return () => {
        const i = n++;
        switch (i % 4) {
            case 3:
                return ['/v1/schemas/validate', `{"schema":${JSON.stringify({ ...pattern, name: `keys${i}` })},${unknown}}`];
            case 0:
                return ['/v1/schemas/validate', `{"schema":${large.replace('"name": "bench"', `"name": "bench${i}"`)}}`];
            case 1:
                return [
                    '/v1/extractions',
                    JSON.stringify({ schema: wide.schema, document: `${i} ${wide.document.slice(String(i).length + 1)}` }),
                ];
            default:
                return ['/v1/extractions', JSON.stringify({ schema: pattern, document: `${i}${'a'.repeat(50_000 - String(i).length)}` })];
        }
    };
}

async function underWorstLoad(autocannon, workers, seconds) {
    const server = await startChild(workers);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${server.key}` };
    const cachedBody = JSON.stringify({ schema: JSON.parse(readFileSync(join(root, 'examples', 'invoice-en.svc.json'), 'utf8')) });
    try {
        await fetch(`${server.url}/v1/schemas/validate`, { method: 'POST', headers, body: cachedBody }); // now cached
        // Warm every worker (module loading, JIT) before anything is measured.
        await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
                fetch(`${server.url}/v1/schemas/validate`, {
                    method: 'POST',
                    headers,
                    body: cachedBody.replace('"name":"', `"name":"warm${i}`),
                }).then((r) => r.arrayBuffer()),
            ),
        );
        await autocannon({ url: `${server.url}/healthz`, connections: 1, duration: 1 });
        const quiet = await autocannon({ url: `${server.url}/healthz`, connections: 1, duration: 2 });
        const next = worstRequests();
        let running = true;
        let worst = 0;
        const loop = (async () => {
            while (running) {
                const [path, body] = next();
                const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
                await res.arrayBuffer();
                worst++;
            }
        })();
        await new Promise((r) => setTimeout(r, 300));
        const [health, cached] = await Promise.all([
            autocannon({ url: `${server.url}/healthz`, connections: 1, duration: seconds }),
            autocannon({
                url: `${server.url}/v1/schemas/validate`,
                method: 'POST',
                headers,
                body: cachedBody,
                connections: 1,
                duration: seconds,
            }),
        ]);
        running = false;
        await loop;
        return { quiet: quiet.latency.p99, health: health.latency.p99, cached: cached.latency.p99, worst };
    } finally {
        server.proc.kill('SIGTERM');
        await new Promise((r) => server.proc.once('exit', r));
    }
}

async function readerRows() {
    const dist = (p) => pathToFileURL(join(root, 'packages', p)).href;
    const { compileSchemaText } = await import(dist('compiler/dist/src/index.js'));
    const { createEngine, secretRingOf } = await import(dist('extraction/dist/src/index.js'));
    const schemaOf = (file) =>
        compileSchemaText(typeof file === 'string' ? readFileSync(join(root, 'examples', file), 'utf8') : JSON.stringify(file)).schema;
    const invoice = schemaOf('invoice-en.svc.json');
    const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['bench']) });
    const prose = ordinaryText();
    const speed = async (text, schema = invoice, language = 'en') => {
        const request = { document: text, schema, language, reference: null, options: { on_conflict: 'withhold', fallback: 'off' } };
        await engine.extract(request);
        const seconds = await medianSeconds(3, () => engine.extract(request));
        return { seconds, charsPerSecond: text.length / seconds };
    };
    const base = await speed(prose);
    const rows = [
        { name: `reader, ordinary prose (${prose.length} characters)`, value: base.charsPerSecond, unit: 'chars/s', target: 'baseline' },
    ];
    let worst = Infinity;
    for (const [name, layout] of Object.entries(LAYOUTS)) {
        const s = typeof layout === 'string' ? await speed(layout) : await speed(layout.text, schemaOf(layout.schema), layout.language);
        worst = Math.min(worst, s.charsPerSecond / base.charsPerSecond);
        rows.push({
            name: `reader, ${name} (${(s.seconds * 1000).toFixed(0)} ms)`,
            value: s.charsPerSecond,
            unit: 'chars/s',
            target: 'ratio ≥ 0.2, < 1 s',
            ratio: s.charsPerSecond / base.charsPerSecond,
            baseline: 'ordinary prose',
        });
    }
    rows.push({ name: 'reader, slowest adversarial layout vs ordinary prose, chars/s', value: worst, unit: '×', target: '≥ 0.2' });
    return rows;
}

export async function runHardeningBench({ seconds = 8 } = {}) {
    const { default: autocannon } = await import('autocannon');
    const rows = [...(await tokenRows()), ...(await readerRows())];
    const pooled = await underWorstLoad(autocannon, 2, seconds);
    const inline = await underWorstLoad(autocannon, 0, seconds);
    rows.push(
        {
            name: `GET /healthz p99, worst requests running (pool of 2; ${pooled.worst} worst requests)`,
            value: pooled.health,
            unit: 'ms',
            target: '< 100 ms',
            ratio: pooled.health / Math.max(inline.health, 0.001),
            baseline: 'SVC_WORKERS=0',
        },
        {
            name: 'cached POST /v1/schemas/validate p99, worst requests running (pool of 2)',
            value: pooled.cached,
            unit: 'ms',
            target: '< 100 ms',
            ratio: pooled.cached / Math.max(inline.cached, 0.001),
            baseline: 'SVC_WORKERS=0',
        },
        { name: 'GET /healthz p99, no other load (pool of 2)', value: pooled.quiet, unit: 'ms', target: 'reported' },
        {
            name: `GET /healthz p99, worst requests running, SVC_WORKERS=0 (${inline.worst} worst requests)`,
            value: inline.health,
            unit: 'ms',
            target: 'baseline',
        },
        {
            name: 'cached POST /v1/schemas/validate p99, worst requests running, SVC_WORKERS=0',
            value: inline.cached,
            unit: 'ms',
            target: 'baseline',
        },
    );
    return rows;
}

if (process.argv[2] === '--child') {
    await child(process.argv[3]);
} else if (process.argv[1] === here) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runHardeningBench());
}
