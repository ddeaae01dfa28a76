// Credit in reads (docs/runtime-server.md): 10 for a new account, 402 before reading when the plan
// needs more than is left, charged only for successful extractions, never overspent concurrently.
import { ReaderUnavailableError } from '@svc/extraction';
import { expect } from 'chai';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('credit (docs/runtime-server.md)', () => {
    let t: TestServer;
    const engine = new ScriptedEngine();
    before(async () => {
        t = await startTestServer({
            limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 },
            overrides: { engine },
        });
    });
    after(async () => {
        await t.stop();
    });
    afterEach(() => {
        engine.failWith = undefined;
        engine.delayMs = 0;
    });

    const credit = async (email: string): Promise<number> => (await t.server.services.store.findAccountByEmail(email))!.creditReads;
    const extract = (key: string, document = DOC) => call(t, 'POST', '/v1/extractions', { key, body: { document, schema: SCHEMA } });

    it('a new account has 10 reads; each read of an extraction costs one', async () => {
        const k = await newKey(t);
        expect(await credit(k.email)).to.equal(10);
        expect((await extract(k.key)).json.usage.reads).to.equal(1);
        expect((await extract(k.key, 'x'.repeat(3000))).json.usage.reads).to.equal(3);
        expect(await credit(k.email)).to.equal(6);
    });

    it('an extraction needing more reads than are left: 402 before reading, nothing used', async () => {
        const k = await newKey(t, { credit: 2 });
        const before = engine.extracted;
        const r = await extract(k.key, 'x'.repeat(2500));
        expect(r.status).to.equal(402);
        expect(r.json).to.deep.equal({ error: { code: 'insufficient_credit', message: r.json.error.message } });
        expect(engine.extracted).to.equal(before);
        expect(await credit(k.email)).to.equal(2);
        expect((await extract(k.key, 'x'.repeat(2000))).status).to.equal(200);
        expect(await credit(k.email)).to.equal(0);
        expect((await extract(k.key)).status).to.equal(402);
    });

    it('a failed extraction uses nothing', async () => {
        const k = await newKey(t);
        engine.failWith = new ReaderUnavailableError('down');
        expect((await extract(k.key)).status).to.equal(503);
        expect(await credit(k.email)).to.equal(10);
    });

    it('concurrent extractions never spend more than the credit: exactly 10 of 25 single reads pass', async () => {
        const k = await newKey(t);
        engine.delayMs = 20;
        const results = await Promise.all(Array.from({ length: 25 }, () => extract(k.key)));
        expect(results.filter((r) => r.status === 200)).to.have.length(10);
        expect(results.filter((r) => r.status === 402)).to.have.length(15);
        expect(await credit(k.email)).to.equal(0);
    });

    it('credit added later (svc accounts credit) counts at once', async () => {
        const k = await newKey(t, { credit: 0 });
        expect((await extract(k.key)).status).to.equal(402);
        await t.server.services.store.addCredit(k.email, 1);
        expect((await extract(k.key)).status).to.equal(200);
        expect((await extract(k.key)).status).to.equal(402);
    });
});
