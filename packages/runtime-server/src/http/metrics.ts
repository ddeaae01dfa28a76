// GET /metrics (Prometheus text format) when SVC_METRICS=1, with prom-client: the de-facto Node client,
// whose histograms and default process metrics we would otherwise write ourselves. One registry per
// server (not prom-client's global one), so two servers in one process never share counts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AccountGate } from '../limits/account-gate.js';
import { BUDGET_SPENT_MESSAGE, type WorkerBudget } from '../limits/worker-budget.js';
import type { ThreadLoss } from '../pipeline/pipeline-types.js';
import { ApiError } from './api-errors.js';

/** Why a worker thread was replaced: the label values of svc_worker_restarts_total. */
const THREAD_LOSSES: readonly ThreadLoss[] = ['deadline', 'out_of_memory', 'exited', 'crashed'];

export class ServerMetrics {
    readonly registry = new Registry();
    readonly requests: Counter<'route' | 'method' | 'status'>;
    readonly latency: Histogram<'route' | 'method'>;
    readonly readsCharged: Counter;
    readonly limitRejections: Counter<'limit'>;
    readonly unavailable: Counter<'dependency'>;
    readonly secretUnknown: Gauge;
    readonly workerRestarts: Counter<'cause'>;

    constructor(compileCache: () => { hits: number; misses: number }) {
        const registers = [this.registry];
        collectDefaultMetrics({ register: this.registry, prefix: 'svc_' });
        this.requests = new Counter({
            name: 'svc_http_requests_total',
            help: 'Requests by route, method and status',
            labelNames: ['route', 'method', 'status'],
            registers,
        });
        this.latency = new Histogram({
            name: 'svc_http_request_duration_seconds',
            help: 'Request latency by route',
            labelNames: ['route', 'method'],
            registers,
            buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        });
        this.readsCharged = new Counter({ name: 'svc_reads_charged_total', help: 'Reads charged to accounts for extractions', registers });
        this.limitRejections = new Counter({
            name: 'svc_rate_limit_rejections_total',
            help: 'Requests refused with 429, by limit',
            labelNames: ['limit'],
            registers,
        });
        this.unavailable = new Counter({
            name: 'svc_dependency_unavailable_total',
            help: 'Requests answered 503 because PostgreSQL or Redis was unreachable',
            labelNames: ['dependency'],
            registers,
        });
        // 1 from a start whose session secrets the database had never seen (config/secret-fingerprint.ts).
        this.secretUnknown = new Gauge({
            name: 'svc_session_secret_unknown',
            help: '1 when no session secret of this instance has signed with its database before (earlier sessions fail to verify)',
            registers,
        });
        this.workerRestarts = new Counter({
            name: 'svc_worker_restarts_total',
            help: 'Worker threads replaced, by cause: a task stopped at its deadline, or the thread died (out_of_memory, exited, crashed)',
            labelNames: ['cause'],
            registers,
        });
        for (const cause of THREAD_LOSSES) this.workerRestarts.inc({ cause }, 0);
        // Read at scrape time from the compile cache's own counts, so the hot path does no extra work.
        for (const [name, pick] of [
            ['svc_compile_cache_hits_total', 'hits'],
            ['svc_compile_cache_misses_total', 'misses'],
        ] as const) {
            new Counter({
                name,
                help: `Compile cache lookups that ${pick === 'hits' ? 'found' : 'did not find'} an entry`,
                registers,
                collect() {
                    this.reset();
                    this.inc(compileCache()[pick]);
                },
            });
        }
    }

    /** Gauges of the worker pool's tasks waiting and running, read at scrape time. */
    watchPipeline(load: () => { running: number; queued: number }): void {
        const registers = [this.registry];
        for (const [name, pick, help] of [
            ['svc_worker_queue_depth', 'queued', 'Tasks waiting for a worker thread'],
            ['svc_worker_tasks_running', 'running', 'Tasks running on the worker threads (a batch of small validations is one)'],
        ] as const) {
            new Gauge({
                name,
                help,
                registers,
                collect() {
                    this.set(load()[pick]);
                },
            });
        }
    }

    /** Counts one answered request; `route` is the route's pattern, never the raw path. */
    observe(route: string, method: string, status: number, ms: number): void {
        this.requests.inc({ route, method, status: String(status) });
        this.latency.observe({ route, method }, ms / 1000);
    }
}

/**
 * The account gate (limits/account-gate.ts), counting the 429s of the worker pool's limits by the
 * limit that refused: `queue_share` (the account holds its share of the queue) and `worker_time`
 * (its worker time for the minute is used, whether refused before the task or while it waited).
 */
export class MeteredGate extends AccountGate {
    constructor(
        share: number,
        budget: WorkerBudget | undefined,
        private readonly count: (limit: 'queue_share' | 'worker_time') => void,
    ) {
        super(share, budget);
    }

    override async run<T>(accountId: string, task: () => Promise<T>): Promise<T> {
        let admitted = false;
        let result: T;
        try {
            result = await super.run(accountId, () => {
                admitted = true;
                return task();
            });
        } catch (e) {
            if (!admitted && e instanceof ApiError && e.status === 429)
                this.count(e.message === BUDGET_SPENT_MESSAGE ? 'worker_time' : 'queue_share');
            throw e;
        }
        // The pool's own 429: the account ran out of worker time while its task waited.
        const refused = (result as { error?: { status?: number; message?: string } } | undefined)?.error;
        if (refused?.status === 429 && refused.message === BUDGET_SPENT_MESSAGE) this.count('worker_time');
        return result;
    }
}
