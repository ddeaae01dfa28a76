// Durable credit reservations (credit/credit-ledger.ts): credit held by an extraction that a crash
// interrupts is refunded at the next start (SQLite, one server per file); an extraction whose
// reservation was refunded meanwhile is charged again when it finishes (credit-hold.test.ts: one
// still held is never refunded, and a charge that takes nothing is not answered).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DependencyUnavailableError, createAccount, openSqliteStore, type Store } from '../src/index.js';
import { CreditLedger } from '../src/credit/credit-ledger.js';
import { RequestLog } from '../src/http/request-log.js';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer } from './test-server.js';
import { eventually } from './support/cluster.js';

/** `store` with one method replaced (a store whose answers get lost). */
function withStore<K extends keyof Store>(store: Store, name: K, method: Store[K]): Store {
    return new Proxy(store, {
        get(target, prop) {
            if (prop === name) return method;
            const v = Reflect.get(target, prop, target) as unknown;
            return typeof v === 'function' ? v.bind(target) : v;
        },
    });
}

const UNLIMITED = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

describe('credit reservations', () => {
    it('a reservation left by a crashed run is refunded when the server starts on the same SQLite file', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
        try {
            const before = openSqliteStore(dataDir);
            const a = await createAccount(before, 'crash@example.test', 10);
            await before.heartbeat('inst_previous_run'); // seen a moment ago: only exclusivity makes it dead
            expect(await before.openReservation({ id: 'res_lost', accountId: a.id, reads: 4, instanceId: 'inst_previous_run' })).to.equal(
                true,
            );
            await before.close();
            const t = await startTestServer({ config: { dataDir } });
            try {
                expect((await t.server.services.store.getAccount(a.id))?.creditReads).to.equal(10);
                expect(t.logs.some((l) => l.includes('refunded abandoned credit reservations') && l.includes('"count":1'))).to.equal(true);
            } finally {
                await t.stop();
            }
        } finally {
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    it('a reservation refunded while its extraction read is charged again when it ends, the credit still there', async () => {
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise<void>((r) => (release = r));
        const t = await startTestServer({ limits: UNLIMITED, overrides: { engine } });
        try {
            const k = await newKey(t, { credit: 10 });
            const credit = async (): Promise<number> => (await t.server.services.store.getAccount(k.accountId))!.creditReads;
            const pending = call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: 'x'.repeat(2500), schema: SCHEMA } });
            await eventually('3 reads reserved', async () => (await credit()) === 7);
            // As another instance does when it takes this one for dead: cut-offs an hour ahead.
            expect(await t.server.services.store.reconcileReservations(-3_600_000, -3_600_000)).to.equal(1);
            expect(await credit()).to.equal(10);
            release();
            expect((await pending).status).to.equal(200);
            expect(await credit()).to.equal(7);
            expect((await t.server.services.store.readsByDay(k.accountId, '2000-01-01')).map((d) => d.reads)).to.deep.equal([3]);
        } finally {
            await t.stop();
        }
    });

    it('a settlement that committed but whose answer was lost is sent again and charges once', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
        const real = openSqliteStore(dataDir);
        let lost = 0;
        // The store commits the settlement, then the caller hears only a timeout (PostgreSQL's answer lost).
        const store = withStore(real, 'settleReservation', async (...args: Parameters<Store['settleReservation']>) => {
            const done = await real.settleReservation(...args);
            if (lost++ === 0) throw new DependencyUnavailableError('database', new Error('Query read timeout'), true);
            return done;
        });
        const t = await startTestServer({ limits: UNLIMITED, overrides: { engine: new ScriptedEngine(), store } });
        try {
            const k = await newKey(t, { credit: 10 });
            const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            expect(r.status).to.equal(200);
            expect(r.json.usage.reads).to.equal(1);
            // On SQLite the charge is tried again before the answer (PostgreSQL's stores do so at the next heartbeat).
            expect(lost).to.equal(2);
            await t.server.services.ledger.stop();
            expect(lost).to.equal(2);
            expect((await real.getAccount(k.accountId))?.creditReads).to.equal(9);
            expect((await real.readsByDay(k.accountId, '2000-01-01')).map((d) => d.reads)).to.deep.equal([1]);
        } finally {
            await t.stop();
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    it('on SQLite a charge that cannot be written is not answered: 503, and the reads are given back', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
        const real = openSqliteStore(dataDir);
        let tries = 0;
        // The disk is full while the extraction ends, and again while its charge is tried again.
        const store = withStore(real, 'settleReservation', async (...args: Parameters<Store['settleReservation']>) => {
            if (tries++ < 3) throw new DependencyUnavailableError('database', new Error('database or disk is full'));
            return real.settleReservation(...args);
        });
        const t = await startTestServer({ limits: UNLIMITED, overrides: { engine: new ScriptedEngine(), store } });
        try {
            const k = await newKey(t, { credit: 10 });
            const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            expect(r.status).to.equal(503);
            expect(r.json.error.code).to.equal('pipeline_unavailable');
            expect(t.server.services.ledger.pendingSettlements).to.equal(1);
            await t.server.services.ledger.stop(); // what a heartbeat does once the disk has room
            expect((await real.getAccount(k.accountId))?.creditReads).to.equal(10);
            expect(await real.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([]);
        } finally {
            await t.stop();
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    it('a reservation that committed but whose answer was lost (503) is given back once the store answers, not after 10 minutes', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
        const real = openSqliteStore(dataDir);
        const store = withStore(real, 'openReservation', async (...args: Parameters<Store['openReservation']>) => {
            await real.openReservation(...args);
            throw new DependencyUnavailableError('database', new Error('Query read timeout'), true);
        });
        const t = await startTestServer({ limits: UNLIMITED, overrides: { engine: new ScriptedEngine(), store } });
        try {
            const k = await newKey(t, { credit: 10 });
            const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            expect(r.status).to.equal(503);
            expect((await real.getAccount(k.accountId))?.creditReads, 'held by the reservation').to.equal(9);
            expect(t.server.services.ledger.pendingSettlements).to.equal(1);
            await t.server.services.ledger.stop(); // what a heartbeat does: sends what is unsettled again
            expect((await real.getAccount(k.accountId))?.creditReads).to.equal(10);
            expect(t.server.services.ledger.pendingSettlements).to.equal(0);
            expect(await real.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([]);
        } finally {
            await t.stop();
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    describe("PostgreSQL's rules (several instances share the store): a charge is answered only once it is, or may be, written", () => {
        const timings = { heartbeatMs: 10_000, deadAfterMs: 30_000, maxHoldMs: 600_000 };
        let dataDir: string;
        let real: Store;
        beforeEach(() => {
            dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
            real = openSqliteStore(dataDir);
        });
        afterEach(async () => {
            await real.close();
            rmSync(dataDir, { recursive: true, force: true });
        });

        it('a charge that never reached the database is tried again, then refused (503) and its reads given back', async () => {
            let tries = 0;
            const store = withStore(real, 'settleReservation', async (...args: Parameters<Store['settleReservation']>) => {
                if (tries++ < 3)
                    throw new DependencyUnavailableError(
                        'database',
                        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
                    );
                return real.settleReservation(...args);
            });
            const ledger = new CreditLedger(store, Date.now, timings, new RequestLog(() => {}), false);
            const a = await createAccount(real, 'refused@example.test', 10);
            const r = (await ledger.reserve(a.id, 2))!;
            expect(await ledger.settle(r, 2)).to.equal(false);
            expect(tries).to.equal(3);
            expect(ledger.pendingSettlements).to.equal(1);
            await ledger.stop(); // what a heartbeat does once the database answers
            expect((await real.getAccount(a.id))?.creditReads).to.equal(10);
            expect(await real.readsByDay(a.id, '2000-01-01')).to.deep.equal([]);
        });

        it('a charge in doubt (sent, its answer lost) is answered, sent again at the next heartbeat and charged once', async () => {
            let lost = 0;
            const store = withStore(real, 'settleReservation', async (...args: Parameters<Store['settleReservation']>) => {
                const done = await real.settleReservation(...args);
                if (lost++ === 0) throw new DependencyUnavailableError('database', new Error('Query read timeout'), true);
                return done;
            });
            const ledger = new CreditLedger(store, Date.now, timings, new RequestLog(() => {}), false);
            const a = await createAccount(real, 'doubt@example.test', 10);
            const r = (await ledger.reserve(a.id, 2))!;
            expect(await ledger.settle(r, 2)).to.equal(true);
            expect([lost, ledger.pendingSettlements]).to.deep.equal([1, 1]);
            await ledger.stop();
            expect([lost, ledger.pendingSettlements]).to.deep.equal([2, 0]);
            expect((await real.getAccount(a.id))?.creditReads).to.equal(8);
            expect((await real.readsByDay(a.id, '2000-01-01')).map((d) => d.reads)).to.deep.equal([2]);
        });
    });

    it('a reservation made a heartbeat interval after the last heartbeat writes one first (the first is not enough)', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-res-'));
        const real = openSqliteStore(dataDir);
        let beats = 0;
        const store = withStore(real, 'heartbeat', async (id: string) => {
            beats++;
            await real.heartbeat(id);
        });
        let now = 1_000_000;
        const timings = { heartbeatMs: 10_000, deadAfterMs: 30_000, maxHoldMs: 600_000 };
        const ledger = new CreditLedger(store, () => now, timings, new RequestLog(() => {}), false);
        try {
            const a = await createAccount(real, 'beats@example.test', 10);
            await Promise.all([ledger.reserve(a.id, 1), ledger.reserve(a.id, 1)]);
            expect(beats).to.equal(1);
            now += 5_000;
            await ledger.reserve(a.id, 1);
            expect(beats).to.equal(1);
            now += 40_000; // heartbeats stalled meanwhile: the others may have pruned this instance
            await ledger.reserve(a.id, 1);
            expect(beats).to.equal(2);
            expect((await real.getAccount(a.id))?.creditReads).to.equal(6);
        } finally {
            await ledger.stop();
            await real.close();
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    it('a success keeps its reads, a failure gives everything back, nothing stays held', async () => {
        const engine = new ScriptedEngine();
        const t = await startTestServer({ limits: UNLIMITED, overrides: { engine } });
        try {
            const k = await newKey(t, { credit: 10 });
            expect((await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } })).status).to.equal(
                200,
            );
            engine.failWith = new Error('boom');
            expect((await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } })).status).to.equal(
                500,
            );
            expect((await t.server.services.store.getAccount(k.accountId))?.creditReads).to.equal(9);
            // nothing is left held (cut-offs an hour ahead: every reservation would count as abandoned)
            expect(await t.server.services.store.reconcileReservations(-3_600_000, -3_600_000)).to.equal(0);
        } finally {
            await t.stop();
        }
    });
});
