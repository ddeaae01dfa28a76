// GET /metrics (Prometheus text format) when SVC_METRICS=1, with prom-client: the de-facto Node client,
// whose histograms and default process metrics we would otherwise write ourselves. One registry per
// server (not prom-client's global one), so two servers in one process never share counts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class ServerMetrics {
    readonly registry = new Registry();
    readonly requests: Counter<'route' | 'method' | 'status'>;
    readonly latency: Histogram<'route' | 'method'>;
    readonly readsCharged: Counter;
    readonly limitRejections: Counter<'limit'>;
    readonly unavailable: Counter<'dependency'>;
    readonly secretUnknown: Gauge;

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

    /** Counts one answered request; `route` is the route's pattern, never the raw path. */
    observe(route: string, method: string, status: number, ms: number): void {
        this.requests.inc({ route, method, status: String(status) });
        this.latency.observe({ route, method }, ms / 1000);
    }
}
