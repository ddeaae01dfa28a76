// An extraction's credit is held exactly as long as it reads, and never twice (docs/deploy.md,
// "Credit reservations"; docs/worker-pool.md, "A deadline per task"). A hostile review, inline
// (SVC_WORKERS=0): a reading with no deadline held its reservation past the 10-minute bound, which
// refunded it while the reading went on; a second extraction spent the same read and the first was
// answered 200 with a charge that took nothing: two answers for one read. Now an inline reading
// keeps the task deadline, each heartbeat renews the reservations its instance still holds, and an
// answer whose charge took nothing is answered 503. Short bounds injected through the configuration.
import { expect } from 'chai';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type TestServer } from './test-server.js';
import { HeldEndpoint } from './held-endpoint.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const today = (): string => new Date().toISOString().slice(0, 10);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Heartbeats every 50 ms; a reservation not renewed for 200 ms is refunded. */
const SHORT_HOLD = { heartbeatMs: 50, deadAfterMs: 1000, maxHoldMs: 200 };

async function creditOf(t: TestServer, accountId: string): Promise<number> {
    return (await t.server.services.store.getAccount(accountId))!.creditReads;
}

/**
 * The review's case: an account with one read; its first extraction reads for 1.5 s, past the hold
 * bound (seven times over); a second one meanwhile. The second must find no credit, and the first
 * be answered and charged.
 */
async function oneReadTwoExtractions(t: TestServer, engine: ScriptedEngine): Promise<void> {
    const k = await newKey(t, { credit: 1 });
    const extract = (): ReturnType<typeof call> =>
        call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
    engine.delayMs = 1500;
    const first = extract();
    await eventually('the read reserved', async () => (await creditOf(t, k.accountId)) === 0);
    const seen = t.server.services.ledger.reconciled;
    await sleep(700);
    expect(t.server.services.ledger.reconciled - seen, 'reconciliations while it read').to.be.greaterThan(3);
    expect(await creditOf(t, k.accountId), 'still held').to.equal(0);
    const second = await extract();
    expect(second.status, second.text).to.equal(402);
    expect((await first).status).to.equal(200);
    expect(await creditOf(t, k.accountId)).to.equal(0);
    expect((await t.server.services.store.readsByDay(k.accountId, '2000-01-01')).map((d) => d.reads)).to.deep.equal([1]);
    expect(t.logs.some((l) => l.includes('refunded abandoned credit reservations'))).to.equal(false);
}

describe('credit held while an extraction reads (SQLite, inline)', function () {
    this.timeout(30_000);
    let t: TestServer | undefined;
    let ep: HeldEndpoint | undefined;
    afterEach(async () => {
        ep?.release();
        await t?.stop();
        await ep?.stop();
        t = undefined;
        ep = undefined;
    });

    it('an inline reading keeps the task deadline: answered 503 at it, its request to the model dropped, its credit back', async () => {
        ep = new HeldEndpoint();
        await ep.start();
        t = await startTestServer({
            limits: OPEN,
            config: { workers: 0, taskTimeoutMs: 400 },
            overrides: {
                engine: undefined,
                editor: undefined,
                env: { SVC_READER: 'openai', SVC_OPENAI_BASE_URL: ep.url, SVC_OPENAI_MODEL: 'test-model', SVC_OPENAI_TIMEOUT_MS: '60000' },
            },
        });
        const k = await newKey(t, { credit: 10 });
        const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        expect(r.status, r.text).to.equal(503);
        expect(r.json.error.code).to.equal('pipeline_unavailable');
        expect(r.json.error.message).to.match(/too long/);
        await ep.droppedAtLeast(1);
        expect(await creditOf(t, k.accountId)).to.equal(10);
        expect(t.logs.some((l) => l.includes('"msg":"reading failed"') && l.includes('stopped: the task deadline passed'))).to.equal(true);
    });

    it('an inline engine that does not stop is answered 503 at the deadline all the same, and charged nothing', async () => {
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise<void>((r) => (release = r));
        t = await startTestServer({ limits: OPEN, config: { taskTimeoutMs: 300 }, overrides: { engine } });
        const k = await newKey(t, { credit: 10 });
        const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        expect(r.status, r.text).to.equal(503);
        expect(await creditOf(t, k.accountId)).to.equal(10);
        release();
        await eventually('the engine done', async () => engine.extracted === 1);
        expect(await creditOf(t, k.accountId)).to.equal(10);
        expect(await t.server.services.store.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([]);
    });

    it('a reservation its extraction still holds is renewed at each heartbeat: one read is never spent twice', async () => {
        const engine = new ScriptedEngine();
        t = await startTestServer({ limits: OPEN, config: { reservations: SHORT_HOLD }, overrides: { engine } });
        await oneReadTwoExtractions(t, engine);
    });

    it('a reservation its instance lost track of is still refunded at the bound', async () => {
        t = await startTestServer({ limits: OPEN, config: { reservations: SHORT_HOLD }, overrides: { engine: new ScriptedEngine() } });
        const k = await newKey(t, { credit: 10 });
        const { store, ledger } = t.server.services;
        expect(await store.openReservation({ id: 'res_lost', accountId: k.accountId, reads: 4, instanceId: ledger.instanceId })).to.equal(
            true,
        );
        expect(await creditOf(t, k.accountId)).to.equal(6);
        await eventually('refunded past the bound', async () => (await creditOf(t!, k.accountId)) === 10);
    });

    it('an answer whose reservation was refunded and its credit spent meanwhile is answered 503, not delivered free', async () => {
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise<void>((r) => (release = r));
        t = await startTestServer({ limits: OPEN, overrides: { engine } });
        const k = await newKey(t, { credit: 1 });
        const extract = (): ReturnType<typeof call> =>
            call(t!, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        const first = extract();
        await eventually('the first reading', async () => engine.started === 1);
        engine.gate = undefined;
        // As another instance does when it takes this one for dead (its heartbeats cut off for 30 s):
        // cut-offs an hour ahead make every reservation abandoned.
        expect(await t.server.services.store.reconcileReservations(-3_600_000, -3_600_000)).to.equal(1);
        expect((await extract()).status, 'the refunded read spent').to.equal(200);
        release();
        const r = await first;
        expect(r.status, r.text).to.equal(503);
        expect(r.json.error.code).to.equal('pipeline_unavailable');
        expect(await creditOf(t, k.accountId)).to.equal(0);
        expect(await t.server.services.store.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([{ day: today(), reads: 1 }]);
        expect(t.logs.some((l) => l.includes('refunded and its credit spent before its charge'))).to.equal(true);
    });
});

describe('credit held while an extraction reads (PostgreSQL, two instances)', function () {
    this.timeout(60_000);
    let b: Backends;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
    });

    it("a reservation its instance still holds is renewed at each heartbeat; another instance's reconciliation leaves it", async () => {
        const engine = new ScriptedEngine();
        const config = { limits: { ...OPEN, windowMs: 60_000 }, reservations: SHORT_HOLD };
        const a = await startInstance(b, { config, overrides: { engine } });
        const other = await startInstance(b, { config, overrides: { engine: new ScriptedEngine() } });
        try {
            await oneReadTwoExtractions(a, engine);
            expect(other.logs.some((l) => l.includes('refunded abandoned credit reservations'))).to.equal(false);
        } finally {
            await other.stop();
            await a.stop();
        }
    });
});
