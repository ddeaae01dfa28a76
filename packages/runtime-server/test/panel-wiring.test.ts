// What the panel reads that the API writes: a key's last use (written at most once a minute, never
// failing a request) and the reads charged per day.
import { expect } from 'chai';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('panel data written by the API', () => {
    let t: TestServer;
    const engine = new ScriptedEngine();
    let now = Date.parse('2025-06-01T12:00:10.000Z');
    before(async () => {
        t = await startTestServer({
            limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 },
            overrides: { engine, now: () => now },
        });
    });
    after(async () => {
        await t.stop();
    });

    const lastUsed = async (accountId: string): Promise<string | null> =>
        (await t.server.services.store.listKeys(accountId))[0]!.lastUsedAt;
    const validate = (key: string) => call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
    const settle = () => new Promise((r) => setTimeout(r, 20));

    it("a key's last use is recorded at the first request, then at most once a minute", async () => {
        const k = await newKey(t);
        expect(await lastUsed(k.accountId)).to.equal(null);
        expect((await validate(k.key)).status).to.equal(200);
        await settle();
        expect(await lastUsed(k.accountId)).to.equal('2025-06-01T12:00:10.000Z');
        now += 30_000;
        expect((await validate(k.key)).status).to.equal(200);
        await settle();
        expect(await lastUsed(k.accountId)).to.equal('2025-06-01T12:00:10.000Z');
        now += 30_000;
        expect((await validate(k.key)).status).to.equal(200);
        await settle();
        expect(await lastUsed(k.accountId)).to.equal('2025-06-01T12:01:10.000Z');
    });

    it('a failing touchKey never fails the request', async () => {
        const k = await newKey(t);
        const store = t.server.services.store;
        const original = store.touchKey;
        let calls = 0;
        store.touchKey = async () => {
            calls++;
            throw new Error('database gone');
        };
        try {
            now += 120_000;
            expect((await validate(k.key)).status).to.equal(200);
            await settle();
            expect(calls).to.equal(1);
            expect(t.logs.some((l) => l.includes('could not record a key'))).to.equal(true);
        } finally {
            store.touchKey = original;
        }
    });

    it('reads finally charged by extractions are added to the UTC day', async () => {
        const k = await newKey(t, { credit: 100 });
        now = Date.parse('2025-06-02T23:59:00.000Z');
        expect(
            (await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: 'x'.repeat(2500), schema: SCHEMA } })).status,
        ).to.equal(200);
        now = Date.parse('2025-06-03T00:01:00.000Z');
        expect((await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } })).status).to.equal(200);
        engine.failWith = new Error('boom');
        expect((await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } })).status).to.equal(500);
        engine.failWith = undefined;
        expect(await t.server.services.store.readsByDay(k.accountId, '2025-06-01')).to.deep.equal([
            { day: '2025-06-02', reads: 3 },
            { day: '2025-06-03', reads: 1 },
        ]);
    });
});

describe("this minute's counts for the usage page", () => {
    let t: TestServer;
    before(async () => {
        t = await startTestServer();
    });
    after(async () => {
        await t.stop();
    });

    it('currentCounts reports the per-account, per-key and per-IP counts of this window', async () => {
        const k = await newKey(t);
        const other = await newKey(t, { email: k.email });
        const ipNow = async (): Promise<number> =>
            (await t.server.services.limiter.currentCounts({ accountId: k.accountId, ip: '127.0.0.1' })).ip;
        const ipBefore = await ipNow();
        for (let i = 0; i < 3; i++)
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(200);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: other.key, body: { schema: SCHEMA } })).status).to.equal(200);
        expect(await ipNow()).to.equal(ipBefore); // requests with a valid key count against it, not the IP
        for (let i = 0; i < 2; i++)
            expect((await call(t, 'POST', '/v1/schemas/validate', { body: { schema: SCHEMA } })).status).to.equal(401);
        const counts = await t.server.services.limiter.currentCounts({ accountId: k.accountId, keyId: k.id, ip: '127.0.0.1' });
        expect(counts.account).to.equal(4);
        expect(counts.key).to.equal(3);
        expect(counts.extractions).to.equal(0);
        expect(counts.ip).to.equal(ipBefore + 2);
        expect(await t.server.services.limiter.currentCounts({ accountId: 'acct_none' })).to.deep.equal({
            account: 0,
            extractions: 0,
            key: 0,
            ip: 0,
        });
    });
});
