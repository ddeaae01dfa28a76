// One server: the object graph, the HTTP app on top of it, and a close that releases both in order
// (stop accepting, finish requests in flight, then stop the worker threads, close the store and counters).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/server-config.js';
import { buildHttpApp } from './http/http-app.js';
import { MeteredGate } from './http/metrics.js';
import { createServerServices, type ServerServices, type ServiceOverrides } from './server-module.js';

export interface SvcServer {
    app: FastifyInstance;
    services: ServerServices;
    /** Listens on config.host and config.port; resolves to the base URL. */
    listen(): Promise<string>;
    close(): Promise<void>;
}

export function createServer(config: ServerConfig, overrides: ServiceOverrides = {}): SvcServer {
    const services = createServerServices(config, overrides, {
        // The account gate, counting its 429s (and the pool's) by limit in svc_rate_limit_rejections_total.
        gate: (s) => new MeteredGate(config.workerQueuePerAccount, s.budget, (limit) => s.metrics?.limitRejections.inc({ limit })),
    });
    observePipeline(services);
    const app = buildHttpApp(services);
    let closing: Promise<void> | undefined;
    return {
        app,
        services,
        async listen() {
            // Side by side: each waits for the database (a PostgreSQL down at start), neither throws.
            await Promise.all([services.ledger.start(), services.secretCheck.start()]);
            await app.listen({ host: config.host, port: config.port });
            const address = app.server.address() as AddressInfo;
            const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
            return `http://${host}:${address.port}`;
        },
        close() {
            closing ??= (async () => {
                // close() ends the connections idle at that moment; a keep-alive connection whose
                // request is still running becomes idle later and would hold close() open until
                // its keep-alive timeout, so idle connections are swept until close() is done.
                const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
                try {
                    await app.close();
                } finally {
                    clearInterval(sweep);
                }
                services.secretCheck.stop();
                await services.pipeline.close();
                await services.ledger.stop();
                await services.counters.close();
                await services.store.close();
            })();
            return closing;
        },
    };
}

/** The pool's deadlines and lost threads, in the log (at warn, never request data) and the metrics. */
function observePipeline(services: ServerServices): void {
    const { log, metrics, pipeline } = services;
    pipeline.observe?.({
        deadline(task, running) {
            log.event('warn', 'task stopped at its deadline', { task, stage: running ? 'running' : 'waiting' });
            if (running) metrics?.workerRestarts.inc({ cause: 'deadline' });
        },
        threadLost(cause) {
            log.event('warn', 'worker thread died and was replaced', { cause });
            metrics?.workerRestarts.inc({ cause });
        },
    });
    metrics?.watchPipeline(() => pipeline.load());
}
