// The network pool (docs/worker-pool.md, "The network pool"): with the `openai` reader, extractions
// run in a pool of their own whose threads hold several readings at once, as they mostly wait on the
// model. Readings wait in the same fair scheduler as the main pool's tasks (fair-scheduler.ts): one
// queue per account, the least-used account's oldest reading next. Piscina's own queue was first
// come, first served, so one account keeping 16 readings that the model never answered held every
// slot and other tenants' extractions waited 54 s (median) or were refused. One account may hold at
// most half of the slots: a reading cannot be interrupted and may wait on the model until its
// deadline, so a cap that applied only once others wait would come too late. A reading that ends
// without an answer (its credit given back) is charged to the account's reading budget
// (limits/worker-budget.ts, READING_TIME), so holding slots with failing readings is not free.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { MESSAGES } from '../http/api-errors.js';
import type { WorkerBudget } from '../limits/worker-budget.js';
import { FairScheduler } from './fair-scheduler.js';
import { CLIENT_GONE, type ExtractionAnswer, type Outcome } from './pipeline-types.js';
import type { PipelineTask, TimedOutcome } from './pipeline-worker.js';
import type { TaskDeadline, TaskDeadlines } from './task-deadlines.js';

/** Readings one thread of the network pool holds at once: they mostly wait on the model's answer. */
export const NETWORK_TASKS_PER_THREAD = 8;

/** Readings one account may hold at once: half of the pool's slots, at least one. */
export function readingsPerAccount(threads: number): number {
    return Math.max(1, Math.floor((threads * NETWORK_TASKS_PER_THREAD) / 2));
}

export interface NetworkPoolOptions {
    threads: number;
    /** Readings that may wait for a slot; one more is refused with 503. */
    maxQueue: number;
    taskTimeoutMs: number;
    /** A pool of `threads` threads holding `tasksPerThread` tasks each (worker-pool.ts's Piscina). */
    newPool: (threads: number, tasksPerThread: number) => Piscina;
    deadlines: TaskDeadlines;
    /** Wall time of readings that end without an answer, per account and minute (absent: none). */
    budget?: WorkerBudget;
    usageDecayMs: number;
    /** An unexpected error of the pool as an outcome (worker-pool.ts). */
    failed: (e: unknown) => Outcome<never>;
}

interface Reading {
    account: string;
    body: string;
    /** Counted from when the request asked, waiting included. */
    deadline: TaskDeadline;
    expire: () => void;
    /** The client went away. */
    signal?: AbortSignal;
    gone?: () => void;
    /** Tells the thread to stop the reading (set while it runs). */
    cancel?: () => void;
    resolve: (outcome: Outcome<ExtractionAnswer>) => void;
    outcome?: Outcome<ExtractionAnswer>;
}

const error = (status: number, code: string, message: string, extra: { reason?: string; retryAfter?: number } = {}): Outcome<never> => ({
    error: { status, code, message, ...extra },
});
const BUSY = error(503, 'pipeline_unavailable', MESSAGES.busy);
const GONE = error(503, 'pipeline_unavailable', MESSAGES.tooLong, { reason: `stopped: ${CLIENT_GONE}` });
const EXPIRED = error(503, 'pipeline_unavailable', MESSAGES.tooLong, { reason: 'waited for a reading slot until the deadline' });
const LATE = error(503, 'pipeline_unavailable', MESSAGES.tooLong, { reason: 'the reading thread did not answer by the deadline' });

export class NetworkPool {
    private pool: Piscina;
    private readonly retired = new WeakSet<Piscina>();
    private readonly scheduler: FairScheduler<Reading>;
    private closed = false;

    constructor(private readonly options: NetworkPoolOptions) {
        this.pool = options.newPool(options.threads, NETWORK_TASKS_PER_THREAD);
        const budget = options.budget;
        const spent = budget ? error(429, 'rate_limited', budget.kind.message, { retryAfter: 60 }) : BUSY;
        this.scheduler = new FairScheduler<Reading>(
            {
                slots: options.threads * NETWORK_TASKS_PER_THREAD,
                perAccount: readingsPerAccount(options.threads),
                decayMs: options.usageDecayMs,
                batchMaxItems: 1,
                batchMaxChars: 0,
            },
            (readings) => this.read(readings[0]!),
            // A client gone, or an account out of reading time while it waited: answered now, not read.
            (r) => (r.signal?.aborted ? this.settleEarly(r, GONE) : budget?.spent(r.account) ? this.settleEarly(r, spent) : false),
            (readings) => {
                for (const r of readings) r.resolve(r.outcome!);
            },
        );
    }

    /** The Piscina of the moment (replaced when a thread hangs; tests). */
    get current(): Piscina {
        return this.pool;
    }

    extract(body: string, account: string, signal?: AbortSignal): Promise<Outcome<ExtractionAnswer>> {
        if (signal?.aborted) return Promise.resolve(GONE);
        if (this.closed || (this.scheduler.queued >= this.options.maxQueue && !this.scheduler.wouldStart(false)))
            return Promise.resolve(BUSY);
        return new Promise((resolve) => {
            const r: Reading = {
                account,
                body,
                deadline: this.options.deadlines.start(),
                expire: () => {
                    if (this.scheduler.remove(r)) this.settleEarly(r, EXPIRED);
                },
                resolve,
            };
            r.deadline.once('abort', r.expire);
            if (signal) {
                r.signal = signal;
                r.gone = () => (this.scheduler.remove(r) ? this.settleEarly(r, GONE) : r.cancel?.());
                signal.addEventListener('abort', r.gone, { once: true });
            }
            this.scheduler.enqueue(r);
        });
    }

    load(): { running: number; queued: number } {
        return { running: this.scheduler.running, queued: this.scheduler.queued };
    }

    async close(): Promise<void> {
        this.closed = true;
        for (const r of this.scheduler.drain()) this.settleEarly(r, BUSY);
        await this.pool.destroy();
    }

    /** Answers a reading that will not run; true (the scheduler's skip: drop it). */
    private settleEarly(r: Reading, outcome: Outcome<never>): boolean {
        this.release(r);
        r.resolve(outcome);
        return true;
    }

    private release(r: Reading): void {
        r.deadline.off('abort', r.expire);
        this.options.deadlines.end(r.deadline);
        if (r.gone) r.signal?.removeEventListener('abort', r.gone);
    }

    /**
     * One reading on a thread it shares. Piscina runs a task that carries an abort signal only on a
     * thread with nothing else running (stopping it ends the thread), so these carry none: the
     * thread keeps the deadline itself, and a port of the task's own tells it the client went away.
     * Should a thread still not answer a grace period after the deadline, the reading is answered
     * 503 and the pool replaced (its other readings answered 503 too): a thread is never lost.
     * Resolves to the wall time it held its slot, the scheduler's usage.
     */
    private async read(r: Reading): Promise<number[]> {
        r.deadline.off('abort', r.expire);
        const started = performance.now();
        const left = Math.max(1, r.deadline.at - started);
        const pool = this.pool;
        const channel = new MessageChannel();
        r.cancel = () => channel.port1.postMessage('cancel');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), left + Math.min(5_000, Math.max(250, this.options.taskTimeoutMs / 4)));
        });
        let outcome: Outcome<ExtractionAnswer>;
        try {
            const task: PipelineTask = {
                kind: 'extract',
                body: r.body,
                account: r.account,
                deadlineAt: Date.now() + Math.ceil(left),
                cancel: channel.port2,
            };
            const run = pool.run(task, { transferList: [channel.port2 as MessagePort] }) as Promise<TimedOutcome>;
            const result = await Promise.race([run, late]);
            if (result === 'late') this.replace(pool);
            outcome = result === 'late' ? LATE : (result.outcome as Outcome<ExtractionAnswer>);
        } catch (e) {
            outcome = this.retired.has(pool) ? LATE : this.options.failed(e);
        } finally {
            clearTimeout(timer);
            channel.port1.close();
            r.cancel = undefined;
            this.release(r);
        }
        const ms = performance.now() - started;
        // Credit pays for a reading with an answer; one without is given back, so its time is charged here,
        // as is an answer whose client went away first (the route gives its credit back: nobody got it).
        if (!('ok' in outcome) || r.signal?.aborted) this.options.budget?.charge(r.account, ms);
        r.outcome = outcome;
        return [ms];
    }

    private replace(pool: Piscina): void {
        if (this.pool !== pool) return;
        this.retired.add(pool);
        this.pool = this.options.newPool(this.options.threads, NETWORK_TASKS_PER_THREAD);
        void pool.destroy().catch(() => undefined);
    }
}
