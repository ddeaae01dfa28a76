// The validate route's answers, remembered per account within one global bound (docs/runtime-server.md,
// "The validate route's answer cache"). One shared LRU let one tenant evict everyone else's answers
// for free: 18 broken 1 MB bodies (each remembered with the weight of its body) flushed it, and
// another account's 4 ms repeat took 465 ms, in the worker queue behind whatever was running there.
// Now each account holds at most a share of the cache and, past it, loses its own oldest answers;
// when the whole cache is full, the account holding the most loses its oldest, so an account that
// holds less than the others keeps its answers whatever they send. Accounts and digests are Map
// keys, never plain-object keys.

export interface AnswerCacheBounds {
    /** Answers and characters of answers in all. */
    entries: number;
    chars: number;
    /** Answers and characters one account may hold. */
    accountEntries: number;
    accountChars: number;
}

/** 1,024 answers and 16 Mi characters in all; an account a quarter of each. */
export const ANSWER_CACHE_BOUNDS: Readonly<AnswerCacheBounds> = Object.freeze({
    entries: 1024,
    chars: 16 * 1024 * 1024,
    accountEntries: 256,
    accountChars: 4 * 1024 * 1024,
});

interface Entry<V> {
    value: V;
    weight: number;
    /** When it was last set or read (a counter): the oldest of tied accounts is evicted first. */
    used: number;
}

/** One account's answers, least recently used first (a Map keeps insertion order). */
interface Shelf<V> {
    items: Map<string, Entry<V>>;
    chars: number;
}

export class AccountAnswerCache<V> {
    private readonly shelves = new Map<string, Shelf<V>>();
    private entries = 0;
    private chars = 0;
    private clock = 0;

    constructor(readonly bounds: Readonly<AnswerCacheBounds> = ANSWER_CACHE_BOUNDS) {}

    get(account: string, key: string): V | undefined {
        const shelf = this.shelves.get(account);
        const hit = shelf?.items.get(key);
        if (!shelf || !hit) return undefined;
        shelf.items.delete(key);
        hit.used = ++this.clock;
        shelf.items.set(key, hit);
        return hit.value;
    }

    /** Remembers `value` (of `weight` characters) for `account`; one heavier than an account's share is not kept. */
    set(account: string, key: string, value: V, weight: number): void {
        const b = this.bounds;
        const known = this.shelves.get(account);
        const old = known?.items.get(key);
        if (known && old) this.drop(known, key, old); // never left behind, even when the new value is not kept
        if (known?.items.size === 0) this.shelves.delete(account);
        if (b.entries <= 0 || b.accountEntries <= 0 || weight > Math.min(b.accountChars, b.chars)) return;
        let shelf = this.shelves.get(account);
        if (!shelf) this.shelves.set(account, (shelf = { items: new Map(), chars: 0 }));
        shelf.items.set(key, { value, weight, used: ++this.clock });
        shelf.chars += weight;
        this.entries++;
        this.chars += weight;
        // Past its share, an account makes room from its own answers.
        while (shelf.items.size > b.accountEntries || shelf.chars > b.accountChars) this.evictOldest(account, shelf);
        // Past the global bound, the largest holder does (its least recently used answer).
        while (this.entries > b.entries || this.chars > b.chars) {
            const [name, largest] = this.largest();
            this.evictOldest(name, largest);
        }
    }

    /** Answers held in all, and by `account`. */
    size(account?: string): number {
        return account === undefined ? this.entries : (this.shelves.get(account)?.items.size ?? 0);
    }

    /** Characters held in all, and by `account`. */
    weight(account?: string): number {
        return account === undefined ? this.chars : (this.shelves.get(account)?.chars ?? 0);
    }

    /** The account holding the largest part of either bound; of equals, the one whose oldest answer is oldest. */
    private largest(): [string, Shelf<V>] {
        let best: [string, Shelf<V>] | undefined;
        let bestShare = -1;
        let bestUsed = Infinity;
        for (const [name, shelf] of this.shelves) {
            const share = Math.max(shelf.items.size / this.bounds.entries, shelf.chars / this.bounds.chars);
            const used = shelf.items.values().next().value!.used;
            if (share > bestShare || (share === bestShare && used < bestUsed)) {
                best = [name, shelf];
                bestShare = share;
                bestUsed = used;
            }
        }
        return best!;
    }

    private evictOldest(account: string, shelf: Shelf<V>): void {
        const [key, entry] = shelf.items.entries().next().value!;
        this.drop(shelf, key, entry);
        if (shelf.items.size === 0) this.shelves.delete(account);
    }

    private drop(shelf: Shelf<V>, key: string, entry: Entry<V>): void {
        shelf.items.delete(key);
        shelf.chars -= entry.weight;
        this.entries--;
        this.chars -= entry.weight;
    }
}
