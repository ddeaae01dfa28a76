// `svc mcp` over stdio with the official SDK's client (docs/mcp.md): the same tools as /mcp, each
// tool's result equal to the REST answer for the same input, and every failure an isError result
// carrying the API's error body — a bad key included, since stdio has no HTTP status to give.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SCHEMA_LANGUAGE_DOC_PATH } from '@svc/runtime-server';
import { expect } from 'chai';
import { REPO, SVC_BIN, errorOf, httpClient, okOf, startApi, stdioClient, textsOf, type Api } from './mcp-support.js';

// The Dutch example invoice: the same surface in the other language.
const SCHEMA = JSON.parse(readFileSync(join(REPO, 'examples/factuur-nl.svc.json'), 'utf8'));
const DOC = readFileSync(join(REPO, 'examples/factuur-nl.txt'), 'utf8');
const BAD_SCHEMA = {
    svc_schema: '1.0',
    name: 'bad',
    fields: [{ name: 'a', type: 'decimal', scale: 2 }],
    relations: [{ id: 'r', expr: 'a / 3 == 1' }],
};

describe('svc mcp over stdio (docs/mcp.md)', function () {
    this.timeout(60_000);
    let api: Api;
    let key: string;
    let client: Client;
    before(async () => {
        api = await startApi();
        key = (await api.newKey({ credit: 1000 })).key;
        client = await stdioClient({ SVC_API_URL: api.url, SVC_API_KEY: key });
    });
    after(async () => {
        await client?.close();
        await api?.stop();
    });

    it('lists the same tools, schemas and resource as /mcp', async () => {
        const stdio = await client.listTools();
        expect(stdio.tools.map((t) => t.name)).to.deep.equal(['validate_schema', 'extract', 'edit_extraction']);
        const http = await httpClient(api.url, key);
        expect(stdio).to.deep.equal(await http.listTools());
        expect(await client.listResources()).to.deep.equal(await http.listResources());
        await http.close();
        const read = await client.readResource({ uri: 'svc://docs/schema-language' });
        expect((read.contents[0] as { text: string }).text).to.equal(readFileSync(SCHEMA_LANGUAGE_DOC_PATH, 'utf8'));
    });

    it('validate_schema, extract and edit_extraction answer what REST answers', async () => {
        const v = await client.callTool({ name: 'validate_schema', arguments: { schema: SCHEMA } });
        expect(okOf(v)).to.deep.equal((await api.rest(key, '/v1/schemas/validate', { schema: SCHEMA })).json);
        const args = { schema: SCHEMA, document: DOC, language: 'nl' };
        const x = okOf(await client.callTool({ name: 'extract', arguments: args }));
        const restX = await api.rest(key, '/v1/extractions', args);
        expect(restX.status).to.equal(200);
        expect(x).to.deep.equal(restX.json);
        expect(x.response.data.factuurnummer).to.equal('2024-0193');
        const edit = { action: 'insert', candidate: { slot: 'totaal', quote: '€ 314,60', p: 0.5 } };
        const e = okOf(await client.callTool({ name: 'edit_extraction', arguments: { extraction: x, edit } }));
        expect(e).to.deep.equal((await api.rest(key, '/v1/extractions/edit', { extraction: x, edit })).json);
        expect(e.revision).to.equal(1);
    });

    it('a bad schema: isError with the compile details; a tampered session: isError invalid_request', async () => {
        const body = errorOf(await client.callTool({ name: 'validate_schema', arguments: { schema: BAD_SCHEMA } }));
        expect(body).to.deep.equal((await api.rest(key, '/v1/schemas/validate', { schema: BAD_SCHEMA })).json);
        expect(body.error.details!.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED']);
        const x = okOf(await client.callTool({ name: 'extract', arguments: { schema: SCHEMA, document: DOC, language: 'nl' } }));
        const i = x.session.length - 6;
        const tampered = { ...x, session: x.session.slice(0, i) + (x.session[i] === 'A' ? 'B' : 'A') + x.session.slice(i + 1) };
        const t = errorOf(
            await client.callTool({ name: 'edit_extraction', arguments: { extraction: tampered, edit: { action: 'retract', bundle: 0 } } }),
        );
        expect(t.error.code).to.equal('invalid_request');
        expect(t.error).not.to.have.property('details');
    });

    it('a bad key and a key without the scope: isError with the API 401 body', async () => {
        const unauthorized = { error: { code: 'unauthorized', message: 'Invalid, expired or insufficiently scoped API key.' } };
        const bad = await stdioClient({ SVC_API_URL: api.url, SVC_API_KEY: `svc_${'z'.repeat(40)}` });
        expect(errorOf(await bad.callTool({ name: 'validate_schema', arguments: { schema: SCHEMA } }))).to.deep.equal(unauthorized);
        await bad.close();
        const scoped = await stdioClient({ SVC_API_URL: api.url, SVC_API_KEY: (await api.newKey({ scopes: ['extractions:create'] })).key });
        expect(errorOf(await scoped.callTool({ name: 'validate_schema', arguments: { schema: SCHEMA } }))).to.deep.equal(unauthorized);
        okOf(await scoped.callTool({ name: 'extract', arguments: { schema: SCHEMA, document: DOC, language: 'nl' } }));
        await scoped.close();
    });

    it('without SVC_API_KEY it starts, lists the tools, and answers every call with how to set a key', async () => {
        const none = await stdioClient({ SVC_API_URL: api.url });
        expect((await none.listTools()).tools).to.have.length(3);
        for (const name of ['validate_schema', 'extract', 'edit_extraction']) {
            const body = errorOf(await none.callTool({ name, arguments: { schema: SCHEMA } }));
            expect(body.error.code).to.equal('unauthorized');
            expect(body.error.message).to.include('set SVC_API_KEY');
        }
        await none.close();
    });

    it('the API unreachable: isError pipeline_unavailable naming the URL', async () => {
        const down = await stdioClient({ SVC_API_URL: 'http://127.0.0.1:9', SVC_API_KEY: key });
        const body = errorOf(await down.callTool({ name: 'validate_schema', arguments: { schema: SCHEMA } }));
        expect(body.error.code).to.equal('pipeline_unavailable');
        expect(body.error.message).to.include('http://127.0.0.1:9');
        await down.close();
    });

    it('credit exhausted: isError insufficient_credit', async () => {
        const k = await api.newKey({ credit: 0 });
        const c = await stdioClient({ SVC_API_URL: api.url, SVC_API_KEY: k.key });
        expect(
            errorOf(await c.callTool({ name: 'extract', arguments: { schema: SCHEMA, document: DOC, language: 'nl' } })).error.code,
        ).to.equal('insufficient_credit');
        await c.close();
    });

    it('the 31st extraction in a minute: isError rate_limited with the wait', async () => {
        const k = await api.newKey({ credit: 100 });
        const c = await stdioClient({ SVC_API_URL: api.url, SVC_API_KEY: k.key });
        for (let i = 0; i < 30; i++)
            okOf(await c.callTool({ name: 'extract', arguments: { schema: SCHEMA, document: DOC, language: 'nl' } }));
        const r = await c.callTool({ name: 'extract', arguments: { schema: SCHEMA, document: DOC, language: 'nl' } });
        expect(errorOf(r).error.code).to.equal('rate_limited');
        expect(textsOf(r)[1]).to.equal('Rate limit reached: wait 60 seconds before retrying this tool.');
        await c.close();
    });

    it('a line that is no JSON-RPC message is answered: -32700 for broken or too deep JSON, -32600 for other JSON', async () => {
        // The SDK's stdio transport answered nothing, and deep arguments overflowed the stack when forwarded.
        const child = spawn(process.execPath, [SVC_BIN, 'mcp'], { cwd: REPO, env: { PATH: process.env.PATH ?? '' } });
        let out = '';
        const lines = new Promise<string[]>((resolve) => {
            child.stdout.on('data', (d: Buffer) => {
                out += d.toString('utf8');
                const got = out.split('\n').filter(Boolean);
                if (got.length === 3) resolve(got);
            });
        });
        child.stdin.write(
            `{not json\n[1,2,3]\n{"jsonrpc":"2.0","id":2,"method":"ping","params":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}\n`,
        );
        const codes = (await lines).map((l) => JSON.parse(l).error.code);
        child.kill();
        expect(codes).to.deep.equal([-32700, -32600, -32700]);
    });

    it('answers the tool calls in flight when the client closes stdin, then exits 0', async () => {
        // A slow API: the call is still waiting for it when stdin ends (it used to be dropped).
        const slow = createServer((_req, res) => {
            setTimeout(
                () => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"unauthorized","message":"slow"}}'),
                800,
            );
        });
        await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
        const env = {
            PATH: process.env.PATH ?? '',
            SVC_API_URL: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
            SVC_API_KEY: key,
        };
        const child = spawn(process.execPath, [SVC_BIN, 'mcp'], { cwd: REPO, env });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
        const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
        const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
        const call = { name: 'validate_schema', arguments: { schema: SCHEMA } };
        child.stdin.end(
            [
                { jsonrpc: '2.0', id: 1, method: 'initialize', params: init },
                { jsonrpc: '2.0', method: 'notifications/initialized' },
                { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call },
            ]
                .map((m) => `${JSON.stringify(m)}\n`)
                .join(''),
        );
        const code = await exited;
        slow.close();
        const answers = out
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l));
        expect(answers.map((a) => a.id)).to.deep.equal([1, 2]);
        expect(JSON.parse(answers[1].result.content[0].text).error.message).to.equal('slow');
        expect(code).to.equal(0);
    });
});
