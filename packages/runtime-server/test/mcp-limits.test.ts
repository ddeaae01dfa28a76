// MCP over streamable HTTP: every tools/call counts once towards the limits, and a call during
// shutdown is refused cleanly (docs/mcp.md).
import { expect } from 'chai';
import { errorOf, httpClient, okOf, rawMcp, toolCall, type ToolResult, MCP_SCHEMA, MCP_DOC, bearer, realServer } from './mcp-support.js';
import { call, newKey, startTestServer } from './test-server.js';

describe('MCP over streamable HTTP: limits count every tools/call once', () => {
    const MINUTE = 60_000;
    let clock = Math.floor(Date.now() / MINUTE) * MINUTE + 5_000;
    const now = () => clock;
    beforeEach(() => {
        clock += 10 * MINUTE;
    }); // a fresh window per test

    it('the 31st extraction in a minute: isError rate_limited with the wait; the 30 before pass, the 31st spends nothing', async () => {
        const t = await realServer({ perKey: 100, perAccount: 200, perIp: 1000, extractionsPerAccount: 30 }, now);
        try {
            const k = await newKey(t, { credit: 100 });
            const client = await httpClient(t, bearer(k.key));
            for (let i = 0; i < 30; i++)
                okOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
            const r = (await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } })) as ToolResult;
            expect(errorOf(r)).to.deep.equal({ error: { code: 'rate_limited', message: 'Rate limit reached; retry after 60 seconds.' } });
            expect(r.content[1]!.text).to.include('wait 60 seconds before retrying this tool');
            expect((await t.server.services.store.findAccountByEmail(k.email))!.creditReads).to.equal(70);
            okOf(await client.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } })); // only extractions are at their limit
            clock += MINUTE;
            okOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
            await client.close();
        } finally {
            await t.stop();
        }
    });

    it('per key and per account: each tools/call is one request; initialize and tools/list are not counted', async () => {
        const t = await realServer({ perKey: 5, perAccount: 8, perIp: 1000, extractionsPerAccount: 30 }, now);
        try {
            const k = await newKey(t);
            const client = await httpClient(t, bearer(k.key));
            for (let i = 0; i < 3; i++) await client.listTools();
            for (let i = 0; i < 5; i++) okOf(await client.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } }));
            expect(errorOf(await client.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } })).error.code).to.equal(
                'rate_limited',
            );
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: MCP_SCHEMA } })).status).to.equal(429);
            // The account's other key has 3 requests left (8 - 5): MCP and REST share the account limit.
            const k2 = await newKey(t, { email: k.email });
            const client2 = await httpClient(t, bearer(k2.key));
            for (let i = 0; i < 2; i++) okOf(await client2.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } }));
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k2.key, body: { schema: MCP_SCHEMA } })).status).to.equal(200);
            expect(errorOf(await client2.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } })).error.code).to.equal(
                'rate_limited',
            );
            await client.close();
            await client2.close();
        } finally {
            await t.stop();
        }
    });

    it('per IP: a POST with a tool call is not charged to the IP; one without (tools/list), or without a valid key, is; the excess is HTTP 429', async () => {
        const t = await realServer({ perKey: 100, perAccount: 100, perIp: 4, extractionsPerAccount: 30 }, now);
        try {
            const k = await newKey(t);
            for (let i = 0; i < 6; i++) {
                const r = await rawMcp(t, toolCall(i, 'validate_schema', { schema: MCP_SCHEMA }), bearer(k.key));
                expect(r.status).to.equal(200);
                expect(r.json.result.structuredContent.schema_hash).to.match(/^sha256:/);
            }
            const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
            for (let i = 0; i < 3; i++) expect((await rawMcp(t, list, bearer(k.key))).status).to.equal(200);
            expect((await rawMcp(t, list, bearer('svc_nope'))).status).to.equal(401);
            for (const r of [
                await rawMcp(t, list, bearer(k.key)),
                await rawMcp(t, toolCall(9, 'validate_schema', { schema: MCP_SCHEMA }), bearer(k.key)),
            ]) {
                expect(r.status).to.equal(429);
                expect(r.json.error.code).to.equal('rate_limited');
                expect(r.headers.get('retry-after')).to.equal('60');
            }
        } finally {
            await t.stop();
        }
    });

    it('a forged dispatch header does not skip the per-IP limit', async () => {
        const t = await realServer({ perKey: 100, perAccount: 100, perIp: 2, extractionsPerAccount: 30 }, now);
        try {
            const forged = { 'x-svc-mcp-dispatch': 'A'.repeat(43) };
            const validate = () =>
                call(t, 'POST', '/v1/schemas/validate', { key: 'svc_nope', body: { schema: MCP_SCHEMA }, headers: forged });
            for (let i = 0; i < 2; i++) expect((await validate()).status).to.equal(401);
            expect((await validate()).status).to.equal(429);
        } finally {
            await t.stop();
        }
    });
});

describe('MCP dispatch during shutdown', () => {
    it('a tool call dispatched after close() began is pipeline_unavailable, not a crash', async () => {
        const t = await startTestServer();
        const k = await newKey(t);
        const { fastify } = await import('fastify');
        const { V1Routes } = await import('../src/http/v1-dispatch.js');
        const { registerValidateRoute } = await import('../src/routes/validate-route.js');
        const { routeCaller } = await import('../src/mcp/mcp-dispatch.js');
        const services = t.server.services;
        const app = fastify();
        const routes = new V1Routes(services, (e) => {
            throw e;
        });
        app.register(async (v1) => {
            routes.install(v1);
            registerValidateRoute(v1, services);
        });
        await app.ready();
        const caller = routeCaller(routes);
        const authInfo = {
            token: '',
            clientId: 'test',
            scopes: [],
            extra: { caller: { headers: bearer(k.key), identity: await services.auth.identify(bearer(k.key)), ip: '127.0.0.1' } },
        };
        expect((await caller('/v1/schemas/validate', { schema: MCP_SCHEMA }, authInfo)).status).to.equal(200);
        await app.close();
        const answer = await caller('/v1/schemas/validate', { schema: MCP_SCHEMA }, authInfo);
        expect(answer).to.deep.equal({
            status: 503,
            body: { error: { code: 'pipeline_unavailable', message: 'The service is shutting down; retry shortly.' } },
        });
        await t.stop();
    });
});
