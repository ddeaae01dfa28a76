// Several instances that agree (docs/deploy.md): two servers in this process on
// one real PostgreSQL and one real Redis. Credit, limits, revocation and sessions hold across them.
import { Engine, HeuristicReader, secretRingOf } from '@svc/extraction';
import { expect } from 'chai';
import { openPgStore } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, UNAUTHORIZED, call, newKey, type Res, type TestServer } from './test-server.js';
import { SECRET, backends, startInstance, type Backends } from './support/cluster.js';

const UNLIMITED = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };
// A clock frozen 30 s ahead of real time: every request of a test falls in one window, and Redis
// (which expires keys by its own clock) keeps that window for at least 30 real seconds.
const frozen = (): (() => number) => {
    const t = Date.now() + 30_000;
    return () => t;
};
const spread = <T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('two instances on one PostgreSQL and one Redis', function () {
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
            A = await startInstance(b, { config: { limits: { ...limits, windowMs: 60_000 } }, overrides: { engine, now } });
            B = await startInstance(b, { config: { limits: { ...limits, windowMs: 60_000 } }, overrides: { engine, now } });
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

        it('a key revoked through A, or by the CLI, gets 401 on B on the next request', async () => {
            await start();
            const k1 = await newKey(A);
            const k2 = await newKey(A);
            for (const k of [k1, k2])
                expect((await call(B, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(200);
            expect(await A.server.services.store.revokeKey(k1.id)).to.equal(true);
            expect((await call(B, 'POST', '/v1/schemas/validate', { key: k1.key, body: { schema: SCHEMA } })).json).to.deep.equal(
                UNAUTHORIZED,
            );
            const cli = openPgStore(b.databaseUrl, { max: 1 });
            try {
                expect(await cli.revokeKey(k2.id)).to.equal(true);
            } finally {
                await cli.close();
            }
            expect((await call(A, 'POST', '/v1/schemas/validate', { key: k2.key, body: { schema: SCHEMA } })).json).to.deep.equal(
                UNAUTHORIZED,
            );
            expect((await call(B, 'POST', '/v1/schemas/validate', { key: k2.key, body: { schema: SCHEMA } })).json).to.deep.equal(
                UNAUTHORIZED,
            );
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
