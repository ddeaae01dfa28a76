// What operators need beside the API: GET /readyz (503 until PostgreSQL and Redis both answer and may
// be written: Redis takes a small write, PostgreSQL says it is not read-only; /healthz
// stays a liveness check) and GET /metrics when SVC_METRICS=1. Neither needs a key nor counts against
// the per-IP limit (that limit itself needs Redis), so a readiness check answers for a second;
// bind /metrics behind the proxy (docs/deploy.md).
import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../server-module.js';
import { MESSAGES, pipelineUnavailable } from './api-errors.js';

/** How long one check answers /readyz, counted from when it ended. */
export const READY_FOR_MS = 1000;

/**
 * The readiness of PostgreSQL and Redis, checked at most once per READY_FOR_MS: /readyz needs no
 * key and no limit, and each check is a statement and a write on backends all instances share
 * (one anonymous client sent 6,100 a second). Callers during a check share it.
 */
export class Readiness {
    private last: { at: number; ready: boolean } | undefined;
    private pending: Promise<boolean> | undefined;

    constructor(private readonly services: Pick<ServerServices, 'store' | 'counters' | 'now'>) {}

    ready(): Promise<boolean> {
        if (this.pending) return this.pending;
        if (this.last && this.services.now() - this.last.at < READY_FOR_MS) return Promise.resolve(this.last.ready);
        this.pending = Promise.allSettled([this.services.store.ping(), this.services.counters.ping()]).then((checks) => {
            this.last = { at: this.services.now(), ready: checks.every((c) => c.status === 'fulfilled') };
            this.pending = undefined;
            return this.last.ready;
        });
        return this.pending;
    }
}

export function registerOpsRoutes(app: FastifyInstance, services: ServerServices): void {
    const readiness = new Readiness(services);
    app.get('/readyz', async () => {
        if (!(await readiness.ready())) throw pipelineUnavailable(MESSAGES.notReady);
        return { status: 'ready' };
    });
    const metrics = services.metrics;
    if (metrics) {
        app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
    }
}
