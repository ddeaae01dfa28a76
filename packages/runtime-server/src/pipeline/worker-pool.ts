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
import { BATCH_BODY_MAX, ValidateBatcher, type ValidateItem } from './validate-batcher.js';

export interface WorkerPoolOptions {
    threads: number;
    /** Tasks waiting for a thread; one more is refused with 503. */
    maxQueue: number;
    /**
     * Threads of a second pool that runs extractions alone, several at once on each thread: for a
     * reader that waits on the network (`openai`); 0: extractions run in the main pool.
     */
    networkThreads: number;
    /** A task still running after this is stopped (its thread replaced) and answered 503. */
    taskTimeoutMs: number;
    setup: WorkerSetup;
    /** The threads' module (default `pipeline-worker.js`; tests: a stand-in that never answers). */
    workerFile?: string;
}

const BUSY: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.busy } };
const TOO_LONG: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong } };

/** Readings one thread of the network pool holds at once: they mostly wait on the model's answer. */
export const NETWORK_TASKS_PER_THREAD = 8;

export class WorkerPipeline implements Pipeline {
    private readonly pool: Piscina;
    /** The network pool (absent without `networkThreads`); replaced when one of its threads hangs. */
    private network: Piscina | undefined;
    private readonly retired = new WeakSet<Piscina>();
    private readonly deadlines: TaskDeadlines;
    private readonly batcher: ValidateBatcher;
    /** Tasks handed to the pool and not yet answered (running or queued). */
    private inFlight = 0;

    constructor(private readonly options: WorkerPoolOptions) {
        this.pool = this.newPool(options.threads, 1);
        if (options.networkThreads > 0) this.network = this.newPool(options.networkThreads, NETWORK_TASKS_PER_THREAD);
        this.deadlines = new TaskDeadlines(options.taskTimeoutMs);
        this.batcher = new ValidateBatcher(options.threads, (items) => this.runBatch(items));
    }

    validate(body: string, account: string): Promise<Outcome<Answer>> {
        if (body.length > BATCH_BODY_MAX) return this.run('validate', body, account);
        // Waiting for a batch is waiting for a thread: the same bound as the pool's queue.
        if (this.pool.queueSize + this.batcher.queued >= this.options.maxQueue) return Promise.resolve(BUSY);
        return this.batcher.validate(body, account);
    }

    plan(body: string, account: string): Promise<Outcome<ReadPlan>> {
        return this.run('plan', body, account);
    }

    extract(body: string, account: string): Promise<Outcome<ExtractionAnswer>> {
        return this.network ? this.runShared(this.network, body, account) : this.run('extract', body, account);
    }

    edit(body: string, account: string): Promise<Outcome<Answer>> {
        return this.run('edit', body, account);
    }

    load(): { running: number; queued: number } {
        const queued = this.pool.queueSize + (this.network?.queueSize ?? 0);
        return { running: this.inFlight - queued, queued: queued + this.batcher.queued };
    }

    async close(): Promise<void> {
        this.deadlines.close();
        await Promise.all([this.pool.destroy(), this.network?.destroy()]);
    }

    private newPool(threads: number, tasksPerThread: number): Piscina {
        return new Piscina({
            filename: this.options.workerFile ?? new URL('./pipeline-worker.js', import.meta.url).href,
            minThreads: threads,
            maxThreads: threads,
            maxQueue: this.options.maxQueue,
            concurrentTasksPerWorker: tasksPerThread,
            idleTimeout: Number.POSITIVE_INFINITY,
            workerData: this.options.setup,
        });
    }

    /**
     * An extraction on a thread it shares. Piscina runs a task that carries an abort signal only on
     * a thread with nothing else running (stopping it ends the thread), so these carry none: the
     * worker keeps the deadline itself (its reading stops waiting on the network, 503 as below).
     * Should a thread still not answer a grace period later, the request is answered 503 and the
     * network pool replaced (its other readings answered 503 too): a thread is never lost.
     */
    private async runShared(pool: Piscina, body: string, account: string): Promise<Outcome<ExtractionAnswer>> {
        if (pool.queueSize >= this.options.maxQueue) return BUSY;
        this.inFlight++;
        const ms = this.options.taskTimeoutMs;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), ms + Math.min(5_000, Math.max(250, ms / 4)));
        });
        try {
            const task: PipelineTask = { kind: 'extract', body, account, deadlineAt: Date.now() + ms };
            const result = await Promise.race([pool.run(task) as Promise<Outcome<ExtractionAnswer>>, late]);
            if (result !== 'late') return result;
            this.replaceNetwork(pool);
            return TOO_LONG;
        } catch (e) {
            return this.retired.has(pool) ? TOO_LONG : this.failed(e);
        } finally {
            clearTimeout(timer);
            this.inFlight--;
        }
    }

    private replaceNetwork(pool: Piscina): void {
        if (this.network !== pool) return;
        this.retired.add(pool);
        this.network = this.newPool(this.options.networkThreads, NETWORK_TASKS_PER_THREAD);
        void pool.destroy().catch(() => undefined);
    }

    private failed(e: unknown): Outcome<never> {
        const err = e instanceof Error ? e : new Error(String(e));
        if (/queue is at limit|queue is full/i.test(err.message)) return BUSY;
        if (err.name === 'AbortError') return TOO_LONG;
        // A worker that died (out of memory, a crash in a native module) is replaced by Piscina;
        // the request that was on it is answered like any other unexpected failure.
        return { failure: { name: err.name, message: err.message, stack: err.stack ?? '' } };
    }

    private run<T>(kind: PipelineTaskKind, body: string, account: string): Promise<Outcome<T>> {
        // Checked here as well as by Piscina, so a full queue never costs a rejected promise's stack.
        if (this.pool.queueSize + this.batcher.queued >= this.options.maxQueue) return Promise.resolve(BUSY);
        return this.runTask({ kind, body, account });
    }

    /** One task for several validate bodies: an outcome per body, or the task's own for each. */
    private async runBatch(items: ValidateItem[]): Promise<Outcome<Answer>[]> {
        const outcome = await this.runTask<Outcome<Answer>[]>({ kind: 'validateBatch', items });
        return 'ok' in outcome ? outcome.ok : items.map(() => outcome);
    }

    private async runTask<T>(task: PipelineTask): Promise<Outcome<T>> {
        this.inFlight++;
        // The deadline is the last line of defence: every step is linear and capped, but a thread
        // must never be lost to one request, whatever a future bug makes slow.
        const deadline = this.deadlines.start();
        try {
            return (await this.pool.run(task, { signal: deadline })) as Outcome<T>;
        } catch (e) {
            return this.failed(e);
        } finally {
            this.deadlines.end(deadline);
            this.inFlight--;
        }
    }
}
