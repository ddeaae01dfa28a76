// Runtime-server benchmarks (issue 3), with autocannon against a server in a child process:
//   - POST /v1/schemas/validate with a typical schema (authentication, limits, strict JSON reader,
//     body validation, compile cache hit) as throughput and p99 ratios to a bare POST route of the
//     same server receiving the same body, measured in the same run;
//   - the same with a new schema in every request (no answer or compile cache can help; a renamed
//     field makes one relation compile afresh), as throughput and as server CPU per request (the
//     load generator shares the machine's cores, so CPU per request is the steadier figure);
//   - the server's RSS after 100,000 validate requests in rounds (it must not grow).
// `node bench/server-bench.mjs` runs it alone; bench/run.mjs calls runServerBench().
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');

// A typical schema: the invoice of the examples with a relation.
export const SCHEMA = {
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}', hints: ['Invoice number'] },
        { name: 'invoice_date', type: 'date', hints: ['Invoice date'] },
        { name: 'due_date', type: 'date' },
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'vat', type: 'money', currency: 'EUR' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
    relations: [
        { id: 'sum', expr: 'total == net + vat' },
        { id: 'due', expr: 'due_date >= invoice_date' },
    ],
};
const BODY = JSON.stringify({ schema: SCHEMA });

// ---------------------------------------------------------------- child: the server under test
async function child() {
    await import('@svc/language/polyfill');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    // Log lines are formatted as in production and then dropped, so both routes pay for them.
    const server = createServer(
        loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SVC_WORKER_QUEUE_PER_ACCOUNT: '100000' }, root, {
            limits: unlimited,
        }),
        {
            engine: null,
            editor: null,
            logSink: () => {},
        },
    );
    server.app.post('/bench/bare', async () => ({ status: 'ok' }));
    server.app.get('/bench/rss', async () => {
        globalThis.gc?.();
        return process.memoryUsage();
    });
    const url = await server.listen();
    await createAccount(server.services.store, 'bench@example.test');
    const key = await createKey(server.services.store, { email: 'bench@example.test', name: 'bench' });
    process.stdout.write(`${JSON.stringify({ url, key: key.key })}\n`);
    const stop = async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
}

// ---------------------------------------------------------------- parent: load and measurements
export function startChild() {
    const proc = spawn(process.execPath, ['--expose-gc', here, '--child'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        const lines = createInterface({ input: proc.stdout });
        lines.once('line', (line) => resolve({ proc, ...JSON.parse(line) }));
        proc.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
}

export async function load(autocannon, url, options) {
    const result = await autocannon({ url, connections: 32, pipelining: 1, method: 'POST', body: BODY, ...options });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
}

/** User plus system CPU time of a process (all its threads) in µs (Linux /proc; undefined elsewhere). */
function cpuMicros(pid) {
    const path = `/proc/${pid}/stat`;
    if (!existsSync(path)) return undefined;
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms (USER_HZ 100)
}

/** A load and the server's CPU per request during it (µs; undefined where /proc is missing). */
async function loadWithCpu(autocannon, pid, url, options) {
    const before = cpuMicros(pid);
    const result = await load(autocannon, url, options);
    const after = cpuMicros(pid);
    return { result, cpu: before === undefined ? undefined : (after - before) / result.requests.total };
}

async function rssMiB(url) {
    const res = await fetch(`${url}/bench/rss`);
    return (await res.json()).rss / (1024 * 1024);
}

export async function runServerBench({ seconds = 5, totalRequests = 100_000, rounds = 5 } = {}) {
    const { default: autocannon } = await import('autocannon');
    const server = await startChild();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${server.key}` };
    try {
        // Warm up both routes (JIT, compile cache), then measure them one after the other.
        await load(autocannon, `${server.url}/bench/bare`, { headers, amount: 5_000 });
        await load(autocannon, `${server.url}/v1/schemas/validate`, { headers, amount: 5_000 });
        const bare = await load(autocannon, `${server.url}/bench/bare`, { headers, duration: seconds });
        const validate = await load(autocannon, `${server.url}/v1/schemas/validate`, { headers, duration: seconds });
        // A new schema in every request, so neither the route's answer cache nor the compile cache
        // can answer: the schema's name and the name of one field change, and that field's relation
        // (`total == net + vat_<n>`) is parsed and typed afresh; the other is reused (an expression's
        // outcome depends only on its text and the fields it names). A second load changes only the
        // name (every expression reused). Bodies are spliced, not serialized, per request: the load
        // generator shares the machine's cores with the server.
        let n = 0;
        const named = BODY.replace('"name":"invoice"', '"name":"invoice_#"');
        const freshParts = named.replace('"name":"vat"', '"name":"vat_#"').replace('net + vat', 'net + vat_#').split('#');
        const nameParts = named.split('#');
        const perRequest = (parts) => ({
            headers,
            duration: seconds,
            requests: [{ setupRequest: (req) => ({ ...req, body: parts.join(String(n++)) }) }],
        });
        const fresh = perRequest(freshParts);
        const renamed = perRequest(nameParts);
        const validateUrl = `${server.url}/v1/schemas/validate`;
        // Warmed up like the routes above (JIT of the compiler in the worker, the expression cache's
        // first generation): before 2026-11-25 the uncached load started cold, and the first two of its
        // five seconds were mostly the optimizing compiler's work on the helper threads.
        const { duration: _, ...warm } = fresh;
        await load(autocannon, validateUrl, { ...warm, amount: 5_000 });
        const cold = await loadWithCpu(autocannon, server.proc.pid, validateUrl, fresh);
        const nameOnly = await load(autocannon, validateUrl, renamed);
        // autocannon builds a request with setupRequest far more slowly than it resends a fixed one,
        // so the uncached rows are also compared with the bare route under that same client work.
        const bareFresh = await loadWithCpu(autocannon, server.proc.pid, `${server.url}/bench/bare`, fresh);
        const perRound = Math.ceil(totalRequests / rounds);
        const rss = [await rssMiB(server.url)];
        for (let i = 0; i < rounds; i++) {
            await load(autocannon, `${server.url}/v1/schemas/validate`, { headers, amount: perRound });
            rss.push(await rssMiB(server.url));
        }
        const afterFirst = rss[1];
        const last = rss[rss.length - 1];
        const rps = validate.requests.average;
        const bareRps = bare.requests.average;
        return [
            {
                name: 'POST /v1/schemas/validate throughput (typical schema, 32 connections)',
                value: rps,
                unit: 'req/s',
                target: '>= 0.5× bare route',
                ratio: rps / bareRps,
                baseline: 'bare POST route',
            },
            {
                name: 'POST /v1/schemas/validate, a new schema every request (no cache hit; one relation compiled afresh)',
                value: cold.result.requests.average,
                unit: 'req/s',
                target: '>= 0.3× bare route',
                ratio: cold.result.requests.average / bareFresh.result.requests.average,
                baseline: 'bare POST route, a new body every request',
            },
            ...(cold.cpu === undefined
                ? []
                : [
                      {
                          name: 'server CPU per request (all threads), that uncached validate',
                          value: cold.cpu,
                          unit: 'µs',
                          target: 'bare/this >= 0.3',
                          ratio: bareFresh.cpu / cold.cpu,
                          baseline: 'bare route CPU / this (the throughput ratio with the client on other cores)',
                      },
                      {
                          name: 'server CPU per request, bare route, a new body every request',
                          value: bareFresh.cpu,
                          unit: 'µs',
                          target: 'baseline',
                      },
                  ]),
            {
                name: 'the same against the bare route with a fixed body',
                value: cold.result.requests.average,
                unit: 'req/s',
                target: 'reported',
                ratio: cold.result.requests.average / bareRps,
                baseline: 'bare POST route',
            },
            {
                name: 'POST /v1/schemas/validate, only the name new every request (every expression reused)',
                value: nameOnly.requests.average,
                unit: 'req/s',
                target: 'reported',
                ratio: nameOnly.requests.average / bareFresh.result.requests.average,
                baseline: 'bare POST route, a new body every request',
            },
            {
                name: 'bare POST route, a new body every request (same client work)',
                value: bareFresh.result.requests.average,
                unit: 'req/s',
                target: 'baseline',
            },
            {
                name: 'POST /v1/schemas/validate p99, a new schema every request',
                value: cold.result.latency.p99,
                unit: 'ms',
                target: 'reported',
                ratio: cold.result.latency.p99 / Math.max(bare.latency.p99, 0.001),
                baseline: 'bare POST route',
            },
            {
                name: 'POST /v1/schemas/validate p99 latency',
                value: validate.latency.p99,
                unit: 'ms',
                target: '<= 6× bare route (ms resolution)',
                ratio: validate.latency.p99 / Math.max(bare.latency.p99, 0.001),
                baseline: 'bare POST route',
            },
            { name: 'bare POST route throughput (same server, same run)', value: bareRps, unit: 'req/s', target: 'baseline' },
            {
                name: `server RSS after ${rounds * perRound} validate requests in ${rounds} rounds`,
                value: last,
                unit: 'MiB',
                target: '<= 1.10× after the first round',
                ratio: last / afterFirst,
                baseline: 'RSS after round 1',
            },
            { name: 'server RSS growth from round 1 to the last round', value: last - afterFirst, unit: 'MiB', target: '< 16 MiB' },
        ];
    } finally {
        server.proc.kill('SIGTERM');
        await new Promise((r) => server.proc.once('exit', r));
    }
}

if (process.argv[2] === '--child') {
    await child();
} else if (process.argv[1] === here) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runServerBench());
}
