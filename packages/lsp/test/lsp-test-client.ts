// Drives the real server over stdio with vscode-jsonrpc, as an editor would: spawn the bin,
// initialize, open and change documents, collect published diagnostics.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver';

export const SERVER_BIN = fileURLToPath(new URL('../../bin/svc-language-server.js', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface SessionOptions {
    /** Offered through general.positionEncodings; omitted: the client says nothing (UTF-16). */
    encodings?: string[];
    initializationOptions?: Record<string, unknown>;
    /** Node arguments before the script (e.g. --expose-gc). */
    nodeArgs?: string[];
    /** Another server entry (the esbuild bundle). */
    serverPath?: string;
    /** Environment variables added to this process's for the server (e.g. TMPDIR). */
    env?: Record<string, string>;
}

export class LspSession {
    readonly published: PublishDiagnosticsParams[] = [];
    private waiters: Array<{ test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
    initializeResult!: InitializeResult;

    private constructor(
        readonly process: ChildProcess,
        readonly connection: MessageConnection,
    ) {
        connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
            this.published.push(p);
            this.waiters = this.waiters.filter((w) => {
                if (!w.test(p)) return true;
                w.resolve(p);
                return false;
            });
        });
        connection.onRequest('workspace/configuration', () => []);
        connection.onRequest('client/registerCapability', () => null);
        connection.onNotification('window/logMessage', () => undefined);
    }

    static async start(options: SessionOptions = {}): Promise<LspSession> {
        const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.serverPath ?? SERVER_BIN, '--stdio'], {
            stdio: ['pipe', 'pipe', 'inherit'],
            env: { ...process.env, ...options.env },
        });
        const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
        const session = new LspSession(child, connection);
        connection.listen();
        const capabilities: Record<string, unknown> = {
            textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true }, rename: { prepareSupport: true } },
        };
        if (options.encodings) capabilities.general = { positionEncodings: options.encodings };
        session.initializeResult = await connection.sendRequest('initialize', {
            processId: process.pid,
            rootUri: null,
            capabilities,
            initializationOptions: options.initializationOptions,
        });
        await connection.sendNotification('initialized', {});
        return session;
    }

    /** The next publication for `uri` that passes `test` (default: any), or a timeout error. */
    nextDiagnostics(
        uri: string,
        test: (p: PublishDiagnosticsParams) => boolean = () => true,
        timeoutMs = 15000,
    ): Promise<PublishDiagnosticsParams> {
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
            this.waiters.push({
                test: (p) => p.uri === uri && test(p),
                resolve: (p) => {
                    clearTimeout(timer);
                    resolve(p);
                },
            });
        });
    }

    /** Opens a document and returns its first diagnostics. */
    async open(uri: string, text: string, languageId = 'json', version = 1): Promise<Diagnostic[]> {
        const next = this.nextDiagnostics(uri, (p) => p.version === version);
        await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
        return (await next).diagnostics;
    }

    /** Sends changes and returns the diagnostics published for that version. */
    async change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<Diagnostic[]> {
        const next = this.nextDiagnostics(uri, (p) => p.version === version);
        await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
        return (await next).diagnostics;
    }

    request<R>(method: string, params: unknown): Promise<R> {
        return this.connection.sendRequest(method, params) as Promise<R>;
    }

    async stop(): Promise<void> {
        try {
            await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
            await this.connection.sendNotification('exit');
        } catch {
            // the server is gone already
        }
        const exited = new Promise((r) => this.process.once('exit', r));
        setTimeout(() => this.process.kill(), 2000).unref();
        if (this.process.exitCode === null) await exited;
        this.connection.dispose();
    }
}
