// The Fastify application. Encapsulated plugins give each group of routes exactly the hooks it needs,
// and the hook order is the judging order of docs/runtime-server.md:
//   unknown path or method (404, the not-found handler, its body unread: it counts the IP itself)
//   → per-IP limit (every route but /healthz, /readyz, /metrics and the payment callback)
//   → authentication and scope, then per-key and per-account limits (/v1 routes)
//   → body size, JSON, validation, compilation, credit, extraction limit, reading (the handlers).
import { METHODS } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { fastify, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerMcpRoutes } from '../mcp/mcp-http-route.js';
import { registerPanel } from '../panel/panel-plugin.js';
import { registerPaymentRoute } from '../routes/payment-route.js';
import { registerEditRoute } from '../routes/edit-route.js';
import { registerExtractionRoute } from '../routes/extraction-route.js';
import { registerValidateRoute } from '../routes/validate-route.js';
import type { ServerServices } from '../server-module.js';
import { ApiError, MESSAGES, internalError, invalidRequest, notFound, pipelineUnavailable } from './api-errors.js';
import './http-types.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { keepForwardedAddresses } from './client-ip.js';
import { closeUnreadBodies } from './body-linger.js';
import { ClientAbortError, registerRawBodyParser } from './raw-body.js';
import { registerOpsRoutes } from './ops-routes.js';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import { V1Routes } from './v1-dispatch.js';

export function buildHttpApp(services: ServerServices): FastifyInstance {
    const { config } = services;
    const app = fastify({
        logger: false, // our own JSON lines (request-log.ts), which never carry a key or a body
        // One trusted hop: the client is the address the proxy in front added last (the rightmost
        // entry of X-Forwarded-For), never one the client wrote before it (a proxy that appends).
        trustProxy: config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
        bodyLimit: config.maxBodyBytes + 1, // our parser enforces the real cap with a 400
        // Slow clients cannot hold connections open: headers, the whole request (body included) and
        // idle keep-alive connections each have a bound. No socket inactivity timeout: a request
        // being answered (a slow reader) may be silent for longer, and it has passed these already.
        keepAliveTimeout: config.timeouts.keepAliveMs,
        requestTimeout: config.timeouts.requestMs,
        http: {
            headersTimeout: config.timeouts.headersMs,
            requestTimeout: config.timeouts.requestMs,
            connectionsCheckingInterval: config.timeouts.checkIntervalMs,
        },
        forceCloseConnections: 'idle', // close() ends idle keep-alive sockets, waits for busy ones
        return503OnClosing: false, // requests already on a connection finish normally
        // A malformed URL (bad percent-encoding) matches no route: the 404 of every unknown path. Fastify
        // answers it before any hook, so the request is logged here.
        frameworkErrors: (_error, request, reply) => {
            logUnhooked(request, reply, services);
            void unknownPath(request, reply, services);
        },
        clientErrorHandler: (err: ClientError, socket: Socket) => answerClientError(err, socket, services),
    });
    registerRawBodyParser(app, config.maxBodyBytes);
    app.decorateRequest('principal', null);
    // First of all hooks: whatever reads request.ip sees a valid address (client-ip.ts).
    if (config.trustProxy) app.addHook('onRequest', async (request) => keepForwardedAddresses(request.raw.headers));

    logRequests(app, services);
    boundSending(app, services);
    closeUnreadBodies(app);
    app.setNotFoundHandler((request, reply) => unknownPath(request, reply, services));
    app.setErrorHandler((error: FastifyError, request, reply) => send(reply, toApiError(error, request, services)));

    app.get('/healthz', async () => ({ status: 'ok' }));
    registerOpsRoutes(app, services);
    registerPaymentRoute(app, services); // signed, so outside the per-IP limit
    registerPanel(app, services); // its own hooks: per-IP limit, session, CSRF, headers

    // Everything else is limited per client IP before authentication. A /v1 route's admission and
    // POST /mcp apply it themselves: checked before the key, charged only when the key fails
    // (auth/key-admission.ts), in the same Redis call as a remembered key.
    app.register(async (limited) => {
        limited.addHook('onRequest', async (request) => {
            const config = request.routeOptions.config;
            if (config.scope === undefined && config.countsIp !== true) await services.limiter.checkIp(request.ip);
        });
        const openapi = JSON.stringify(buildOpenApiDocument());
        limited.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(openapi));

        // Admission is the /v1 plugin's only hook, and /mcp runs tool calls through the same admission
        // and handlers (http/v1-dispatch.ts): a check added to /v1 belongs in admitV1 or the handler.
        const v1Routes = new V1Routes(services, (error, request) => toApiError(error as FastifyError, request, services));
        limited.register(async (v1) => {
            v1Routes.install(v1);
            registerValidateRoute(v1, services);
            registerExtractionRoute(v1, services);
            registerEditRoute(v1, services);
        });
        registerMcpRoutes(limited, v1Routes, services); // docs/mcp.md: its tool calls go through the /v1 routes above
    });
    return app;
}

/**
 * One log line and one metric per request. A client that hangs up before its answer still gets a
 * line (status 499, as nginx logs it): otherwise a request that held a worker and was then
 * abandoned leaves no trace. (Fastify's onRequestAbort fires only while the body is still arriving.)
 */
function logRequests(app: FastifyInstance, services: ServerServices): void {
    const log = services.log;
    const aborted = new WeakSet<object>();
    app.addHook('onRequest', async (request, reply) => {
        const began = performance.now();
        reply.raw.once('close', () => {
            if (reply.raw.writableFinished) return;
            aborted.add(request);
            log.request({
                method: request.method,
                url: request.url,
                status: CLIENT_CLOSED,
                ms: performance.now() - began,
                keyPrefix: request.principal?.keyPrefix ?? null,
            });
        });
    });
    app.addHook('onResponse', async (request, reply) => {
        services.metrics?.observe(request.routeOptions.url ?? UNMATCHED, request.method, reply.statusCode, reply.elapsedTime);
        if (aborted.has(request)) return; // logged when the client hung up
        log.request({
            method: request.method,
            url: request.url,
            // An answer cut off before the client took it all (boundSending) was not delivered.
            status: cutOff.has(request) ? CLIENT_CLOSED : reply.statusCode,
            ms: reply.elapsedTime,
            keyPrefix: request.principal?.keyPrefix ?? null,
        });
    });
}

/** The route of requests answered before routing (unknown paths, malformed URLs and requests) in metrics. */
const UNMATCHED = 'unmatched';

/** A path as the event lines carry it: no query, at most 512 characters (as the request line). */
const logPath = (url: string): string => url.split('?')[0]!.slice(0, 512);

/**
 * The line and metric of a request Fastify answers before any hook runs (frameworkErrors: a
 * malformed URL such as /v1/%ZZ, a route parameter too long), which logRequests never sees.
 */
function logUnhooked(request: FastifyRequest, reply: FastifyReply, services: ServerServices): void {
    const began = performance.now();
    reply.raw.once('close', () => {
        const ms = performance.now() - began;
        const status = reply.raw.writableFinished ? reply.statusCode : CLIENT_CLOSED;
        services.metrics?.observe(UNMATCHED, request.method, status, ms);
        services.log.request({ method: request.method, url: request.url, status, ms, keyPrefix: null });
    });
}

type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * A request Node could not parse (malformed, headers too large: `HPE_*`) or that did not arrive in
 * time is answered 400 here, and closed: the interface has no 408 or 431. It gets a request line
 * and a metric as every other request does (route "unmatched"; `ms` 0, its start is not known;
 * method and path `-` when its request line cannot be read). Other socket errors (a reset) and a
 * hang-up mid-request leave no line here.
 */
function answerClientError(err: ClientError, socket: Socket, services: ServerServices): void {
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT';
    if (timedOut) services.log.event('info', 'request timed out', { error: err.code });
    const body = JSON.stringify(invalidRequest(timedOut ? 'The request was not received in time.' : 'Malformed HTTP request.').body());
    const answered = socket.writable;
    if (answered)
        socket.end(
            `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
    else socket.destroy();
    // HPE_INVALID_EOF_STATE: the client hung up mid-request; one whose headers had arrived has its
    // own line (499 or "request aborted"), and one that had not is no request.
    if (!timedOut && (!err.code?.startsWith('HPE_') || err.code === 'HPE_INVALID_EOF_STATE')) return;
    const { method, path } = requestLine(err.rawPacket);
    const status = answered ? 400 : CLIENT_CLOSED;
    services.metrics?.requests.inc({ route: UNMATCHED, method, status: String(status) });
    services.log.request({ method, url: path, status, ms: 0, keyPrefix: null });
}

const KNOWN_METHODS = new Set(METHODS);

/** The method (one of HTTP's, else `-`: a metric's label must not be the client's text) and path of what was received. */
function requestLine(raw: unknown): { method: string; path: string } {
    const text = Buffer.isBuffer(raw) ? raw.subarray(0, 2048).toString('latin1') : '';
    const m = /^([A-Z]+) ([^\s]+)/.exec(text);
    return { method: m && KNOWN_METHODS.has(m[1]!) ? m[1]! : '-', path: m?.[2] ?? '-' };
}

/**
 * A client must keep taking its answer, so that one that never reads (or reads a byte a second)
 * cannot hold answers in memory: 40 such connections held gigabytes. An answer up to STREAM_FROM
 * bytes must be taken within `timeouts.sendMs`; a larger one is sent in chunks and must move at
 * MIN_SEND_RATE bytes a second at least, measured over `sendMs` (an absolute limit cut a client
 * reading at 470 KB/s off 99.9% through a 31 MB answer). A socket takes a whole string in one
 * write, so only chunks show how much of it the client has taken.
 */
function boundSending(app: FastifyInstance, services: ServerServices): void {
    const ms = services.config.timeouts.sendMs;
    const every = Math.max(25, Math.floor(ms / 6));
    app.addHook('onSend', async (request, reply, payload) => {
        const raw = reply.raw;
        const cut = (): void => {
            if (raw.writableFinished) return;
            cutOff.add(request);
            services.log.event('info', 'answer not taken in time: connection closed', { route: request.routeOptions.url ?? UNMATCHED });
            raw.destroy();
        };
        const large = (typeof payload === 'string' || Buffer.isBuffer(payload)) && payload.length > STREAM_FROM;
        const body = large ? chunked(payload) : undefined;
        let taken = 0;
        let takenAt = Date.now();
        const timer = setInterval(() => {
            if (raw.writableFinished) return clearInterval(timer);
            const moved = body ? body.sent() - taken : 0;
            if (body && moved >= (MIN_SEND_RATE * every) / 1000) takenAt = Date.now();
            taken += moved;
            if (Date.now() - takenAt > ms) {
                clearInterval(timer);
                cut();
            }
        }, every);
        timer.unref();
        const done = (): void => clearInterval(timer);
        raw.once('finish', done);
        raw.once('close', done);
        if (!body) return payload;
        reply.header('content-length', body.length);
        return body.stream;
    });
}

/** Answers larger than this are sent in chunks (pipeline answers are JSON text, /mcp's bytes). */
const STREAM_FROM = 1024 * 1024;
const CHUNK = 64 * 1024;
/** Bytes a second a client must take of a large answer (far below any real link). */
const MIN_SEND_RATE = 4096;

/** A text or its bytes as a stream of chunks, and how many bytes of it have been handed on. */
function chunked(text: string | Buffer): { stream: Readable; length: number; sent(): number } {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    let offset = 0;
    const stream = new Readable({
        read() {
            const end = Math.min(bytes.length, offset + CHUNK);
            this.push(bytes.subarray(offset, end));
            offset = end;
            if (offset >= bytes.length) this.push(null);
        },
    });
    return { stream, length: bytes.length, sent: () => offset };
}

/** Requests whose answers boundSending cut off: logged as not delivered. */
const cutOff = new WeakSet<object>();

/** The status logged for a request whose client closed the connection before the answer. */
const CLIENT_CLOSED = 499;

/**
 * An unknown path or method is answered 404 before anything else, and counted against the per-IP
 * limit: the interface excludes only health checks, CORS preflight and signed payment callbacks, and
 * uncounted, one address sent 13,500 a second and slowed every tenant tenfold. An address that has
 * used its requests gets the 429 (which closes the connection) instead.
 */
async function unknownPath(request: FastifyRequest, reply: FastifyReply, services: ServerServices): Promise<FastifyReply> {
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    try {
        if (!preflight) await services.limiter.checkIp(request.ip);
    } catch (e) {
        return send(reply, toApiError(e as FastifyError, request, services));
    }
    return send(reply, notFound());
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
    return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.body());
}

function toApiError(error: FastifyError, request: FastifyRequest, services: ServerServices): ApiError {
    if ((error as unknown) instanceof DependencyUnavailableError)
        return dependencyUnavailable(error as unknown as DependencyUnavailableError, services);
    if (error instanceof ClientAbortError) {
        services.log.event('info', 'request aborted', { method: request.method, path: logPath(request.url) });
        return invalidRequest(MESSAGES.invalidBody);
    }
    if (error instanceof ApiError) {
        if (error.status >= 500 && error.cause !== undefined) logFailure(error.cause, request, services);
        return error;
    }
    // Fastify's own client errors (a malformed URL or header): a 400 in our shape, never its text.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        if (error.statusCode === 404) return notFound();
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return invalidRequest('Malformed Content-Type header; send application/json.');
        return invalidRequest(MESSAGES.invalidBody);
    }
    logFailure(error, request, services);
    return internalError();
}

/** 503 while PostgreSQL or Redis is unreachable; logged at most once a minute per dependency. */
const lastNoted = new WeakMap<ServerServices, Map<string, number>>();
function dependencyUnavailable(e: DependencyUnavailableError, services: ServerServices): ApiError {
    services.metrics?.unavailable.inc({ dependency: e.dependency });
    let seen = lastNoted.get(services);
    if (!seen) lastNoted.set(services, (seen = new Map()));
    const t = services.now();
    if ((seen.get(e.dependency) ?? -Infinity) < t - 60_000) {
        seen.set(e.dependency, t);
        services.log.event('error', 'dependency unavailable; answering 503', { dependency: e.dependency, detail: e.message.slice(0, 200) });
    }
    return pipelineUnavailable(MESSAGES.dependencyUnavailable);
}

/**
 * The error's name and stack frames only, as the panel logs them: its message (which also heads the
 * stack, over as many lines as it has) may quote request data, a document or a key.
 */
function logFailure(error: unknown, request: FastifyRequest, services: ServerServices): void {
    const e = error instanceof Error ? error : new Error(String(error));
    const frames = (e.stack ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('at '))
        .slice(0, 11);
    services.log.event('error', 'unexpected failure', { method: request.method, path: logPath(request.url), error: e.name, stack: frames });
}
