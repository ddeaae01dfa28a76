// PostgreSQL or Redis out of reach (docs/deploy.md): requests that need them answer 503
// pipeline_unavailable (never 500, never let through uncounted), /readyz 503 while /healthz stays 200,
// and the service resumes by itself when the server is back. Real servers, stopped and restarted.
import { expect } from 'chai';
import { SCHEMA, ScriptedEngine, call, newKey, type Res, type TestServer } from './test-server.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';

const validate = (t: TestServer, key: string): Promise<Res> => call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });

function expect503(r: Res): void {
    expect(r.status, r.text).to.equal(503);
    expect(r.json.error.code).to.equal('pipeline_unavailable');
}

describe('PostgreSQL or Redis unreachable', function () {
    let b: Backends;
    let t: TestServer;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
        t = await startInstance(b, {
            config: { limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 } },
        });
    });
    after(async () => {
        await t?.stop();
    });

    for (const which of ['Redis', 'PostgreSQL'] as const) {
        it(`${which} stopped: 503 and /readyz 503 (/healthz 200); restarted: the service resumes without a restart`, async () => {
            const k = await newKey(t);
            const unused = await newKey(t);
            expect((await validate(t, k.key)).status).to.equal(200);
            expect((await validate(t, k.key)).status).to.equal(200);
            expect(t.server.services.keyCache.size, 'the key is cached').to.be.greaterThan(0);
            expect((await call(t, 'GET', '/readyz')).json).to.deep.equal({ status: 'ready' });
            if (which === 'Redis') await b.redis.stop();
            else b.pg.stop();
            try {
                // Without Redis no request passes, cached key or not: the epoch check is the admission.
                // Without PostgreSQL a key not cached cannot be checked; a cached one is still
                // admitted and counted (docs/deploy.md: validation needs nothing else of the database).
                const during = await Promise.all(Array.from({ length: 10 }, (_, i) => validate(t, i % 2 ? k.key : unused.key)));
                for (const [i, r] of during.entries()) {
                    if (which === 'PostgreSQL' && i % 2) expect(r.status, r.text).to.equal(200);
                    else expect503(r);
                }
                // /readyz answers from a check of the last second (http/ops-routes.ts): wait for a newer one.
                await eventually('/readyz 503', async () => (await call(t, 'GET', '/readyz')).status === 503);
                expect503(await call(t, 'GET', '/readyz'));
                expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
                expect(t.logs.some((l) => l.includes('dependency unavailable'))).to.equal(true);
                expect(t.logs.some((l) => l.includes('"status":500'))).to.equal(false);
            } finally {
                if (which === 'Redis') await b.redis.start();
                else b.pg.start();
            }
            await eventually(`${which} back`, async () => (await call(t, 'GET', '/readyz')).status === 200);
            expect((await validate(t, k.key)).status).to.equal(200);
        });
    }

    it('PostgreSQL lost while an extraction reads: its charge cannot be written, so 503, and its reads are given back once it is back', async () => {
        const engine = new ScriptedEngine();
        const slow = await startInstance(b, {
            config: {
                limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 },
                reservations: { heartbeatMs: 100, deadAfterMs: 30_000, maxHoldMs: 600_000 },
            },
            overrides: { engine },
        });
        try {
            const k = await newKey(slow, { credit: 10 });
            const store = slow.server.services.store;
            engine.delayMs = 1000;
            const pending = call(slow, 'POST', '/v1/extractions', { key: k.key, body: { document: 'x'.repeat(2500), schema: SCHEMA } });
            await eventually('3 reads reserved', async () => (await store.getAccount(k.accountId))!.creditReads === 7);
            b.pg.stop();
            let r: Res;
            try {
                r = await pending;
            } finally {
                b.pg.start();
            }
            // The charge never reached the database: an answer delivered now would be free should
            // another instance refund the reservation first (docs/deploy.md).
            expect503(r);
            await eventually(
                'given back after recovery',
                async () => (await store.getAccount(k.accountId).catch(() => undefined))?.creditReads === 10,
            );
            expect(await store.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([]);
            expect(slow.logs.some((l) => l.includes('could not charge an extraction; answered 503'))).to.equal(true);
        } finally {
            await slow.stop();
        }
    });

    it('a server started while PostgreSQL is down starts, is not ready, and becomes ready when it is up', async () => {
        b.pg.stop();
        let late: TestServer | undefined;
        try {
            late = await startInstance(b, { config: { databaseUrl: `${b.databaseUrl}_late` }, awaitReady: false });
            expect503(await call(late, 'GET', '/readyz'));
        } finally {
            b.pg.start();
        }
        try {
            const late2 = late!;
            // the database itself does not exist yet: still not ready, never a crash
            expect503(await call(late2, 'GET', '/readyz'));
            const { default: pg } = await import('pg');
            const c = new pg.Client({ connectionString: b.databaseUrl });
            await c.connect();
            await c.query(`CREATE DATABASE ${new URL(b.databaseUrl).pathname.slice(1)}_late`);
            await c.end();
            await eventually('ready', async () => (await call(late2, 'GET', '/readyz')).status === 200);
            const k = await newKey(late2);
            expect((await validate(late2, k.key)).status).to.equal(200);
        } finally {
            await late?.stop();
        }
    });
});
