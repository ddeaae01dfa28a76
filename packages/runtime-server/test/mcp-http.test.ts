// The MCP surface over streamable HTTP at /mcp, with the official SDK's client (docs/mcp.md): the
// tool list and its schemas from the OpenAPI document, each tool's result equal to the REST answer
// for the same input, failures as isError results carrying the API's error body, 401 on /mcp for a
// bad key, and every tools/call counted once (per key, per account, per IP, per extraction).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { buildOpenApiDocument, SCHEMA_LANGUAGE_DOC_PATH } from '../src/index.js';
import {
    expectRejection,
    errorOf,
    httpClient,
    okOf,
    rawMcp,
    toolCall,
    type ToolResult,
    MCP_SCHEMA,
    MCP_DOC,
    BAD_SCHEMA,
    bearer,
    realServer,
} from './mcp-support.js';
import { UNAUTHORIZED, call, newKey, type TestServer } from './test-server.js';

describe('MCP over streamable HTTP: tools, resource and results (docs/mcp.md)', () => {
    let t: TestServer;
    let key: string;
    let client: Client;
    before(async () => {
        t = await realServer();
        key = (await newKey(t, { credit: 1000 })).key;
        client = await httpClient(t, bearer(key));
    });
    after(async () => {
        await client.close();
        await t.stop();
    });

    const rest = async (path: string, body: unknown) => call(t, 'POST', path, { key, body });

    it('lists the three tools, their input and output schemas those of the OpenAPI document', async () => {
        const { tools } = await client.listTools();
        expect(tools.map((x) => x.name)).to.deep.equal(['validate_schema', 'extract', 'edit_extraction']);
        const doc = buildOpenApiDocument() as any;
        const c = doc.components.schemas;
        const [validate, extract, edit] = tools as any[];
        for (const tool of tools) {
            expect(tool.description).to.include('svc://docs/schema-language');
            expect(tool.inputSchema.type).to.equal('object');
            expect(tool.outputSchema!.type).to.equal('object');
        }
        expect(validate.description).to.include('schema is JSON');
        expect(validate.inputSchema).to.deep.equal(c.ValidateRequest);
        const { options: _options, ...extractProps } = c.ExtractionRequest.properties;
        expect(extract.inputSchema).to.deep.equal({ ...c.ExtractionRequest, properties: extractProps });
        expect(Object.keys(extract.inputSchema.properties)).to.deep.equal(['document', 'schema', 'language', 'reference']);
        expect(extract.inputSchema.required).to.deep.equal(['document', 'schema']);
        expect(edit.inputSchema).to.deep.equal(c.EditRequest);
        const okSchema = (path: string) => doc.paths[path].post.responses['200'].content['application/json'].schema;
        expect(validate.outputSchema.properties.schema_hash).to.deep.equal(okSchema('/v1/schemas/validate').properties.schema_hash);
        expect(validate.outputSchema.properties.warnings.items).to.deep.equal(c.Warning);
        expect(extract.outputSchema).to.deep.equal(c.Extraction);
        expect(edit.outputSchema).to.deep.equal({ type: 'object', oneOf: [c.Extraction, c.ReconciliationPreview] });
        expect(okSchema('/v1/extractions/edit')).to.deep.equal({
            oneOf: [{ $ref: '#/components/schemas/Extraction' }, { $ref: '#/components/schemas/ReconciliationPreview' }],
        });
    });

    it('serves the schema-language reference (docs/schema-language.md) as svc://docs/schema-language', async () => {
        const { resources } = await client.listResources();
        expect(resources.map((r) => [r.uri, r.mimeType])).to.deep.equal([['svc://docs/schema-language', 'text/markdown']]);
        const read = await client.readResource({ uri: 'svc://docs/schema-language' });
        expect(read.contents).to.deep.equal([
            { uri: 'svc://docs/schema-language', mimeType: 'text/markdown', text: readFileSync(SCHEMA_LANGUAGE_DOC_PATH, 'utf8') },
        ]);
        expect((read.contents[0] as { text: string }).text).to.match(/^# /);
        await expectRejection(client.readResource({ uri: 'svc://docs/other' }), /No such resource/);
    });

    it('validate_schema: structuredContent is the REST answer, with a summary', async () => {
        const schema = { ...MCP_SCHEMA, relations: [...MCP_SCHEMA.relations, { id: 'always', expr: 'vat_rate == vat_rate' }] };
        const r = await client.callTool({ name: 'validate_schema', arguments: { schema } });
        const restAnswer = await rest('/v1/schemas/validate', { schema });
        expect(restAnswer.status).to.equal(200);
        expect(okOf(r)).to.deep.equal(restAnswer.json);
        const text = (r as ToolResult).content[0]!.text!;
        expect(text).to.include(restAnswer.json.schema_hash);
        expect(text).to.include('W-REL-TRIVIAL');
    });

    it("extract: structuredContent is the REST answer; the summary gives each field's status and value", async () => {
        const args = { schema: MCP_SCHEMA, document: MCP_DOC, language: 'en', reference: 'order-7' };
        const r = await client.callTool({ name: 'extract', arguments: args });
        const restAnswer = await rest('/v1/extractions', args);
        expect(restAnswer.status).to.equal(200);
        const got = okOf(r);
        expect(got).to.deep.equal(restAnswer.json);
        expect(got.reference).to.equal('order-7');
        expect(got.response.fields.total_amount.status).to.equal('conflict');
        const lines = (r as ToolResult).content[0]!.text!.split('\n');
        for (const [name, entry] of Object.entries(got.response.fields as Record<string, any>)) {
            expect(
                lines.some((l) => l.startsWith(`- ${name}: ${entry.status}`)),
                `${name} in ${lines.join('|')}`,
            ).to.equal(true);
        }
        expect(lines).to.include('- invoice_number: found "INV-20417"');
        expect(lines).to.include('- total_amount: conflict');
        expect(lines).to.include('- vat_rate: found "21.00"');
    });

    it('edit_extraction: insert, preview and reconcile answer what REST answers', async () => {
        const extraction = okOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
        const steps: Array<(x: any) => unknown> = [
            () => ({ action: 'insert', candidate: { slot: 'total_amount', quote: '€1,089.00', p: 0.9 } }),
            (x) => ({
                action: 'preview_reconciliation',
                intent: 'the amount due is a typo',
                withdraw: [{ bundle: 0, mention: Number(x.response.fields.total_amount.mentions.at(-1)) }],
            }),
        ];
        for (const step of steps) {
            const edit = step(extraction);
            const r = await client.callTool({ name: 'edit_extraction', arguments: { extraction, edit } });
            const restAnswer = await rest('/v1/extractions/edit', { extraction, edit });
            expect(restAnswer.status, restAnswer.text).to.equal(200);
            expect(okOf(r)).to.deep.equal(restAnswer.json);
        }
        const preview = okOf(await client.callTool({ name: 'edit_extraction', arguments: { extraction, edit: steps[1]!(extraction) } }));
        expect(preview.object).to.equal('reconciliation_preview');
        const applied = await client.callTool({
            name: 'edit_extraction',
            arguments: { extraction, edit: { action: 'reconcile', plan: preview.plan } },
        });
        const restApplied = await rest('/v1/extractions/edit', { extraction, edit: { action: 'reconcile', plan: preview.plan } });
        expect(okOf(applied)).to.deep.equal(restApplied.json);
        expect(okOf(applied).revision).to.equal(1);
    });

    it('a schema that does not compile: isError whose text is the REST 400 body with the compile details', async () => {
        for (const [name, args] of [
            ['validate_schema', { schema: BAD_SCHEMA }],
            ['extract', { schema: BAD_SCHEMA, document: MCP_DOC }],
        ] as const) {
            const body = errorOf(await client.callTool({ name, arguments: args }));
            const restAnswer = await rest(name === 'extract' ? '/v1/extractions' : '/v1/schemas/validate', args);
            expect(restAnswer.status).to.equal(400);
            expect(body).to.deep.equal(restAnswer.json);
            expect(body.error.code).to.equal('invalid_request');
            expect(body.error.details!.map((d) => [d.code, d.pointer])).to.deep.equal([['E-CURRENCY', '/relations/0/expr']]);
            expect(body.error.details![0].span).to.deep.equal([0, 10]);
        }
    });

    it('a schema leaving too little of a reading window: validate_schema succeeds, extract is an isError E-LIMIT at /fields', async () => {
        // The window-room check is an extraction-only check (docs/runtime-server.md), over MCP as over REST.
        const schema = {
            svc_schema: '1.0',
            name: 'wordy',
            fields: Array.from({ length: 32 }, (_, i) => ({ name: `field_${i}`, type: 'string', description: `${'word '.repeat(99)}end` })),
        };
        const validated = okOf(await client.callTool({ name: 'validate_schema', arguments: { schema } }));
        const restAnswer = await rest('/v1/schemas/validate', { schema });
        expect(restAnswer.status, restAnswer.text).to.equal(200);
        expect(validated).to.deep.equal(restAnswer.json);
        expect(validated.schema_hash).to.match(/^sha256:[0-9a-f]{64}$/);
        const body = errorOf(await client.callTool({ name: 'extract', arguments: { schema, document: MCP_DOC } }));
        expect(body.error.code).to.equal('invalid_request');
        expect(body.error.details!.map((d) => [d.code, d.pointer])).to.deep.equal([['E-LIMIT', '/fields']]);
    });

    it('invalid arguments: isError with the REST validation details', async () => {
        const args = { schema: MCP_SCHEMA, document: '   ', language: 'fr' };
        const body = errorOf(await client.callTool({ name: 'extract', arguments: args }));
        expect(body).to.deep.equal((await rest('/v1/extractions', args)).json);
        expect(body.error.details!.map((d) => d.path.join('.')).sort()).to.deep.equal(['document', 'language']);
        const missing = errorOf(await client.callTool({ name: 'validate_schema', arguments: {} }));
        expect(missing.error.details![0]).to.include({ code: 'invalid_type' });
    });

    it('edit_extraction with a tampered session: isError invalid_request without details', async () => {
        const extraction = okOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
        const s: string = extraction.session;
        const i = s.length - 5;
        const tampered = { ...extraction, session: s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1) };
        const body = errorOf(
            await client.callTool({ name: 'edit_extraction', arguments: { extraction: tampered, edit: { action: 'retract', bundle: 0 } } }),
        );
        expect(body.error.code).to.equal('invalid_request');
        expect(body.error).not.to.have.property('details');
        const other = errorOf(
            await client.callTool({
                name: 'edit_extraction',
                arguments: { extraction: { ...extraction, document: `${MCP_DOC} ` }, edit: { action: 'retract', bundle: 0 } },
            }),
        );
        expect(other.error.code).to.equal('invalid_request');
    });

    it('an unknown tool: isError not_found naming the tools', async () => {
        const body = errorOf(await client.callTool({ name: 'delete_everything', arguments: {} }));
        expect(body.error.code).to.equal('not_found');
        expect(body.error.message).to.include('validate_schema, extract, edit_extraction');
    });
});

describe('MCP over streamable HTTP: keys, scopes, credit (docs/mcp.md)', () => {
    let t: TestServer;
    before(async () => {
        t = await realServer();
    });
    after(async () => {
        await t.stop();
    });

    const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };

    it('no key, an unknown key, a revoked key: HTTP 401 with the interface body; the SDK client cannot connect', async () => {
        const k = await newKey(t);
        await t.server.services.store.revokeKey(k.id);
        for (const headers of [
            {} as Record<string, string>,
            bearer('svc_' + 'x'.repeat(40)),
            bearer(k.key),
            { 'x-api-key': 'nope' },
            { authorization: 'Basic abc' },
        ]) {
            const r = await rawMcp(t, init, headers);
            expect(r.status).to.equal(401);
            expect(r.json).to.deep.equal(UNAUTHORIZED);
            const r2 = await rawMcp(t, toolCall(2, 'validate_schema', { schema: MCP_SCHEMA }), headers);
            expect(r2.status).to.equal(401);
        }
        expect(((await expectRejection(httpClient(t, bearer(k.key)), /"code":"unauthorized"/)) as { code?: number }).code).to.equal(401);
    });

    it('no key: 401 before the body is read (a body that never comes is not waited for)', async () => {
        // As on /v1 (the judging order): before, /mcp read the whole body first, and a body
        // trickled in held the request for the 30 s a request may take.
        const answer = await new Promise<string>((resolve, reject) => {
            const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
            let got = '';
            socket.on('data', (d) => {
                got += d.toString('latin1');
                if (got.includes('\r\n\r\n')) {
                    socket.destroy();
                    resolve(got);
                }
            });
            socket.on('error', reject);
            socket.write(
                'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
                    'Content-Length: 2000000\r\n\r\n{"jsonrpc":"2.0",',
            );
        });
        expect(answer.split('\r\n')[0]).to.equal('HTTP/1.1 401 Unauthorized');
    });

    it('x-api-key works as on /v1', async () => {
        const k = await newKey(t);
        const client = await httpClient(t, { 'x-api-key': k.key });
        okOf(await client.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } }));
        await client.close();
    });

    it("a key without a tool's scope: that tool is an isError 401 body, the others work", async () => {
        const k = await newKey(t, { scopes: ['schemas:validate'] });
        const client = await httpClient(t, bearer(k.key));
        expect((await client.listTools()).tools).to.have.length(3);
        okOf(await client.callTool({ name: 'validate_schema', arguments: { schema: MCP_SCHEMA } }));
        expect(errorOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }))).to.deep.equal(
            UNAUTHORIZED,
        );
        expect(errorOf(await client.callTool({ name: 'edit_extraction', arguments: { extraction: {}, edit: {} } }))).to.deep.equal(
            UNAUTHORIZED,
        );
        await client.close();
    });

    it('credit exhausted: isError insufficient_credit, nothing spent', async () => {
        const k = await newKey(t, { credit: 1 });
        const client = await httpClient(t, bearer(k.key));
        okOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
        const body = errorOf(await client.callTool({ name: 'extract', arguments: { schema: MCP_SCHEMA, document: MCP_DOC } }));
        expect(body).to.deep.equal({ error: { code: 'insufficient_credit', message: body.error.message } });
        expect((await t.server.services.store.findAccountByEmail(k.email))!.creditReads).to.equal(0);
        await client.close();
    });

    it('GET and DELETE /mcp: 405 (stateless); malformed or over-deep JSON: a JSON-RPC parse error', async () => {
        const k = await newKey(t);
        for (const method of ['GET', 'DELETE']) {
            const res = await fetch(`${t.url}/mcp`, { method, headers: bearer(k.key) });
            expect(res.status).to.equal(405);
            expect(res.headers.get('allow')).to.equal('POST');
        }
        for (const bad of ['{"jsonrpc": "2.0",', '', `${'['.repeat(300)}${']'.repeat(300)}`]) {
            const r = await rawMcp(t, bad, bearer(k.key));
            expect(r.status).to.equal(400);
            expect(r.json.error.code).to.equal(-32700);
        }
        // Deep but within bounds: the route judges it, as over REST (E-JSON-SYNTAX past 64 levels).
        const deep = JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`);
        const r = await rawMcp(t, toolCall(3, 'validate_schema', { schema: deep }), bearer(k.key));
        expect(r.status).to.equal(200);
        expect(r.json.result.isError).to.equal(true);
        expect(JSON.parse(r.json.result.content[0].text).error.details[0].code).to.equal('E-JSON-SYNTAX');
    });

    it('tools/call whose arguments are no object, without a name, or asking for a task: -32602 invalid params, not -32603', async () => {
        const k = await newKey(t);
        for (const [i, params] of [
            { name: 'validate_schema', arguments: null },
            { name: 'validate_schema', arguments: [1] },
            { arguments: {} },
            { name: 'validate_schema', arguments: { schema: MCP_SCHEMA }, task: { ttl: 1000 } }, // svc offers no tasks
        ].entries()) {
            const r = await rawMcp(t, { jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params }, bearer(k.key));
            expect(r.json.error?.code, JSON.stringify(r.json)).to.equal(-32602);
        }
    });
});
