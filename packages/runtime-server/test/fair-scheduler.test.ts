// Fair dispatch across accounts (pipeline/fair-scheduler.ts): the pool is handed only as many tasks
// as it has threads, and the next task is the oldest of the account that used the least worker time
// lately. Worker times are scripted and the clock is a counter advanced by each task's cost, so the
// tests check the order of dispatch, never how long anything took.
import { expect } from 'chai';
import { FairScheduler } from '../src/pipeline/fair-scheduler.js';

interface Job {
    account: string;
    name: string;
    cost: number;
    batchChars?: number;
    quick?: boolean;
}

/** A scheduler whose tasks are held until released; each release advances the clock by the task's cost. */
function scripted(slots: number, skip: (j: Job) => boolean = () => false, quickSlots = 0, perAccount?: number) {
    const clock = { t: 0 };
    const order: string[][] = [];
    const held: Array<{ names: string[]; finish: () => void }> = [];
    const scheduler = new FairScheduler<Job>(
        {
            slots,
            quickSlots,
            ...(perAccount === undefined ? {} : { perAccount }),
            decayMs: 60_000,
            batchMaxItems: 32,
            batchMaxChars: 128 * 1024,
            now: () => clock.t,
        },
        (jobs) => {
            order.push(jobs.map((j) => j.name));
            return new Promise((resolve) =>
                held.push({
                    names: jobs.map((j) => j.name),
                    finish: () => {
                        clock.t += Math.max(...jobs.map((j) => j.cost));
                        resolve(jobs.map((j) => j.cost));
                    },
                }),
            );
        },
        skip,
    );
    const job = (account: string, name: string, cost: number, batchChars?: number): Job =>
        batchChars === undefined ? { account, name, cost } : { account, name, cost, batchChars };
    /** Lets a running task finish (the oldest, or the one named), then the scheduler dispatch the next. */
    const release = async (name?: string): Promise<void> => {
        const i = name === undefined ? 0 : held.findIndex((h) => h.names.includes(name));
        held.splice(i, 1)[0]!.finish();
        await new Promise((r) => setImmediate(r));
    };
    return { scheduler, order, release, job, clock };
}

describe('fair scheduler', () => {
    it("one account's backlog of 16 three-second tasks delays another's first task by one task at most", async () => {
        const { scheduler, order, release, job } = scripted(1);
        for (let i = 1; i <= 16; i++) scheduler.enqueue(job('heavy', `h${i}`, 3000));
        expect(order).to.deep.equal([['h1']]);
        expect(scheduler.queued).to.equal(15);
        scheduler.enqueue(job('light', 'l1', 5));
        await release();
        expect(order.flat()).to.deep.equal(['h1', 'l1']);
        // Later, with the heavy account's usage grown, a newcomer still goes next.
        await release();
        await release();
        scheduler.enqueue(job('other', 'o1', 5));
        scheduler.enqueue(job('light', 'l2', 5));
        await release();
        expect(order.flat()).to.deep.equal(['h1', 'l1', 'h2', 'h3', 'o1']);
        await release();
        expect(order.flat().at(-1)).to.equal('l2');
    });

    it('gives backlogged accounts worker time in turn, weighted by what each task cost', async () => {
        const { scheduler, order, release, job } = scripted(1);
        for (let i = 0; i < 20; i++) scheduler.enqueue(job('a', `a${i}`, 100));
        for (let i = 0; i < 20; i++) scheduler.enqueue(job('b', `b${i}`, 10));
        const used = { a: 0, b: 0 };
        for (let n = 0; n < 22; n++) {
            const name = order.at(-1)![0]!;
            used[name[0] as 'a' | 'b'] += name.startsWith('a') ? 100 : 10;
            // Never more apart than about one task of the costlier account.
            expect(Math.abs(used.a - used.b), `after ${order.flat().join(' ')}`).to.be.at.most(110);
            await release();
        }
        // b ran about ten tasks for each of a's (b's 20 are all gone after 22).
        const first22 = order.flat().slice(0, 22);
        expect(first22.filter((n) => n.startsWith('a')).length).to.be.within(2, 3);
    });

    it('forgets usage over time: an account that was heavy minutes ago goes before one heavy now', async () => {
        const { scheduler, order, release, job, clock } = scripted(1);
        scheduler.enqueue(job('old', 'old1', 3000));
        await release();
        clock.t += 5 * 60_000; // five time constants later: 3000 ms decayed to about 20 ms
        scheduler.enqueue(job('new', 'new1', 100));
        await release();
        expect(scheduler.usage('old')).to.be.below(25);
        expect(scheduler.usage('new')).to.equal(100);
        scheduler.enqueue(job('busy', 'busy', 1)); // holds the thread while both wait
        scheduler.enqueue(job('new', 'new2', 100));
        scheduler.enqueue(job('old', 'old2', 100));
        await release();
        await release();
        expect(order.flat().slice(-3)).to.deep.equal(['busy', 'old2', 'new2']);
    });

    it("counts a running task's time so far: an account whose long task runs waits behind a lighter one", async () => {
        const { scheduler, order, release, job, clock } = scripted(2);
        scheduler.enqueue(job('small', 'sm0', 100));
        await release(); // small has used 100 ms
        scheduler.enqueue(job('long', 'long1', 10_000));
        scheduler.enqueue(job('holder', 'hold1', 1));
        scheduler.enqueue(job('long', 'long2', 10_000));
        scheduler.enqueue(job('small', 'sm1', 100));
        clock.t += 500; // long1 has held its thread for 500 ms, charged nothing yet
        await release('hold1');
        expect(order.flat()).to.deep.equal(['sm0', 'long1', 'hold1', 'sm1']);
    });

    it('runs quick entries on the quick threads while long ones hold the others, and never a long one there', async () => {
        const { scheduler, order, release, job } = scripted(1, undefined, 1);
        const quick = (account: string, name: string): Job => ({ account, name, cost: 5, quick: true });
        scheduler.enqueue(job('heavy', 'h1', 3000));
        scheduler.enqueue(job('heavy', 'h2', 3000));
        scheduler.enqueue(job('other', 'o1', 3000));
        expect(order.flat()).to.deep.equal(['h1']);
        scheduler.enqueue(quick('light', 'q1'));
        scheduler.enqueue(quick('light', 'q2'));
        expect(order.flat()).to.deep.equal(['h1', 'q1']);
        expect(scheduler.wouldStart(true)).to.equal(false);
        await release('q1');
        expect(order.flat()).to.deep.equal(['h1', 'q1', 'q2']);
        await release('q2');
        expect(scheduler.running).to.equal(1);
        expect(scheduler.wouldStart(true)).to.equal(true);
        expect(scheduler.wouldStart(false)).to.equal(false);
        // The long thread frees: the least-used account with a long task goes next.
        await release('h1');
        expect(order.flat().at(-1)).to.equal('o1');
    });

    it("caps the tasks one account has running (the network pool's half of its slots), whoever else waits", async () => {
        const { scheduler, order, release, job } = scripted(8, undefined, 0, 4);
        for (let i = 0; i < 16; i++) scheduler.enqueue(job('heavy', `h${i}`, 120_000));
        // Alone, it still runs only four: a reading cannot be interrupted, so a cap that waited for
        // another tenant to ask would come after every slot was taken.
        expect(order.flat()).to.deep.equal(['h0', 'h1', 'h2', 'h3']);
        expect(scheduler.running).to.equal(4);
        expect(scheduler.queued).to.equal(12);
        scheduler.enqueue(job('light', 'l0', 5));
        scheduler.enqueue(job('other', 'o0', 5));
        expect(order.flat().slice(4)).to.deep.equal(['l0', 'o0']);
        await release('h0');
        expect(order.flat().at(-1)).to.equal('h4'); // one of its own ended: the next may run
        expect(scheduler.running).to.equal(6);
    });

    it('hands the pool no more tasks than it has threads', () => {
        const { scheduler, order, job } = scripted(2);
        for (let i = 0; i < 5; i++) scheduler.enqueue(job(`acct${i}`, `x${i}`, 10));
        expect(order).to.deep.equal([['x0'], ['x1']]);
        expect(scheduler.running).to.equal(2);
        expect(scheduler.queued).to.equal(3);
    });

    it('fills a batch of small validates one account after another, so one account cannot take a whole batch', async () => {
        const { scheduler, order, release, job } = scripted(1);
        scheduler.enqueue(job('x', 'first', 1));
        for (let i = 0; i < 40; i++) scheduler.enqueue(job('flood', `f${i}`, 1, 10));
        scheduler.enqueue(job('quiet', 'q0', 1, 10));
        scheduler.enqueue(job('quiet', 'q1', 1, 10));
        await release();
        const batch = order[1]!;
        expect(batch).to.have.length(32);
        expect(batch.slice(0, 5)).to.deep.equal(['f0', 'q0', 'f1', 'q1', 'f2']);
    });

    it('drops an entry the skip answers (a spent budget) and dispatches the next', async () => {
        const spent = new Set<string>();
        const { scheduler, order, release, job } = scripted(1, (j) => spent.has(j.account));
        scheduler.enqueue(job('a', 'a1', 10));
        scheduler.enqueue(job('b', 'b1', 10));
        scheduler.enqueue(job('b', 'b2', 10));
        scheduler.enqueue(job('c', 'c1', 10));
        spent.add('b');
        await release();
        expect(order.flat()).to.deep.equal(['a1', 'c1']);
        expect(scheduler.queued).to.equal(0);
    });

    it('takes out a waiting entry (its deadline passed) and forgets idle accounts', async () => {
        const { scheduler, order, release, job, clock } = scripted(1);
        const a = job('a', 'a1', 10);
        const b = job('b', 'b1', 10);
        scheduler.enqueue(a);
        scheduler.enqueue(b);
        expect(scheduler.remove(a)).to.equal(false); // running, not waiting
        expect(scheduler.remove(b)).to.equal(true);
        expect(scheduler.queued).to.equal(0);
        await release();
        expect(order.flat()).to.deep.equal(['a1']);
        for (let i = 0; i < 100; i++) {
            scheduler.enqueue(job(`n${i}`, `n${i}`, 1));
            await release();
        }
        clock.t += 10 * 60_000;
        scheduler.enqueue(job('last', 'last', 1));
        await release();
        expect(scheduler.accounts).to.be.at.most(1);
    });
});
