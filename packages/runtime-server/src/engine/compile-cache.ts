// A bounded LRU of compile results keyed by the digest of the schema's canonical text. A Map keeps
// insertion order, so the first key is the least recently used; a hit is moved to the end.

export class LruCache<V> {
    private readonly map = new Map<string, { value: V; weight: number }>();
    private weight = 0;
    /** Lookups that found / did not find an entry (the /metrics compile-cache counters). */
    hits = 0;
    misses = 0;

    constructor(
        private readonly maxEntries: number,
        private readonly maxWeight: number,
    ) {}

    get(key: string): V | undefined {
        const hit = this.map.get(key);
        if (!hit) {
            this.misses++;
            return undefined;
        }
        this.hits++;
        this.map.delete(key);
        this.map.set(key, hit);
        return hit.value;
    }

    set(key: string, value: V, weight: number): void {
        if (this.maxEntries <= 0 || weight > this.maxWeight) return;
        const old = this.map.get(key);
        if (old) {
            this.map.delete(key);
            this.weight -= old.weight;
        }
        this.map.set(key, { value, weight });
        this.weight += weight;
        while (this.map.size > this.maxEntries || this.weight > this.maxWeight) {
            const [oldest, entry] = this.map.entries().next().value as [string, { weight: number }];
            this.map.delete(oldest);
            this.weight -= entry.weight;
        }
    }

    get size(): number {
        return this.map.size;
    }
}
