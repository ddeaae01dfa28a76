// Tool calls over /mcp are sent to the REST routes in process with Fastify's inject, carrying the
// caller's key headers: the route's own hooks then authenticate, check the scope, count the request
// for the per-key and per-account limits, and its handler spends credit and counts the extraction —
// exactly once, since /mcp itself counts nothing but the client IP. The per-IP limit was already
// taken by the /mcp request, so an injected request carries a per-process random token that the
// per-IP hook recognises; it never leaves the process, so no client can forge it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, type ApiAnswer, type ApiCaller } from './mcp-results.js';

const DISPATCH_HEADER = 'x-svc-mcp-dispatch';
const TOKEN = Buffer.from(randomBytes(32).toString('base64url'));

/** Whether a request is a tool call dispatched by /mcp in this process (its IP is already counted). */
export function isMcpDispatch(request: FastifyRequest): boolean {
    const sent = request.headers[DISPATCH_HEADER];
    if (typeof sent !== 'string' || sent.length !== TOKEN.length) return false;
    return timingSafeEqual(Buffer.from(sent), TOKEN);
}

/** An ApiCaller that sends tool calls to this app's REST routes as the /mcp request's caller. */
export function injectCaller(app: FastifyInstance, request: FastifyRequest): ApiCaller {
    const headers: Record<string, string> = { 'content-type': 'application/json', [DISPATCH_HEADER]: TOKEN.toString() };
    const { authorization } = request.headers;
    const apiKey = request.headers['x-api-key'];
    if (authorization !== undefined) headers.authorization = authorization;
    if (typeof apiKey === 'string') headers['x-api-key'] = apiKey;
    return async (path, body): Promise<ApiAnswer> => {
        let res;
        try {
            res = await app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body), remoteAddress: request.ip });
        } catch {
            // Fastify refuses inject once close() has begun: a call that arrived just before shutdown.
            return { status: 503, body: errorBody('pipeline_unavailable', 'The service is shutting down; retry shortly.') };
        }
        try {
            return { status: res.statusCode, body: JSON.parse(res.payload) };
        } catch {
            return { status: 500, body: errorBody('internal_error', 'Unexpected failure on the service side.') };
        }
    };
}
