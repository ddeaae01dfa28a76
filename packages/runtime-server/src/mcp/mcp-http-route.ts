// POST /mcp: the MCP streamable HTTP transport, stateless (docs/mcp.md). Every request authenticates
// with the same key headers as /v1 (any valid key; a tool's scope is checked by the route it calls)
// and a missing or bad key is the interface's 401. The SDK transport is made per request, as
// stateless mode requires, and answers JSON rather than an SSE stream (nothing is ever streamed).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerServices } from '../server-module.js';
import { bodyText } from '../routes/route-support.js';
import { injectCaller } from './mcp-dispatch.js';
import { loadSchemaLanguageDoc } from './mcp-docs.js';
import { createMcpServer } from './mcp-server.js';

/** Deeper than any body a route accepts (66 levels plus the JSON-RPC envelope), shallow enough for JSON.stringify. */
const MAX_MESSAGE_DEPTH = 256;

/** The headers the SDK transport reads; the key stays out of it. */
const FORWARDED = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'] as const;

export function registerMcpRoutes(app: FastifyInstance, root: FastifyInstance, services: ServerServices): void {
    const schemaLanguageDoc = loadSchemaLanguageDoc();
    app.post('/mcp', async (request, reply) => {
        request.principal = await services.auth.authenticate(request.headers, null);
        const text = bodyText(request.body);
        const parsed = parseMessage(text);
        if (parsed === undefined) {
            return reply.code(400).type('application/json').send({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: invalid JSON or nested too deeply' }, id: null });
        }
        const server = createMcpServer({ callApi: injectCaller(root, request), schemaLanguageDoc });
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        try {
            await server.connect(transport);
            const headers = new Headers();
            for (const name of FORWARDED) {
                const value = request.headers[name];
                if (typeof value === 'string') headers.set(name, value);
            }
            const res = await transport.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), { parsedBody: parsed });
            reply.code(res.status);
            res.headers.forEach((value, name) => { reply.header(name, value); });
            return reply.send(res.body === null ? undefined : await res.text());
        } finally {
            await server.close();
        }
    });
    // Stateless: no server-initiated stream to GET and no session to DELETE. 405 is what the
    // streamable HTTP transport prescribes (clients then simply do not listen).
    const notAllowed = async (_request: unknown, reply: FastifyReply) => reply.code(405).header('allow', 'POST').type('application/json')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages.' }, id: null });
    app.get('/mcp', notAllowed);
    app.delete('/mcp', notAllowed);
}

/** The JSON-RPC message, or undefined when the text is not JSON or nests deeper than MAX_MESSAGE_DEPTH. */
function parseMessage(text: string): unknown {
    if (nestingDepth(text) > MAX_MESSAGE_DEPTH) return undefined;
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

/** The deepest bracket nesting outside strings, in one pass (before anything recurses into the value). */
function nestingDepth(text: string): number {
    let depth = 0;
    let max = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c) i++; // backslash: skip the escaped character
            else if (c === 0x22) inString = false;
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
        else if (c === 0x7d || c === 0x5d) depth--;
    }
    return max;
}
