// The VS Code client: starts the bundled language server (dist/server.cjs) over IPC for svc-schema
// documents and for JSON documents (the server itself decides which JSON is a schema: a top-level
// "svc_schema" key).
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

function createClient(context: vscode.ExtensionContext): LanguageClient {
    const module = context.asAbsolutePath('dist/server.cjs');
    const serverOptions: ServerOptions = {
        run: { module, transport: TransportKind.ipc },
        debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    const debounceMs = vscode.workspace.getConfiguration('svcSchema').get<number | null>('diagnostics.debounceMs');
    const clientOptions: LanguageClientOptions = {
        documentSelector: [
            { scheme: 'file', language: 'svc-schema' },
            { scheme: 'untitled', language: 'svc-schema' },
            { scheme: 'file', language: 'json' },
            { scheme: 'untitled', language: 'json' },
        ],
        initializationOptions: debounceMs === null || debounceMs === undefined ? {} : { debounceMs },
        middleware: {
            // In svc-schema documents VS Code's JSON service already completes the JSON from the
            // contributed JSON Schema; keep only the server's expression completions there.
            provideCompletionItem: async (document, position, context, token, next) => {
                const result = await next(document, position, context, token);
                if (document.languageId !== 'svc-schema' || !result) return result;
                const isJson = (item: vscode.CompletionItem): boolean => (item as { data?: { area?: string } }).data?.area === 'json';
                return Array.isArray(result) ? result.filter((i) => !isJson(i)) : new vscode.CompletionList(result.items.filter((i) => !isJson(i)), result.isIncomplete);
            },
        },
    };
    return new LanguageClient('svcSchema', 'svc language server', serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    client = createClient(context);
    context.subscriptions.push(vscode.commands.registerCommand('svcSchema.restartServer', async () => {
        await client?.restart();
    }));
    await client.start();
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
