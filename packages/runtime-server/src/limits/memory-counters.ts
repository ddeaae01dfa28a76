// Counters in this process's memory. JavaScript runs one callback at a time, so the check and the
// increment in `consume` cannot interleave with another request's. Expired windows are swept as
// time passes, so memory stays bounded by the counters of the current window.
import { randomUUID } from 'node:crypto';
import type { AdmissionCheck, AdmissionResult, CounterCharge, Counters } from './counters-types.js';

export class MemoryCounters implements Counters {
    private readonly counts = new Map<string, { value: number; expiresAt: number }>();
    private nextSweep = 0;
    // One process: the epoch is only ever compared within it (tests of the key cache use it). Held in
    // an object, like the counts, so views made with Object.create share it.
    private readonly key = { epoch: randomUUID() };

    constructor(private readonly now: () => number = Date.now) {}

    async consume(charges: readonly CounterCharge[]): Promise<boolean> {
        return this.take(charges);
    }

    async admit(check: AdmissionCheck): Promise<AdmissionResult> {
        const epoch = this.key.epoch;
        if (!this.fits(check.checked)) return { outcome: 'limited-checked', epoch };
        if (check.epoch !== epoch) return { outcome: check.epoch === null ? 'ok' : 'stale', epoch };
        return { outcome: this.take(check.gated) ? 'ok' : 'limited-gated', epoch };
    }

    async add(counter: Omit<CounterCharge, 'limit'>, amount: number): Promise<number> {
        const t = this.now();
        this.sweep(t);
        const entry = this.counts.get(counter.name);
        if (entry && entry.expiresAt > t) return (entry.value += amount);
        this.counts.set(counter.name, { value: amount, expiresAt: counter.expiresAt });
        return amount;
    }

    async bumpKeyEpoch(): Promise<void> {
        this.key.epoch = randomUUID();
    }

    /** Synchronous, so no other request's charge can come between the check and the increment. */
    private take(charges: readonly CounterCharge[]): boolean {
        if (!this.fits(charges)) return false;
        const t = this.now();
        for (const c of charges) {
            const entry = this.counts.get(c.name);
            if (entry && entry.expiresAt > t) entry.value += 1;
            else this.counts.set(c.name, { value: 1, expiresAt: c.expiresAt });
        }
        return true;
    }

    private fits(charges: readonly CounterCharge[]): boolean {
        const t = this.now();
        this.sweep(t);
        return charges.every((c) => this.live(c.name, t) + 1 <= c.limit);
    }

    async peek(names: readonly string[]): Promise<number[]> {
        const t = this.now();
        return names.map((name) => this.live(name, t));
    }

    /** A counter's value, 0 once expired even if not yet swept. */
    private live(name: string, t: number): number {
        const entry = this.counts.get(name);
        return entry && entry.expiresAt > t ? entry.value : 0;
    }

    /** Number of live counters (tests watch it stay bounded). */
    get size(): number {
        return this.counts.size;
    }

    async ping(): Promise<void> {}

    async close(): Promise<void> {
        this.counts.clear();
    }

    private sweep(t: number): void {
        if (t < this.nextSweep) return;
        this.nextSweep = t + 10_000;
        for (const [name, entry] of this.counts) if (entry.expiresAt <= t) this.counts.delete(name);
    }
}
