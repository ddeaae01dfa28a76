// PostgreSQL or Redis that answer but cannot write (docs/deploy.md, "Unreachable PostgreSQL or
// Redis"): Redis out of memory, a read-only replica, a replica whose master is down; PostgreSQL in a
// read-only database. Requests answer 503 pipeline_unavailable (not 500 internal_error), /readyz
// answers 503 (it writes to Redis and asks PostgreSQL whether it may write), and both recover by
// themselves. Real servers, configured and restored.
import { expect } from 'chai';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DependencyUnavailableError, isUnreachable } from '../src/deps/dependency-errors.js';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, type Res, type TestServer } from './test-server.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';

const UNLIMITED = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 };

function expect503(r: Res): void {
    expect(r.status, r.text).to.equal(503);
    expect(r.json.error.code).to.equal('pipeline_unavailable');
}

describe('PostgreSQL or Redis that cannot write', function () {
    this.timeout(60_000);
    let b: Backends;
    let t: TestServer;
    let admin: Redis;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
        t = await startInstance(b, { config: { limits: UNLIMITED }, overrides: { engine: new ScriptedEngine() } });
        admin = new Redis(b.redis.url);
    });
    after(async () => {
        await t?.stop();
        admin?.disconnect();
    });

    const validate = (key: string): Promise<Res> => call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
    const extract = (key: string): Promise<Res> => call(t, 'POST', '/v1/extractions', { key, body: { document: DOC, schema: SCHEMA } });

    const redisStates: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
        [
            'out of memory (maxmemory reached, noeviction)',
            () => admin.config('SET', 'maxmemory', '1'),
            () => admin.config('SET', 'maxmemory', '0'),
        ],
        ['a read-only replica', () => admin.call('REPLICAOF', '127.0.0.1', '1'), () => admin.call('REPLICAOF', 'NO', 'ONE')],
        [
            'a replica whose master is down (MASTERDOWN)',
            async () => {
                await admin.config('SET', 'replica-serve-stale-data', 'no');
                await admin.call('REPLICAOF', '127.0.0.1', '1');
            },
            async () => {
                await admin.call('REPLICAOF', 'NO', 'ONE');
                await admin.config('SET', 'replica-serve-stale-data', 'yes');
            },
        ],
    ];
    for (const [state, enter, leave] of redisStates) {
        it(`Redis ${state}: 503 on /v1 and /readyz, then it recovers`, async () => {
            const k = await newKey(t);
            expect((await validate(k.key)).status).to.equal(200);
            await enter();
            try {
                expect503(await validate(k.key));
                // /readyz answers from a check of the last second (http/ops-routes.ts): wait for a newer one.
                await eventually('/readyz 503', async () => (await call(t, 'GET', '/readyz')).status === 503);
                expect503(await call(t, 'GET', '/readyz'));
                expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
            } finally {
                await leave();
            }
            await eventually('ready again', async () => (await call(t, 'GET', '/readyz')).status === 200);
            expect((await validate(k.key)).status).to.equal(200);
            expect(t.logs.some((l) => l.includes('"status":500'))).to.equal(false);
        });
    }

    it('PostgreSQL read-only (default_transaction_read_only): 503 on writes and /readyz, then it recovers', async () => {
        const k = await newKey(t, { credit: 10 });
        const db = new pg.Client({ connectionString: b.databaseUrl });
        await db.connect();
        const name = new URL(b.databaseUrl).pathname.slice(1);
        // New sessions only: end the instance's connections so it reconnects under the setting.
        const reconnectAll = () =>
            db.query(
                'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            );
        try {
            await db.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
            await reconnectAll();
            try {
                // (a connection just ended fails once too: wait for the read-only answer itself)
                const readOnly = async () =>
                    t.server.services.store.ping().then(
                        () => false,
                        (e: Error) => e instanceof DependencyUnavailableError && /read-only/.test(e.message),
                    );
                await eventually('readiness says read-only', readOnly);
                // /readyz answers from a check of the last second (http/ops-routes.ts): wait for a newer one.
                await eventually('/readyz 503', async () => (await call(t, 'GET', '/readyz')).status === 503);
                expect503(await call(t, 'GET', '/readyz'));
                expect503(await extract(k.key));
                expect((await t.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(10);
            } finally {
                await db.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
                await reconnectAll();
            }
            await eventually('ready again', async () => (await call(t, 'GET', '/readyz')).status === 200);
            expect((await extract(k.key)).status).to.equal(200);
            expect(t.logs.some((l) => l.includes('"status":500'))).to.equal(false);
        } finally {
            await db.end();
        }
    });

    it('the replies that mean "cannot serve now" are unavailable, the others are not', () => {
        const reply = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });
        for (const m of [
            "OOM command not allowed when used memory > 'maxmemory'.",
            "READONLY You can't write against a read only replica.",
            'LOADING Redis is loading the dataset in memory',
            'BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSCRIPT.',
            "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
        ])
            expect(isUnreachable(reply(m)), m).to.equal(true);
        expect(isUnreachable(reply('ERR wrong number of arguments'))).to.equal(false);
        expect(isUnreachable(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }))).to.equal(
            true,
        );
        expect(isUnreachable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).to.equal(true);
        expect(isUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).to.equal(false);
        expect(new DependencyUnavailableError('redis').inDoubt).to.equal(false);
    });
});
