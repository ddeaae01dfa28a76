// Test support: a server in this process on port 0 with a temporary data directory, a scripted
// engine (a test double, never shipped), and small HTTP helpers.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExtractionEngine, ExtractionObject, ExtractionRequest, ReadPlan } from '@svc/extraction';
import type { Diagnostic } from '@svc/compiler';
import { MAX_WITHDRAW } from '../src/validation/request-schemas.js';
import {
    createAccount,
    createKey,
    createServer,
    loadConfig,
    type LimitConfig,
    type ServerConfig,
    type ServiceOverrides,
    type SvcServer,
} from '../src/index.js';

export interface TestServer {
    server: SvcServer;
    url: string;
    dataDir: string;
    logs: string[];
    stop(): Promise<void>;
}

export async function startTestServer(
    options: { config?: Partial<ServerConfig>; limits?: Partial<LimitConfig>; overrides?: ServiceOverrides } = {},
): Promise<TestServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-rs-test-'));
    // Inline pipeline unless a test asks for worker threads (config.workers): most tests start many
    // servers, and the pool's own tests (worker-pool.test.ts) exercise the threads.
    const config = loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, process.cwd(), {
        workers: 0,
        ...options.config,
        limits: { ...(options.config?.limits ?? {}), ...(options.limits ?? {}) } as LimitConfig,
    });
    const logs: string[] = [];
    const server = createServer(config, {
        engine: null,
        editor: null,
        logSink: (l) => {
            logs.push(l);
        },
        ...options.overrides,
    });
    const url = await server.listen();
    return {
        server,
        url,
        dataDir,
        logs,
        async stop() {
            await server.close();
            rmSync(dataDir, { recursive: true, force: true });
        },
    };
}

let seq = 0;
export async function newKey(
    t: TestServer,
    options: { email?: string; scopes?: string[]; expiresDays?: number; credit?: number } = {},
): Promise<{ key: string; id: string; email: string; accountId: string }> {
    const email = options.email ?? `user${++seq}-${process.pid}@example.test`;
    const store = t.server.services.store;
    let account = await store.findAccountByEmail(email);
    account ??= await createAccount(store, email);
    if (options.credit !== undefined) await store.addCredit(email, options.credit - account.creditReads);
    const k = await createKey(store, { email, name: 'test', scopes: options.scopes, expiresDays: options.expiresDays });
    return { key: k.key, id: k.id, email, accountId: account.id };
}

export interface Res {
    status: number;
    headers: Headers;
    text: string;
    json: any;
}

export async function call(
    t: TestServer,
    method: string,
    path: string,
    options: { key?: string; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<Res> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const res = await fetch(t.url + path, { method, headers, body });
    const text = await res.text();
    let json;
    try {
        json = text ? JSON.parse(text) : undefined;
    } catch {
        json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
}

/** The one detail of a withdraw list past its bound: its items are not judged (docs/runtime-server.md). */
export const WITHDRAW_TOO_BIG = {
    code: 'too_big',
    path: ['edit', 'withdraw'],
    origin: 'array',
    maximum: MAX_WITHDRAW,
    inclusive: true,
    message: `Too big: expected array to have <=${MAX_WITHDRAW} items`,
};

export const SCHEMA = {
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
};

export const DOC = 'Invoice number: INV-1\nTotal: EUR 10.00';

/** A scripted engine: one read per started 1,000 code points, a configurable delay and failure. */
export class ScriptedEngine implements ExtractionEngine {
    delayMs = 0;
    /** When set, every extraction waits for it (a test releases the reads when it has seen what it needs). */
    gate?: Promise<void>;
    failWith?: Error;
    planError?: Diagnostic;
    /** Characters of padding in the answer's data (a large answer). */
    padding = 0;
    /** Extractions begun (before any delay or gate) and finished. */
    started = 0;
    extracted = 0;

    plan(request: ExtractionRequest): ReadPlan | { error: Diagnostic } {
        if (this.planError) return { error: this.planError };
        const n = Array.from(request.document).length;
        return { reads: Math.max(1, Math.ceil(n / 1000)), inputTokens: Math.ceil(n / 4) };
    }

    async extract(request: ExtractionRequest): Promise<ExtractionObject> {
        this.started++;
        if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
        if (this.gate) await this.gate;
        if (this.failWith) throw this.failWith;
        this.extracted++;
        const plan = this.plan(request) as ReadPlan;
        return {
            object: 'extraction',
            reference: request.reference,
            language: request.language,
            document: request.document,
            schema: request.schema.normalized,
            options: request.options,
            response: {
                svc_response: '1.0',
                schema_hash: request.schema.schemaHash,
                data: this.padding ? { padding: 'x'.repeat(this.padding) } : {},
                fields: {},
                components: [],
            },
            active_bundles: [0],
            revision: 0,
            session: 'v1.test.test',
            warnings: [],
            usage: { input_tokens: plan.inputTokens, reads: plan.reads, window_tokens: 4096 },
        };
    }
}

export const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'Invalid, expired or insufficiently scoped API key.' } };

/** The error body of a response: its status, JSON content type, code, message and nothing else; the error. */
export function expectError(r: Res, status: number, code: string): { code: string; message: string; details?: any[] } {
    expect(r.status, r.text).to.equal(status);
    expect(r.headers.get('content-type')).to.match(/^application\/json/);
    expect(r.json.error.code, r.text).to.equal(code);
    expect(r.json.error.message).to.be.a('string').that.is.not.empty;
    expect(Object.keys(r.json)).to.deep.equal(['error']);
    return r.json.error;
}
