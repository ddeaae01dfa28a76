// Connects the protocol to the services: the initialize handshake (capabilities, position
// encoding, options), document synchronisation, and one handler per feature. Requests on
// documents that are not schemas get empty answers.
import {
    CodeActionKind,
    TextDocumentSyncKind,
    type CancellationToken,
    type CompletionList,
    type DocumentSymbol,
    type InitializeParams,
    type InitializeResult,
    type Location,
    type PrepareRenameResult,
    type SemanticTokens,
    type SemanticTokensDelta,
    type ServerCapabilities,
    type SymbolInformation,
    type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Fix } from './features/code-action-fixes.js';
import type { FeatureCall } from './features/feature-calls.js';
import type { Described } from './features/hover-provider.js';
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
        semanticTokensProvider: { legend: LEGEND, full: { delta: true }, range: true },
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
            if (immediate && !limit.isOver(doc)) f.runner.warm(doc);
        } else if (schemas.delete(doc.uri)) {
            publisher.clear(doc.uri); // it stopped being a schema: clear what was published
        }
    };
    connection.onDidOpenTextDocument((p) => track(store.open(p), true));
    connection.onDidChangeTextDocument((p) => track(store.change(p), false));
    connection.onDidCloseTextDocument((p) => {
        store.close(p.textDocument.uri);
        analyzer.drop(p.textDocument.uri);
        f.runner.forget(p.textDocument.uri);
        f.semanticTokens.forget(p.textDocument.uri);
        if (schemas.delete(p.textDocument.uri)) publisher.clear(p.textDocument.uri);
    });

    // A schema document within the size limit gets features; any other request an empty answer.
    registerFeatures(services, (uri) => {
        const doc = store.get(uri);
        return doc && schemas.has(uri) && !limit.isOver(doc) ? doc : undefined;
    });

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
            features: { ...f.runner.stats },
            encoding: services.text.encoder.encoding,
            compile: { ...runner.stats, workerHeapUsed: worker?.heapUsed, workerTrees: worker?.trees },
        };
    });
    connection.onShutdown(() => {
        services.compile.runner.dispose();
        f.runner.dispose();
        services.diagnostics.pages.dispose();
    });
}

/** One handler per feature, each run where the document's features run (`FeatureRunner`). */
function registerFeatures(services: SvcLspServices, served: (uri: string) => TextDocument | undefined): void {
    const { connection } = services;
    const f = services.features;
    /** The answer of a feature call, or `fallback` for a document that gets none (nothing read). */
    const on = <T>(p: { textDocument: { uri: string } }, fallback: T, call: FeatureCall, token: CancellationToken) => {
        const doc = served(p.textDocument.uri);
        return doc ? f.runner.run<T>(doc, call, token) : fallback;
    };
    connection.onCompletion((p, t) => on<CompletionList | null>(p, null, { method: 'completion', position: p.position }, t));
    connection.onDefinition((p, t) => on<Location | null>(p, null, { method: 'definition', position: p.position }, t));
    connection.onReferences((p, t) => {
        const call: FeatureCall = { method: 'references', position: p.position, includeDeclaration: p.context.includeDeclaration };
        return on<Location[] | null>(p, null, call, t);
    });
    connection.onPrepareRename((p, t) => on<PrepareRenameResult | null>(p, null, { method: 'prepareRename', position: p.position }, t));
    connection.onRenameRequest((p, t) =>
        on<WorkspaceEdit | null>(p, null, { method: 'rename', position: p.position, newName: p.newName }, t),
    );
    connection.onDocumentSymbol((p, t) => {
        const call: FeatureCall = { method: 'symbols', hierarchical: f.symbols.hierarchical };
        return on<DocumentSymbol[] | SymbolInformation[]>(p, [], call, t);
    });
    connection.languages.semanticTokens.on((p, t) => on<SemanticTokens>(p, { data: [] }, { method: 'semanticTokens' }, t));
    connection.languages.semanticTokens.onDelta((p, t) => {
        const call: FeatureCall = { method: 'semanticTokensDelta', previousResultId: p.previousResultId };
        return on<SemanticTokens | SemanticTokensDelta>(p, { data: [] }, call, t);
    });
    connection.languages.semanticTokens.onRange((p, t) =>
        on<SemanticTokens>(p, { data: [] }, { method: 'semanticTokens', range: p.range }, t),
    );
    // Hover and quick fixes add what the server's own state says (the diagnostics) to the analysis's part.
    connection.onHover(async (p, t) => {
        const doc = served(p.textDocument.uri);
        return doc
            ? f.hover.hover(doc, p.position, await f.runner.run<Described | null>(doc, { method: 'hover', position: p.position }, t))
            : null;
    });
    connection.onCodeAction(async (p, t) => {
        const doc = served(p.textDocument.uri);
        const hits = doc ? f.codeActions.hits(doc, p) : [];
        if (!doc || hits.length === 0) return [];
        return f.codeActions.assemble(doc, hits, await f.runner.run<Fix[][]>(doc, { method: 'fixes', hits }, t));
    });
}
