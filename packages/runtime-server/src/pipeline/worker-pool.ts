// The pool of worker threads behind the Pipeline seam (docs/worker-pool.md). Piscina, because it is
// the well-kept pool for Node (written and maintained by Node.js core contributors, widely used):
// a fixed number of threads, a bounded queue, cancellation, replacing a dead thread and clean
// shutdown, none of which is worth writing again. When the queue is full the answer is 503 pipeline_unavailable at
// once rather than an unbounded wait.
import type { ReadPlan } from '@svc/extraction';
import { Piscina } from 'piscina';
import { MESSAGES } from '../http/api-errors.js';
import type { Answer, ExtractionAnswer, Outcome, Pipeline, PipelineTaskKind } from './pipeline-types.js';
import type { PipelineTask, WorkerSetup } from './pipeline-worker.js';
import { TaskDeadlines } from './task-deadlines.js';
import { BATCH_BODY_MAX, ValidateBatcher } from './validate-batcher.js';

export interface WorkerPoolOptions {
    threads: number;
    /** Tasks waiting for a thread; one more is refused with 503. */
    maxQueue: number;
    /** Tasks one thread runs at once (more than one only for readers that wait on the network). */
    tasksPerThread: number;
    /** A task still running after this is stopped (its thread replaced) and answered 503. */
    taskTimeoutMs: number;
    setup: WorkerSetup;
}

const BUSY: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.busy } };
const TOO_LONG: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong } };

export class WorkerPipeline implements Pipeline {
    private readonly pool: Piscina;
    private readonly deadlines: TaskDeadlines;
    private readonly batcher: ValidateBatcher;
    /** Tasks handed to the pool and not yet answered (running or queued). */
    private inFlight = 0;

    constructor(private readonly options: WorkerPoolOptions) {
        this.pool = new Piscina({
            filename: new URL('./pipeline-worker.js', import.meta.url).href,
            minThreads: options.threads,
            maxThreads: options.threads,
            maxQueue: options.maxQueue,
            concurrentTasksPerWorker: options.tasksPerThread,
            idleTimeout: Number.POSITIVE_INFINITY,
            workerData: options.setup,
        });
        this.deadlines = new TaskDeadlines(options.taskTimeoutMs);
        this.batcher = new ValidateBatcher(options.threads, (bodies) => this.runBatch(bodies));
    }

    validate(body: string): Promise<Outcome<Answer>> {
        if (body.length > BATCH_BODY_MAX) return this.run('validate', body);
        // Waiting for a batch is waiting for a thread: the same bound as the pool's queue.
        if (this.pool.queueSize + this.batcher.queued >= this.options.maxQueue) return Promise.resolve(BUSY);
        return this.batcher.validate(body);
    }

    plan(body: string): Promise<Outcome<ReadPlan>> {
        return this.run('plan', body);
    }

    extract(body: string): Promise<Outcome<ExtractionAnswer>> {
        return this.run('extract', body);
    }

    edit(body: string): Promise<Outcome<Answer>> {
        return this.run('edit', body);
    }

    load(): { running: number; queued: number } {
        const queued = this.pool.queueSize;
        return { running: this.inFlight - queued, queued: queued + this.batcher.queued };
    }

    async close(): Promise<void> {
        this.deadlines.close();
        await this.pool.destroy();
    }

    private run<T>(kind: PipelineTaskKind, body: string): Promise<Outcome<T>> {
        // Checked here as well as by Piscina, so a full queue never costs a rejected promise's stack.
        if (this.pool.queueSize + this.batcher.queued >= this.options.maxQueue) return Promise.resolve(BUSY);
        return this.runTask({ kind, body });
    }

    /** One task for several validate bodies: an outcome per body, or the task's own for each. */
    private async runBatch(bodies: string[]): Promise<Outcome<Answer>[]> {
        const outcome = await this.runTask<Outcome<Answer>[]>({ kind: 'validateBatch', bodies });
        return 'ok' in outcome ? outcome.ok : bodies.map(() => outcome);
    }

    private async runTask<T>(task: PipelineTask): Promise<Outcome<T>> {
        this.inFlight++;
        // The deadline is the last line of defence: every step is linear and capped, but a thread
        // must never be lost to one request, whatever a future bug makes slow.
        const deadline = this.deadlines.start();
        try {
            return (await this.pool.run(task, { signal: deadline })) as Outcome<T>;
        } catch (e) {
            const err = e instanceof Error ? e : new Error(String(e));
            if (/queue is at limit|queue is full/i.test(err.message)) return BUSY;
            if (err.name === 'AbortError') return TOO_LONG;
            // A worker that died (out of memory, a crash in a native module) is replaced by Piscina;
            // the request that was on it is answered like any other unexpected failure.
            return { failure: { name: err.name, message: err.message, stack: err.stack ?? '' } };
        } finally {
            this.deadlines.end(deadline);
            this.inFlight--;
        }
    }
}
