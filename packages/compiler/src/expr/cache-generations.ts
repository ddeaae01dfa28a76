// A bounded map in two generations instead of a strict LRU: reordering a 10,000-entry Map on every
// hit (delete, set) rehashed it constantly and was a tenth of a warm compile. A hit in the old
// generation moves to the new one; a full new generation (by entries or by characters of its keys)
// becomes the old one, and the old one is dropped. Used by the expression cache and by the server's
// record of schemas seen once.

/** Bounds of one generation, read at every insertion (a process may change them). */
export interface GenerationBounds {
    entries: number;
    chars: number;
}

export class Generations<V> {
    private young = new Map<string, V>();
    private old = new Map<string, V>();
    private youngChars = 0;

    constructor(private readonly bounds: () => GenerationBounds) {}

    get(key: string): V | undefined {
        const hit = this.young.get(key);
        if (hit !== undefined) return hit;
        const elder = this.old.get(key);
        if (elder !== undefined) this.set(key, elder);
        return elder;
    }

    set(key: string, value: V): void {
        const { entries, chars } = this.bounds();
        if (this.young.size >= entries || this.youngChars + key.length > chars) {
            this.old = this.young;
            this.young = new Map();
            this.youngChars = 0;
        }
        this.young.set(key, value);
        this.youngChars += key.length;
    }

    /** Whether the key was held; holds it from now on either way. */
    seenBefore(key: string, value: V): boolean {
        if (this.get(key) !== undefined) return true;
        this.set(key, value);
        return false;
    }

    /** Characters of the keys held (both generations), for tests of the bound. */
    get chars(): number {
        let n = this.youngChars;
        for (const k of this.old.keys()) n += k.length;
        return n;
    }
}
