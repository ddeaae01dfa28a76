// Bounds the panel's password hashes on one instance (docs/panel.md). scrypt runs on libuv's thread
// pool (4 threads, shared with file and DNS work), and every sign-in hashes, an unknown email too:
// 8 clients within their per-IP limits queued hashes without end, and a sign-in took 4.5-13.7 s
// instead of 150 ms. So a few hashes run at once, a few more wait, and the rest are refused at once
// with 429 and Retry-After, without hashing. Each client IP holds at most a small share of those
// places: with the gate alone, one address sending 30 sign-ins at once filled it and every other
// client's sign-in was refused for as long as it kept doing so.
import { ApiError } from '../http/api-errors.js';

/** Hashes running at once: half of libuv's default pool, so other work keeps two threads. */
export const HASHES_RUNNING = 2;
/** Hashes waiting for a slot: about 0.6 s of work at 150 ms a hash, two at a time. */
export const HASHES_WAITING = 8;
/** Places (running or waiting) one client IP may hold: it takes five addresses to fill the gate. */
export const HASHES_PER_CLIENT = 2;

export class PasswordsBusyError extends ApiError {
    constructor() {
        super(429, 'rate_limited', 'Too many passwords are being checked right now; retry in a moment.', undefined, { 'retry-after': '1' });
    }
}

export class PasswordGate {
    private running = 0;
    private readonly waiting: Array<() => void> = [];
    /** Places held per client, running and waiting alike. */
    private readonly held = new Map<string, number>();

    constructor(
        private readonly maxRunning = HASHES_RUNNING,
        private readonly maxWaiting = HASHES_WAITING,
        private readonly perClient = HASHES_PER_CLIENT,
    ) {}

    /**
     * Runs `hash` for `client` (its IP) when a slot is free; throws PasswordsBusyError at once when
     * the queue is full or the client holds its share already.
     */
    async run<T>(hash: () => Promise<T>, client: string): Promise<T> {
        const mine = this.held.get(client) ?? 0;
        const full = this.running >= this.maxRunning && this.waiting.length >= this.maxWaiting;
        if (full || mine >= this.perClient) throw new PasswordsBusyError();
        this.held.set(client, mine + 1);
        try {
            if (this.running < this.maxRunning) this.running++;
            else await new Promise<void>((resolve) => this.waiting.push(resolve));
            try {
                return await hash();
            } finally {
                // A finished hash hands its slot to the oldest waiting one, so `running` stays counted.
                const next = this.waiting.shift();
                if (next) next();
                else this.running--;
            }
        } finally {
            const left = (this.held.get(client) ?? 1) - 1;
            if (left > 0) this.held.set(client, left);
            else this.held.delete(client);
        }
    }

    /** Hashes running and waiting, and the clients holding places (tests). */
    load(): { running: number; waiting: number; clients: number } {
        return { running: this.running, waiting: this.waiting.length, clients: this.held.size };
    }
}
