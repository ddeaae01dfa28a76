// One test suite for every Counters (memory and Redis run the same tests): exact counts under
// concurrency, all-or-nothing charges, windows that expire, and peek.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { CounterCharge, Counters } from '../../src/index.js';

export interface CountersHarness {
    /** Counters on a fresh store, and a second client of the same store (another instance). */
    open(): Promise<Counters>;
    openAnother(): Promise<Counters>;
    cleanup(): Promise<void>;
}

export function countersContract(name: string, makeHarness: () => Promise<CountersHarness | undefined>): void {
    describe(`Counters contract: ${name}`, function () {
        let h: CountersHarness;
        let a: Counters;
        let b: Counters;
        before(async function () {
            const made = await makeHarness();
            if (!made) return this.skip();
            h = made;
            a = await h.open();
            b = await h.openAnother();
        });
        after(async () => {
            await a?.close();
            await b?.close();
            await h?.cleanup();
        });
        const unique = (): string => `t:${randomBytes(6).toString('hex')}`;
        const later = (): number => Date.now() + 60_000;

        it('100 concurrent charges against a limit of 60 over two clients: exactly 60 pass', async () => {
            const n = unique();
            const results = await Promise.all(
                Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).consume([{ name: n, limit: 60, expiresAt: later(), ttlMs: 60_000 }])),
            );
            expect(results.filter(Boolean)).to.have.length(60);
            expect(await a.peek([n])).to.deep.equal([60]);
        });

        it('a charge refused by one counter is not counted by the others', async () => {
            const full = unique();
            const free = unique();
            expect(await a.consume([{ name: full, limit: 1, expiresAt: later(), ttlMs: 60_000 }])).to.equal(true);
            expect(
                await b.consume([
                    { name: free, limit: 5, expiresAt: later(), ttlMs: 60_000 },
                    { name: full, limit: 1, expiresAt: later(), ttlMs: 60_000 },
                ]),
            ).to.equal(false);
            expect(await a.peek([free, full, unique()])).to.deep.equal([0, 1, 0]);
            expect(await b.consume([{ name: free, limit: 5, expiresAt: later(), ttlMs: 60_000 }])).to.equal(true);
            expect(await b.peek([free])).to.deep.equal([1]);
        });

        describe('admission in one step, gated by the key epoch', () => {
            const charge = (name: string, limit: number): CounterCharge => ({ name, limit, expiresAt: later(), ttlMs: 60_000 });
            const epochOf = async (c: Counters): Promise<string> => (await c.admit({ checked: [], gated: [], epoch: null })).epoch;

            it('the same epoch: gated counted, checked not (ok); a moved epoch: nothing counted (stale)', async () => {
                const [ip, key, acct] = [unique(), unique(), unique()];
                const epoch = await epochOf(a);
                expect(await a.admit({ checked: [charge(ip, 10)], gated: [charge(key, 10), charge(acct, 10)], epoch })).to.deep.equal({
                    outcome: 'ok',
                    epoch,
                });
                await b.bumpKeyEpoch();
                const after = await a.admit({ checked: [charge(ip, 10)], gated: [charge(key, 10), charge(acct, 10)], epoch });
                expect(after.outcome).to.equal('stale');
                expect(after.epoch).to.not.equal(epoch);
                expect(await a.peek([ip, key, acct])).to.deep.equal([0, 1, 1]);
                expect((await a.admit({ checked: [charge(ip, 10)], gated: [charge(key, 10)], epoch: after.epoch })).outcome).to.equal('ok');
            });

            it('a full checked counter refuses and charges nothing; a full gated counter charges nothing either', async () => {
                const [ip, key, acct] = [unique(), unique(), unique()];
                const epoch = await epochOf(b);
                expect(await b.consume([charge(ip, 1)])).to.equal(true);
                expect((await b.admit({ checked: [charge(ip, 1)], gated: [charge(key, 5)], epoch })).outcome).to.equal('limited-checked');
                expect(await b.consume([charge(acct, 1)])).to.equal(true);
                const ip2 = unique();
                const r = await b.admit({ checked: [charge(ip2, 5)], gated: [charge(key, 5), charge(acct, 1)], epoch });
                expect(r.outcome).to.equal('limited-gated');
                expect(await b.peek([ip, ip2, key, acct])).to.deep.equal([1, 0, 0, 1]);
            });

            it('without an epoch the checked counters are only checked, and the epoch is answered', async () => {
                const ip = unique();
                const r = await a.admit({ checked: [charge(ip, 3)], gated: [], epoch: null });
                expect(r.outcome).to.equal('ok');
                expect(r.epoch).to.equal(await epochOf(a));
                expect(await a.peek([ip])).to.deep.equal([0]);
                expect(await a.consume([charge(ip, 1)])).to.equal(true);
                expect((await a.admit({ checked: [charge(ip, 1)], gated: [], epoch: null })).outcome).to.equal('limited-checked');
            });
        });

        it('add sums amounts over two clients whatever the limit, answers the new value, and expires', async () => {
            const n = unique();
            const totals = await Promise.all(
                Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).add({ name: n, expiresAt: later(), ttlMs: 60_000 }, 250)),
            );
            expect([...totals].sort((x, y) => x - y)).to.deep.equal(Array.from({ length: 20 }, (_, i) => 250 * (i + 1)));
            expect(await a.peek([n])).to.deep.equal([5000]);
            expect(await b.consume([{ name: n, limit: 5000, expiresAt: later(), ttlMs: 60_000 }])).to.equal(false);
            const brief = unique();
            expect(await a.add({ name: brief, expiresAt: Date.now() + 300, ttlMs: 300 }, 7)).to.equal(7);
            await new Promise((r) => setTimeout(r, 400));
            expect(await b.peek([brief])).to.deep.equal([0]);
            expect(await b.add({ name: brief, expiresAt: later(), ttlMs: 60_000 }, 3)).to.equal(3);
        });

        it('a counter past its expiry reads 0 and counts from 1 again', async () => {
            const n = unique();
            expect(await a.consume([{ name: n, limit: 1, expiresAt: Date.now() + 300, ttlMs: 300 }])).to.equal(true);
            expect(await a.consume([{ name: n, limit: 1, expiresAt: Date.now() + 300, ttlMs: 300 }])).to.equal(false);
            await new Promise((r) => setTimeout(r, 400));
            expect(await b.peek([n])).to.deep.equal([0]);
            expect(await b.consume([{ name: n, limit: 1, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }])).to.equal(true);
        });
    });
}
