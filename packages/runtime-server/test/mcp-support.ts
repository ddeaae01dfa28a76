// Test support for the MCP surface: an SDK client over streamable HTTP, and the pieces of a result.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { Engine, HeuristicReader, secretRingOf } from '@svc/extraction';
import { expect } from 'chai';
import { startTestServer, type TestServer } from './test-server.js';

export async function httpClient(t: TestServer, headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'svc-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers } }));
    return client;
}

export type ToolResult = {
    isError?: boolean;
    content: Array<{ type: string; text?: string }>;
    structuredContent?: Record<string, unknown>;
};

/** The API error body an isError result carries as its first text. */
export function errorOf(result: unknown): { error: { code: string; message: string; details?: any[] } } {
    const r = result as ToolResult;
    expect(r.isError, JSON.stringify(r).slice(0, 400)).to.equal(true);
    expect(r.structuredContent).to.equal(undefined);
    return JSON.parse(r.content[0]!.text!);
}

/** The structured content of a successful result, after checking it also has a text summary. */
export function okOf(result: unknown): Record<string, any> {
    const r = result as ToolResult;
    expect(r.isError ?? false, JSON.stringify(r).slice(0, 600)).to.equal(false);
    expect(r.content[0]!.type).to.equal('text');
    expect(r.content[0]!.text).to.be.a('string').that.is.not.empty;
    return r.structuredContent!;
}

/** One JSON-RPC POST to /mcp without the SDK (to see HTTP statuses and headers). */
export async function rawMcp(
    t: TestServer,
    message: unknown,
    headers: Record<string, string> = {},
): Promise<{ status: number; json: any; headers: Headers }> {
    const res = await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
            ...headers,
        },
        body: typeof message === 'string' ? message : JSON.stringify(message),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export const toolCall = (id: number, name: string, args: unknown) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
});

// Servers with the real engine and the example invoice, shared by the MCP suites.
export const EXAMPLES = new URL('../../../../examples/', import.meta.url);
export const MCP_SCHEMA = JSON.parse(readFileSync(new URL('invoice-en.svc.json', EXAMPLES), 'utf8'));
/** The example invoice with a second, different amount due: the amounts conflict. */
export const MCP_DOC = readFileSync(new URL('invoice-en.txt', EXAMPLES), 'utf8').replace('Thank you', 'Amount due: €1,098.00. Thank you');
export const BAD_SCHEMA = {
    svc_schema: '1.0',
    name: 'bad',
    fields: [
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'vat', type: 'money', currency: 'USD' },
    ],
    relations: [{ id: 'r', expr: 'net == vat' }],
};
export const UNLIMITED = { perKey: 100_000, perAccount: 100_000, perIp: 100_000, extractionsPerAccount: 100_000 };
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export function realEngine(): Engine {
    return new Engine({ reader: new HeuristicReader(), secrets: secretRingOf(['mcp-test-secret-0123456789abcdef']), concurrency: 1 });
}

export async function realServer(limits: Record<string, number> = UNLIMITED, now?: () => number): Promise<TestServer> {
    return startTestServer({
        config: { sessionSecrets: ['mcp-test-secret-0123456789abcdef'] },
        limits,
        overrides: { engine: realEngine(), editor: undefined, env: {}, ...(now ? { now } : {}) },
    });
}

export async function expectRejection(p: Promise<unknown>, pattern: RegExp): Promise<Error> {
    let error: unknown;
    try {
        await p;
    } catch (e) {
        error = e;
    }
    expect(error, 'expected a rejection').to.be.instanceOf(Error);
    expect(String((error as Error).message)).to.match(pattern);
    return error as Error;
}
