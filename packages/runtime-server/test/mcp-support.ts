// Test support for the MCP surface: an SDK client over streamable HTTP, and the pieces of a result.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import type { TestServer } from './test-server.js';

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
