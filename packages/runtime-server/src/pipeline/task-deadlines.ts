// Deadlines of the pool's tasks (worker-pool.ts). Piscina stops a task when its signal fires. An
// `AbortSignal.timeout` per task (a timer, an EventTarget, the listener Piscina adds to it) cost the
// event loop about as much as the rest of handing a small task to a thread (measured in
// docs/worker-pool.md). One sweep timer for every task and a signal of the emitter shape Piscina also
// accepts (`once`, `off`) do the same job: a task is stopped after its deadline, late by at most a
// quarter of it (and never more than a second).

/** The signal of one task: fires once, when the sweep finds it overdue. */
export class TaskDeadline {
    aborted = false;
    reason: unknown;
    private listener: (() => void) | undefined;

    constructor(readonly at: number) {}

    once(_event: 'abort', listener: () => void): void {
        this.listener = listener;
    }

    off(_event: 'abort', listener: () => void): void {
        if (this.listener === listener) this.listener = undefined;
    }

    /** Piscina's name for `off` at run time. */
    removeListener(event: 'abort', listener: () => void): void {
        this.off(event, listener);
    }

    fire(reason: unknown): void {
        if (this.aborted) return;
        this.aborted = true;
        this.reason = reason;
        const listener = this.listener;
        this.listener = undefined;
        listener?.();
    }
}

export class TaskDeadlines {
    private readonly live = new Set<TaskDeadline>();
    private timer: NodeJS.Timeout | undefined;

    constructor(private readonly ms: number) {}

    /** A deadline `ms` from now (or at `at`, a performance.now() time); `end` it when the task settles. */
    start(at = performance.now() + this.ms): TaskDeadline {
        const deadline = new TaskDeadline(at);
        this.live.add(deadline);
        // Never keeps the process alive; stopped by close().
        this.timer ??= setInterval(() => this.sweep(), Math.max(5, Math.min(1000, this.ms / 4))).unref();
        return deadline;
    }

    end(deadline: TaskDeadline): void {
        this.live.delete(deadline);
    }

    close(): void {
        clearInterval(this.timer);
        this.timer = undefined;
        this.live.clear();
    }

    private sweep(): void {
        const now = performance.now();
        for (const d of this.live) {
            if (d.at > now) continue;
            this.live.delete(d);
            d.fire(new Error('task deadline passed'));
        }
    }
}
