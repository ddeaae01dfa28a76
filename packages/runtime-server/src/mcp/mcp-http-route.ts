// POST /mcp: the MCP streamable HTTP transport, stateless (docs/mcp.md). Every request authenticates
// with the same key headers as /v1 (any valid key; a tool's scope is checked by the route it calls)
// and a missing or bad key is the interface's 401. One SDK Server, made when the app starts, answers
// every request through a multiplexing Transport; this route does what the SDK's streamable HTTP
// transport does around it in stateless JSON-response mode (the same checks, statuses and messages),
// and answers JSON rather than an SSE stream (nothing is ever streamed).
import { setMaxListeners } from 'node:events';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
    JSONRPCMessageSchema,
    SUPPORTED_PROTOCOL_VERSIONS,
    type JSONRPCMessage,
    type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyIdentity } from '../auth/key-auth.js';
import type { V1Routes } from '../http/v1-dispatch.js';
import type { ServerServices } from '../server-module.js';
import { bodyText, clientGone } from '../routes/route-support.js';
import { AnswerBudget } from './mcp-answer-budget.js';
import { routeCaller, type McpCallerInfo } from './mcp-dispatch.js';
import { loadSchemaLanguageDoc } from './mcp-docs.js';
import { PARSE_ERROR_MESSAGE, parseMessage } from './mcp-json-text.js';
import { RawAnswers } from './mcp-raw-answers.js';
import { MultiplexTransport } from './mcp-mux-transport.js';
import { createMcpServer } from './mcp-server.js';

/** The SDK transport's cap on messages in one batch. */
const MAX_BATCH_SIZE = 100;

export function registerMcpRoutes(app: FastifyInstance, routes: V1Routes, services: ServerServices): void {
    const server = createMcpServer({ callApi: routeCaller(routes), schemaLanguageDoc: loadSchemaLanguageDoc() });
    const mux = new MultiplexTransport();
    app.addHook('onReady', async () => {
        await server.connect(mux);
    });
    app.addHook('onClose', async () => {
        await server.close();
    });

    // The key is identified once per HTTP request, before its body is read (the judging order: a
    // request without a valid key is 401 at once, not after 30 s of a trickled body); each tool call
    // then authorizes its own scope. The per-IP limit is checked first and charged only when the key
    // fails (auth/key-admission.ts), as on /v1.
    const identities = new WeakMap<FastifyRequest, KeyIdentity>();
    const authenticate = async (request: FastifyRequest): Promise<void> => {
        const identity = await services.admission.identify(request);
        request.principal = services.auth.authorize(identity, null);
        identities.set(request, identity);
    };
    app.post('/mcp', { onRequest: authenticate, config: { countsIp: true } }, async (request, reply) => {
        const identity = identities.get(request)!;
        const read = readRpc(request);
        const requests = 'messages' in read ? read.messages.filter((m): m is JSONRPCRequest => 'method' in m && 'id' in m) : [];
        // Each tools/call counts against the key and account (in its route's admission). A POST that
        // carries none (initialize, tools/list, resources, notifications, or one refused here) counts
        // against the IP, as a request without a key does: nothing else bounds it.
        if (!requests.some((m) => m.method === 'tools/call')) await services.limiter.checkIp(request.ip);
        if ('refusal' in read) {
            if (read.refusal instanceof Error) throw read.refusal;
            return rpcError(reply, ...read.refusal);
        }
        // Notifications and responses alone: accepted, nothing to answer. They are not passed on: in
        // stateless mode none has an effect (a cancellation names a request of another POST).
        if (requests.length === 0) return reply.code(202).send();
        // One budget for the answers of the whole POST, and its answers' text kept as the routes
        // wrote it (docs/mcp.md).
        const budget = new AnswerBudget();
        const raw = new RawAnswers();
        // One signal for the calls of the POST: a client that goes away stops its extractions, uncharged.
        const gone = clientGone(reply);
        if (gone) setMaxListeners(0, gone); // a listener per call waiting in the pool, at most MAX_BATCH_SIZE
        const authInfoOf = (): AuthInfo => {
            const caller: McpCallerInfo = { headers: request.headers, identity, ip: request.ip, budget, raw, ...(gone ? { gone } : {}) };
            return { token: '', clientId: identity.keyPrefix, scopes: [], extra: { caller } };
        };
        // Each response is written out as its call finishes, its answer's text put in place of its
        // stand-in: no step parses an answer for the response or writes the whole batch as one value.
        const parts = await Promise.all(
            requests.map((message) => mux.request(message, authInfoOf()).then((m) => Buffer.from(raw.serialize(m), 'utf8'))),
        );
        // As the SDK transport: a POST with one request is answered by one object, with several by an array.
        return reply
            .code(200)
            .type('application/json')
            .send(parts.length === 1 ? parts[0] : jsonArray(parts));
    });
    // Stateless: no server-initiated stream to GET and no session to DELETE. 405 is what the
    // streamable HTTP transport prescribes (clients then simply do not listen).
    const notAllowed = async (_request: unknown, reply: FastifyReply) =>
        reply
            .code(405)
            .header('allow', 'POST')
            .type('application/json')
            .send({
                jsonrpc: '2.0',
                error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages.' },
                id: null,
            });
    app.get('/mcp', notAllowed);
    app.delete('/mcp', notAllowed);
}

/** A POST's JSON-RPC messages, or why it is refused: a JSON-RPC error answer, or the route's own 400. */
type RpcRead = { messages: JSONRPCMessage[] } | { refusal: [status: number, code: number, message: string] | Error };

/** What the SDK transport checks before it hands messages on, with its statuses and messages. */
function readRpc(request: FastifyRequest): RpcRead {
    let text: string;
    try {
        text = bodyText(request.body);
    } catch (e) {
        return { refusal: e as Error };
    }
    const accept = request.headers.accept;
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
        return { refusal: [406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream'] };
    }
    if (!isJsonContentType(request.headers['content-type'])) {
        return { refusal: [415, -32000, 'Unsupported Media Type: Content-Type must be application/json'] };
    }
    const parsed = parseMessage(text);
    if (parsed === undefined) return { refusal: [400, -32700, PARSE_ERROR_MESSAGE] };
    if (Array.isArray(parsed) && parsed.length > MAX_BATCH_SIZE) {
        return { refusal: [400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`] };
    }
    const messages: JSONRPCMessage[] = [];
    for (const raw of Array.isArray(parsed) ? parsed : [parsed]) {
        const checked = JSONRPCMessageSchema.safeParse(raw);
        if (!checked.success) return { refusal: [400, -32700, 'Parse error: Invalid JSON-RPC message'] };
        messages.push(checked.data);
    }
    // Told apart by shape, as the messages are already valid: the SDK's is* guards are Zod parses,
    // which cost more than the rest of a request when they fail.
    if (messages.some((m) => 'method' in m && m.method === 'initialize')) {
        if (messages.length > 1) return { refusal: [400, -32600, 'Invalid Request: Only one initialization request is allowed'] };
    } else {
        const version = request.headers['mcp-protocol-version'];
        if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
            const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ');
            return { refusal: [400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`] };
        }
    }
    return { messages };
}

/** The JSON texts as one JSON array. */
function jsonArray(parts: Buffer[]): Buffer {
    const out: Buffer[] = [Buffer.from('[')];
    parts.forEach((part, i) => out.push(...(i === 0 ? [part] : [COMMA, part])));
    out.push(Buffer.from(']'));
    return Buffer.concat(out);
}
const COMMA = Buffer.from(',');

/** The SDK transport's error answer: a JSON-RPC error without an id. */
function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
    return reply
        .code(status)
        .type('application/json')
        .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
