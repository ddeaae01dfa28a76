// docs/runtime-server.md: the four fixed-window limits, Retry-After, exact
// counts under concurrency, throttled extractions using no reads, and the order of the checks.
import { expect } from 'chai';
import { MemoryCounters } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, UNAUTHORIZED, call, newKey, startTestServer, type Res, type TestServer } from './test-server.js';

const MINUTE = 60_000;
/** A clock 10 s into a UTC minute, moved by tests. */
function clock(): { now: () => number; set: (t: number) => void; fresh: () => void; start: number } {
    const start = Math.floor(Date.now() / MINUTE) * MINUTE + 10_000;
    let t = start;
    let windows = 0;
    return {
        now: () => t,
        set: (v) => {
            t = v;
        },
        // A window no earlier test has counted in (a random one was shared now and then: a flaky 429).
        fresh: () => {
            t = start + ++windows * 10 * MINUTE;
        },
        start,
    };
}

function expect429(r: Res): void {
    expect(r.status, r.text).to.equal(429);
    expect(r.json.error.code).to.equal('rate_limited');
    expect(r.headers.get('retry-after')).to.equal('60');
}

const validate = (t: TestServer, key?: string): Promise<Res> => call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });

describe('limits (docs/runtime-server.md)', () => {
    let t: TestServer;
    const c = clock();
    const engine = new ScriptedEngine();
    before(async () => {
        t = await startTestServer({ overrides: { engine, now: c.now } });
    });
    after(async () => {
        await t.stop();
    });
    beforeEach(() => {
        c.fresh();
    }); // a fresh window per test

    it('60 requests per key per minute; the 61st gets 429 with Retry-After: 60, until the minute is up', async () => {
        const k = await newKey(t);
        for (let i = 0; i < 60; i++) expect((await validate(t, k.key)).status).to.equal(200);
        expect429(await validate(t, k.key));
        expect429(await validate(t, k.key));
        c.set(Math.floor(c.now() / MINUTE) * MINUTE + MINUTE - 1); // last millisecond of the window
        expect429(await validate(t, k.key));
        c.set(c.now() + 1); // the next UTC minute
        expect((await validate(t, k.key)).status).to.equal(200);
    });

    it('the per-key count is exact under concurrency: of 100 simultaneous requests exactly 60 pass', async () => {
        const k = await newKey(t);
        const results = await Promise.all(Array.from({ length: 100 }, () => validate(t, k.key)));
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).to.have.length(60);
        expect(statuses.filter((s) => s === 429)).to.have.length(40);
    });

    it('120 authenticated requests per account across its keys; a new key does not reset it', async () => {
        const a = await newKey(t);
        const b = await newKey(t, { email: a.email });
        const d = await newKey(t, { email: a.email });
        const results = await Promise.all([
            ...Array.from({ length: 60 }, () => validate(t, a.key)),
            ...Array.from({ length: 60 }, () => validate(t, b.key)),
        ]);
        expect(results.every((r) => r.status === 200)).to.equal(true);
        expect429(await validate(t, d.key));
        // another account is not affected
        expect((await validate(t, (await newKey(t)).key)).status).to.equal(200);
    });

    it('a request refused by the account limit is not charged to its key', async () => {
        const a = await newKey(t);
        const b = await newKey(t, { email: a.email });
        await Promise.all(Array.from({ length: 60 }, () => validate(t, a.key)));
        await Promise.all(Array.from({ length: 60 }, () => validate(t, b.key)));
        const other = await newKey(t, { email: a.email });
        for (let i = 0; i < 5; i++) expect429(await validate(t, other.key));
        c.set(c.now() + MINUTE);
        for (let i = 0; i < 60; i++) expect((await validate(t, other.key)).status).to.equal(200);
    });

    it('30 model extractions per account per minute; the 31st is 429 and uses no reads', async () => {
        const a = await newKey(t, { credit: 100 });
        const b = await newKey(t, { email: a.email });
        const body = { document: DOC, schema: SCHEMA };
        const results = await Promise.all(
            Array.from({ length: 40 }, (_, i) => call(t, 'POST', '/v1/extractions', { key: i % 2 ? a.key : b.key, body })),
        );
        expect(results.filter((r) => r.status === 200)).to.have.length(30);
        results.filter((r) => r.status !== 200).forEach(expect429);
        const account = await t.server.services.store.findAccountByEmail(a.email);
        expect(account?.creditReads).to.equal(70);
        // edits and validations are not model extractions
        expect((await validate(t, a.key)).status).to.equal(200);
    });

    it('300 requests per IP per minute before authentication; /healthz is excluded', async () => {
        const results = await Promise.all(Array.from({ length: 300 }, () => call(t, 'GET', '/openapi.json')));
        expect(results.every((r) => r.status === 200)).to.equal(true);
        expect429(await call(t, 'GET', '/openapi.json'));
        // before authentication: no key, a bad key and a good key all get 429
        expect429(await validate(t));
        expect429(await validate(t, (await newKey(t)).key));
        expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
        // unknown paths count per IP too (the interface excludes only health checks, CORS preflight
        // and payment callbacks): an address that has used its requests is refused them as well
        expect429(await call(t, 'GET', '/nowhere'));
    });

    it("a valid key's requests, and its own 429s, are not charged to its IP: tenants behind one address keep theirs", async () => {
        const a = await newKey(t);
        const statuses: number[] = [];
        for (let i = 0; i < 320; i += 40)
            statuses.push(...(await Promise.all(Array.from({ length: 40 }, () => validate(t, a.key)))).map((r) => r.status));
        expect(statuses.filter((s) => s === 200)).to.have.length(60);
        expect(statuses.filter((s) => s === 429)).to.have.length(260);
        expect((await validate(t, (await newKey(t)).key)).status).to.equal(200); // another account, the same address
        expect((await call(t, 'GET', '/openapi.json')).status).to.equal(200); // the address's 300 are all left
    });

    it('memory counters forget past windows', async () => {
        const counters = new MemoryCounters(c.now);
        for (let i = 0; i < 50; i++) await counters.consume([{ name: `k${i}`, limit: 1, expiresAt: c.now() + 1000, ttlMs: 1000 }]);
        expect(counters.size).to.equal(50);
        c.set(c.now() + 20_000);
        await counters.consume([{ name: 'x', limit: 1, expiresAt: c.now() + 1000, ttlMs: 1000 }]);
        expect(counters.size).to.equal(1);
    });
});

describe('order of checks (docs/runtime-server.md)', () => {
    let t: TestServer;
    const c = clock();
    const engine = new ScriptedEngine();
    before(async () => {
        t = await startTestServer({ limits: { perIp: 1_000_000 }, overrides: { engine, now: c.now } });
    });
    after(async () => {
        await t.stop();
    });
    beforeEach(() => {
        c.fresh();
    });

    it('unknown path before authentication; authentication before the body', async () => {
        expect((await call(t, 'POST', '/v1/nothing', { raw: 'x'.repeat(3_000_000) })).status).to.equal(404);
        const r = await call(t, 'POST', '/v1/extractions', { raw: 'x'.repeat(3_000_000) });
        expect(r.json).to.deep.equal(UNAUTHORIZED);
    });

    it('per-key limit before the body', async () => {
        const k = await newKey(t);
        await Promise.all(Array.from({ length: 60 }, () => validate(t, k.key)));
        expect429(await call(t, 'POST', '/v1/schemas/validate', { key: k.key, raw: 'not json' }));
    });

    it('body size before JSON, JSON before validation, validation before compilation', async () => {
        const k = await newKey(t);
        const big = await call(t, 'POST', '/v1/extractions', { key: k.key, raw: `{"document": 1, ${' '.repeat(2_100_000)}` });
        expect(big.json.error.details[0].code).to.equal('too_big');
        const json = await call(t, 'POST', '/v1/extractions', { key: k.key, raw: '{"document": 1, "document": 2, "schema": {}' });
        expect(json.json.error.details.map((d: any) => d.code)).to.deep.equal(['E-JSON-DUPKEY', 'E-JSON-SYNTAX']);
        const v = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: '', schema: { svc_schema: '9' } } });
        expect(v.json.error.details.map((d: any) => d.code)).to.deep.equal(['too_small']);
    });

    it('compilation before credit; credit (402) before the extraction limit; nothing used', async () => {
        const k = await newKey(t, { credit: 0 });
        const bad = await call(t, 'POST', '/v1/extractions', {
            key: k.key,
            body: { document: DOC, schema: { ...SCHEMA, svc_schema: '2.0' } },
        });
        expect(bad.status).to.equal(400);
        expect(bad.json.error.details[0].code).to.equal('E-SCHEMA-VERSION');
        const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        expect(r.status).to.equal(402);
        expect(r.json.error.code).to.equal('insufficient_credit');
        expect(engine.extracted).to.equal(0);
    });
});

describe('one account at a time: its share of the worker queue (docs/runtime-server.md)', () => {
    const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
    let t: TestServer;
    const engine = new ScriptedEngine();
    before(async () => {
        engine.delayMs = 300;
        t = await startTestServer({ limits: OPEN, config: { workerQueuePerAccount: 2 }, overrides: { engine } });
    });
    after(async () => {
        await t.stop();
    });

    it('an account past its share gets 429 with Retry-After 1; another account is answered meanwhile', async () => {
        const a = await newKey(t, { credit: 1000 });
        const b = await newKey(t, { credit: 1000 });
        const extract = (key: string) => call(t, 'POST', '/v1/extractions', { key, body: { schema: SCHEMA, document: DOC } });
        const flood = Array.from({ length: 6 }, () => extract(a.key));
        await new Promise((r) => setTimeout(r, 50));
        const other = await extract(b.key);
        const answers = await Promise.all(flood);
        expect(other.status, other.text).to.equal(200);
        expect(answers.filter((r) => r.status === 200)).to.have.length(2);
        const refused = answers.filter((r) => r.status === 429);
        expect(refused).to.have.length(4);
        expect(refused[0]!.json.error.code).to.equal('rate_limited');
        expect(refused[0]!.headers.get('retry-after')).to.equal('1');
        // Refused extractions used no credit; the share is free again once answered.
        expect((await t.server.services.store.findAccountByEmail(a.email))!.creditReads).to.equal(998);
        expect(t.server.services.gate.holding(a.accountId)).to.equal(0);
        expect((await extract(a.key)).status).to.equal(200);
    });

    it('the default share is a quarter of the queue, at least 2', async () => {
        const { accountShare } = await import('../src/limits/account-gate.js');
        expect([accountShare(64), accountShare(8), accountShare(1)]).to.deep.equal([16, 2, 2]);
    });
});
