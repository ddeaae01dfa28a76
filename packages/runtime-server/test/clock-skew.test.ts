// Clocks of instances disagree (docs/deploy.md, "Credit reservations"): heartbeats, reservation times
// and the cut-offs of reconciliation are all read from PostgreSQL's clock, so an instance whose
// clock runs 45 s behind is neither taken for dead nor has its reservations refunded mid-read (a
// hostile review got two reads for one credit that way).
import { expect } from 'chai';
import pg from 'pg';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, type TestServer } from './test-server.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';

const UNLIMITED = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 };

describe('instances whose clocks disagree', function () {
    let b: Backends;
    let db: pg.Client;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
        db = new pg.Client({ connectionString: b.databaseUrl });
        await db.connect();
    });
    after(async () => {
        await db?.end();
    });

    it('an instance 45 s behind keeps its reservation while another reconciles every 50 ms; the read is charged once', async () => {
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise((r) => (release = r));
        const behind = () => Date.now() - 45_000;
        let A: TestServer | undefined;
        let B: TestServer | undefined;
        try {
            A = await startInstance(b, { config: { limits: UNLIMITED }, overrides: { engine, now: behind } });
            B = await startInstance(b, {
                config: { limits: UNLIMITED, reservations: { heartbeatMs: 50, deadAfterMs: 30_000, maxHoldMs: 600_000 } },
                overrides: { engine: new ScriptedEngine() },
            });
            const k = await newKey(B, { credit: 1 });
            const credit = async (): Promise<number> => (await B!.server.services.store.getAccount(k.accountId))!.creditReads;
            const pending = call(A, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
            const rows = async (): Promise<number> =>
                (await db.query('SELECT count(*)::int AS n FROM credit_reservations WHERE account_id = $1', [k.accountId])).rows[0].n;
            await eventually('the read reserved on A', async () => (await rows()) === 1);
            const seen = B.server.services.ledger.reconciled;
            await eventually('B reconciled twice since', async () => B!.server.services.ledger.reconciled >= seen + 2);
            const open = await db.query('SELECT count(*)::int AS n FROM credit_reservations WHERE account_id = $1 AND outcome IS NULL', [
                k.accountId,
            ]);
            expect(open.rows[0].n, 'the reservation is still open').to.equal(1);
            expect(await credit()).to.equal(0);
            release();
            const r = await pending;
            expect(r.status).to.equal(200);
            expect(await credit()).to.equal(0);
            expect((await B.server.services.store.readsByDay(k.accountId, '2000-01-01')).map((d) => d.reads)).to.deep.equal([1]);
        } finally {
            release();
            await A?.stop();
            await B?.stop();
        }
    });
});
