// Another connection holding the SQLite write lock (an operator's `sqlite3` shell inside BEGIN)
// must not freeze the server: writes wait off the event loop, then answer 503, and /readyz says so
// (store/sqlite-busy.ts). No timing is measured: the event loop is shown free by a callback that
// runs while a write waits, which a wait inside SQLite (the old 5 s busy_timeout) never lets run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { DependencyUnavailableError, SQLITE_FILE, openSqliteStore } from '../src/index.js';
import { SERVER_BUSY } from '../src/store/sqlite-busy.js';
import { DOC, SCHEMA, ScriptedEngine, call, expectError, newKey, startTestServer } from './test-server.js';
import { eventually } from './support/cluster.js';

/** Holds the write lock of the store in `dir` from another connection until released. */
function holdWriteLock(dir: string): { release(): void } {
    const other = new Database(join(dir, SQLITE_FILE));
    other.exec('BEGIN IMMEDIATE');
    return {
        release() {
            if (other.inTransaction) other.exec('ROLLBACK');
            other.close();
        },
    };
}

describe('SQLite held by another connection', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'svc-busy-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('a write waits off the event loop and gets through when the lock is released', async () => {
        const store = openSqliteStore(dir, { busy: { busyTimeoutMs: 5, busyWaitMs: 60_000 } });
        const lock = holdWriteLock(dir);
        try {
            let settled = false;
            const write = store.heartbeat('inst_a').finally(() => (settled = true));
            // Runs only if the write did not hold the thread; the write is still waiting then.
            await new Promise((r) => setImmediate(r));
            expect(settled, 'still waiting for the lock').to.equal(false);
            lock.release();
            await write;
        } finally {
            lock.release();
            await store.close();
        }
    });

    it('a write still locked out past its bound is a DependencyUnavailableError (503), never the driver error', async () => {
        const store = openSqliteStore(dir, { busy: { busyTimeoutMs: 1, busyWaitMs: 30 } });
        const lock = holdWriteLock(dir);
        try {
            const e = await store.heartbeat('inst_a').then(
                () => undefined,
                (err: unknown) => err,
            );
            expect(e).to.be.instanceOf(DependencyUnavailableError);
            expect(String((e as Error).message)).to.match(/locked/);
        } finally {
            lock.release();
            await store.close();
        }
    });

    it('the server: an extraction answers 503 pipeline_unavailable, /readyz 503, /healthz 200; all well once released', async () => {
        const t = await startTestServer({
            limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 },
            overrides: { engine: new ScriptedEngine() },
        });
        const k = await newKey(t, { credit: 10 });
        expect(SERVER_BUSY.busyTimeoutMs).to.be.below(100); // a wait inside SQLite blocks the event loop
        const lock = holdWriteLock(t.dataDir);
        try {
            const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            expectError(r, 503, 'pipeline_unavailable');
            expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
            await eventually('not ready while locked', async () => (await call(t, 'GET', '/readyz')).status === 503);
        } finally {
            lock.release();
        }
        try {
            const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            expect(r.status).to.equal(200);
            expect((await t.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(9);
            await eventually('ready once a write got through', async () => (await call(t, 'GET', '/readyz')).status === 200);
        } finally {
            await t.stop();
        }
    });
});
