// The pool of worker threads behind the Pipeline seam (docs/worker-pool.md). Piscina, because it is
// the well-kept pool for Node (written and maintained by Node.js core contributors, widely used):
// a fixed number of threads, a bounded queue, cancellation, replacing a dead thread and clean
// shutdown, none of which is worth writing again. Tasks wait in a fair scheduler in front of it
// (fair-scheduler.ts): one queue per account, the pool handed only as many tasks as it has threads,
// so Piscina's own first-come-first-served queue never orders them. When the queue is full the answer
// is 503 pipeline_unavailable at once rather than an unbounded wait.
import type { ReadPlan } from '@svc/extraction';
import { Piscina } from 'piscina';
import { ConfigError } from '../config/server-config.js';
import { MESSAGES } from '../http/api-errors.js';
import { BUDGET_SPENT_MESSAGE, type WorkerBudget } from '../limits/worker-budget.js';
import { FairScheduler } from './fair-scheduler.js';
import { NetworkPool } from './network-pool.js';
import {
    CLIENT_GONE,
    SHUTTING_DOWN,
    type Answer,
    type ExtractionAnswer,
    type Outcome,
    type Pipeline,
    type PipelineObserver,
    type PipelineTaskKind,
    type ThreadLoss,
} from './pipeline-types.js';
import type { PipelineTask, TimedOutcome, WorkerSetup } from './pipeline-worker.js';
import { TaskDeadlines, type TaskDeadline } from './task-deadlines.js';
import { BATCH_BODY_MAX, BATCH_MAX_CHARS, BATCH_MAX_ITEMS } from './validate-batcher.js';

export interface WorkerPoolOptions {
    threads: number;
    /** Threads beside them that run only quick tasks (small bodies; fair-scheduler.ts); default 0. */
    quickThreads?: number;
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
    /** Each account's worker time per minute, charged after each task of the main pool (absent: none). */
    budget?: WorkerBudget;
    /** Each account's time of network readings that end without an answer, per minute (absent: none). */
    readingBudget?: WorkerBudget;
    /** Time constant of the decay of the scheduler's usage (default 60 s). */
    usageDecayMs?: number;
    /** Each thread's old-generation heap in MB (default: `SVC_WORKER_MEMORY_MB` of `setup.env`, else 1024). */
    memoryLimitMb?: number;
}

/** A task waiting in the scheduler, then running. */
interface Entry {
    kind: PipelineTaskKind;
    body: string;
    account: string;
    /** Present for a small validate body, which may share a task (validate-batcher.ts). */
    batchChars?: number;
    quick: boolean;
    /** Counted from when the request asked, waiting included (as it was in Piscina's queue). */
    deadline: TaskDeadline;
    /** The deadline's listener while the entry waits: takes it out and answers 503. */
    expire: () => void;
    resolve: (outcome: Outcome<unknown>) => void;
    /** Its answer, given once the scheduler counts the task done. */
    outcome?: Outcome<unknown>;
    /** The client went away (an extraction): taken out while it waits; a running task goes on. */
    signal?: AbortSignal;
    gone?: () => void;
}

const BUSY: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.busy } };
const TOO_LONG: Outcome<never> = { error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong } };
const SPENT: Outcome<never> = { error: { status: 429, code: 'rate_limited', message: BUDGET_SPENT_MESSAGE, retryAfter: 60 } };
const GONE: Outcome<never> = {
    error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong, reason: `stopped: ${CLIENT_GONE}` },
};
/** A thread that died under its task (out of memory, exited): the request is answered 503, never 500. */
const THREAD_LOST: Outcome<never> = {
    error: { status: 503, code: 'pipeline_unavailable', message: 'The worker processing this request stopped; retry shortly.' },
};
const DEFAULT_USAGE_DECAY_MS = 60_000;

/**
 * Each worker thread's old-generation heap (MB): a runaway task ends its own thread (answered 503,
 * the thread replaced), never the whole process at the system's limit. `SVC_WORKER_MEMORY_MB`.
 */
export const DEFAULT_WORKER_MEMORY_MB = 1024;

/** `SVC_WORKER_MEMORY_MB`, checked at start (server-main.ts): an integer 128..65536, default 1024. */
export function workerMemoryMb(env: Readonly<Record<string, string | undefined>>): number {
    const raw = env.SVC_WORKER_MEMORY_MB;
    if (raw === undefined || raw === '') return DEFAULT_WORKER_MEMORY_MB;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 128 || n > 65_536)
        throw new ConfigError(`SVC_WORKER_MEMORY_MB must be an integer 128..65536, not ${JSON.stringify(raw)}`);
    return n;
}

/**
 * Bodies small enough for the quick threads: their work is bounded by their size. A validate, plan
 * or edit of 16 KiB compiles in a few ms; a reading is the costly step (about 60 µs a character of
 * a pathological one-line document: 16 KiB 0.9 s, 4 KiB 0.25 s), so an extraction's only up to 4 KiB.
 */
export const QUICK_BODY_MAX = 16 * 1024;
export const QUICK_EXTRACTION_MAX = 4 * 1024;

export class WorkerPipeline implements Pipeline {
    private readonly pool: Piscina;
    /** The network pool (absent without `networkThreads`): extractions with the `openai` reader. */
    private readonly network: NetworkPool | undefined;
    private readonly deadlines: TaskDeadlines;
    private readonly scheduler: FairScheduler<Entry>;
    private readonly memoryLimitMb: number;
    /** Shutting down: nothing more is taken (drain), then the threads are stopped (close). */
    private draining = false;
    private closed = false;
    private closing: Promise<void> | undefined;
    private observer: PipelineObserver = { deadline: () => {}, threadLost: () => {} };
    /** Errors already reported as a lost thread (the network pool's readings on one thread share one). */
    private readonly reported = new WeakSet<object>();

    constructor(private readonly options: WorkerPoolOptions) {
        this.memoryLimitMb = options.memoryLimitMb ?? workerMemoryMb(options.setup.env ?? {});
        this.pool = this.newPool(options.threads + (options.quickThreads ?? 0), 1);
        this.deadlines = new TaskDeadlines(options.taskTimeoutMs);
        const decayMs = options.usageDecayMs ?? DEFAULT_USAGE_DECAY_MS;
        if (options.networkThreads > 0)
            this.network = new NetworkPool({
                threads: options.networkThreads,
                maxQueue: options.maxQueue,
                taskTimeoutMs: options.taskTimeoutMs,
                newPool: (threads, perThread) => this.newPool(threads, perThread),
                deadlines: this.deadlines,
                ...(options.readingBudget ? { budget: options.readingBudget } : {}),
                usageDecayMs: decayMs,
                failed: (e) => this.failed(e, 'extract'),
            });
        const budget = options.budget;
        this.scheduler = new FairScheduler<Entry>(
            {
                slots: options.threads,
                quickSlots: options.quickThreads ?? 0,
                decayMs,
                batchMaxItems: BATCH_MAX_ITEMS,
                batchMaxChars: BATCH_MAX_CHARS,
            },
            (entries) => this.dispatch(entries),
            // A client gone, or an account that ran out while its task waited: answered now, not run.
            (entry) =>
                entry.signal?.aborted
                    ? this.settleEarly(entry, GONE)
                    : budget?.spent(entry.account)
                      ? this.settleEarly(entry, SPENT)
                      : false,
            (entries) => {
                for (const e of entries) e.resolve(e.outcome!);
            },
        );
    }

    validate(body: string, account: string): Promise<Outcome<Answer>> {
        return this.run('validate', body, account);
    }

    plan(body: string, account: string): Promise<Outcome<ReadPlan>> {
        return this.run('plan', body, account);
    }

    extract(body: string, account: string, signal?: AbortSignal): Promise<Outcome<ExtractionAnswer>> {
        if (this.draining) return Promise.resolve(SHUTTING_DOWN);
        return this.network ? this.network.extract(body, account, signal) : this.run('extract', body, account, signal);
    }

    edit(body: string, account: string): Promise<Outcome<Answer>> {
        return this.run('edit', body, account);
    }

    load(): { running: number; queued: number } {
        const network = this.network?.load() ?? { running: 0, queued: 0 };
        return { running: this.scheduler.running + network.running, queued: this.scheduler.queued + network.queued };
    }

    observe(observer: PipelineObserver): void {
        this.observer = observer;
    }

    /**
     * Shutdown's first step: tasks waiting for a thread are answered 503 pipeline_unavailable (shutting
     * down, with Retry-After) at once, and so is every task asked for from now on; running ones go on.
     * (Readings waiting in the network pool are answered when it closes.)
     */
    drain(): void {
        this.draining = true;
        for (const entry of this.scheduler.drain()) this.settleEarly(entry, SHUTTING_DOWN);
    }

    /** Stops the threads (once; every call resolves when they are stopped). */
    close(): Promise<void> {
        this.closing ??= this.stop();
        return this.closing;
    }

    private async stop(): Promise<void> {
        this.closed = true;
        // Tasks still waiting are answered 503 (none are left after drain()); those running end with
        // the threads, answered 503 as shutting down (failed()).
        for (const entry of this.scheduler.drain()) this.settleEarly(entry, BUSY);
        const network = this.network?.close();
        this.deadlines.close();
        await Promise.all([this.pool.destroy(), network]);
    }

    private newPool(threads: number, tasksPerThread: number): Piscina {
        const pool = new Piscina({
            filename: this.options.workerFile ?? new URL('./pipeline-worker.js', import.meta.url).href,
            minThreads: threads,
            maxThreads: threads,
            maxQueue: this.options.maxQueue,
            concurrentTasksPerWorker: tasksPerThread,
            idleTimeout: Number.POSITIVE_INFINITY,
            workerData: this.options.setup,
            resourceLimits: { maxOldGenerationSizeMb: this.memoryLimitMb },
        });
        // A thread that dies with no task (Piscina then emits 'error', which would end the process
        // unheard) is replaced all the same; it is only reported.
        pool.on('error', (e: unknown) => this.lostThread(e instanceof Error ? e : new Error(String(e)), 'crashed'));
        return pool;
    }

    private failed(e: unknown, kind: PipelineTask['kind']): Outcome<never> {
        const err = e instanceof Error ? e : new Error(String(e));
        // Stopped by close(): the threads ended under their tasks, which are answered as shutting down.
        if (this.closed) return SHUTTING_DOWN;
        if (/queue is at limit|queue is full/i.test(err.message)) return BUSY;
        if (err.name === 'AbortError') {
            this.observer.deadline(kind, true);
            return TOO_LONG;
        }
        // A thread that died under its task (out of memory, exited) is replaced by Piscina; the
        // request on it is answered 503, as the service's other losses of capacity are.
        const loss = threadLoss(err);
        if (loss) {
            this.lostThread(err, loss);
            return THREAD_LOST;
        }
        return { failure: { name: err.name, message: err.message, stack: err.stack ?? '' } };
    }

    /** Reports a lost thread once (the readings of one network thread are rejected with one error). */
    private lostThread(err: Error, cause: Exclude<ThreadLoss, 'deadline'>): void {
        if (this.closed || this.reported.has(err)) return;
        this.reported.add(err);
        this.observer.threadLost(threadLoss(err) ?? cause);
    }

    private run<T>(kind: PipelineTaskKind, body: string, account: string, signal?: AbortSignal): Promise<Outcome<T>> {
        const quick = body.length <= (kind === 'extract' ? QUICK_EXTRACTION_MAX : QUICK_BODY_MAX);
        // A full queue refuses only what would have to wait in it.
        if (this.draining) return Promise.resolve(SHUTTING_DOWN);
        if (this.closed || (this.scheduler.queued >= this.options.maxQueue && !this.scheduler.wouldStart(quick)))
            return Promise.resolve(BUSY);
        return new Promise((resolve) => {
            const entry: Entry = {
                kind,
                body,
                account,
                quick,
                ...(kind === 'validate' && body.length <= BATCH_BODY_MAX ? { batchChars: body.length } : {}),
                // The deadline is the last line of defence: every step is linear and capped, but a
                // thread must never be lost to one request, whatever a future bug makes slow.
                deadline: this.deadlines.start(),
                expire: () => {
                    if (!this.scheduler.remove(entry)) return;
                    this.observer.deadline(kind, false);
                    this.settleEarly(entry, TOO_LONG);
                },
                resolve: resolve as (outcome: Outcome<unknown>) => void,
            };
            entry.deadline.once('abort', entry.expire);
            if (signal) {
                // A reading here is CPU work: stopping it would end its thread, so only a waiting one is taken out.
                entry.signal = signal;
                entry.gone = () => void (this.scheduler.remove(entry) && this.settleEarly(entry, GONE));
                signal.addEventListener('abort', entry.gone, { once: true });
            }
            this.scheduler.enqueue(entry);
        });
    }

    /** Answers an entry that will not run; true (the scheduler's skip: drop it). */
    private settleEarly(entry: Entry, outcome: Outcome<never>): boolean {
        if (entry.gone) entry.signal?.removeEventListener('abort', entry.gone);
        entry.deadline.off('abort', entry.expire);
        this.deadlines.end(entry.deadline);
        entry.resolve(outcome);
        return true;
    }

    /**
     * Runs entries as one task of the pool: a body alone, or small validate bodies together (one
     * outcome each, answered by the scheduler's `done`). Resolves to each entry's worker time,
     * charged to its account's budget here.
     */
    private async dispatch(entries: Entry[]): Promise<number[]> {
        const started = performance.now();
        for (const e of entries) {
            e.deadline.off('abort', e.expire);
            if (e.gone) e.signal?.removeEventListener('abort', e.gone);
        }
        const single = entries.length === 1 ? entries[0]! : undefined;
        // A batch keeps the earliest of its bodies' deadlines.
        const deadline = single ? single.deadline : this.deadlines.start(Math.min(...entries.map((e) => e.deadline.at)));
        if (!single) for (const e of entries) this.deadlines.end(e.deadline);
        const task: PipelineTask = single
            ? { kind: single.kind, body: single.body, account: single.account }
            : { kind: 'validateBatch', items: entries.map(({ body, account }) => ({ body, account })) };
        let costs: number[];
        try {
            const result = (await this.pool.run(task, { signal: deadline })) as TimedOutcome | TimedOutcome[];
            const timed = Array.isArray(result) ? result : [result];
            entries.forEach((e, i) => (e.outcome = timed[i]!.outcome));
            costs = timed.map((t) => t.ms);
        } catch (e) {
            const outcome = this.failed(e, task.kind);
            for (const entry of entries) entry.outcome = outcome;
            // Stopped at its deadline or its thread died: the thread was held until now all the same.
            const ms = (performance.now() - started) / entries.length;
            costs = entries.map(() => ms);
        } finally {
            this.deadlines.end(deadline);
        }
        this.charge(entries, costs);
        return costs;
    }

    /** One charge per account of the task (a batch may hold several bodies of one account). */
    private charge(entries: Entry[], costs: number[]): void {
        const budget = this.options.budget;
        if (!budget) return;
        const byAccount = new Map<string, number>();
        entries.forEach((e, i) => byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + costs[i]!));
        for (const [account, ms] of byAccount) budget.charge(account, ms);
    }
}

/** Why a thread died, from the error its tasks were rejected with; undefined: no thread was lost. */
function threadLoss(err: Error & { code?: unknown }): Exclude<ThreadLoss, 'deadline' | 'crashed'> | undefined {
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out_of_memory';
    if (/^worker exited with code/.test(err.message)) return 'exited';
    return undefined;
}
