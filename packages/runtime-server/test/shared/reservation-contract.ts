// Credit reservations, one suite for every Store (SQLite and PostgreSQL): opened with the credit,
// settled once however often the settlement is sent (an answer lost to a timeout is sent again), and
// refunded by reconciliation exactly once, after which the settlement charges again exactly once.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createAccount, type Store } from '../../src/index.js';
import type { StoreHarness } from './store-contract.js';

const email = (): string => `r-${process.pid}-${randomBytes(4).toString('hex')}@example.test`;

export function reservationContract(name: string, makeHarness: () => Promise<StoreHarness | undefined>): void {
    describe(`Store contract, credit reservations: ${name}`, function () {
        let h: StoreHarness;
        let store: Store;
        let other: Store;
        before(async function () {
            const made = await makeHarness();
            if (!made) return this.skip();
            h = made;
            store = await h.open();
            other = await h.openAnother();
        });
        after(async () => {
            await other?.close();
            await store?.close();
            await h?.cleanup();
        });
        const credit = async (id: string): Promise<number> => (await store.getAccount(id))!.creditReads;
        const usage = async (id: string): Promise<number> =>
            (await store.readsByDay(id, '2000-01-01')).reduce((sum, d) => sum + d.reads, 0);

        it('opened atomically with the credit, settled once (rest refunded, used reads recorded)', async () => {
            const a = await createAccount(store, email(), 5);
            const at = '2025-02-03T04:05:06.000Z';
            const r = (n: number) => ({ id: `res_${a.id}_${n}`, accountId: a.id });
            await store.heartbeat('inst_a');
            expect(await store.openReservation({ ...r(1), reads: 3, instanceId: 'inst_a' })).to.equal(true);
            expect(await store.openReservation({ ...r(2), reads: 3, instanceId: 'inst_a' })).to.equal(false);
            expect(await credit(a.id)).to.equal(2);
            expect(await store.settleReservation(r(1), 2, at)).to.deep.equal({ charged: 2, done: true });
            expect(await store.settleReservation(r(1), 0, at)).to.deep.equal({ charged: 0, done: true });
            expect(await store.settleReservation(r(2), 1, at)).to.deep.equal({ charged: 0, done: true });
            expect(await credit(a.id)).to.equal(3);
            expect(await store.readsByDay(a.id, '2025-02-01')).to.deep.equal([{ day: '2025-02-03', reads: 2 }]);
            // used reads above the reservation are clamped to it
            expect(await store.openReservation({ ...r(3), reads: 1, instanceId: 'inst_a' })).to.equal(true);
            expect(await store.settleReservation(r(3), 9, at)).to.deep.equal({ charged: 1, done: true });
            expect(await credit(a.id)).to.equal(2);
            expect(await store.readsByDay(a.id, '2025-02-03')).to.deep.equal([{ day: '2025-02-03', reads: 3 }]);
        });

        it('reads held by open reservations are counted per account: not settled ones, not refunded ones (svc accounts show)', async () => {
            const a = await createAccount(store, email(), 10);
            const b = await createAccount(store, email(), 10);
            const at = new Date().toISOString();
            const r = (n: number) => ({ id: `res_${a.id}_${n}`, accountId: a.id });
            await store.heartbeat('inst_held');
            expect(await store.heldReads(a.id)).to.equal(0);
            expect(await store.openReservation({ ...r(1), reads: 3, instanceId: 'inst_held' })).to.equal(true);
            expect(await store.openReservation({ ...r(2), reads: 2, instanceId: 'inst_held' })).to.equal(true);
            expect(await store.openReservation({ ...r(3), reads: 1, instanceId: `gone_${a.id}` })).to.equal(true);
            expect(await store.openReservation({ id: `res_${b.id}`, accountId: b.id, reads: 4, instanceId: 'inst_held' })).to.equal(true);
            expect([await store.heldReads(a.id), await other.heldReads(a.id), await store.heldReads(b.id)]).to.deep.equal([6, 6, 4]);
            // Zeroing the credit leaves what is held: a failed reading gives it back.
            expect((await store.addCredit(a.email, -1000))?.creditReads).to.equal(0);
            expect(await store.settleReservation(r(1), 0, at)).to.deep.equal({ charged: 0, done: true });
            expect([await credit(a.id), await store.heldReads(a.id)]).to.deep.equal([3, 3]);
            await store.reconcileReservations(30_000, 600_000); // refunds r(3): its instance was never seen
            expect([await credit(a.id), await store.heldReads(a.id)]).to.deep.equal([4, 2]);
            await store.settleReservation(r(2), 2, at);
            expect([await credit(a.id), await store.heldReads(a.id), await store.heldReads(b.id)]).to.deep.equal([4, 0, 4]);
            await store.settleReservation({ id: `res_${b.id}`, accountId: b.id }, 0, at);
            expect(await store.heldReads(b.id)).to.equal(0);
        });

        it('a settlement sent again (its answer lost) charges nothing more, also sent from two connections at once', async () => {
            const a = await createAccount(store, email(), 10);
            const at = new Date().toISOString();
            const r = { id: `res_${a.id}`, accountId: a.id };
            await store.heartbeat('inst_b');
            expect(await store.openReservation({ ...r, reads: 3, instanceId: 'inst_b' })).to.equal(true);
            expect((await store.settleReservation(r, 1, at)).charged).to.equal(1);
            const again = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).settleReservation(r, 1, at)));
            expect(again.map((s) => s.charged)).to.deep.equal([0, 0, 0, 0, 0, 0]);
            expect([await credit(a.id), await usage(a.id)]).to.deep.equal([9, 1]);
        });

        it('a reservation refunded by reconciliation is charged again exactly once, however often its settlement is sent', async () => {
            const a = await createAccount(store, email(), 10);
            const at = new Date().toISOString();
            const r = { id: `res_${a.id}`, accountId: a.id };
            // an instance never seen: its reservation is abandoned at the next reconciliation
            expect(await store.openReservation({ ...r, reads: 3, instanceId: `gone_${a.id}` })).to.equal(true);
            expect(await credit(a.id)).to.equal(7);
            expect(await store.reconcileReservations(30_000, 600_000)).to.be.at.least(1);
            expect(await credit(a.id)).to.equal(10);
            const settled = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).settleReservation(r, 2, at)));
            expect(settled.map((s) => s.charged).sort()).to.deep.equal([0, 0, 0, 0, 0, 2]);
            expect([await credit(a.id), await usage(a.id)]).to.deep.equal([8, 2]);
            // reconciling again gives nothing back
            expect(await store.reconcileReservations(30_000, 600_000)).to.equal(0);
            expect(await credit(a.id)).to.equal(8);
            // seen 40 s ago and opened 400 s ago: alive for a 60 s bound, overdue for a 300 s one
        });

        it('a refunded reservation whose credit is gone when it settles is free, and stays free', async () => {
            const a = await createAccount(store, email(), 2);
            const at = new Date().toISOString();
            const r = { id: `res_${a.id}`, accountId: a.id };
            expect(await store.openReservation({ ...r, reads: 2, instanceId: `gone_${a.id}` })).to.equal(true);
            await store.reconcileReservations(30_000, 600_000);
            expect(await store.reserveCredit(a.id, 2)).to.equal(true); // spent by another extraction meanwhile
            expect(await store.settleReservation(r, 2, at)).to.deep.equal({ charged: 0, done: true });
            await store.refundCredit(a.id, 5);
            expect(await store.settleReservation(r, 2, at)).to.deep.equal({ charged: 0, done: true });
            expect([await credit(a.id), await usage(a.id)]).to.deep.equal([5, 0]);
        });

        it('a settlement that arrives before its reservation (the opening timed out on the client) makes the late opening take nothing', async () => {
            const a = await createAccount(store, email(), 5);
            const r = { id: `res_${a.id}`, accountId: a.id };
            expect(await store.settleReservation(r, 0, new Date().toISOString())).to.deep.equal({ charged: 0, done: true });
            await store.heartbeat('inst_late');
            expect(await other.openReservation({ ...r, reads: 2, instanceId: 'inst_late' })).to.equal(false);
            expect(await store.settleReservation(r, 0, new Date().toISOString())).to.deep.equal({ charged: 0, done: true });
            expect([await credit(a.id), await usage(a.id)]).to.deep.equal([5, 0]);
            expect(await store.reconcileReservations(-3_600_000, -3_600_000)).to.equal(0); // nothing held anywhere
        });

        it('reconciliation refunds reservations of dead instances and overdue ones, exactly once across connections', async () => {
            const a = await createAccount(store, email(), 10);
            const at = new Date().toISOString();
            const live = `live_${a.id}`;
            const dead = `dead_${a.id}`;
            await store.heartbeat(live);
            await store.heartbeat(dead);
            const open = (id: string, instanceId: string, reads: number) =>
                store.openReservation({ id: `${id}_${a.id}`, accountId: a.id, reads, instanceId });
            expect(await open('r1', live, 1)).to.equal(true);
            expect(await open('r2', dead, 2)).to.equal(true);
            expect(await open('r3', `never_${a.id}`, 3)).to.equal(true);
            expect(await open('r4', live, 1)).to.equal(true);
            expect(await credit(a.id)).to.equal(3);
            // dead: last seen 60 s ago (dead after 30 s); overdue: opened 700 s ago (held at most 600 s)
            await h.age!('instance', dead, 60_000);
            await h.age!('reservation', `r4_${a.id}`, 700_000);
            const counts = await Promise.all([
                store.reconcileReservations(30_000, 600_000),
                other.reconcileReservations(30_000, 600_000),
                store.reconcileReservations(30_000, 600_000),
            ]);
            expect(counts.reduce((x, y) => x + y, 0)).to.equal(3);
            expect(await credit(a.id)).to.equal(9);
            expect(await other.settleReservation({ id: `r1_${a.id}`, accountId: a.id }, 1, at)).to.deep.equal({ charged: 1, done: true });
            expect(await credit(a.id)).to.equal(9);
            await store.retireInstance(live);
            expect(await open('r5', live, 1)).to.equal(true);
            expect(await store.reconcileReservations(30_000, 600_000)).to.equal(1);
            expect(await credit(a.id)).to.equal(9);
        });

        it("times are the database's: a heartbeat just written is alive and a reservation just opened is not overdue", async () => {
            const a = await createAccount(store, email(), 10);
            const inst = `fresh_${a.id}`;
            await store.heartbeat(inst);
            expect(await store.openReservation({ id: `r_${a.id}`, accountId: a.id, reads: 2, instanceId: inst })).to.equal(true);
            expect(await store.reconcileReservations(30_000, 600_000)).to.equal(0);
            expect(await credit(a.id)).to.equal(8);
            // seen 40 s ago and opened 400 s ago: alive for a 60 s bound, overdue for a 300 s one
            await h.age!('instance', inst, 40_000);
            await h.age!('reservation', `r_${a.id}`, 400_000);
            expect(await store.reconcileReservations(60_000, 600_000)).to.equal(0);
            expect(await store.reconcileReservations(60_000, 300_000)).to.equal(1);
            expect(await credit(a.id)).to.equal(10);
        });
    });
}
