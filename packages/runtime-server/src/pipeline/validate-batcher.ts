// Small validate bodies share tasks of the pool (docs/worker-pool.md, "Batches"). Handing one task
// to a thread and its answer back (Piscina's bookkeeping, two messages, waking each thread) cost
// about as much CPU as compiling a small schema, and a thread runs one task at a time. So a body that
// finds a batch already running on every thread waits here, and those that gathered leave together
// as the next task. No timer: when a thread is free a body leaves at once, alone.
import type { Answer, Outcome } from './pipeline-types.js';

/** Bodies longer than this (characters) go alone, as before: the worst of them are the slow ones. */
export const BATCH_BODY_MAX = 16 * 1024;
/** A batch holds at most this many bodies and characters, so one batch stays short. */
export const BATCH_MAX_ITEMS = 32;
export const BATCH_MAX_CHARS = 128 * 1024;

/** A body and the account it is for: a batch may hold several accounts' bodies. */
export interface ValidateItem {
    body: string;
    account: string;
}

/** Sends bodies as one task; resolves to one outcome per body (never rejects). */
export type SendBatch = (items: ValidateItem[]) => Promise<Outcome<Answer>[]>;

interface Waiting extends ValidateItem {
    resolve: (outcome: Outcome<Answer>) => void;
}

export class ValidateBatcher {
    private waiting: Waiting[] = [];
    private running = 0;

    constructor(
        /** Batches in flight at once (one per thread: more would only queue in the pool). */
        private readonly maxRunning: number,
        private readonly send: SendBatch,
    ) {}

    /** Bodies waiting for a batch (they count against the pool's queue bound). */
    get queued(): number {
        return this.waiting.length;
    }

    validate(body: string, account: string): Promise<Outcome<Answer>> {
        return new Promise((resolve) => {
            this.waiting.push({ body, account, resolve });
            this.pump();
        });
    }

    private pump(): void {
        while (this.running < this.maxRunning && this.waiting.length > 0) {
            const batch = this.take();
            this.running++;
            void this.send(batch.map(({ body, account }) => ({ body, account }))).then((outcomes) => {
                this.running--;
                batch.forEach((w, i) => w.resolve(outcomes[i]!));
                this.pump();
            });
        }
    }

    /** The oldest waiting bodies, within the batch's bounds (always at least one). */
    private take(): Waiting[] {
        let n = 0;
        let chars = 0;
        while (n < this.waiting.length && n < BATCH_MAX_ITEMS) {
            chars += this.waiting[n]!.body.length;
            if (n > 0 && chars > BATCH_MAX_CHARS) break;
            n++;
        }
        return this.waiting.splice(0, n);
    }
}
