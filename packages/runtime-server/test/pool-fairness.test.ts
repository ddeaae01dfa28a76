// One tenant must not take another's worker time (docs/worker-pool.md, "Fair scheduling" and "The
// worker-time budget"). Real threads and the real engine; no timings: the tests check the order of
// answers and what each request is answered, with a clock frozen at the start of a minute so every
// request of a test falls in one budget window.
import { expect } from 'chai';
import { MESSAGES } from '../src/http/api-errors.js';
import { BUDGET_SPENT_MESSAGE, type WorkerBudget } from '../src/limits/worker-budget.js';
import { WorkerPipeline } from '../src/pipeline/worker-pool.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';
import { call, newKey, startTestServer, DOC, SCHEMA, type Res, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const frozen = (): (() => number) => {
    const t = Math.floor(Date.now() / 60_000) * 60_000;
    return () => t;
};
/** About 1 MiB of schema no cache knows: 10,000 relations, about half a second of a worker's time. */
function heavyBody(i: number): string {
    const fields = Array.from({ length: 32 }, (_, f) => `{"name":"f${f}","type":"decimal","scale":2}`);
    const rels = Array.from(
        { length: 10_000 },
        (_, r) => `{"id":"r${r}","description":"${'d'.repeat(20)}","expr":"f${r % 32} + f${(r + 1) % 32} * 2 <= f${(r + 3) % 32} + ${r}"}`,
    );
    return `{"schema":{"svc_schema":"1.0","name":"heavy${i}_${Math.random()}","fields":[${fields.join(',')}],"relations":[${rels.join(',')}]}}`;
}
/** An extraction of one 50,000-character line of amounts for 32 money fields: seconds of a worker's time. */
function longExtraction(i: number): unknown {
    const fields = Array.from({ length: 32 }, (_, f) => ({ name: `m${f}`, type: 'money', currency: 'EUR', hints: ['Total', 'Amount'] }));
    let document = '';
    for (let n = 0; document.length < 50_000; n++) document += `Total EUR ${n % 1000}.${n % 100} Amount ${n} `;
    return { schema: { svc_schema: '1.0', name: `line${i}_${Math.random()}`, fields }, document: document.slice(0, 50_000) };
}
const smallBody = (i: number): string => JSON.stringify({ schema: { ...SCHEMA, name: `small${i}_${Math.random()}` } });

/** Resolves when `check` holds (polled every 5 ms); fails the test after 30 s rather than hang it. */
async function until(check: () => boolean): Promise<void> {
    for (const end = Date.now() + 30_000; !check(); await new Promise((r) => setTimeout(r, 5)))
        if (Date.now() > end) throw new Error('the pool never reached the state the test waits for');
}

function expectSpent(r: Res): void {
    expect(r.status, r.text).to.equal(429);
    expect(r.headers.get('retry-after')).to.equal('60');
    expect(r.json.error).to.deep.equal({ code: 'rate_limited', message: BUDGET_SPENT_MESSAGE });
}

describe('fair scheduling and the worker-time budget', function () {
    this.timeout(120_000);

    it("another account's small validate is answered before this account's queued heavy ones", async () => {
        const t = await startTestServer({
            limits: OPEN,
            // No quick thread: the small validate must win the one thread by its order alone.
            config: { workers: 1, quickWorkers: 0, workerQueuePerAccount: 16 },
            overrides: { engine: null, editor: null, env: {} },
        });
        try {
            const [heavy, light] = [(await newKey(t)).key, (await newKey(t)).key];
            const done: string[] = [];
            const pool = t.server.services.pipeline;
            const backlog = Array.from({ length: 5 }, (_, i) =>
                call(t, 'POST', '/v1/schemas/validate', { key: heavy, raw: heavyBody(i) }).then((r) => {
                    done.push(`heavy${i}`);
                    return r;
                }),
            );
            // One heavy validate runs and at least two wait; then the other tenant asks.
            await until(() => pool.load().queued >= 2);
            const before = done.length;
            const small = await call(t, 'POST', '/v1/schemas/validate', { key: light, raw: smallBody(0) });
            expect(small.status, small.text).to.equal(200);
            // First come, first served it would have waited for the running one and every queued one.
            expect(done.length - before, done.join(' ')).to.be.at.most(1);
            for (const r of await Promise.all(backlog)) expect(r.status).to.equal(200);
        } finally {
            await t.stop();
        }
    });

    it("a small body runs on the quick thread while another account's long task holds the only other one", async () => {
        const t = await startTestServer({
            limits: OPEN,
            config: { workers: 1, quickWorkers: 1 },
            overrides: { engine: undefined, editor: undefined, env: {} },
        });
        try {
            const [heavy, light] = [(await newKey(t, { credit: 100 })).key, (await newKey(t, { credit: 10 })).key];
            let heavyDone = 0;
            const backlog = [0, 1].map((i) =>
                call(t, 'POST', '/v1/extractions', { key: heavy, body: longExtraction(i) }).then((r) => {
                    heavyDone++;
                    return r;
                }),
            );
            const pool = t.server.services.pipeline;
            // One long reading runs, the other waits (it may not take the quick thread).
            await until(() => pool.load().queued >= 1);
            expect(pool.load()).to.deep.equal({ running: 1, queued: 1 });
            const small = await call(t, 'POST', '/v1/schemas/validate', { key: light, raw: smallBody(0) });
            const x = await call(t, 'POST', '/v1/extractions', { key: light, body: { schema: SCHEMA, document: DOC } });
            expect([small.status, x.status], x.text).to.deep.equal([200, 200]);
            expect(heavyDone, 'answered before the running long reading').to.equal(0);
            for (const r of await Promise.all(backlog)) expect(r.status).to.equal(200);
        } finally {
            await t.stop();
        }
    });

    describe('the budget on one instance (1 ms: the first task spends it)', () => {
        let t: TestServer;
        before(async () => {
            t = await startTestServer({
                limits: OPEN,
                config: { workers: 1, workerMsPerAccount: 1 },
                overrides: { engine: undefined, editor: undefined, env: {}, now: frozen() },
            });
        });
        after(() => t.stop());

        it('an account past its worker time is answered 429 with Retry-After: 60, its extraction before any credit is reserved', async () => {
            const k = await newKey(t, { credit: 50 });
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, raw: smallBody(1) })).status).to.equal(200);
            expect(t.server.services.budget.usedMs(k.accountId)).to.be.at.least(1);
            const reserve = t.server.services.ledger.reserve.bind(t.server.services.ledger);
            let reservations = 0;
            t.server.services.ledger.reserve = (...args) => {
                reservations++;
                return reserve(...args);
            };
            expectSpent(await call(t, 'POST', '/v1/extractions', { key: k.key, body: { schema: SCHEMA, document: DOC } }));
            expectSpent(await call(t, 'POST', '/v1/schemas/validate', { key: k.key, raw: smallBody(2) }));
            expect(reservations).to.equal(0);
            expect((await t.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(50);
            // Another account is not touched by it (its first task is admitted; with 1 ms it then has spent its own).
            const other = await newKey(t, { credit: 50 });
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: other.key, raw: smallBody(3) })).status).to.equal(200);
        });
    });

    it("answers an account's queued task 429 when the account runs out while it waits, and charges each task's worker time", async () => {
        const spent = new Set<string>();
        const charged: Array<[string, number]> = [];
        const budget = {
            spent: (account: string) => spent.has(account),
            charge: (account: string, ms: number) => charged.push([account, ms]),
        } as unknown as WorkerBudget;
        const pipeline = new WorkerPipeline({
            threads: 1,
            maxQueue: 8,
            networkThreads: 0,
            taskTimeoutMs: 60_000,
            budget,
            setup: { env: {}, cwd: process.cwd(), dataDir: '.', secrets: ['s'], engine: false, editor: false, compileCacheEntries: 8 },
        });
        try {
            const running = pipeline.validate(heavyBody(1), 'acct_y'); // takes the thread
            const queued = pipeline.validate(heavyBody(2), 'acct_x'); // waits
            const other = pipeline.validate(smallBody(3), 'acct_z'); // waits
            spent.add('acct_x');
            expect('ok' in (await running)).to.equal(true);
            expect(await queued).to.deep.equal({
                error: { status: 429, code: 'rate_limited', message: BUDGET_SPENT_MESSAGE, retryAfter: 60 },
            });
            expect('ok' in (await other)).to.equal(true);
            expect(charged.map(([a]) => a)).to.deep.equal(['acct_y', 'acct_z']);
            for (const [, ms] of charged) expect(ms).to.be.greaterThan(0);
            expect(pipeline.load()).to.deep.equal({ running: 0, queued: 0 });
        } finally {
            await pipeline.close();
        }
    });

    it('takes an extraction whose client went away out of the queue, unread (a running one goes on: it is CPU work)', async () => {
        const pipeline = new WorkerPipeline({
            threads: 1,
            maxQueue: 8,
            networkThreads: 0,
            taskTimeoutMs: 60_000,
            setup: { env: {}, cwd: process.cwd(), dataDir: '.', secrets: ['s'], engine: false, editor: false, compileCacheEntries: 8 },
        });
        try {
            const running = pipeline.validate(heavyBody(1), 'acct_y'); // takes the thread
            const gone = new AbortController();
            const waiting = pipeline.extract('{}', 'acct_x', gone.signal);
            expect(pipeline.load()).to.deep.equal({ running: 1, queued: 1 });
            gone.abort(new Error('the client went away'));
            expect(pipeline.load()).to.deep.equal({ running: 1, queued: 0 });
            expect(await waiting).to.deep.equal({
                error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong, reason: 'stopped: the client went away' },
            });
            expect('ok' in (await running)).to.equal(true);
        } finally {
            await pipeline.close();
        }
    });

    it('answers tasks still waiting at close() 503', async () => {
        const pipeline = new WorkerPipeline({
            threads: 1,
            maxQueue: 8,
            networkThreads: 0,
            taskTimeoutMs: 60_000,
            setup: { env: {}, cwd: process.cwd(), dataDir: '.', secrets: ['s'], engine: false, editor: false, compileCacheEntries: 8 },
        });
        const running = pipeline.validate(heavyBody(1), 'acct_y');
        const waiting = pipeline.validate(smallBody(2), 'acct_x');
        await pipeline.close();
        expect(await waiting).to.deep.equal({ error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.busy } });
        await running; // answered however the closing pool ends it
    });

    describe('the budget across two instances on one Redis', () => {
        let b: Backends;
        before(async function () {
            const made = await backends();
            if (!made) return this.skip();
            b = made;
        });

        it('worker time charged on one instance is refused on the other', async () => {
            const now = frozen();
            const config = { limits: { ...OPEN, windowMs: 60_000 }, workers: 1, workerMsPerAccount: 1 };
            const overrides = { engine: null, editor: null, env: {}, now };
            const A = await startInstance(b, { config, overrides });
            const B = await startInstance(b, { config, overrides });
            try {
                const k = await newKey(A);
                expect((await call(A, 'POST', '/v1/schemas/validate', { key: k.key, raw: smallBody(1) })).status).to.equal(200);
                // The charge reaches Redis after the answer; B has charged nothing of its own.
                const name = `wms:${k.accountId}:${Math.floor(now() / 60_000)}`;
                await eventually('the charge is in Redis', async () => ((await B.server.services.counters.peek([name]))[0] ?? 0) >= 1);
                expect(B.server.services.budget.usedMs(k.accountId)).to.equal(0);
                expectSpent(await call(B, 'POST', '/v1/schemas/validate', { key: k.key, raw: smallBody(2) }));
                const other = await newKey(A);
                expect((await call(B, 'POST', '/v1/schemas/validate', { key: other.key, raw: smallBody(3) })).status).to.equal(200);
            } finally {
                await A.stop();
                await B.stop();
            }
        });
    });
});
