// POST /mcp answers what the SDK's own streamable HTTP transport answers (docs/mcp.md): the same
// requests are sent to /mcp and to a reference — a new SDK Server with svc's handlers on the SDK's
// WebStandardStreamableHTTPServerTransport, stateless, JSON responses — and statuses and bodies are
// compared. Also: concurrent clients using the same JSON-RPC ids each get their own answers.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { expect } from 'chai';
import { createMcpServer } from '../src/mcp/mcp-server.js';
import { errorBody } from '../src/mcp/mcp-results.js';
import { call, newKey, SCHEMA, startTestServer, type TestServer } from './test-server.js';

const MCP_HEADERS = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
};
const ping = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'ping' });
const init = (id: unknown) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const note = { jsonrpc: '2.0', method: 'notifications/initialized' };

type Case = [name: string, body: unknown, headers?: Record<string, string | undefined>];
const CASES: Case[] = [
    ['no Accept', ping(1), { accept: undefined }],
    ['Accept without event-stream', ping(1), { accept: 'application/json' }],
    ['Content-Type not JSON', ping(1), { 'content-type': 'text/plain' }],
    ['Content-Type JSON with charset', ping(1), { 'content-type': 'application/json; charset=utf-8' }],
    ['not JSON', '{"jsonrpc": "2.0",'],
    ['not a JSON-RPC message', { hello: 'world' }],
    ['a batch with one bad member', [ping(1), { id: 2 }]],
    ['a batch of 101', Array.from({ length: 101 }, (_, i) => ping(i))],
    ['two initialize requests in a batch', [init(1), init(2)]],
    ['an unsupported protocol version', ping(1), { 'mcp-protocol-version': '1999-01-01' }],
    ['initialize ignores the protocol version header', init(7), { 'mcp-protocol-version': '1999-01-01' }],
    ['a notification alone', note],
    ['a client response alone', { jsonrpc: '2.0', id: 5, result: {} }],
    ['ping', ping('a')],
    ['a batch of two requests and a notification', [ping(1), note, ping('x')]],
    ['a batch of one request', [ping(3)]],
    ['initialize', init(1)],
    ['tools/list', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    ['resources/list', { jsonrpc: '2.0', id: 2, method: 'resources/list' }],
    ['an unknown resource', { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'svc://nope' } }],
    ['an unknown method', { jsonrpc: '2.0', id: 3, method: 'no/such' }],
    ['tools/call without a name', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: {} }],
    ['an unknown tool', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope', arguments: {} } }],
];

async function reference(body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const server = createMcpServer({
        callApi: async () => ({ status: 500, body: errorBody('internal_error', 'not used') }),
        schemaLanguageDoc: 'doc',
    });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
        const res = await transport.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers, body }));
        return { status: res.status, text: await res.text() };
    } finally {
        await server.close();
    }
}

describe('POST /mcp answers as the SDK streamable HTTP transport does', () => {
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({ limits: { perKey: 100_000, perAccount: 100_000, perIp: 100_000, extractionsPerAccount: 100_000 } });
        key = (await newKey(t)).key;
    });
    after(async () => {
        await t.stop();
    });

    for (const [name, message, extra] of CASES) {
        it(name, async () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries({ ...MCP_HEADERS, ...extra })) if (v !== undefined) headers[k] = v;
            const body = typeof message === 'string' ? message : JSON.stringify(message);
            const ref = await reference(body, headers);
            const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${key}` }, body });
            const text = await res.text();
            expect(res.status, text).to.equal(ref.status);
            if (ref.text === '') return expect(text).to.equal('');
            const ours = JSON.parse(text);
            const theirs = JSON.parse(ref.text);
            // The one wording of our own: svc's parse error also covers over-deep JSON.
            if (theirs.error?.code === -32700 && theirs.id === null) theirs.error.message = ours.error.message;
            if (name === 'an unknown resource' || name === 'resources/list') {
                // The reference serves a stand-in text for the document.
                expect(JSON.stringify(ours).replace(/"text":"[^"]*"/g, '')).to.equal(JSON.stringify(theirs).replace(/"text":"[^"]*"/g, ''));
                return;
            }
            expect(ours).to.deep.equal(theirs);
        });
    }

    it("a batch: the key is identified once, each tools/call is authorized for its own tool's scope", async () => {
        const k = await newKey(t, { scopes: ['schemas:validate'] });
        const calls = [
            ['validate_schema', { schema: SCHEMA }],
            ['extract', { schema: SCHEMA, document: 'Total: EUR 1.00' }],
            ['edit_extraction', { extraction: {}, edit: {} }],
        ].map(([name, args], i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: args } }));
        const res = await fetch(`${t.url}/mcp`, {
            method: 'POST',
            headers: { ...MCP_HEADERS, authorization: `Bearer ${k.key}` },
            body: JSON.stringify(calls),
        });
        const answers = (await res.json()) as any[];
        expect(answers.map((m: any) => m.id)).to.deep.equal([0, 1, 2]);
        expect(answers[0].result.structuredContent.schema_hash).to.match(/^sha256:/);
        for (const m of answers.slice(1)) {
            expect(m.result.isError).to.equal(true);
            expect(JSON.parse(m.result.content[0].text).error.code).to.equal('unauthorized');
        }
    });

    it('concurrent requests with the same JSON-RPC ids each get their own answer', async () => {
        const schemas = Array.from({ length: 24 }, (_, i) => ({ ...SCHEMA, name: `s_${i}` }));
        const hashes = await Promise.all(
            schemas.map(async (schema) => (await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema } })).json.schema_hash),
        );
        expect(new Set(hashes).size).to.equal(schemas.length);
        const answers = await Promise.all(
            schemas.map(async (schema, i) => {
                const calls = [1, 'one'].map((id) => ({
                    jsonrpc: '2.0',
                    id,
                    method: 'tools/call',
                    params: { name: 'validate_schema', arguments: { schema } },
                }));
                const res = await fetch(`${t.url}/mcp`, {
                    method: 'POST',
                    headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
                    body: JSON.stringify(i % 2 ? calls : calls[0]),
                });
                return res.json();
            }),
        );
        answers.forEach((answer, i) => {
            const list = Array.isArray(answer) ? answer : [answer];
            expect(list.map((m) => m.id)).to.deep.equal(i % 2 ? [1, 'one'] : [1]);
            for (const m of list) expect(m.result.structuredContent.schema_hash).to.equal(hashes[i]);
        });
    });
});
