// /mcp on random input (docs/mcp.md): random bytes, JSON, JSON-RPC envelopes with random methods,
// tool names and arguments, batches, headers. The answer is always JSON — a JSON-RPC message (a tool
// failure being an isError result carrying the API's error body), a JSON-RPC error, 202 for
// notifications, or the interface's error body — never a 500 and never a crash. Bounded runs.
import { expect } from 'chai';
import fc from 'fast-check';
import { rawMcp } from './mcp-support.js';
import { SCHEMA, DOC, ScriptedEngine, newKey, startTestServer, type TestServer } from './test-server.js';

const RUNS = 150;
const anyValue = fc.jsonValue({ maxDepth: 4 });
const tool = fc.constantFrom('validate_schema', 'extract', 'edit_extraction', 'nope', '');
const args = fc.oneof(
    anyValue,
    fc.record(
        {
            schema: fc.oneof(fc.constant(SCHEMA), anyValue),
            document: fc.oneof(fc.constant(DOC), anyValue),
            language: anyValue,
            reference: anyValue,
        },
        { requiredKeys: [] },
    ),
    fc.record(
        {
            extraction: anyValue,
            edit: fc.record({ action: fc.constantFrom('insert', 'retract', 'preview_reconciliation', 'reconcile'), bundle: anyValue }),
        },
        { requiredKeys: [] },
    ),
);
const message = fc.oneof(
    fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.integer(), fc.string()),
        method: fc.constant('tools/call'),
        params: fc.record({ name: tool, arguments: args }, { requiredKeys: [] }),
    }),
    fc.record(
        {
            jsonrpc: fc.oneof(fc.constant('2.0'), anyValue),
            id: anyValue,
            method: fc.oneof(
                fc.constantFrom('tools/list', 'resources/read', 'resources/list', 'initialize', 'ping', 'notifications/initialized'),
                fc.string(),
            ),
            params: anyValue,
        },
        { requiredKeys: [] },
    ),
);
const body = fc.oneof(
    message.map((m) => JSON.stringify(m)),
    fc.array(message, { minLength: 1, maxLength: 3 }).map((m) => JSON.stringify(m)),
    fc.json({ maxDepth: 5 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.integer({ min: 1, max: 400 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
);
const headers = fc.record(
    {
        accept: fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/html', '*/*'),
        'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        'mcp-protocol-version': fc.constantFrom('2025-06-18', '2025-03-26', '1999-01-01', 'x'),
    },
    { requiredKeys: [] },
);

describe('/mcp fuzz: never a 500, always JSON', function () {
    this.timeout(120_000);
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({
            limits: { perKey: 1e9, perAccount: 1e9, perIp: 1e9, extractionsPerAccount: 1e9 },
            overrides: { engine: new ScriptedEngine() },
        });
        key = (await newKey(t, { credit: 1e6 })).key;
    });
    after(async () => {
        await t.stop();
    });

    it('random messages, batches, bytes and headers', async () => {
        await fc.assert(
            fc.asyncProperty(body, headers, async (b, h) => {
                const r = await rawMcp(t, b, { authorization: `Bearer ${key}`, ...h });
                const context = `${JSON.stringify(h)} ${b.slice(0, 300)} -> ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}`;
                expect(r.status, context).to.be.oneOf([200, 202, 400, 404, 406, 415]);
                if (r.status === 202) return;
                expect(r.json, context).to.be.an(Array.isArray(r.json) ? 'array' : 'object');
                for (const m of [r.json].flat()) {
                    if (m.jsonrpc === undefined) {
                        expect(m.error.code, context).to.equal('invalid_request');
                        continue;
                    }
                    if (m.result?.isError) {
                        const inner = JSON.parse(m.result.content[0].text);
                        expect(inner.error.code, context).to.be.oneOf([
                            'invalid_request',
                            'not_found',
                            'insufficient_credit',
                            'pipeline_unavailable',
                        ]);
                        expect(inner.error.code, context).not.to.equal('internal_error');
                    } else if (m.error) {
                        expect(m.error.code, context).to.be.a('number');
                    }
                }
            }),
            { numRuns: RUNS },
        );
    });
});
