// Connects the protocol to the services: the initialize handshake (capabilities, position
// encoding, options), document synchronisation, and one handler per feature. Requests on
// documents that are not schemas get empty answers.
import {
    CodeActionKind,
    TextDocumentSyncKind,
    type InitializeParams,
    type InitializeResult,
    type ServerCapabilities,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { LEGEND } from './features/semantic-tokens-provider.js';
import type { SvcLspOptions, SvcLspServices } from './lsp-module.js';
import { negotiateEncoding } from './text/position-encoding.js';

export const SERVER_NAME = 'svc-language-server';
export const SERVER_VERSION = '0.1.0';

export function capabilities(): ServerCapabilities {
    return {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['"', "'", '(', ',', ' ', '='], resolveProvider: false },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        semanticTokensProvider: { legend: LEGEND, full: true, range: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    };
}

export function registerHandlers(services: SvcLspServices): void {
    const { connection, options } = services;
    const { store, analyzer, detector, limit } = services.documents;
    const { publisher } = services.diagnostics;
    const f = services.features;
    const schemas = new Set<string>();

    connection.onInitialize((params: InitializeParams): InitializeResult => {
        const negotiated = negotiateEncoding(params);
        services.text.encoder.encoding = negotiated.encoding;
        Object.assign(options, (params.initializationOptions ?? {}) as SvcLspOptions);
        f.symbols.hierarchical = params.capabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport ?? false;
        const caps = capabilities();
        const result: InitializeResult & { offsetEncoding?: string } = {
            capabilities: caps,
            serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
        };
        if (negotiated.via === 'positionEncodings') caps.positionEncoding = negotiated.encoding;
        if (negotiated.via === 'offsetEncoding') result.offsetEncoding = negotiated.encoding; // clangd's extension
        return result;
    });

    const track = (doc: TextDocument | undefined, immediate: boolean): void => {
        if (!doc) return;
        if (detector.isSchema(doc)) {
            schemas.add(doc.uri);
            publisher.schedule(doc.uri, immediate);
        } else if (schemas.delete(doc.uri)) {
            publisher.clear(doc.uri); // it stopped being a schema: clear what was published
        }
    };
    connection.onDidOpenTextDocument((p) => track(store.open(p), true));
    connection.onDidChangeTextDocument((p) => track(store.change(p), false));
    connection.onDidCloseTextDocument((p) => {
        store.close(p.textDocument.uri);
        analyzer.drop(p.textDocument.uri);
        if (schemas.delete(p.textDocument.uri)) publisher.clear(p.textDocument.uri);
    });

    /** Runs `fn` on an open schema document within the size limit, or answers `fallback` (nothing read). */
    const on = <T>(uri: string, fallback: T, fn: (doc: TextDocument) => T): T => {
        const doc = store.get(uri);
        return doc && schemas.has(uri) && !limit.isOver(doc) ? fn(doc) : fallback;
    };
    connection.onCompletion((p) => on(p.textDocument.uri, null, (doc) => f.completion.complete(doc, p)));
    connection.onHover((p) => on(p.textDocument.uri, null, (doc) => f.hover.hover(doc, p.position)));
    connection.onDefinition((p) => on(p.textDocument.uri, null, (doc) => f.navigation.definition(doc, p.position)));
    connection.onReferences((p) =>
        on(p.textDocument.uri, null, (doc) => f.navigation.references(doc, p.position, p.context.includeDeclaration)),
    );
    connection.onPrepareRename((p) => on(p.textDocument.uri, null, (doc) => f.rename.prepare(doc, p.position)));
    connection.onRenameRequest((p) => on(p.textDocument.uri, null, (doc) => f.rename.rename(doc, p.position, p.newName)));
    connection.onDocumentSymbol((p) => on(p.textDocument.uri, [], (doc) => f.symbols.symbols(doc)));
    connection.languages.semanticTokens.on((p) => on(p.textDocument.uri, { data: [] }, (doc) => f.semanticTokens.tokens(doc)));
    connection.languages.semanticTokens.onRange((p) =>
        on(p.textDocument.uri, { data: [] }, (doc) => f.semanticTokens.tokens(doc, p.range)),
    );
    connection.onCodeAction((p) => on(p.textDocument.uri, [], (doc) => f.codeActions.actions(doc, p)));

    // Diagnostics of the server itself, for the bench and tests: memory after a forced GC when the
    // process runs with --expose-gc, and the publisher's counters. The worker answers only between
    // compiles, so `{worker: false}` leaves it out to see the counters while a compile runs.
    connection.onRequest('svc/serverStats', async (params?: { worker?: boolean }) => {
        (globalThis as { gc?: () => void }).gc?.();
        const { runner } = services.compile;
        const worker = params?.worker === false ? undefined : await runner.workerStats();
        return {
            memory: process.memoryUsage(),
            publisher: { ...publisher.stats },
            overLimit: limit.stats.over,
            analysed: analyzer.stats.analysed,
            encoding: services.text.encoder.encoding,
            compile: { ...runner.stats, workerHeapUsed: worker?.heapUsed, workerTrees: worker?.trees },
        };
    });
    connection.onShutdown(() => {
        services.compile.runner.dispose();
        services.diagnostics.pages.dispose();
    });
}
