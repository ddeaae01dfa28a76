// Several instances that agree (docs/deploy.md): two servers in this process on
// one real PostgreSQL and one real Redis. Credit, limits, revocation and sessions hold across them.
import { Engine, HeuristicReader, secretRingOf } from '@svc/extraction';
import { expect } from 'chai';
import { generateApiKey, openConfiguredStore, type Store } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, UNAUTHORIZED, call, newKey, type Res, type TestServer } from './test-server.js';
import { SECRET, backends, startInstance, type Backends } from './support/cluster.js';

const UNLIMITED = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };
// A clock frozen at the start of a window: every request of a test falls in it, and Redis (which
// expires keys by its own clock) keeps its counters for the whole window, 60 real seconds. (Frozen
// 30 s ahead of real time, anywhere in a window, a counter could be given a few milliseconds to
// live, and a test that outlasted them saw the limit start again: 34 and then 50 of 50 extractions
// passed a limit of 30.)
const frozen = (): (() => number) => {
    const t = Math.floor(Date.now() / 60_000) * 60_000;
    return () => t;
};
/** Counts B's key lookups in the database (a cached key makes none). */
const countLookups = (t: TestServer): { n: number } => {
    const counter = { n: 0 };
    const store: Store = t.server.services.store;
    const find = store.findKeyByHash.bind(store);
    store.findKeyByHash = async (hash) => {
        counter.n++;
        return find(hash);
    };
    return counter;
};
const spread = <T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('two instances on one PostgreSQL and one Redis', function () {
    // Instances wait for /readyz up to 60 s (support/cluster.ts): a loaded machine is slow, not wrong.
    this.timeout(90_000);
    let b: Backends;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
    });

    describe('credit and limits', () => {
        let A: TestServer;
        let B: TestServer;
        const engine = new ScriptedEngine();
        afterEach(async () => {
            await A?.stop();
            await B?.stop();
            engine.delayMs = 0;
        });
        const start = async (limits = UNLIMITED): Promise<void> => {
            const now = frozen();
            // Many requests at once from one account: load, not a tenant's share of the queue.
            const config = { limits: { ...limits, windowMs: 60_000 }, workerQueuePerAccount: 1000 };
            A = await startInstance(b, { config, overrides: { engine, now } });
            B = await startInstance(b, { config, overrides: { engine, now } });
        };
        const expect429 = (rs: Res[], n: number): void => {
            const refused = rs.filter((r) => r.status === 429);
            expect(refused).to.have.length(n);
            for (const r of refused) expect(r.headers.get('retry-after')).to.equal('60');
        };

        it('40 concurrent 1-read extractions over both for an account with 10 reads: exactly 10 succeed, credit ends at 0', async () => {
            await start();
            engine.delayMs = 20;
            const k = await newKey(A, { credit: 10 });
            const rs = await spread(40, (i) =>
                call(i % 2 ? A : B, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } }),
            );
            expect(rs.filter((r) => r.status === 200)).to.have.length(10);
            expect(rs.filter((r) => r.status === 402)).to.have.length(30);
            expect((await B.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(0);
            expect(await A.server.services.store.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([
                { day: new Date(A.server.services.now()).toISOString().slice(0, 10), reads: 10 },
            ]);
        });

        it('100 concurrent requests with one key over both: exactly 60 pass, every 429 says Retry-After: 60', async () => {
            await start({ ...UNLIMITED, perKey: 60 });
            const k = await newKey(A);
            const rs = await spread(100, (i) =>
                call(i % 2 ? A : B, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } }),
            );
            expect(rs.filter((r) => r.status === 200)).to.have.length(60);
            expect429(rs, 40);
        });

        it('the account limit across three keys and both instances: exactly 120 of 200 pass', async () => {
            await start({ ...UNLIMITED, perKey: 60, perAccount: 120 });
            const k1 = await newKey(A);
            const keys = [k1, await newKey(A, { email: k1.email }), await newKey(A, { email: k1.email })];
            const rs = await spread(200, (i) =>
                call(i % 2 ? A : B, 'POST', '/v1/schemas/validate', { key: keys[i % 3]!.key, body: { schema: SCHEMA } }),
            );
            expect(rs.filter((r) => r.status === 200)).to.have.length(120);
            expect429(rs, 80);
        });

        it('the model-extraction limit across both: exactly 30 of 50 extractions run, the throttled ones use no credit', async () => {
            await start({ ...UNLIMITED, extractionsPerAccount: 30 });
            const k = await newKey(A, { credit: 100 });
            const rs = await spread(50, (i) =>
                call(i % 2 ? A : B, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } }),
            );
            expect(rs.filter((r) => r.status === 200)).to.have.length(30);
            expect429(rs, 20);
            expect((await A.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(70);
        });

        it('a key revoked through A, or by the CLI, gets 401 on B on the next request, though B had it cached', async () => {
            await start();
            const [k1, k2, k3] = [await newKey(A), await newKey(A), await newKey(A)];
            const validate = async (on: TestServer, key: string): Promise<Res> =>
                call(on, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
            const lookups = countLookups(B);
            const warm = async (...keys: string[]): Promise<void> => {
                for (const key of keys) for (const on of [A, B]) expect((await validate(on, key)).status).to.equal(200);
                const before = lookups.n;
                for (const key of keys) expect((await validate(B, key)).status).to.equal(200);
                expect(lookups.n, 'answered from the cache').to.equal(before);
            };
            await warm(k1.key, k2.key, k3.key);
            expect(B.server.services.keyCache.size).to.equal(3);
            // Through A's store, as A's panel and every server-side path revoke.
            expect(await A.server.services.store.revokeKey(k1.id)).to.equal(true);
            expect((await validate(B, k1.key)).json).to.deep.equal(UNAUTHORIZED);
            expect((await validate(A, k1.key)).json).to.deep.equal(UNAUTHORIZED);
            // The CLI's store (SVC_DATABASE_URL with SVC_REDIS_URL), a process of its own.
            await warm(k2.key, k3.key);
            const cli = openConfiguredStore({ SVC_DATABASE_URL: b.databaseUrl, SVC_REDIS_URL: b.redis.url });
            try {
                expect(await cli.revokeKey(k2.id)).to.equal(true);
            } finally {
                await cli.close();
            }
            for (const on of [B, A]) expect((await validate(on, k2.key)).json).to.deep.equal(UNAUTHORIZED);
            expect((await validate(B, k3.key)).status).to.equal(200);
        });

        it('unknown keys never enter the cache; a revoked cached key costs its account nothing', async () => {
            await start();
            const k = await newKey(A);
            expect((await call(B, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(200);
            const rs = await spread(60, () =>
                call(B, 'POST', '/v1/schemas/validate', { key: generateApiKey().key, body: { schema: SCHEMA } }),
            );
            expect(rs.every((r) => r.status === 401)).to.equal(true);
            expect(B.server.services.keyCache.size).to.equal(1);
            const counts = async (): Promise<{ key: number; account: number }> =>
                B.server.services.limiter.currentCounts({ accountId: k.accountId, keyId: k.id });
            const before = await counts();
            await A.server.services.store.revokeKey(k.id);
            expect((await call(B, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(401);
            expect(await counts()).to.deep.include({ key: before.key, account: before.account });
        });
    });

    it('a session made by instance A is edited on instance B', async () => {
        const make = () =>
            startInstance(b, {
                config: { limits: { ...UNLIMITED, windowMs: 60_000 } },
                overrides: {
                    engine: new Engine({ reader: new HeuristicReader(), secrets: secretRingOf([SECRET]), concurrency: 1 }),
                    editor: undefined,
                    env: {},
                },
            });
        const A = await make();
        const B = await make();
        try {
            const k = await newKey(A, { credit: 100 });
            const document = 'Invoice number: INV-1\nTotal: EUR 10.00\nThank you.';
            const made = await call(A, 'POST', '/v1/extractions', { key: k.key, body: { document, schema: SCHEMA } });
            expect(made.status, made.text).to.equal(200);
            const edited = await call(B, 'POST', '/v1/extractions/edit', {
                key: k.key,
                body: { extraction: made.json, edit: { action: 'retract', bundle: 0 } },
            });
            expect(edited.status, edited.text).to.equal(200);
            expect(edited.json.revision).to.equal(1);
            expect(edited.json.active_bundles).to.not.include(0);
        } finally {
            await A.stop();
            await B.stop();
        }
    });
});
