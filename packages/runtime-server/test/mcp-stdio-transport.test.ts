// The stdio transport of `svc mcp` (mcp/mcp-stdio-transport.ts, docs/mcp.md): every line it cannot
// read is answered with a JSON-RPC error, as /mcp answers such a body (the SDK's transport answered
// nothing), and arguments that cannot be written as JSON are invalid params, not an unreachable API.
import { PassThrough } from 'node:stream';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { httpApiCaller } from '../src/mcp/mcp-remote.js';
import { MAX_LINE_BYTES, StdioLineTransport } from '../src/mcp/mcp-stdio-transport.js';

/** A transport on in-memory streams: what it passes on, and the lines it writes. */
async function harness(): Promise<{ transport: StdioLineTransport; input: PassThrough; passed: unknown[]; written: () => any[] }> {
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new StdioLineTransport(input, output);
    const passed: unknown[] = [];
    transport.onmessage = (m) => passed.push(m);
    await transport.start();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString('utf8')));
    return {
        transport,
        input,
        passed,
        written: () =>
            text
                .split('\n')
                .filter(Boolean)
                .map((l) => JSON.parse(l)),
    };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('svc mcp: the stdio transport answers every line it cannot read', () => {
    it('not JSON or nested deeper than 256 levels: -32700; JSON but no JSON-RPC message: -32600; messages pass', async () => {
        const h = await harness();
        const ping = { jsonrpc: '2.0', id: 4, method: 'ping' };
        const deep = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"validate_schema","arguments":{"schema":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`;
        h.input.write(`{not json\n[1,2,3]\n${deep}\n\n${JSON.stringify(ping)}\r\n`);
        await settled();
        expect(h.written()).to.deep.equal([
            { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: invalid JSON or nested too deeply' } },
            { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC message (one per line)' } },
            { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: invalid JSON or nested too deeply' } },
        ]);
        expect(h.passed).to.deep.equal([ping]);
    });

    it('a message split across chunks is read whole; a line over the cap is answered once and skipped', async () => {
        const h = await harness();
        const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
        h.input.write(ping.slice(0, 10));
        h.input.write(`${ping.slice(10)}\n`);
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let n = 0; n <= MAX_LINE_BYTES; n += chunk.length) h.input.write(chunk);
        h.input.write(`${ping}\n${ping}\n`);
        await settled();
        expect(h.written().map((m) => m.error.code)).to.deep.equal([-32700]);
        expect(h.passed).to.have.length(2); // the first ping, and the one after the overlong line's end
    });

    it('arguments that cannot be written as JSON: -32602 invalid params; the API is not called', async () => {
        let fetched = 0;
        const caller = httpApiCaller('http://127.0.0.1:9', 'svc_x', (async () => {
            fetched++;
            throw new Error('no');
        }) as unknown as typeof fetch);
        let deep: unknown = 0;
        for (let i = 0; i < 100_000; i++) deep = [deep];
        let error: unknown;
        await caller('/v1/schemas/validate', { schema: deep }).catch((e: unknown) => (error = e));
        expect(error).to.be.instanceOf(McpError);
        expect((error as McpError).code).to.equal(-32602);
        expect(fetched).to.equal(0);
    });

    it('answered() waits for every request read to be answered or cancelled (svc mcp after stdin ends), within its bound', async () => {
        const h = await harness();
        const call = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'extract' } });
        const cancel = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
        h.input.write(`${call(1)}\n${call(2)}\n${cancel}\n`);
        await settled();
        let done = false;
        const waiting = h.transport.answered(60_000).then(() => (done = true));
        await settled();
        expect(done).to.equal(false);
        await h.transport.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
        await waiting;
        expect(done).to.equal(true);
        h.input.write(`${call(3)}\n`);
        await settled();
        const started = Date.now();
        await h.transport.answered(50); // never answered: the bound ends the wait
        expect(Date.now() - started).to.be.within(40, 1000);
    });
});
