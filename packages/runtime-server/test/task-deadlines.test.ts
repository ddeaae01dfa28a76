// The deadlines of the worker pool's tasks (pipeline/task-deadlines.ts): one sweep fires the overdue
// signals once, in the shape Piscina listens to; a task that settled in time is never stopped.
import { expect } from 'chai';
import { TaskDeadlines } from '../src/pipeline/task-deadlines.js';

const until = async (ok: () => boolean): Promise<void> => {
    while (!ok()) await new Promise((r) => setTimeout(r, 5));
};

describe('task deadlines', () => {
    it('fires an overdue deadline once, with a reason; an ended one never fires; a removed listener is not called', async () => {
        const deadlines = new TaskDeadlines(1);
        try {
            const overdue = deadlines.start();
            const ended = deadlines.start();
            const unheard = deadlines.start();
            let calls = 0;
            let unheardCalls = 0;
            overdue.once('abort', () => calls++);
            ended.once('abort', () => calls++);
            const listener = (): void => {
                unheardCalls++;
            };
            unheard.once('abort', listener);
            unheard.removeListener('abort', listener);
            deadlines.end(ended);
            await until(() => overdue.aborted && unheard.aborted);
            await new Promise((r) => setTimeout(r, 20)); // more sweeps: nothing fires twice
            expect(calls).to.equal(1);
            expect(unheardCalls).to.equal(0);
            expect(overdue.reason).to.be.instanceOf(Error);
            expect(ended.aborted).to.equal(false);
        } finally {
            deadlines.close();
        }
    });

    it('does not fire before the deadline', async () => {
        const deadlines = new TaskDeadlines(60_000);
        try {
            const d = deadlines.start();
            await new Promise((r) => setTimeout(r, 20));
            expect(d.aborted).to.equal(false);
        } finally {
            deadlines.close();
        }
    });
});
