// Revocation takes effect immediately (docs/runtime-server.md): requests already past authentication finish,
// every request that starts after the revocation gets 401 — also when the revocation comes from
// another process (the CLI) through the same SQLite file.
import { expect } from 'chai';
import { openSqliteStore } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, UNAUTHORIZED, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('revocation while requests are in flight', () => {
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

    it('in-flight extractions complete; the next request gets 401', async () => {
        const k = await newKey(t, { credit: 100 });
        engine.delayMs = 150;
        const inFlight = Array.from({ length: 5 }, () =>
            call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } }),
        );
        await new Promise((r) => setTimeout(r, 50));
        // revoke through a second connection to the same file, as `svc keys revoke` does
        const cli = openSqliteStore(t.dataDir);
        expect(await cli.revokeKey(k.id)).to.equal(true);
        await cli.close();
        const after = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } });
        expect(after.json).to.deep.equal(UNAUTHORIZED);
        const done = await Promise.all(inFlight);
        expect(done.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
        engine.delayMs = 0;
    });

    it('under a steady stream of requests, none started after the revocation succeeds', async () => {
        const k = await newKey(t);
        let revokedAt = Infinity;
        const outcomes: Array<{ started: number; status: number }> = [];
        const worker = async (): Promise<void> => {
            for (let i = 0; i < 40; i++) {
                const started = performance.now();
                const r = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } });
                outcomes.push({ started, status: r.status });
            }
        };
        const workers = Array.from({ length: 4 }, worker);
        await new Promise((r) => setTimeout(r, 30));
        await t.server.services.store.revokeKey(k.id);
        revokedAt = performance.now();
        await Promise.all(workers);
        const late = outcomes.filter((o) => o.started > revokedAt);
        expect(late.length).to.be.greaterThan(0);
        expect(late.every((o) => o.status === 401)).to.equal(true);
        expect(outcomes.some((o) => o.status === 200)).to.equal(true);
    });
});
