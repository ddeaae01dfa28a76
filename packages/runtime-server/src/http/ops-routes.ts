// What operators need beside the API: GET /readyz (503 until PostgreSQL and Redis both answer and may
// be written: Redis takes a small write, PostgreSQL says it is not read-only; /healthz
// stays a liveness check) and GET /metrics when SVC_METRICS=1. Neither needs a key nor counts against
// the per-IP limit (that limit itself needs Redis); bind /metrics behind the proxy (docs/deploy.md).
import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../server-module.js';
import { MESSAGES, pipelineUnavailable } from './api-errors.js';

export function registerOpsRoutes(app: FastifyInstance, services: ServerServices): void {
    app.get('/readyz', async () => {
        const checks = await Promise.allSettled([services.store.ping(), services.counters.ping()]);
        if (checks.some((c) => c.status === 'rejected')) throw pipelineUnavailable(MESSAGES.notReady);
        return { status: 'ready' };
    });
    const metrics = services.metrics;
    if (metrics) {
        app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
    }
}
