// Keys found valid by a database lookup, remembered by digest under the key epoch they were read in
// (docs/deploy.md, "Revocation"). The cache is emptied whenever the epoch reported by Redis differs
// from its own, and every revocation replaces the epoch, so a cached key is never used after a
// revocation that was acknowledged before the request began. An entry is also read again once it is
// KEY_CACHE_MAX_AGE_MS old, so a revocation that never moved the epoch (SQL by hand, a CLI run whose
// epoch change failed) takes effect within that time all the same.
import type { KeyIdentity } from './key-auth.js';

/** The longest a remembered key is used without reading it from the database again. */
export const KEY_CACHE_MAX_AGE_MS = 60_000;

export class KeyCache {
    // A Map keyed by the digest's hex text: digests of random keys, never a user-chosen name. Only
    // keys that exist and are valid are added, so unknown keys cannot grow it; `max` bounds it anyway.
    private readonly entries = new Map<string, { identity: KeyIdentity; readAt: number }>();
    private epoch: string | null = null;

    constructor(
        private readonly max: number,
        private readonly now: () => number = Date.now,
    ) {}

    get enabled(): boolean {
        return this.max > 0;
    }

    /** Entries held (tests watch it). */
    get size(): number {
        return this.entries.size;
    }

    /** The epoch the entries were read under; null before the first answer from Redis. */
    get currentEpoch(): string | null {
        return this.epoch;
    }

    /** Adopts the epoch Redis reported; a different one empties the cache first. */
    sync(epoch: string): void {
        if (epoch === this.epoch) return;
        this.entries.clear();
        this.epoch = epoch;
    }

    /** The key remembered under `digest`; undefined when none, or when it was read too long ago. */
    get(digest: string): KeyIdentity | undefined {
        const entry = this.entries.get(digest);
        if (entry === undefined) return undefined;
        // Also a clock that went back by more than the bound: read again rather than trust it longer.
        const age = this.now() - entry.readAt;
        if (age >= 0 && age < KEY_CACHE_MAX_AGE_MS) return entry.identity;
        this.entries.delete(digest);
        return undefined;
    }

    /**
     * Remembers a key read from the database after Redis reported `epoch`; dropped when the epoch
     * moved meanwhile (the read may predate the revocation that moved it).
     */
    set(digest: string, identity: KeyIdentity, epoch: string): void {
        if (!this.enabled || epoch !== this.epoch) return;
        if (this.entries.size >= this.max && !this.entries.has(digest)) {
            // The oldest insertion goes (Map keeps insertion order).
            this.entries.delete(this.entries.keys().next().value!);
        }
        this.entries.set(digest, { identity, readAt: this.now() });
    }

    delete(digest: string): void {
        this.entries.delete(digest);
    }

    /** Forgets everything, and the epoch: the next request reads it again (Redis connection lost). */
    clear(): void {
        this.entries.clear();
        this.epoch = null;
    }
}
