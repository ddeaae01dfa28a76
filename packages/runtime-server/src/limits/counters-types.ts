// The rate-counter seam (README.md, Layout): memory now, Redis next. A request may be subject to
// several counters at once (its key and its account); `consume` checks and increments all of them
// as one step, so concurrent requests at a boundary never slip through and a request refused by
// one counter is not charged to the others. A Redis implementation does the same in one Lua script.

export interface CounterCharge {
    /** The counter's name, window included (e.g. `key:key_abc:29000000`). */
    name: string;
    /** The most the counter may reach. */
    limit: number;
    /** When the counter may be forgotten (ms since the epoch). */
    expiresAt: number;
}

export interface Counters {
    /** Increments every counter by one if none would exceed its limit; true when incremented. */
    consume(charges: readonly CounterCharge[]): Promise<boolean>;
    /** The current count of each named counter, 0 when absent or expired (the panel's usage page). */
    peek(names: readonly string[]): Promise<number[]>;
    /** Resolves when the counters' store answers (readiness); throws DependencyUnavailableError otherwise. */
    ping(): Promise<void>;
    close(): Promise<void>;
}
