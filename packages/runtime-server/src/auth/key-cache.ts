// Keys found valid by a database lookup, remembered by digest under the key epoch they were read in
// (docs/deploy.md, "Revocation"). Nothing here expires by time: the cache is emptied whenever the
// epoch reported by Redis differs from its own, and every revocation replaces the epoch, so a cached
// key is never used after a revocation that was acknowledged before the request began.
import type { KeyIdentity } from './key-auth.js';

export class KeyCache {
    // A Map keyed by the digest's hex text: digests of random keys, never a user-chosen name. Only
    // keys that exist and are valid are added, so unknown keys cannot grow it; `max` bounds it anyway.
    private readonly entries = new Map<string, KeyIdentity>();
    private epoch: string | null = null;

    constructor(private readonly max: number) {}

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

    get(digest: string): KeyIdentity | undefined {
        return this.entries.get(digest);
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
        this.entries.set(digest, identity);
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
