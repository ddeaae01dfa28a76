// One server: the object graph, the HTTP app on top of it, and a close that releases both in order
// (docs/deploy.md, "Stopping"): refuse new requests and answer the tasks still waiting for a worker
// 503 at once, cut connections that hold nothing running (a body still arriving, a request's headers),
// let the running tasks finish within a bound, then stop the worker threads, close the store and counters.
import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/server-config.js';
import { ApiError } from './http/api-errors.js';
import { buildHttpApp } from './http/http-app.js';
import { MeteredGate } from './http/metrics.js';
import { SHUTDOWN_RETRY_AFTER_S, SHUTTING_DOWN } from './pipeline/pipeline-types.js';
import { createServerServices, type ServerServices, type ServiceOverrides } from './server-module.js';

export interface SvcServer {
    app: FastifyInstance;
    services: ServerServices;
    /** Listens on config.host and config.port; resolves to the base URL. */
    listen(): Promise<string>;
    close(): Promise<void>;
}

/** The bounds of a shutdown; together well within server-main.ts's 10 s. */
export interface ShutdownTimings {
    /** A request whose body is still arriving this long after close() began is cut (its socket destroyed). */
    bodyGraceMs: number;
    /** Running tasks may finish within this; then the threads are stopped and their requests answered 503. */
    drainMs: number;
    /** Answers still being written this long after that are cut with their connections. */
    flushMs: number;
}

export const SHUTDOWN_TIMINGS: Readonly<ShutdownTimings> = Object.freeze({ bodyGraceMs: 1_000, drainMs: 7_000, flushMs: 1_000 });

export function createServer(config: ServerConfig, overrides: ServiceOverrides = {}, shutdown: Partial<ShutdownTimings> = {}): SvcServer {
    const timings = { ...SHUTDOWN_TIMINGS, ...shutdown };
    const services = createServerServices(config, overrides, {
        // The account gate, counting its 429s (and the pool's) by limit in svc_rate_limit_rejections_total.
        gate: (s) => new MeteredGate(config.workerQueuePerAccount, s.budget, (limit) => s.metrics?.limitRejections.inc({ limit })),
    });
    observePipeline(services);
    const app = buildHttpApp(services);
    const connections = trackConnections(app);
    let draining = false;
    // Before every other check (the hooks of the routes' plugins come after this one): once close()
    // began, a request is refused, also one on a connection that was open (keep-alive, pipelined).
    app.addHook('onRequest', async () => {
        if (draining) throw shuttingDown();
    });
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
                draining = true;
                services.pipeline.drain?.();
                await closeApp(app, services, connections, timings);
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

/** The answer to a request that arrives once close() began (the pool's own refusal, as HTTP). */
function shuttingDown(): ApiError {
    const { status, code, message } = SHUTTING_DOWN.error;
    return new ApiError(status, code, message, undefined, { 'retry-after': String(SHUTDOWN_RETRY_AFTER_S), connection: 'close' });
}

/**
 * Stops the app: no new connections; idle keep-alive connections closed as they become idle (close()
 * ends only those idle at that moment); after `bodyGraceMs` every connection with no request whose
 * body has arrived is cut (a body trickled at a byte a second held the shutdown for the 30 s a
 * request may take); after `drainMs` the running tasks are stopped (answered 503), and `flushMs`
 * later what is left is cut, so the shutdown ends within its bound whatever the clients do.
 */
async function closeApp(app: FastifyInstance, services: ServerServices, connections: Connections, timings: ShutdownTimings): Promise<void> {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    const cut = setTimeout(() => connections.cutStalled(), timings.bodyGraceMs);
    const closed = app.close();
    try {
        if (await settles(closed, timings.drainMs)) return;
        await services.pipeline.close();
        if (!(await settles(closed, timings.flushMs))) app.server.closeAllConnections();
        await closed;
    } finally {
        clearInterval(sweep);
        clearTimeout(cut);
    }
}

/** Whether `p` settles within `ms`. */
async function settles(p: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
        return await Promise.race([p.then(() => true), late]);
    } finally {
        clearTimeout(timer);
    }
}

interface Connections {
    /** Destroys every connection with no request being answered whose body has arrived whole. */
    cutStalled(): void;
}

/** The server's sockets and the request each is answering (Node keeps these to itself). */
function trackConnections(app: FastifyInstance): Connections {
    const sockets = new Set<Socket>();
    const answering = new Map<Socket, IncomingMessage>();
    app.server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => {
            sockets.delete(socket);
            answering.delete(socket);
        });
    });
    app.server.on('request', (request: IncomingMessage, response: NodeJS.EventEmitter) => {
        answering.set(request.socket, request);
        response.once('close', () => {
            if (answering.get(request.socket) === request) answering.delete(request.socket);
        });
    });
    return {
        cutStalled() {
            for (const socket of sockets) {
                const request = answering.get(socket);
                // No request (idle, or its headers still arriving), or one whose body is still arriving.
                if (!request?.complete) socket.destroy();
            }
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
