// Test support for `svc mcp`: a real API server in this process (temporary data directory, embedded
// heuristic reader, a fixed clock so no minute boundary falls inside a test), SDK clients over stdio
// and streamable HTTP, and the pieces of a tool result.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAccount, createKey, createServer, loadConfig, type SvcServer } from '@svc/runtime-server';
import { expect } from 'chai';

export const REPO = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
export const SVC_BIN = join(REPO, 'packages/cli/bin/svc.js');

export interface Api {
    server: SvcServer;
    url: string;
    stop(): Promise<void>;
    newKey(options?: { scopes?: string[]; credit?: number }): Promise<{ key: string; email: string }>;
    rest(key: string, path: string, body: unknown): Promise<{ status: number; json: any }>;
}

let seq = 0;

export async function startApi(): Promise<Api> {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-mcp-test-'));
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const config = loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, REPO);
    const server = createServer(config, { logSink: () => {}, env: {}, now: () => minute });
    const url = await server.listen();
    const store = server.services.store;
    return {
        server,
        url,
        async stop() {
            await server.close();
            rmSync(dataDir, { recursive: true, force: true });
        },
        async newKey(options = {}) {
            const email = `mcp${++seq}-${process.pid}@example.test`;
            const account = await createAccount(store, email);
            if (options.credit !== undefined) await store.addCredit(email, options.credit - account.creditReads);
            return { key: (await createKey(store, { email, name: 'mcp-test', scopes: options.scopes })).key, email };
        },
        async rest(key, path, body) {
            const res = await fetch(url + path, {
                method: 'POST',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify(body),
            });
            return { status: res.status, json: await res.json() };
        },
    };
}

/** `svc mcp` as a child process, with exactly the environment given (plus PATH and HOME). */
export async function stdioClient(env: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'svc-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SVC_BIN, 'mcp'], env, cwd: REPO, stderr: 'pipe' }));
    return client;
}

export async function httpClient(url: string, key: string): Promise<Client> {
    const client = new Client({ name: 'svc-test', version: '1.0.0' });
    await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
}

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, any> };

export function errorOf(result: unknown): { error: { code: string; message: string; details?: any[] } } {
    const r = result as ToolResult;
    expect(r.isError, JSON.stringify(r).slice(0, 400)).to.equal(true);
    return JSON.parse(r.content[0]!.text!);
}

export function okOf(result: unknown): Record<string, any> {
    const r = result as ToolResult;
    expect(r.isError ?? false, JSON.stringify(r).slice(0, 600)).to.equal(false);
    expect(r.content[0]!.text).to.be.a('string').that.is.not.empty;
    return r.structuredContent!;
}

export function textsOf(result: unknown): string[] {
    return (result as ToolResult).content.map((c) => c.text ?? '');
}
