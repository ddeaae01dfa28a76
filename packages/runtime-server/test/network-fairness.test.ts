// One tenant must not take the network pool from the others (docs/worker-pool.md, "The network
// pool"): its readings wait in the fair scheduler, one account holds at most half of the slots,
// readings that end without an answer are charged to the account's reading time, a client that goes
// away stops its reading and gets its credit back, and why a reading failed is logged. Real threads,
// the real engine and a local stand-in for the model's endpoint; no timings: the tests wait for
// states (requests held, queued, dropped) and check what each request is answered.
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { READING_SPENT_MESSAGE } from '../src/limits/worker-budget.js';
import { readingsPerAccount } from '../src/pipeline/network-pool.js';
import type { ServerConfig } from '../src/index.js';
import { HeldEndpoint } from './held-endpoint.js';
import { call, newKey, startTestServer, DOC, SCHEMA, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const API_KEY = 'sk-NETWORKTESTSECRET-abcdefghijklmnop0123456789';
/** The document of a reading the endpoint holds (the others it answers at once). */
const HELD_DOC = `${DOC}\nHold this one.`;
const held = { schema: SCHEMA, document: HELD_DOC };
const plain = { schema: SCHEMA, document: DOC };
const frozen = (): (() => number) => {
    const t = Math.floor(Date.now() / 60_000) * 60_000;
    return () => t;
};

async function openaiServer(ep: HeldEndpoint, config: Partial<ServerConfig> = {}): Promise<TestServer> {
    return startTestServer({
        limits: OPEN,
        config: { workers: 1, workerQueuePerAccount: 16, ...config },
        overrides: {
            engine: undefined,
            editor: undefined,
            now: frozen(),
            env: {
                SVC_READER: 'openai',
                SVC_OPENAI_BASE_URL: ep.url,
                SVC_OPENAI_MODEL: 'test-model',
                SVC_OPENAI_API_KEY: API_KEY,
                SVC_OPENAI_TIMEOUT_MS: '60000',
            },
        },
    });
}

/** An extraction whose client can hang up: `hangUp()` destroys its connection. */
function abandonable(t: TestServer, key: string, body: unknown): { hangUp: () => void; closed: Promise<void> } {
    const req = httpRequest(`${t.url}/v1/extractions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    const closed = new Promise<void>((resolve) => req.once('close', () => resolve()));
    req.on('error', () => undefined);
    req.end(JSON.stringify(body));
    return { hangUp: () => req.destroy(), closed };
}

/** Resolves when `check` holds (polled every 5 ms); fails the test after 20 s rather than hang it. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (const end = Date.now() + 20_000; !(await check()); await new Promise((r) => setTimeout(r, 5)))
        if (Date.now() > end) throw new Error(`never: ${what}`);
}

const creditOf = async (t: TestServer, email: string): Promise<number> =>
    (await t.server.services.store.findAccountByEmail(email))!.creditReads;

describe('network pool: one tenant and another (docs/worker-pool.md)', function () {
    this.timeout(90_000);
    let ep: HeldEndpoint;
    let t: TestServer | undefined;
    beforeEach(async () => {
        ep = new HeldEndpoint();
        ep.holdIf = (body) => body.includes('Hold this one.');
        await ep.start();
    });
    afterEach(async () => {
        ep.release();
        await t?.stop();
        t = undefined;
        await ep.stop();
    });

    it("holds one account's readings to half of the slots, so another's reading is answered while they wait on the model", async () => {
        t = await openaiServer(ep);
        const pool = t.server.services.pipeline;
        const cap = readingsPerAccount(1);
        expect(cap).to.equal(4); // one thread: 8 slots
        const [a, b] = [await newKey(t, { credit: 100 }), await newKey(t, { credit: 100 })];
        const attack = Array.from({ length: 8 }, () => call(t!, 'POST', '/v1/extractions', { key: a.key, body: held }));
        // All eight have reached the pool: as many held by the model as the cap lets run, the rest waiting.
        await until(() => ep.holding + pool.load().queued === 8 && ep.holding >= cap, 'all eight readings in the pool');
        expect(ep.holding).to.equal(cap);
        expect(pool.load()).to.deep.equal({ running: cap, queued: 8 - cap });
        // Before, the eight held every slot and this waited for the model to answer one of them.
        const victim = await call(t, 'POST', '/v1/extractions', { key: b.key, body: plain });
        expect(victim.status, victim.text).to.equal(200);
        expect(victim.json.response.data.invoice_number).to.equal('INV-1');
        expect(ep.holding).to.equal(cap);
        ep.release();
        for (const r of await Promise.all(attack)) expect(r.status).to.equal(200);
        expect(await creditOf(t, a.email)).to.equal(92);
    });

    it('charges readings that fail to the reading time, then answers 429 before any credit is reserved; answered ones are not charged', async () => {
        t = await openaiServer(ep, { readingMsPerAccount: 1 });
        const [a, b] = [await newKey(t, { credit: 100 }), await newKey(t, { credit: 100 })];
        // Answered readings are paid by credit, not charged: a budget of 1 ms never runs out for them.
        for (let i = 0; i < 2; i++) expect((await call(t, 'POST', '/v1/extractions', { key: a.key, body: plain })).status).to.equal(200);
        expect(t.server.services.readingBudget.usedMs(a.accountId)).to.equal(0);
        ep.status = 401; // a wrong key: the reading fails, its credit is given back
        const failed = await call(t, 'POST', '/v1/extractions', { key: a.key, body: plain });
        expect(failed.status, failed.text).to.equal(502);
        expect(await creditOf(t, a.email)).to.equal(98);
        expect(t.server.services.readingBudget.usedMs(a.accountId)).to.be.above(0);
        const received = ep.received;
        ep.status = 200;
        const ledger = t.server.services.ledger;
        const reserve = ledger.reserve.bind(ledger);
        let reservations = 0;
        ledger.reserve = (...args) => {
            reservations++;
            return reserve(...args);
        };
        const refused = await call(t, 'POST', '/v1/extractions', { key: a.key, body: plain });
        expect(reservations).to.equal(0);
        expect(refused.status, refused.text).to.equal(429);
        expect(refused.headers.get('retry-after')).to.equal('60');
        expect(refused.json.error).to.deep.equal({ code: 'rate_limited', message: READING_SPENT_MESSAGE });
        expect(ep.received).to.equal(received); // not read
        expect(await creditOf(t, a.email)).to.equal(98);
        // Another account's time is its own; validation needs no reading time.
        expect((await call(t, 'POST', '/v1/extractions', { key: b.key, body: plain })).status).to.equal(200);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: a.key, body: { schema: SCHEMA } })).status).to.equal(200);
    });

    it('logs why a reading failed at warn level, without the model key or the document', async () => {
        t = await openaiServer(ep);
        const a = await newKey(t, { credit: 100 });
        ep.status = 404; // a wrong model or base URL
        const r = await call(t, 'POST', '/v1/extractions', {
            key: a.key,
            body: { schema: SCHEMA, document: `${DOC}\nSecret clause 7781.` },
        });
        expect(r.status).to.equal(502);
        expect(ep.seen.at(-1)!.authorization).to.equal(`Bearer ${API_KEY}`); // the key was sent upstream …
        const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'reading failed');
        expect(lines).to.have.length(1);
        expect(lines[0]).to.include({ level: 'warn', status: 502 });
        expect(lines[0]!.reason).to.match(/HTTP 404/);
        const all = t.logs.join('');
        expect(all).to.not.include('NETWORKTESTSECRET'); // … and is in no log line, nor is the document
        expect(all).to.not.include('Secret clause');
    });

    it('stops a reading whose client went away: the request to the model is dropped and the credit given back', async () => {
        t = await openaiServer(ep);
        const a = await newKey(t, { credit: 100 });
        const client = abandonable(t, a.key, held);
        await ep.heldAtOnce(1);
        expect(await creditOf(t, a.email)).to.equal(99); // reserved while it reads
        client.hangUp();
        await ep.droppedAtLeast(1);
        await until(async () => (await creditOf(t!, a.email)) === 100, 'the credit given back');
        await until(() => t!.server.services.pipeline.load().running === 0, 'the slot freed');
        expect(ep.received).to.equal(1);
    });

    it('stops a reading whose client went away inline too (SVC_WORKERS=0)', async () => {
        t = await openaiServer(ep, { workers: 0 });
        const a = await newKey(t, { credit: 100 });
        const client = abandonable(t, a.key, held);
        await ep.heldAtOnce(1);
        client.hangUp();
        await ep.droppedAtLeast(1);
        await until(async () => (await creditOf(t!, a.email)) === 100, 'the credit given back');
        await until(() => t!.logs.some((l) => l.includes('stopped: the client went away')), 'the reading logged as stopped');
    });

    it('takes a waiting reading whose client went away out of the queue: it is never read', async () => {
        t = await openaiServer(ep);
        const pool = t.server.services.pipeline;
        const a = await newKey(t, { credit: 100 });
        const cap = readingsPerAccount(1);
        const running = Array.from({ length: cap }, () => call(t!, 'POST', '/v1/extractions', { key: a.key, body: held }));
        await ep.heldAtOnce(cap);
        const waiting = abandonable(t, a.key, held);
        await until(() => pool.load().queued === 1, 'the reading past the cap waiting');
        waiting.hangUp();
        await until(() => pool.load().queued === 0, 'the waiting reading taken out');
        await until(async () => (await creditOf(t!, a.email)) === 100 - cap, "the waiting reading's credit given back");
        ep.release();
        for (const r of await Promise.all(running)) expect(r.status).to.equal(200);
        expect(ep.received).to.equal(cap);
    });
});
