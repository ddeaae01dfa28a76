// Small validate bodies share pool tasks (pipeline/validate-batcher.ts; the batches are formed by
// pipeline/fair-scheduler.ts): a body that finds a free thread leaves at once and alone; those that
// arrive while every thread is busy leave together, within the batch's bounds; each carries its
// account. (The order of accounts within a batch: fair-scheduler.test.ts.)
import { expect } from 'chai';
import { FairScheduler } from '../src/pipeline/fair-scheduler.js';
import { BATCH_MAX_CHARS, BATCH_MAX_ITEMS } from '../src/pipeline/validate-batcher.js';

interface Body {
    body: string;
    account: string;
    batchChars: number;
}

/** A scheduler of validate bodies whose tasks are held until released, recording each task's bodies. */
function scripted(threads: number): { submit: (body: string, account?: string) => void; sent: Body[][]; release: () => Promise<void> } {
    const sent: Body[][] = [];
    const held: (() => void)[] = [];
    const scheduler = new FairScheduler<Body>(
        { slots: threads, decayMs: 60_000, batchMaxItems: BATCH_MAX_ITEMS, batchMaxChars: BATCH_MAX_CHARS, now: () => 0 },
        (bodies) => {
            sent.push(bodies);
            return new Promise((resolve) => held.push(() => resolve(bodies.map(() => 0))));
        },
    );
    return {
        submit: (body, account = 'acct_a') => scheduler.enqueue({ body, account, batchChars: body.length }),
        sent,
        release: async () => {
            held.shift()?.();
            await new Promise((r) => setImmediate(r));
        },
    };
}

const bodies = (batch: Body[] | undefined): string[] => (batch ?? []).map((b) => b.body);

describe('validate batches', () => {
    it('sends a body at once when a thread is free, and gathers the rest while the thread is busy', async () => {
        const { submit, sent, release } = scripted(1);
        submit('a');
        expect(sent.map(bodies)).to.deep.equal([['a']]);
        ['b', 'c', 'd'].forEach((b) => submit(b));
        expect(sent).to.have.length(1);
        await release();
        expect(sent.map(bodies)).to.deep.equal([['a'], ['b', 'c', 'd']]);
    });

    it("carries each body's account into its batch (the caches behind it are per account)", async () => {
        const { submit, sent, release } = scripted(1);
        submit('a', 'acct_a');
        submit('b', 'acct_b');
        submit('c', 'acct_a');
        await release();
        expect(sent.map((batch) => batch.map(({ body, account }) => ({ body, account })))).to.deep.equal([
            [{ body: 'a', account: 'acct_a' }],
            [
                { body: 'b', account: 'acct_b' },
                { body: 'c', account: 'acct_a' },
            ],
        ]);
    });

    it('runs up to one task per thread at once', () => {
        const { submit, sent } = scripted(2);
        ['a', 'b', 'c'].forEach((b) => submit(b));
        expect(sent.map(bodies)).to.deep.equal([['a'], ['b']]);
    });

    it('keeps each batch within its bounds of bodies and characters, oldest first', async () => {
        const { submit, sent, release } = scripted(1);
        submit('first');
        const many = Array.from({ length: BATCH_MAX_ITEMS + 3 }, (_, i) => `b${i}`);
        many.forEach((b) => submit(b));
        await release();
        expect(bodies(sent[1])).to.deep.equal(many.slice(0, BATCH_MAX_ITEMS));
        await release();
        expect(bodies(sent[2])).to.deep.equal(many.slice(BATCH_MAX_ITEMS));
        // Characters: a batch stops before the body that would pass the bound, but never leaves empty.
        const big = 'x'.repeat(BATCH_MAX_CHARS / 2 + 1);
        submit(big);
        submit(big);
        submit('small');
        await release();
        expect(bodies(sent[3]).map((b) => b.length)).to.deep.equal([big.length]);
        await release();
        expect(bodies(sent[4]).map((b) => b.length)).to.deep.equal([big.length, 'small'.length]);
    });
});
