// Small validate bodies share pool tasks (pipeline/validate-batcher.ts): a body that finds a free
// thread leaves at once and alone; those that arrive while every thread runs a batch leave together,
// oldest first, within the batch's bounds; each caller gets the outcome of its own body.
import { expect } from 'chai';
import type { Answer, Outcome } from '../src/pipeline/pipeline-types.js';
import { BATCH_MAX_CHARS, BATCH_MAX_ITEMS, ValidateBatcher } from '../src/pipeline/validate-batcher.js';

/** A batcher whose sends are held until released, recording each batch. */
function scripted(maxRunning: number): { batcher: ValidateBatcher; sent: string[][]; release: () => void } {
    const sent: string[][] = [];
    const held: (() => void)[] = [];
    const batcher = new ValidateBatcher(maxRunning, (items) => {
        const bodies = items.map((i) => i.body);
        sent.push(bodies);
        return new Promise<Outcome<Answer>[]>((resolve) => held.push(() => resolve(bodies.map((b) => ({ ok: { json: `<${b}>` } })))));
    });
    return { batcher, sent, release: () => held.shift()?.() };
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('validate batcher', () => {
    it('sends a body at once when a thread is free, and gathers the rest while batches run', async () => {
        const { batcher, sent, release } = scripted(1);
        const first = batcher.validate('a', 'acct_a');
        expect(sent).to.deep.equal([['a']]);
        const rest = ['b', 'c', 'd'].map((b) => batcher.validate(b, 'acct_a'));
        expect(batcher.queued).to.equal(3);
        release();
        expect(await first).to.deep.equal({ ok: { json: '<a>' } });
        await tick();
        expect(sent).to.deep.equal([['a'], ['b', 'c', 'd']]);
        expect(batcher.queued).to.equal(0);
        release();
        expect(await Promise.all(rest)).to.deep.equal(['b', 'c', 'd'].map((b) => ({ ok: { json: `<${b}>` } })));
    });

    it("carries each body's account into its batch (the caches behind it are per account)", async () => {
        const batches: unknown[] = [];
        const batcher = new ValidateBatcher(1, (batch) => {
            batches.push(batch);
            return Promise.resolve(batch.map(() => ({ ok: { json: '{}' } })));
        });
        await Promise.all([batcher.validate('a', 'acct_a'), batcher.validate('b', 'acct_b'), batcher.validate('c', 'acct_a')]);
        expect(batches).to.deep.equal([
            [{ body: 'a', account: 'acct_a' }],
            [
                { body: 'b', account: 'acct_b' },
                { body: 'c', account: 'acct_a' },
            ],
        ]);
    });

    it('runs up to one batch per thread at once', () => {
        const { batcher, sent } = scripted(2);
        void batcher.validate('a', 'acct_a');
        void batcher.validate('b', 'acct_a');
        void batcher.validate('c', 'acct_a');
        expect(sent).to.deep.equal([['a'], ['b']]);
        expect(batcher.queued).to.equal(1);
    });

    it('keeps each batch within its bounds of bodies and characters, oldest first', async () => {
        const { batcher, sent, release } = scripted(1);
        void batcher.validate('first', 'acct_a');
        const many = Array.from({ length: BATCH_MAX_ITEMS + 3 }, (_, i) => `b${i}`);
        many.forEach((b) => void batcher.validate(b, 'acct_a'));
        release();
        await tick();
        expect(sent[1]).to.deep.equal(many.slice(0, BATCH_MAX_ITEMS));
        release();
        await tick();
        expect(sent[2]).to.deep.equal(many.slice(BATCH_MAX_ITEMS));
        // Characters: a batch stops before the body that would pass the bound, but never leaves empty.
        const big = 'x'.repeat(BATCH_MAX_CHARS / 2 + 1);
        void batcher.validate(big, 'acct_a');
        void batcher.validate(big, 'acct_a');
        void batcher.validate('small', 'acct_a');
        release();
        await tick();
        expect(sent[3]!.map((b) => b.length)).to.deep.equal([big.length]);
        release();
        await tick();
        expect(sent[4]!.map((b) => b.length)).to.deep.equal([big.length, 'small'.length]);
    });
});
