// The rate-counter seam (README.md, Layout): this process's memory, or Redis. A request may be subject to
// several counters at once (its key and its account); `consume` checks and increments all of them
// as one step, so concurrent requests at a boundary never slip through and a request refused by
// one counter is not charged to the others. A Redis implementation does the same in one Lua script.

export interface CounterCharge {
    /** The counter's name, window included (e.g. `key:key_abc:29000000`). */
    name: string;
    /** The most the counter may reach. */
    limit: number;
    /** When the counter may be forgotten (ms since the epoch, by the caller's clock; the memory counters'). */
    expiresAt: number;
    /**
     * The same moment as a time from now (expiresAt minus the caller's now), for a store whose clock
     * is not the caller's: Redis sets it relative, so an instance's clock off from Redis's can never
     * make a counter expire early (an absolute time already past on Redis deleted it at once).
     */
    ttlMs: number;
}

/**
 * One request's admission in one step (auth/key-admission.ts): `checked` (the client IP) must have
 * room for one more but is not charged: the IP is charged only for a request that does not
 * authenticate, once that is known (RateLimiter.checkIp). `gated` (the key and account of a cached
 * key) is charged only while the key epoch is still `epoch`, the epoch the cached key was read
 * under. The answer carries the current epoch, so a cache learns of a revocation in the same round
 * trip that counts the request.
 */
export interface AdmissionCheck {
    checked: readonly CounterCharge[];
    gated: readonly CounterCharge[];
    /** The epoch the caller's cached key was read under; null when there is none (`gated` must be empty). */
    epoch: string | null;
}

/**
 * `ok`: `gated` charged; `limited-checked`: a `checked` counter is full; `limited-gated`: a `gated`
 * counter is full; `stale`: the epoch moved. Only `ok` charges anything.
 */
export type AdmissionOutcome = 'ok' | 'limited-checked' | 'limited-gated' | 'stale';

export interface AdmissionResult {
    outcome: AdmissionOutcome;
    /** The key epoch now: an opaque random token, replaced by every change to what authentication reads. */
    epoch: string;
}

/** Tells every instance's key cache that a key changed (store/store-types.ts calls it after each revocation). */
export interface KeyEpoch {
    /** Replaces the key epoch with a new random token; resolves once it is stored. */
    bumpKeyEpoch(): Promise<void>;
}

export interface Counters extends KeyEpoch {
    /** Increments every counter by one if none would exceed its limit; true when incremented. */
    consume(charges: readonly CounterCharge[]): Promise<boolean>;
    /** Whether every `checked` counter has room, then `consume` of `gated` if the key epoch is still `epoch`, in one atomic step. */
    admit(check: AdmissionCheck): Promise<AdmissionResult>;
    /**
     * Adds `amount` (a whole number) to one counter whatever its limit and resolves to the new value:
     * a cost known only afterwards, such as an account's worker time (limits/worker-budget.ts).
     */
    add(counter: Omit<CounterCharge, 'limit'>, amount: number): Promise<number>;
    /** The current count of each named counter, 0 when absent or expired (the panel's usage page). */
    peek(names: readonly string[]): Promise<number[]>;
    /** Resolves when the counters' store takes a write (readiness); throws DependencyUnavailableError otherwise. */
    ping(): Promise<void>;
    close(): Promise<void>;
}
