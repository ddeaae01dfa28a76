// How many of the pipeline's tasks one account may have at once (docs/runtime-server.md, "One tenant
// and another"). The worker pool's queue is shared and first come, first served: one account sending
// 120 requests at once, within its per-minute limit, filled it and every other tenant got 503 for as
// long as it kept doing so. An account holding its share is answered 429 for the one request too
// many; the others keep the rest of the queue. Counted per instance, as the pool is. Before a place
// is taken, the account's worker-time budget (worker-budget.ts, shared by every instance) is checked.
import { ApiError } from '../http/api-errors.js';
import type { WorkerBudget } from './worker-budget.js';

const TOO_MANY_AT_ONCE = 'Too many requests of this account are being processed at once; retry shortly.';

export class AccountGate {
    private readonly held = new Map<string, number>();

    /** `share`: tasks one account may have running or waiting at once. */
    constructor(
        readonly share: number,
        private readonly budget?: WorkerBudget,
    ) {}

    /**
     * Runs `task` as one of the account's tasks, or throws 429: when it holds its share already
     * (Retry-After: 1), or when it has used its worker time for this minute (Retry-After: 60).
     */
    async run<T>(accountId: string, task: () => Promise<T>): Promise<T> {
        await this.budget?.admit(accountId);
        const n = this.held.get(accountId) ?? 0;
        if (n >= this.share) throw new ApiError(429, 'rate_limited', TOO_MANY_AT_ONCE, undefined, { 'retry-after': '1' });
        this.held.set(accountId, n + 1);
        try {
            return await task();
        } finally {
            const left = (this.held.get(accountId) ?? 1) - 1;
            if (left > 0) this.held.set(accountId, left);
            else this.held.delete(accountId);
        }
    }

    /** Tasks the account holds now. */
    holding(accountId: string): number {
        return this.held.get(accountId) ?? 0;
    }
}

/** An account's share of a queue of `queue` tasks: a quarter, at least 2. */
export function accountShare(queue: number): number {
    return Math.max(2, Math.floor(queue / 4));
}
