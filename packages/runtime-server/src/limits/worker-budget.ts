// Worker time per account per minute (docs/worker-pool.md, "The worker-time budget"). Request
// counts say nothing of cost: 30 extractions a minute of 3 s each ask 90 s of worker time a minute,
// more than a one-thread pool has, all within the request limits. So each account may use
// `budgetMs` of worker time in a UTC minute (SVC_WORKER_SECONDS_PER_ACCOUNT, 20 s by default),
// counted on the Counters of the other per-account limits (this process's memory, or Redis shared
// by every instance). It is charged after each task with the time the worker measured, checked
// before each task is taken (`admit`: 429 rate_limited, Retry-After: 60, before any credit), and
// checked again, from what this instance knows, when a queued task is about to run (`spent`), so
// an account's queued tasks stop when it runs out instead of after its whole backlog.
// A second budget of the same shape counts the network pool's readings that end without an answer
// (their credit given back, so nothing else bounds them): READING_TIME below.
import { ApiError } from '../http/api-errors.js';
import type { Counters } from './counters-types.js';

export const BUDGET_SPENT_MESSAGE = 'This account has used its processing time for this minute; retry after 60 seconds.';

export const READING_SPENT_MESSAGE =
    "This account's readings that failed have used its reading time for this minute; retry after 60 seconds.";

/** What a budget counts: its counters' prefix and the message of its 429. */
export interface BudgetKind {
    prefix: string;
    message: string;
}

/** Worker time of every task of the main pool. */
export const WORKER_TIME: BudgetKind = { prefix: 'wms', message: BUDGET_SPENT_MESSAGE };
/**
 * Wall time of the network pool's readings that end without an answer (failed, timed out, stopped
 * by a client that went away): credit is given back for them, so without this an account could
 * hold its share of the pool's slots again and again for free (docs/worker-pool.md).
 */
export const READING_TIME: BudgetKind = { prefix: 'rms', message: READING_SPENT_MESSAGE };

/** The 429 of a spent budget, as the interface's throttling response (Retry-After: 60). */
export function budgetSpent(message = BUDGET_SPENT_MESSAGE): ApiError {
    return new ApiError(429, 'rate_limited', message, undefined, { 'retry-after': '60' });
}

export class WorkerBudget {
    /** What this instance last read or charged of each account's counter, by window. */
    private readonly known = new Map<string, { window: number; used: number }>();
    private knownWindow = -1;

    constructor(
        private readonly counters: Counters,
        /** Worker ms per account per window; 0: no budget. */
        readonly budgetMs: number,
        private readonly windowMs: number,
        private readonly now: () => number = Date.now,
        /** Told of a charge that could not be stored (the request has its answer already). */
        private readonly onError: (e: unknown) => void = () => {},
        readonly kind: BudgetKind = WORKER_TIME,
    ) {}

    /** Throws the 429 when the account has used its budget in this window (a store failure is a 503, as for every limit). */
    async admit(account: string): Promise<void> {
        if (this.budgetMs <= 0) return;
        const window = this.window();
        const [used = 0] = await this.counters.peek([this.counterName(account, window)]);
        this.remember(account, window, used);
        if (used >= this.budgetMs) throw budgetSpent(this.kind.message);
    }

    /** Synchronous, from what this instance knows: its own charges and the last value it read. */
    spent(account: string): boolean {
        if (this.budgetMs <= 0) return false;
        const k = this.known.get(account);
        return k !== undefined && k.window === this.window() && k.used >= this.budgetMs;
    }

    /** Adds `ms` of worker time to the account; never throws (a failed charge is reported to onError). */
    charge(account: string, ms: number): void {
        if (this.budgetMs <= 0 || !(ms > 0)) return;
        const amount = Math.ceil(ms); // a whole number for Redis's INCRBY; never less than was used
        const t = this.now();
        const window = Math.floor(t / this.windowMs);
        const k = this.known.get(account);
        // Counted here at once, so the next dispatch of this instance sees it before the store answers.
        this.remember(account, window, (k?.window === window ? k.used : 0) + amount);
        const expiresAt = (window + 1) * this.windowMs;
        this.counters.add({ name: this.counterName(account, window), expiresAt, ttlMs: expiresAt - t }, amount).then(
            (used) => this.remember(account, window, used),
            (e: unknown) => this.onError(e),
        );
    }

    /** The account's worker ms in this window as this instance knows it (tests). */
    usedMs(account: string): number {
        const k = this.known.get(account);
        return k && k.window === this.window() ? k.used : 0;
    }

    /** `wms:<account>:<window>` (or the kind's prefix), beside rate-limiter.ts's `acct:<account>:<window>`. */
    private counterName(account: string, window: number): string {
        return `${this.kind.prefix}:${account}:${window}`;
    }

    private window(): number {
        return Math.floor(this.now() / this.windowMs);
    }

    private remember(account: string, window: number, used: number): void {
        if (window !== this.knownWindow) {
            // A new window: what was known of older ones is no use any more.
            for (const [a, k] of this.known) if (k.window < window) this.known.delete(a);
            this.knownWindow = Math.max(this.knownWindow, window);
        }
        const k = this.known.get(account);
        if (k && k.window === window && k.used >= used) return;
        if (k && k.window > window) return;
        this.known.set(account, { window, used });
    }
}
