// The VS Code client: starts the bundled language server (dist/server.cjs) over IPC for svc-schema
// documents and for JSON documents (the server itself decides which JSON is a schema: a top-level
// "svc_schema" key). Which of the two answers what is written in docs/lsp.md ("VS Code").
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
            // VS Code's JSON extension (a declared dependency) also serves these documents: it formats,
            // folds and draws the outline. No JSON Schema is associated with them in VS Code, so the
            // server alone completes, hovers and validates (its items know the field's type), and the
            // server's own outline is left out here: one outline, one hover, no doubled completions.
            provideDocumentSymbols: () => undefined,
        },
    };
    return new LanguageClient('svcSchema', 'svc language server', serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    client = createClient(context);
    context.subscriptions.push(
        vscode.commands.registerCommand('svcSchema.restartServer', async () => {
            await client?.restart();
        }),
    );
    await client.start();
}

export async function deactivate(): Promise<void> {
    await client?.stop();
    client = undefined;
}
