// One worker thread of the server and the requests waiting for its replies: started on first use
// (unref'd, so it never keeps the server alive), replies matched to requests by id, and given up
// after three failures (an error or an exit), after which `start()` answers undefined and the
// callers do the work on the server's thread. The compile worker and the feature worker use it.
import { Worker } from 'node:worker_threads';

type Waiter<R> = { resolve(reply: R): void; reject(e: Error): void };
/** A request without its id (the channel numbers them), kind by kind. */
export type Unnumbered<Q> = Q extends unknown ? Omit<Q, 'id'> : never;

export class WorkerChannel<Q extends { id: number }, R extends { id: number }> {
    private worker?: Worker;
    private unavailable = false;
    private next = 1;
    private readonly waiting = new Map<number, Waiter<R>>();
    /** Errors and exits of the worker so far. */
    failures = 0;

    /** `entry`: the worker's file (read when it starts); `flag`: the workerData key that makes that file serve. */
    constructor(
        private readonly entry: () => string | URL,
        private readonly flag: string,
    ) {}

    /** The running worker, without starting one. */
    get running(): Worker | undefined {
        return this.worker;
    }

    /** Whether a worker runs or may still be started. */
    get usable(): boolean {
        return !this.unavailable;
    }

    /** The worker, started if need be; undefined if it cannot run. */
    start(): Worker | undefined {
        if (this.worker || this.unavailable) return this.worker;
        try {
            const worker = new Worker(this.entry(), { workerData: { [this.flag]: true } });
            worker.unref();
            worker.on('message', (reply: R) => {
                const w = this.waiting.get(reply.id);
                this.waiting.delete(reply.id);
                w?.resolve(reply);
            });
            worker.on('error', (e) => this.fail(worker, e));
            worker.on('exit', (code) => this.fail(worker, new Error(`worker exited (${code})`)));
            this.worker = worker;
        } catch {
            this.unavailable = true;
        }
        return this.worker;
    }

    /** Sends a request to the running worker and waits for its reply; rejects if the worker fails first. */
    ask(request: Unnumbered<Q>, worker = this.worker): Promise<R> {
        if (!worker) return Promise.reject(new Error('no worker'));
        const id = this.next++;
        return new Promise((resolve, reject) => {
            this.waiting.set(id, { resolve, reject });
            worker.postMessage({ ...request, id });
        });
    }

    /** Sends a message that has no reply, if a worker runs. */
    post(request: Unnumbered<Q>): void {
        this.worker?.postMessage({ ...request, id: this.next++ });
    }

    dispose(): void {
        const worker = this.worker;
        this.worker = undefined;
        this.unavailable = true;
        this.rejectAll(new Error('worker disposed'));
        void worker?.terminate();
    }

    private fail(worker: Worker, why: Error): void {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.failures++;
        // A worker that keeps failing is given up: the server's thread does the work from then on.
        if (this.failures >= 3) this.unavailable = true;
        this.rejectAll(why);
    }

    private rejectAll(why: Error): void {
        for (const w of this.waiting.values()) w.reject(why);
        this.waiting.clear();
    }
}
