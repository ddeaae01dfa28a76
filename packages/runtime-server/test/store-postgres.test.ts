// The shared Store contract on PostgreSQL: a real server (test/support/pg-server.ts), two pools on one
// database standing for two instances.
import { expect } from 'chai';
import pg from 'pg';
import { DependencyUnavailableError, createAccount, createKey, hashApiKey, openPgStore } from '../src/index.js';
import { eventually } from './support/cluster.js';
import { reservationContract } from './shared/reservation-contract.js';
import { storeContract } from './shared/store-contract.js';
import { PgPool } from '../src/store/pg-pool.js';
import { sharedPg } from './support/pg-server.js';

storeContract('PostgreSQL', async () => {
    const pg = await sharedPg();
    if (!pg) return undefined;
    const url = await pg.createDatabase();
    return { open: async () => openPgStore(url), openAnother: async () => openPgStore(url), cleanup: async () => {} };
});

reservationContract('PostgreSQL', async () => {
    const server = await sharedPg();
    if (!server) return undefined;
    const url = await server.createDatabase();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    return {
        open: async () => openPgStore(url),
        openAnother: async () => openPgStore(url),
        cleanup: async () => db.end(),
        async age(what, id, ms) {
            const [table, column] = what === 'instance' ? ['svc_instances', 'seen_at'] : ['credit_reservations', 'opened_at'];
            await db.query(`UPDATE ${table} SET ${column} = ${column} - $2::float8 * interval '1 millisecond' WHERE id = $1`, [id, ms]);
        },
    };
});

describe('PostgreSQL store start-up', () => {
    it('instances starting together on a fresh database migrate once (advisory lock)', async function () {
        const server = await sharedPg();
        if (!server) return this.skip();
        const url = await server.createDatabase();
        const stores = Array.from({ length: 4 }, () => openPgStore(url));
        try {
            await Promise.all(stores.map((s) => s.ping()));
            const c = new pg.Client({ connectionString: url });
            await c.connect();
            try {
                const { rows } = await c.query('SELECT version FROM svc_migrations ORDER BY version');
                expect(rows.map((r) => r.version)).to.deep.equal([1, 2, 3]);
            } finally {
                await c.end();
            }
        } finally {
            await Promise.all(stores.map((s) => s.close()));
        }
    });

    it('a database that does not exist is "unavailable" (503), not a failure of the query', async function () {
        const server = await sharedPg();
        if (!server) return this.skip();
        const store = openPgStore(`postgres://svc@127.0.0.1:${server.port}/svc_missing_db`);
        try {
            let err: unknown;
            try {
                await store.findAccountByEmail('a@example.test');
            } catch (e) {
                err = e;
            }
            expect(err).to.be.instanceOf(DependencyUnavailableError);
        } finally {
            await store.close();
        }
    });

    it('a statement too slow on the server is cancelled there (no doubt); one whose answer never comes is in doubt', async function () {
        const server = await sharedPg();
        if (!server) return this.skip();
        const url = await server.createDatabase();
        const failure = async (pool: PgPool): Promise<unknown> => {
            try {
                await pool.query('SELECT pg_sleep(5)');
            } catch (e) {
                return e;
            } finally {
                await pool.close();
            }
            return undefined;
        };
        // The server's statement_timeout: PostgreSQL cancels it and says so (57014): it did not commit.
        const cancelled = await failure(new PgPool(url, { statementTimeoutMs: 100 }));
        expect(cancelled).to.be.instanceOf(DependencyUnavailableError);
        expect((cancelled as DependencyUnavailableError).inDoubt).to.equal(false);
        // The client stops waiting first (as when the server or the network is frozen): it may still commit.
        const unanswered = await failure(new PgPool(url, { statementTimeoutMs: 60_000, queryTimeoutMs: 100 }));
        expect(unanswered).to.be.instanceOf(DependencyUnavailableError);
        expect((unanswered as DependencyUnavailableError).inDoubt).to.equal(true);
        // Unreachable before sending: never in doubt.
        const refused = await failure(new PgPool('postgres://svc@127.0.0.1:1/none'));
        expect(refused).to.be.instanceOf(DependencyUnavailableError);
        expect((refused as DependencyUnavailableError).inDoubt).to.equal(false);
    });

    it('only a revocation that revokes a key changes the key epoch; the CLI may announce a revoked key again', async function () {
        // Each change empties every instance's key cache: re-revoking a revoked key must not make one.
        const server = await sharedPg();
        if (!server) return this.skip();
        let bumps = 0;
        const store = openPgStore(await server.createDatabase(), { keyEpoch: { bumpKeyEpoch: async () => void bumps++ } });
        try {
            await createAccount(store, 'again@example.test');
            const k = await createKey(store, { email: 'again@example.test', name: 'k' });
            expect(await store.revokeKey(k.id)).to.equal(true);
            expect(bumps, 'before and after the update').to.equal(2);
            const revokedAt = (await store.findKeyByHash(hashApiKey(k.key)))?.revokedAt;
            for (let i = 0; i < 3; i++) expect(await store.revokeKey(k.id)).to.equal(false);
            expect(await store.revokeKey('key_none')).to.equal(false);
            expect(bumps, 'a revoked or unknown key changes nothing').to.equal(2);
            expect((await store.findKeyByHash(hashApiKey(k.key)))?.revokedAt).to.equal(revokedAt);
            // `svc keys revoke` run again after a failed epoch change: explicit, and still only for a key that exists.
            expect(await store.revokeKey(k.id, { announceAgain: true })).to.equal(false);
            expect(bumps).to.equal(4);
            expect(await store.revokeKey('key_none', { announceAgain: true })).to.equal(false);
            expect(bumps).to.equal(4);
        } finally {
            await store.close();
        }
    });

    it('a revocation whose second key epoch change fails tries it again until Redis takes it', async function () {
        const server = await sharedPg();
        if (!server) return this.skip();
        let bumps = 0;
        const keyEpoch = {
            async bumpKeyEpoch() {
                if (++bumps === 2) throw new DependencyUnavailableError('redis', new Error('Connection is closed.'));
            },
        };
        const store = openPgStore(await server.createDatabase(), { keyEpoch });
        try {
            await createAccount(store, 'epoch@example.test');
            const k = await createKey(store, { email: 'epoch@example.test', name: 'k' });
            let err: unknown;
            await store.revokeKey(k.id).catch((e: unknown) => (err = e));
            expect(err).to.be.instanceOf(DependencyUnavailableError);
            expect((await store.findKeyByHash(hashApiKey(k.key)))?.revokedAt).to.be.a('string');
            await eventually('the epoch changed again after the failure', async () => bumps >= 3);
        } finally {
            await store.close();
        }
    });
});
