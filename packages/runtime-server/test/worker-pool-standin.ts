// A stand-in for a pool thread (worker-pool-limits.test.ts points WorkerPipeline's `workerFile` at
// it): each task's body says what the thread does. `oom` allocates until the thread's heap limit
// ends it, `exit` ends the thread, `spin` never answers, `heap` answers the thread's heap limit in
// MB, `hold` answers after 400 ms; anything else answers at once.
import { getHeapStatistics } from 'node:v8';
import type { PipelineTask, TimedOutcome } from '../src/pipeline/pipeline-worker.js';

const ok = (json: string): TimedOutcome => ({ outcome: { ok: { json } }, ms: 1 });

export default async function standIn(task: PipelineTask): Promise<TimedOutcome> {
    const body = 'body' in task ? task.body : '';
    if (body === 'oom') {
        const kept: number[][] = [];
        for (;;) kept.push(new Array(1e6).fill(Math.random()));
    }
    if (body === 'exit') process.exit(3);
    if (body === 'spin') for (;;);
    if (body === 'heap') return ok(String(getHeapStatistics().heap_size_limit / 2 ** 20));
    if (body === 'hold') await new Promise((r) => setTimeout(r, 400));
    return ok('{"ok":true}');
}
