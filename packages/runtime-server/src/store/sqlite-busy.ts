// SQLite store faults as the server answers them. better-sqlite3 is synchronous, so its busy
// timeout waits ON the event loop: with 5 s, one connection holding the write lock (an operator's
// `sqlite3` shell inside BEGIN, a stuck script) froze every request, /healthz included, for 5 s at a
// time. The server's connection therefore waits at most BUSY_TIMEOUT_MS inside SQLite and retries
// writes from timers, one attempt at a time while the lock is held, for up to BUSY_WAIT_MS; then,
// like every other store fault (disk full, I/O error, read-only, corrupt), the request is answered
// 503 pipeline_unavailable through DependencyUnavailableError instead of 500.
import { setTimeout as sleep } from 'node:timers/promises';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';

export interface BusyPolicy {
    /** SQLite's own busy_timeout: how long one attempt may block the thread. */
    busyTimeoutMs: number;
    /** How long a write keeps retrying (from timers) before it is answered as unavailable; 0: no retry. */
    busyWaitMs: number;
}

/** The server: short waits on the event loop, retries off it. */
export const SERVER_BUSY: Readonly<BusyPolicy> = Object.freeze({ busyTimeoutMs: 20, busyWaitMs: 2000 });
/** A CLI command has no event loop to keep free: SQLite waits 5 s itself, as it always did. */
export const CLI_BUSY: Readonly<BusyPolicy> = Object.freeze({ busyTimeoutMs: 5000, busyWaitMs: 0 });

const BUSY = /^SQLITE_(BUSY|LOCKED)/;
/** Faults of the file or the disk rather than of the statement: the store cannot serve now. */
const FAULT = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CORRUPT|NOTADB|CANTOPEN|PROTOCOL|NOLFS)/;

const codeOf = (e: unknown): string => {
    const code = (e as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : '';
};
export const isBusy = (e: unknown): boolean => BUSY.test(codeOf(e));
export const isStoreFault = (e: unknown): boolean => FAULT.test(codeOf(e));

/** A store fault as DependencyUnavailableError (503); any other error as it is (a bug: 500). */
export function asUnavailable(e: unknown): unknown {
    return isStoreFault(e) ? new DependencyUnavailableError('database', e) : e;
}

export class BusyGate {
    /** Set while another connection holds the write lock, cleared by the next write that gets through. */
    private busySince: number | undefined;
    /** Writes waiting for the lock take turns: one attempt at a time, so waits never pile up on the thread. */
    private turn: Promise<unknown> = Promise.resolve();
    /** The last write's store fault, cleared by a write that succeeds (readiness reports it). */
    lastWriteFault: unknown;
    /**
     * Run before every read and write, and again with `force` when one fails with an error that is no
     * store fault: throws to refuse them (the file deleted or replaced: sqlite-file-watch.ts, whose
     * SQLite errors, "no such table" once the CLI made a new file at the path, would be 500s).
     */
    guard: (force: boolean) => void = () => {};

    constructor(
        private readonly policy: BusyPolicy,
        private readonly now: () => number = Date.now,
    ) {}

    get busy(): boolean {
        return this.busySince !== undefined;
    }

    /** One read. WAL readers do not wait for writers; a rare busy read (a checkpoint) is a 503. */
    async read<T>(op: () => T): Promise<T> {
        try {
            this.guard(false);
            return op();
        } catch (e) {
            throw this.explain(e);
        }
    }

    /** One write (a statement or a transaction, atomic: retrying it never applies it twice). */
    async write<T>(op: () => T): Promise<T> {
        this.guard(false);
        const deadline = this.now() + this.policy.busyWaitMs;
        if (!this.busy) {
            try {
                return this.succeeded(op());
            } catch (e) {
                if (!isBusy(e) || this.policy.busyWaitMs === 0) throw this.failed(e);
                this.busySince ??= this.now();
            }
        }
        const mine = this.turn.then(() => this.retry(op, deadline));
        this.turn = mine.catch(() => {});
        return mine;
    }

    private async retry<T>(op: () => T, deadline: number): Promise<T> {
        for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
            // Still held: wait off the thread. Released meanwhile (an earlier write got through): try now.
            if (this.busy) {
                if (this.now() + delay > deadline) {
                    throw this.failed(new DependencyUnavailableError('database', new Error('database is locked by another connection')));
                }
                await sleep(delay);
            }
            try {
                return this.succeeded(op());
            } catch (e) {
                if (!isBusy(e)) throw this.failed(e);
                this.busySince ??= this.now();
            }
        }
    }

    private succeeded<T>(result: T): T {
        this.busySince = undefined;
        this.lastWriteFault = undefined;
        return result;
    }

    private failed(e: unknown): unknown {
        const mapped = this.explain(e);
        if (mapped instanceof DependencyUnavailableError) this.lastWriteFault = mapped;
        return mapped;
    }

    /** A store fault as 503; any other error as it is, unless the guard, looking now, refuses (503 too). */
    private explain(e: unknown): unknown {
        const mapped = asUnavailable(e);
        if (mapped instanceof DependencyUnavailableError) return mapped;
        try {
            this.guard(true);
        } catch (refused) {
            return refused;
        }
        return mapped;
    }
}
