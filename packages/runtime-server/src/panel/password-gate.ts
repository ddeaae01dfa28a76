// Bounds the panel's password hashes on one instance (docs/panel.md). scrypt runs on libuv's thread
// pool (4 threads, shared with file and DNS work), and every sign-in hashes, an unknown email too:
// 8 clients within their per-IP limits queued hashes without end, and a sign-in took 4.5-13.7 s
// instead of 150 ms. So a few hashes run at once, a few more wait, and the rest are refused at once
// with 429 and Retry-After, without hashing.
import { ApiError } from '../http/api-errors.js';

/** Hashes running at once: half of libuv's default pool, so other work keeps two threads. */
export const HASHES_RUNNING = 2;
/** Hashes waiting for a slot: about 0.6 s of work at 150 ms a hash, two at a time. */
export const HASHES_WAITING = 8;

export class PasswordsBusyError extends ApiError {
    constructor() {
        super(429, 'rate_limited', 'Too many passwords are being checked right now; retry in a moment.', undefined, { 'retry-after': '1' });
    }
}

export class PasswordGate {
    private running = 0;
    private readonly waiting: Array<() => void> = [];

    constructor(
        private readonly maxRunning = HASHES_RUNNING,
        private readonly maxWaiting = HASHES_WAITING,
    ) {}

    /** Runs `hash` when a slot is free; throws PasswordsBusyError at once when the queue is full. */
    async run<T>(hash: () => Promise<T>): Promise<T> {
        if (this.running < this.maxRunning) this.running++;
        else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
        else throw new PasswordsBusyError();
        try {
            return await hash();
        } finally {
            // A finished hash hands its slot to the oldest waiting one, so `running` stays counted.
            const next = this.waiting.shift();
            if (next) next();
            else this.running--;
        }
    }

    /** Hashes running and waiting (tests). */
    load(): { running: number; waiting: number } {
        return { running: this.running, waiting: this.waiting.length };
    }
}
