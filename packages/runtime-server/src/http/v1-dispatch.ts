// The /v1 routes' admission (authentication and scope, then the per-key and per-account limits) and a
// table of their handlers, so that /mcp runs a tool call through exactly the code a REST request runs:
// this admission function, which is also the /v1 plugin's only hook, then the route's own handler
// (body size, JSON reader, validation, compilation, credit, limits on extractions, the engine).
// Calling them directly instead of a second HTTP round trip through Fastify's inject is what makes a
// tool call cost about what the REST request costs (docs/mcp.md).
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { KeyIdentity, Principal } from '../auth/key-auth.js';
import type { Scope } from '../auth/scopes.js';
import type { ServerServices } from '../server-module.js';
import { ApiError, notFound, pipelineUnavailable } from './api-errors.js';

/** What admission reads and writes of a request: its key headers (or the key they identified) and IP in, the principal out. */
export interface AdmittedRequest {
    headers: IncomingHttpHeaders;
    ip: string;
    /** The key this HTTP request's headers identified already (a tool call of /mcp): it is not looked up twice. */
    identity?: KeyIdentity;
    principal: Principal | null;
}

/**
 * A REST request: the per-IP limit, authentication with the route's scope, then the per-key and
 * per-account limits (auth/key-admission.ts). A tool call of /mcp, whose HTTP request passed the
 * per-IP check and was identified already: the scope, then the per-key and per-account limits (a
 * valid key's calls are not charged to the IP, as its REST requests are not; docs/mcp.md).
 */
export async function admitV1(services: ServerServices, request: AdmittedRequest, scope: Scope): Promise<void> {
    if (!request.identity) return services.admission.admit(request, scope);
    const principal = services.auth.authorize(request.identity, scope);
    request.principal = principal; // known before the limits, so a 429 is logged with its key prefix
    await services.limiter.checkKey(principal.keyId, principal.accountId);
}

/** Who makes a call: the /mcp request carrying it (its headers, the key they identified, its client IP). */
export interface V1Caller {
    headers: IncomingHttpHeaders;
    identity: KeyIdentity;
    ip: string;
    /** Aborts when the client of the /mcp request went away: an extraction stops and is not charged. */
    gone?: AbortSignal;
}

/** A route's answer as sent over REST: the status, the body's JSON text (not parsed here), Retry-After. */
export interface V1Answer {
    status: number;
    json: string;
    /** Seconds, from a 429's Retry-After header. */
    retryAfter?: number;
}

type ErrorMapper = (error: unknown, request: FastifyRequest) => ApiError;

interface V1Route {
    scope: Scope;
    handler: RouteHandlerMethod;
}

export class V1Routes {
    private readonly routes = new Map<string, V1Route>();
    private plugin: FastifyInstance | undefined;
    private closed = false;

    constructor(
        private readonly services: ServerServices,
        private readonly toApiError: ErrorMapper,
    ) {}

    /** Puts admission on the /v1 plugin as its hook and records each route registered in it afterwards. */
    install(v1: FastifyInstance): void {
        this.plugin = v1;
        v1.addHook('onRequest', async (request) => admitV1(this.services, request, request.routeOptions.config.scope!));
        v1.addHook('onRoute', (route) => {
            const scope = (route.config as { scope?: Scope } | undefined)?.scope;
            // A /v1 route without a scope would be admitted by no check: refuse it when it registers.
            if (!scope) throw new Error(`route ${route.method} ${route.url} is registered under /v1 without a scope`);
            if (typeof route.url === 'string') this.routes.set(route.url, { scope, handler: route.handler });
        });
        v1.addHook('onClose', async () => {
            this.closed = true;
        });
    }

    /**
     * POST `text` to a /v1 route as `caller`: admission, then the handler, failures mapped and logged
     * as the app's error handler does, and one request log line for the route, as a REST request has.
     * The handlers read only the request's body and principal (a test compares every tool with REST).
     */
    async call(path: string, caller: V1Caller, text: string): Promise<V1Answer> {
        const route = this.routes.get(path);
        if (!route || !this.plugin) return answerOf(notFound());
        // The store and counters are closed after the app: a call made once close() began is refused.
        if (this.closed) return answerOf(pipelineUnavailable('The service is shutting down; retry shortly.'));
        const started = performance.now();
        const request = {
            method: 'POST',
            url: path,
            headers: caller.headers,
            identity: caller.identity,
            ip: caller.ip,
            body: text,
            principal: null as Principal | null,
        };
        let answer: V1Answer;
        try {
            await admitV1(this.services, request, route.scope);
            // Handlers answer either by returning the body or through `reply` (a JSON text made in a
            // worker thread, sent as is); this reply keeps what was sent.
            const reply = new CapturedReply(caller.gone);
            const returned: unknown = await route.handler.call(
                this.plugin,
                request as unknown as FastifyRequest,
                reply as unknown as FastifyReply,
            );
            // The text as the worker wrote it: the caller parses it only if the answer is used.
            answer = { status: 200, json: returned === reply ? reply.payload() : JSON.stringify(returned) };
        } catch (e) {
            answer = answerOf(this.toApiError(e, request as unknown as FastifyRequest));
        }
        this.services.log.request({
            method: 'POST',
            url: path,
            status: answer.status,
            ms: performance.now() - started,
            keyPrefix: request.principal?.keyPrefix ?? null,
        });
        return answer;
    }
}

/** The part of a Fastify reply the /v1 handlers use: a content type and one payload. */
class CapturedReply {
    private sent: unknown;
    /** Read by routes/route-support.ts's clientGone, as a REST reply's connection is. */
    constructor(readonly clientGone?: AbortSignal) {}
    type(_contentType: string): this {
        return this;
    }
    send(payload: unknown): this {
        this.sent = payload;
        return this;
    }
    payload(): string {
        return typeof this.sent === 'string' ? this.sent : JSON.stringify(this.sent);
    }
}

function answerOf(error: ApiError): V1Answer {
    const answer: V1Answer = { status: error.status, json: JSON.stringify(error.body()) };
    const retry = Number(error.headers['retry-after']);
    if (Number.isSafeInteger(retry) && retry > 0) answer.retryAfter = retry;
    return answer;
}
