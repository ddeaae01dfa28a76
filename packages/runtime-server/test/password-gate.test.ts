// The panel's password hashes are bounded per instance (panel/password-gate.ts, docs/panel.md): at
// most HASHES_RUNNING run at once and HASHES_WAITING wait, one client IP holding HASHES_PER_CLIENT of
// those places at most; one more sign-in is answered 429 with Retry-After at once, without hashing.
// Hashes are held by the test, so everything is counted.
import { expect } from 'chai';
import { HASHES_PER_CLIENT, HASHES_RUNNING, HASHES_WAITING, PasswordGate, PasswordsBusyError } from '../src/panel/password-gate.js';
import type { Store } from '../src/store/store-types.js';
import type { PanelStore } from '../src/store/panel-store-types.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };
const SLOTS = HASHES_RUNNING + HASHES_WAITING;

/** Promises the test settles: `hold()` returns one, `release()` settles all held so far. */
function holds(): { hold: () => Promise<void>; release: () => void } {
    const held: Array<() => void> = [];
    return {
        hold: () => new Promise<void>((resolve) => held.push(resolve)),
        release: () => held.splice(0).forEach((r) => r()),
    };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls a condition; gives up after about 10 s (a wait that never ends must fail, not hang). */
async function until(condition: () => boolean): Promise<void> {
    for (let polls = 0; !condition(); polls++) {
        if (polls > 2_000) throw new Error('condition never met');
        await sleep(5);
    }
}

/** Releases held hashes until every promise has settled (those released may let others in). */
async function drain<T>(promises: Promise<T>[], release: () => void): Promise<T[]> {
    let settled = false;
    const all = Promise.all(promises).finally(() => {
        settled = true;
    });
    await until(() => {
        release();
        return settled;
    });
    return all;
}

describe('password gate', () => {
    it('runs at most N at once, queues a few in order, refuses the rest at once without running them', async () => {
        const gate = new PasswordGate(2, 3, 100);
        const { hold, release } = holds();
        let active = 0;
        let peak = 0;
        const started: number[] = [];
        const work = (i: number) => async (): Promise<number> => {
            started.push(i);
            peak = Math.max(peak, ++active);
            await hold();
            active--;
            return i;
        };
        const runs = Array.from({ length: 8 }, (_, i) => gate.run(work(i), `10.0.0.${i}`).catch((e: unknown) => e));
        await until(() => started.length === 2);
        expect(gate.load()).to.deep.equal({ running: 2, waiting: 3, clients: 5 });
        const refused = await Promise.all(runs.slice(5));
        for (const e of refused) expect(e).to.be.instanceOf(PasswordsBusyError);
        expect(started).to.deep.equal([0, 1]); // the refused ones never ran
        expect(await drain(runs.slice(0, 5), release)).to.deep.equal([0, 1, 2, 3, 4]);
        expect(started).to.deep.equal([0, 1, 2, 3, 4]); // the waiting ones in order
        expect(peak).to.equal(2);
        expect(gate.load()).to.deep.equal({ running: 0, waiting: 0, clients: 0 });
    });

    it('gives one client at most its share of the places, running and waiting alike; others keep the rest', async () => {
        const gate = new PasswordGate(2, 8, 2);
        const { hold, release } = holds();
        const started: string[] = [];
        const work = (who: string) => async (): Promise<string> => {
            started.push(who);
            await hold();
            return who;
        };
        const greedy = Array.from({ length: 6 }, () => gate.run(work('greedy'), '10.0.0.1').catch((e: unknown) => e));
        const refused = await Promise.all(greedy.slice(2));
        for (const e of refused) expect(e).to.be.instanceOf(PasswordsBusyError);
        const others = ['10.0.0.2', '10.0.0.3', '10.0.0.3'].map((ip) => gate.run(work(ip), ip));
        await until(() => started.length === 2);
        expect(gate.load()).to.deep.equal({ running: 2, waiting: 3, clients: 3 });
        await gate.run(work('third'), '10.0.0.3').then(
            () => expect.fail('a third place for 10.0.0.3'),
            (e: unknown) => expect(e).to.be.instanceOf(PasswordsBusyError),
        );
        expect(await drain([...greedy.slice(0, 2), ...others], release)).to.deep.equal([
            'greedy',
            'greedy',
            '10.0.0.2',
            '10.0.0.3',
            '10.0.0.3',
        ]);
        expect(gate.load()).to.deep.equal({ running: 0, waiting: 0, clients: 0 });
        // Its places given back, the client has its share again.
        const again = gate.run(work('again'), '10.0.0.1');
        expect(await drain([again], release)).to.deep.equal(['again']);
    });

    describe('panel sign-in', function () {
        this.timeout(60_000);
        let t: TestServer;
        let active = 0;
        let peak = 0;
        let hashed = 0;
        let gated: ReturnType<typeof holds>;
        let closing = false;
        before(async () => {
            t = await startTestServer({ limits: HIGH });
            const gate = t.server.services.passwords;
            const run = gate.run.bind(gate);
            // Each admitted hash waits for the test, so the queue fills however fast scrypt is.
            gate.run = <T>(hash: () => Promise<T>, client: string): Promise<T> =>
                run(async () => {
                    peak = Math.max(peak, ++active);
                    hashed++;
                    try {
                        if (!closing) await gated.hold();
                        return await hash();
                    } finally {
                        active--;
                    }
                }, client);
        });
        after(async () => {
            // A failed test may leave hashes held: let them finish, so the server can close.
            closing = true;
            gated.release();
            await t.stop();
        });
        beforeEach(() => {
            gated = holds();
            active = peak = hashed = 0;
        });

        it(`of ${SLOTS + 20} sign-ins at once from as many addresses, ${HASHES_RUNNING} hash at a time, ${HASHES_WAITING} wait, the others get 429 with Retry-After unhashed`, async () => {
            let answered = 0;
            const attempts = Array.from({ length: SLOTS + 20 }, async (_, i) => {
                const r = await new PanelClient(t, `10.1.0.${i + 1}`).signIn(
                    `flood${i}-${process.pid}@example.test`,
                    'some password or other',
                );
                answered++;
                return r;
            });
            const load = (): { running: number; waiting: number } => t.server.services.passwords.load();
            // Every attempt either answered or holds a place in the gate (without the gate: all answered).
            await until(() => answered + load().running + load().waiting === attempts.length);
            const refused = answered;
            const results = await drain(attempts, gated.release);
            expect(refused).to.equal(20);
            expect(results.filter((r) => r.status === 401).length).to.equal(SLOTS);
            const busy = results.filter((r) => r.status === 429);
            expect(busy.length).to.equal(20);
            expect(busy[0]!.headers.get('retry-after')).to.equal('1');
            expect(busy[0]!.text).to.include('Too many passwords are being checked right now');
            expect(hashed).to.equal(SLOTS);
            expect(peak).to.equal(HASHES_RUNNING);
        });

        it("a known account's attempt refused for a full queue is no failure of that account", async () => {
            const address = `known-${process.pid}@example.test`;
            const owner = new PanelClient(t);
            const signUp = owner.signUp(address, 'a long enough password');
            await until(() => hashed === 1);
            gated.release();
            expect((await signUp).status).to.equal(303);
            const filling = Array.from({ length: SLOTS }, (_, i) =>
                new PanelClient(t, `10.2.0.${i + 1}`).signIn(`fill${i}-${process.pid}@example.test`, 'x'.repeat(12)),
            );
            await until(() => t.server.services.passwords.load().waiting === HASHES_WAITING);
            for (let i = 0; i < 3; i++) expect((await new PanelClient(t).signIn(address, 'wrong password!!')).status).to.equal(429);
            const store = t.server.services.store as Store & PanelStore;
            const account = (await store.findAccountByEmail(address))!;
            expect(await store.countLoginFailures(account.id, new Date(0).toISOString())).to.equal(0);
            expect((await drain(filling, gated.release)).map((r) => r.status)).to.deep.equal(Array<number>(SLOTS).fill(401));
        });

        it(`one address sending ${SLOTS + 20} sign-ins at once holds ${HASHES_PER_CLIENT} places; a user at another address signs in meanwhile`, async () => {
            const address = `share-${process.pid}@example.test`;
            const signUp = new PanelClient(t, '10.3.0.1').signUp(address, 'a long enough password');
            await until(() => hashed === 1);
            gated.release();
            expect((await signUp).status).to.equal(303);
            hashed = 0;
            let answered = 0;
            const flood = Array.from({ length: SLOTS + 20 }, async (_, i) => {
                const r = await new PanelClient(t, '10.3.0.66').signIn(`nx${i}-${process.pid}@example.test`, 'guess guess guess');
                answered++;
                return r;
            });
            await until(() => answered === SLOTS + 20 - HASHES_PER_CLIENT);
            expect(hashed).to.equal(HASHES_PER_CLIENT);
            const user = new PanelClient(t, '10.3.0.2').signIn(address, 'a long enough password');
            await until(() => t.server.services.passwords.load().waiting === 1); // admitted, though the flood holds both slots
            const [signedIn, ...flooded] = await drain([user, ...flood], gated.release);
            expect(signedIn!.status).to.equal(303);
            expect(flooded.filter((r) => r.status === 429)).to.have.length(SLOTS + 20 - HASHES_PER_CLIENT);
            expect(flooded.find((r) => r.status === 429)!.headers.get('retry-after')).to.equal('1');
        });
    });
});
