// Fair dispatch of the pool's tasks across accounts (docs/worker-pool.md, "Fair scheduling").
// Piscina serves its queue first come, first served: one account keeping 16 extractions of three
// seconds queued made other tenants' 5 ms validates wait behind all of them (22–73 s, and half were
// 503 once their own requests filled the queue). So tasks wait here, one queue per account, and the
// pool is handed only as many as it has threads. When a thread frees, the next task is the head of
// the queue of the account that used the least worker time lately: measured in the worker, plus the
// time its running tasks have held their threads so far, decaying with a time constant of 60 s. A
// tenant's first task then waits for the tasks already running, never for another's backlog.
// A task cannot be interrupted, so `quickSlots` more threads take only quick tasks (small bodies,
// whose work is bounded by their size): a 5 ms validate need not wait for a 3 s extraction to end.
// `perAccount` caps the tasks one account has running: the network pool's readings wait on a model
// for up to their deadline and cannot be interrupted, so without it one account's readings took
// every slot before another tenant asked (docs/worker-pool.md, "The network pool").

/** What the scheduler needs of a waiting task. */
export interface Schedulable {
    readonly account: string;
    /** Characters of a body that may share one task with others (a small validate); absent: alone. */
    readonly batchChars?: number;
    /** A small body whose work is short: it may also run on the quick threads. */
    readonly quick?: boolean;
}

export interface FairSchedulerOptions {
    /** Threads for any task. */
    slots: number;
    /** Threads beside them for quick entries only (0: none). */
    quickSlots?: number;
    /** Tasks one account may have running at once (absent: no cap beyond the threads). */
    perAccount?: number;
    /** Time constant of the decay of an account's usage (ms): 60 s. */
    decayMs: number;
    /** Bounds of a batch of entries with `batchChars` (validate-batcher.ts). */
    batchMaxItems: number;
    batchMaxChars: number;
    now?: () => number;
}

/** Runs entries as one task; resolves to the worker time of each (ms). Must not reject. */
export type RunEntries<E> = (entries: E[]) => Promise<number[]>;

/** Called once a task's entries are counted done (the pool answers them then, so load() is exact). */
export type EntriesDone<E> = (entries: E[]) => void;

/** Called for an entry about to be dispatched; true: the caller answered it (budget spent), drop it. */
export type SkipEntry<E> = (entry: E) => boolean;

interface Lane<E> {
    queue: E[];
    /** Worker ms charged, as of `at`, decaying since. */
    usage: number;
    at: number;
    /** Entries running, and the sum of their start times (their time so far counts as usage). */
    running: number;
    startedSum: number;
    /** Sequence number of the lane's last dispatch (ties go to the one served longest ago). */
    served: number;
}

/** Lanes idle with less usage than this are forgotten (the map stays bounded by recent accounts). */
const FORGET_BELOW_MS = 1;
const SWEEP_EVERY_MS = 10_000;

export class FairScheduler<E extends Schedulable> {
    private readonly lanes = new Map<string, Lane<E>>();
    /** The lanes with an entry waiting: the only ones a pick looks at (at most the queue's bound). */
    private readonly ready = new Set<Lane<E>>();
    private readonly now: () => number;
    private waiting = 0;
    private tasks = 0;
    /** Running tasks that are not quick: at most `slots`. */
    private long = 0;
    private seq = 0;
    private nextSweep = 0;
    private closed = false;

    constructor(
        private readonly options: FairSchedulerOptions,
        private readonly run: RunEntries<E>,
        private readonly skip: SkipEntry<E> = () => false,
        private readonly done: EntriesDone<E> = () => {},
    ) {
        this.now = options.now ?? (() => performance.now());
    }

    /** Entries waiting for a thread. */
    get queued(): number {
        return this.waiting;
    }

    /** Accounts remembered (waiting, running, or with recent usage). */
    get accounts(): number {
        return this.lanes.size;
    }

    /** Tasks handed to the pool and not yet done (a batch is one). */
    get running(): number {
        return this.tasks;
    }

    /** Whether an entry like this would get a thread at once (then no queue bound applies to it). */
    wouldStart(quick: boolean): boolean {
        return !this.closed && this.tasks < this.capacity && (quick || this.long < this.options.slots);
    }

    private get capacity(): number {
        return this.options.slots + (this.options.quickSlots ?? 0);
    }

    enqueue(entry: E): void {
        let lane = this.lanes.get(entry.account);
        if (!lane) {
            lane = { queue: [], usage: 0, at: this.now(), running: 0, startedSum: 0, served: 0 };
            this.lanes.set(entry.account, lane);
        }
        lane.queue.push(entry);
        this.ready.add(lane);
        this.waiting++;
        this.pump();
    }

    /** Takes a waiting entry out (its deadline passed); false when it is no longer waiting. */
    remove(entry: E): boolean {
        const lane = this.lanes.get(entry.account);
        const i = lane ? lane.queue.indexOf(entry) : -1;
        if (i < 0) return false;
        lane!.queue.splice(i, 1);
        if (lane!.queue.length === 0) this.ready.delete(lane!);
        this.waiting--;
        return true;
    }

    /** Takes every waiting entry out and dispatches nothing more (the pool is closing). */
    drain(): E[] {
        this.closed = true;
        const all: E[] = [];
        for (const lane of this.lanes.values()) all.push(...lane.queue.splice(0));
        this.ready.clear();
        this.waiting = 0;
        return all;
    }

    /** An account's usage now (ms): charged time, decayed, plus its running tasks' time so far. */
    usage(account: string): number {
        const lane = this.lanes.get(account);
        return lane ? this.usageOf(lane, this.now()) : 0;
    }

    private usageOf(lane: Lane<E>, now: number): number {
        return lane.usage * Math.exp(-(now - lane.at) / this.options.decayMs) + (lane.running * now - lane.startedSum);
    }

    private pump(): void {
        while (!this.closed && this.tasks < this.capacity && this.waiting > 0) {
            // Every thread for any task busy with long ones: only a quick entry may have the next.
            const batch = this.take(this.long >= this.options.slots);
            if (batch.length === 0) return;
            const started = this.now();
            const long = batch.some((e) => !e.quick);
            this.tasks++;
            if (long) this.long++;
            for (const e of batch) {
                const lane = this.lanes.get(e.account)!;
                lane.running++;
                lane.startedSum += started;
                lane.served = ++this.seq;
            }
            void this.run(batch).then((costs) => this.finish(batch, costs, started, long));
        }
    }

    private finish(batch: E[], costs: number[], started: number, long: boolean): void {
        const now = this.now();
        this.tasks--;
        if (long) this.long--;
        batch.forEach((e, i) => {
            const lane = this.lanes.get(e.account)!;
            lane.usage = lane.usage * Math.exp(-(now - lane.at) / this.options.decayMs) + Math.max(0, costs[i] ?? 0);
            lane.at = now;
            lane.running--;
            lane.startedSum -= started;
        });
        this.sweep(now);
        this.done(batch);
        this.pump();
    }

    /**
     * The next task: the least-used account's oldest entry, and, when that is a small validate, more
     * of them within the batch's bounds, one account after another (each in order of usage), so one
     * account's bodies cannot take a whole batch while others wait. Entries `skip` answers are dropped.
     */
    private take(quickOnly: boolean): E[] {
        const now = this.now();
        const batch: E[] = [];
        const inBatch = new Map<Lane<E>, number>();
        let chars = 0;
        while (this.waiting > 0 && batch.length < this.options.batchMaxItems) {
            const lane = this.pick(now, inBatch, batch.length > 0, quickOnly);
            if (!lane) break;
            const head = lane.queue[0]!;
            if (batch.length > 0 && chars + head.batchChars! > this.options.batchMaxChars) break;
            lane.queue.shift();
            if (lane.queue.length === 0) this.ready.delete(lane);
            this.waiting--;
            if (this.skip(head)) continue;
            batch.push(head);
            if (head.batchChars === undefined) break;
            chars += head.batchChars;
            inBatch.set(lane, (inBatch.get(lane) ?? 0) + 1);
        }
        return batch;
    }

    /**
     * The lane whose head goes next (only heads that may join a batch, or quick ones, when asked; none
     * of an account at its cap, which waits for one of its own tasks to end).
     */
    private pick(now: number, inBatch: Map<Lane<E>, number>, batchOnly: boolean, quickOnly: boolean): Lane<E> | undefined {
        let best: Lane<E> | undefined;
        let bestKey: number[] = [];
        const cap = this.options.perAccount ?? Number.POSITIVE_INFINITY;
        for (const lane of this.ready) {
            const head = lane.queue[0];
            if (!head || (batchOnly && head.batchChars === undefined) || (quickOnly && !head.quick)) continue;
            if (lane.running + (inBatch.get(lane) ?? 0) >= cap) continue;
            const key = [inBatch.get(lane) ?? 0, this.usageOf(lane, now), lane.running, lane.served];
            if (!best || less(key, bestKey)) [best, bestKey] = [lane, key];
        }
        return best;
    }

    private sweep(now: number): void {
        if (now < this.nextSweep) return;
        this.nextSweep = now + SWEEP_EVERY_MS;
        for (const [account, lane] of this.lanes)
            if (lane.queue.length === 0 && lane.running === 0 && this.usageOf(lane, now) < FORGET_BELOW_MS) this.lanes.delete(account);
    }
}

function less(a: number[], b: number[]): boolean {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
}
