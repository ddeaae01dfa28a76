// What operators need (docs/deploy.md): /readyz, /metrics with SVC_METRICS=1, and the configuration
// rules of several instances.
import { expect } from 'chai';
import { READY_FOR_MS } from '../src/http/ops-routes.js';
import { ConfigError, loadConfig } from '../src/index.js';
import { SCHEMA, ScriptedEngine, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('operations', () => {
    it('SVC_SESSION_SECRET is required with SVC_DATABASE_URL, with a message saying so', () => {
        let err: unknown;
        try {
            loadConfig({ SVC_DATABASE_URL: 'postgres://db/svc' });
        } catch (e) {
            err = e;
        }
        expect(err).to.be.instanceOf(ConfigError);
        expect((err as Error).message).to.contain('SVC_SESSION_SECRET is required with SVC_DATABASE_URL');
        const ok = loadConfig({
            SVC_DATABASE_URL: 'postgres://db/svc',
            SVC_SESSION_SECRET: 's1,s2',
            SVC_REDIS_URL: 'redis://r:6379',
            SVC_METRICS: '1',
            SVC_PG_POOL_MAX: '4',
        });
        expect(ok).to.include({ databaseUrl: 'postgres://db/svc', redisUrl: 'redis://r:6379', metrics: true, pgPoolMax: 4 });
        expect(() => loadConfig({ SVC_PG_POOL_MAX: '0' })).to.throw(ConfigError, /SVC_PG_POOL_MAX/);
        expect(loadConfig({}).metrics).to.equal(false);
    });

    it('refuses to start on an SVC_OPENAI_BASE_URL no reading can use, with a message saying so', () => {
        const openai = (url: string): NodeJS.ProcessEnv => ({ SVC_READER: 'openai', SVC_OPENAI_MODEL: 'm', SVC_OPENAI_BASE_URL: url });
        // It used to start, say the engine was ready, and answer every extraction 503 with nothing logged.
        expect(() => loadConfig(openai('not-a-url'))).to.throw(
            ConfigError,
            /^SVC_OPENAI_BASE_URL must be an http:\/\/ or https:\/\/ URL .*"not-a-url" is no URL/,
        );
        expect(() => loadConfig(openai('ftp://models.example/v1'))).to.throw(ConfigError, /not ftp:/);
        expect(() => loadConfig(openai('file:///etc/passwd'))).to.throw(ConfigError, /not file:/);
        let err: unknown;
        try {
            loadConfig(openai('https://user:hunter2@models.example/v1'));
        } catch (e) {
            err = e;
        }
        expect((err as Error).message)
            .to.contain('SVC_OPENAI_API_KEY')
            .and.not.contain('hunter2');
        for (const url of ['https://api.openai.com/v1', 'http://127.0.0.1:8000/v1', ''])
            expect(() => loadConfig(openai(url))).to.not.throw();
        // The heuristic reader never reads it.
        expect(() => loadConfig({ SVC_OPENAI_BASE_URL: 'not-a-url' })).to.not.throw();
    });

    it('counts failed readings against as many seconds a minute as the worker time, apart', () => {
        expect(loadConfig({ SVC_WORKER_SECONDS_PER_ACCOUNT: '7' })).to.include({ workerMsPerAccount: 7000, readingMsPerAccount: 7000 });
        expect(loadConfig({})).to.include({ workerMsPerAccount: 20_000, readingMsPerAccount: 20_000 });
    });

    describe('with SQLite and memory counters', () => {
        let t: TestServer;
        const engine = new ScriptedEngine();
        before(async () => {
            t = await startTestServer({ config: { metrics: true }, limits: { perKey: 2 }, overrides: { engine } });
        });
        after(async () => {
            await t.stop();
        });

        it('/readyz answers ready without a key', async () => {
            const r = await call(t, 'GET', '/readyz');
            expect(r.status).to.equal(200);
            expect(r.json).to.deep.equal({ status: 'ready' });
        });

        it('/metrics: requests by route and status, latency, reads charged, limit rejections, compile-cache lookups', async () => {
            const k = await newKey(t);
            expect(
                (await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: 'x'.repeat(2500), schema: SCHEMA } })).status,
            ).to.equal(200);
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(200);
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(429);
            const r = await call(t, 'GET', '/metrics');
            expect(r.status).to.equal(200);
            expect(r.headers.get('content-type')).to.contain('text/plain');
            const line = (re: RegExp): string | undefined => r.text.split('\n').find((l) => re.test(l));
            expect(line(/^svc_http_requests_total\{route="\/v1\/schemas\/validate",method="POST",status="200"\} 1$/)).to.be.a('string');
            expect(line(/^svc_http_requests_total\{route="\/v1\/schemas\/validate",method="POST",status="429"\} 1$/)).to.be.a('string');
            expect(line(/^svc_http_request_duration_seconds_count\{route="\/v1\/extractions",method="POST"\} 1$/)).to.be.a('string');
            expect(line(/^svc_reads_charged_total 3$/)).to.be.a('string');
            expect(line(/^svc_rate_limit_rejections_total\{limit="key\+acct"\} 1$/)).to.be.a('string');
            expect(Number(line(/^svc_compile_cache_hits_total /)?.split(' ')[1])).to.be.at.least(1);
            expect(line(/^svc_process_cpu_seconds_total /)).to.be.a('string');
            expect(r.text).not.to.contain(k.key);
        });
    });

    it('/readyz checks PostgreSQL and Redis at most once a second: concurrent requests share a check, a failed one too', async () => {
        let now = Date.parse('2026-01-05T10:00:00.000Z');
        const t = await startTestServer({ overrides: { now: () => now } });
        try {
            const { store, counters } = t.server.services;
            const pings = { store: 0, counters: 0 };
            let down = false;
            let held: Promise<void> = Promise.resolve();
            store.ping = async () => {
                pings.store++;
                await held;
                if (down) throw new Error('down');
            };
            counters.ping = async () => {
                pings.counters++;
            };
            const statuses = async (n: number): Promise<number[]> =>
                (await Promise.all(Array.from({ length: n }, () => call(t, 'GET', '/readyz')))).map((r) => r.status);
            // The first check is held a moment: requests that arrive meanwhile share it, later ones
            // get its result; either way one check.
            let release = (): void => undefined;
            held = new Promise((r) => (release = r));
            const first = statuses(50);
            while (pings.store === 0) await new Promise((r) => setTimeout(r, 5));
            await new Promise((r) => setTimeout(r, 50));
            release();
            expect(await first).to.deep.equal(Array<number>(50).fill(200));
            expect(pings).to.deep.equal({ store: 1, counters: 1 });
            down = true;
            now += READY_FOR_MS - 1;
            expect(await statuses(20)).to.deep.equal(Array<number>(20).fill(200)); // the check of a moment ago
            expect(pings).to.deep.equal({ store: 1, counters: 1 });
            now += 1;
            expect(await statuses(20)).to.deep.equal(Array<number>(20).fill(503));
            expect(pings).to.deep.equal({ store: 2, counters: 2 });
            down = false;
            now += READY_FOR_MS - 1;
            expect(await statuses(20)).to.deep.equal(Array<number>(20).fill(503)); // a failure answers for a second too
            now += 1;
            expect(await statuses(20)).to.deep.equal(Array<number>(20).fill(200));
            expect(pings).to.deep.equal({ store: 3, counters: 3 });
        } finally {
            await t.stop();
        }
    });

    it('/metrics is a 404 unless SVC_METRICS=1', async () => {
        const t = await startTestServer();
        try {
            expect((await call(t, 'GET', '/metrics')).status).to.equal(404);
        } finally {
            await t.stop();
        }
    });
});
