// Several instances (issue 12): validate and extraction throughput with PostgreSQL + Redis against
// SQLite + memory counters, and two PostgreSQL + Redis instances against one, all in the same run,
// with autocannon against servers in child processes. PostgreSQL and Redis are throwaway servers
// started here (the test support of @svc/runtime-server); without their binaries the rows are skipped.
// `node bench/cluster-bench.mjs` runs it alone; bench/run.mjs calls runClusterBench().
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');
const SCHEMA = {
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}', hints: ['Invoice number'] },
        { name: 'invoice_date', type: 'date', hints: ['Invoice date'] },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
};
const DOCUMENT = 'Invoice number: INV-2024-0042\nInvoice date: 3 January 2024\nTotal: EUR 1,234.56\nThank you.';
const VALIDATE = JSON.stringify({ schema: SCHEMA });
const EXTRACT = JSON.stringify({ schema: SCHEMA, document: DOCUMENT });

// ---------------------------------------------------------------- child: one instance
async function child(options) {
    await import('@svc/language/polyfill');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-cbench-'));
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    // One key is every client here: load, not a tenant's share of the queue (limits/account-gate.ts).
    const env = { SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SVC_WORKER_QUEUE_PER_ACCOUNT: '100000' };
    if (options.databaseUrl)
        Object.assign(env, { SVC_DATABASE_URL: options.databaseUrl, SVC_REDIS_URL: options.redisUrl, SVC_SESSION_SECRET: 'bench-secret' });
    const server = createServer(loadConfig(env, root, { limits: unlimited }), { editor: null, env: {}, logSink: () => {} });
    const url = await server.listen();
    let key;
    if (options.createKey) {
        await createAccount(server.services.store, 'bench@example.test', 1e12);
        key = (await createKey(server.services.store, { email: 'bench@example.test', name: 'bench' })).key;
    }
    process.stdout.write(`${JSON.stringify({ url, key })}\n`);
    const stop = async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
    };
    process.on('SIGTERM', stop);
}

// ---------------------------------------------------------------- parent
function startChild(options) {
    const proc = spawn(process.execPath, [here, '--child', JSON.stringify(options)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        createInterface({ input: proc.stdout }).once('line', (line) => resolve({ proc, ...JSON.parse(line) }));
        proc.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
}

async function stopChild(c) {
    c.proc.kill('SIGTERM');
    await new Promise((r) => c.proc.once('exit', r));
}

async function load(autocannon, urls, path, key, body, options) {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    // Connections split over the instances, as a round-robin proxy would.
    const results = await Promise.all(
        urls.map((url) =>
            autocannon({ url: url + path, connections: Math.ceil(32 / urls.length), method: 'POST', body, headers, ...options }),
        ),
    );
    for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return results.reduce((sum, r) => sum + r.requests.average, 0);
}

export async function runClusterBench({ seconds = 5 } = {}) {
    const { sharedPg, sharedRedis } = await import('@svc/runtime-server/test-support');
    const [pg, redis] = await Promise.all([sharedPg(), sharedRedis()]);
    if (!pg || !redis)
        return [{ name: 'multi-instance rows skipped: PostgreSQL or Redis binaries absent', value: 0, unit: '', target: 'reported' }];
    const { default: autocannon } = await import('autocannon');
    const measure = async (urls, key) => {
        await load(autocannon, urls, '/v1/schemas/validate', key, VALIDATE, { amount: 3_000 });
        await load(autocannon, urls, '/v1/extractions', key, EXTRACT, { amount: 500 });
        return {
            validate: await load(autocannon, urls, '/v1/schemas/validate', key, VALIDATE, { duration: seconds }),
            extract: await load(autocannon, urls, '/v1/extractions', key, EXTRACT, { duration: seconds }),
        };
    };
    const sqlite = await startChild({ createKey: true });
    let local;
    try {
        local = await measure([sqlite.url], sqlite.key);
    } finally {
        await stopChild(sqlite);
    }

    const databaseUrl = await pg.createDatabase();
    const a = await startChild({ databaseUrl, redisUrl: redis.url, createKey: true });
    let one;
    let two;
    try {
        one = await measure([a.url], a.key);
        const b = await startChild({ databaseUrl, redisUrl: redis.url });
        try {
            two = await measure([a.url, b.url], a.key);
        } finally {
            await stopChild(b);
        }
    } finally {
        await stopChild(a);
    }
    return [
        { name: 'validate (cache hits), SQLite + memory counters, one instance', value: local.validate, unit: 'req/s', target: 'baseline' },
        {
            name: 'validate (cache hits), PostgreSQL + Redis, one instance',
            value: one.validate,
            unit: 'req/s',
            target: '>= 0.7× SQLite + memory',
            ratio: one.validate / local.validate,
            baseline: 'SQLite + memory',
        },
        {
            name: 'extractions (heuristic reader), SQLite + memory counters, one instance',
            value: local.extract,
            unit: 'req/s',
            target: 'baseline',
        },
        {
            name: 'extractions (heuristic reader), PostgreSQL + Redis, one instance',
            value: one.extract,
            unit: 'req/s',
            target: 'reported',
            ratio: one.extract / local.extract,
            baseline: 'SQLite + memory',
        },
        {
            name: 'validate, two PostgreSQL + Redis instances (same 2-core machine)',
            value: two.validate,
            unit: 'req/s',
            target: 'reported',
            ratio: two.validate / one.validate,
            baseline: 'one instance',
        },
        {
            name: 'extractions, two PostgreSQL + Redis instances (same 2-core machine)',
            value: two.extract,
            unit: 'req/s',
            target: 'reported',
            ratio: two.extract / one.extract,
            baseline: 'one instance',
        },
    ];
}

if (process.argv[2] === '--child') {
    await child(JSON.parse(process.argv[3]));
} else if (process.argv[1] === here) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runClusterBench());
    process.exit(0); // the throwaway servers are stopped by their exit hooks
}
