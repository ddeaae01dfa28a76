// The one place that builds the server's object graph, with Langium's own dependency injection
// (`inject`: lazy factories behind a proxy, cycles reported), the style of the whole codebase.
// Replace a service by passing a partial module to `createSvcLspServices`.
import { inject, type DeepPartial, type Module } from 'langium';
import type { Connection } from 'vscode-languageserver';
import { CompileRunner, type CompileRunnerOptions } from './compile/compile-runner.js';
import { DiagnosticMapper } from './diagnostics/diagnostic-mapper.js';
import { DiagnosticPublisher } from './diagnostics/diagnostic-publisher.js';
import { ExplainPages } from './diagnostics/explain-pages.js';
import { DocumentAnalyzer } from './documents/document-analysis.js';
import { DocumentStore } from './documents/document-store.js';
import { SchemaDetector } from './documents/schema-detector.js';
import { SizeLimit } from './documents/size-limit.js';
import { CodeFixer } from './features/code-action-fixes.js';
import { CodeActionProvider } from './features/code-action-provider.js';
import { CompletionProvider } from './features/completion-provider.js';
import { FeatureRunner, type FeatureRunnerOptions } from './features/feature-runner.js';
import { HoverDescriber, HoverProvider } from './features/hover-provider.js';
import { NavigationProvider } from './features/navigation-provider.js';
import { RenameProvider } from './features/rename-provider.js';
import { SemanticTokensProvider } from './features/semantic-tokens-provider.js';
import { SymbolProvider } from './features/symbol-provider.js';
import { PositionEncoder } from './text/position-encoding.js';

/** Settings a client may pass as `initializationOptions`. */
export interface SvcLspOptions extends CompileRunnerOptions, FeatureRunnerOptions {
    /** Fixed debounce of diagnostics in ms (default: adaptive, 5..250 ms by the last compile time). */
    debounceMs?: number;
    /** Where the explanation pages linked from diagnostics are written. */
    explainDir?: string;
}

export interface SvcLspServices {
    connection: Connection;
    options: SvcLspOptions;
    text: { encoder: PositionEncoder };
    compile: { runner: CompileRunner };
    documents: { store: DocumentStore; analyzer: DocumentAnalyzer; detector: SchemaDetector; limit: SizeLimit };
    diagnostics: { mapper: DiagnosticMapper; pages: ExplainPages; publisher: DiagnosticPublisher };
    features: {
        completion: CompletionProvider;
        describer: HoverDescriber;
        hover: HoverProvider;
        navigation: NavigationProvider;
        rename: RenameProvider;
        symbols: SymbolProvider;
        semanticTokens: SemanticTokensProvider;
        fixer: CodeFixer;
        codeActions: CodeActionProvider;
        /** Where the analysis features run: the feature worker for a large document, else here. */
        runner: FeatureRunner;
    };
}

export function createSvcLspModule(connection: Connection, options: SvcLspOptions = {}): Module<SvcLspServices> {
    return {
        connection: () => connection,
        options: () => options,
        text: { encoder: () => new PositionEncoder() },
        compile: { runner: (s) => new CompileRunner(s.options) },
        documents: {
            store: (s) => new DocumentStore(s.text.encoder),
            analyzer: () => new DocumentAnalyzer(),
            detector: () => new SchemaDetector(),
            limit: () => new SizeLimit(),
        },
        diagnostics: {
            mapper: () => new DiagnosticMapper(),
            pages: (s) => new ExplainPages(s.options),
            publisher: (s) =>
                new DiagnosticPublisher(
                    {
                        connection: s.connection,
                        analyzer: s.documents.analyzer,
                        mapper: s.diagnostics.mapper,
                        encoder: s.text.encoder,
                        pages: s.diagnostics.pages,
                        runner: s.compile.runner,
                        limit: s.documents.limit,
                        options: s.options,
                    },
                    (uri) => s.documents.store.get(uri),
                ),
        },
        features: {
            completion: (s) => new CompletionProvider(s.documents.analyzer, s.text.encoder),
            describer: (s) => new HoverDescriber(s.documents.analyzer, s.text.encoder),
            hover: (s) => new HoverProvider(s.features.describer, s.text.encoder, s.diagnostics.publisher, s.diagnostics.pages),
            navigation: (s) => new NavigationProvider(s.documents.analyzer, s.text.encoder),
            rename: (s) => new RenameProvider(s.documents.analyzer, s.text.encoder),
            symbols: (s) => new SymbolProvider(s.documents.analyzer, s.text.encoder),
            semanticTokens: (s) => new SemanticTokensProvider(s.documents.analyzer, s.text.encoder),
            fixer: (s) => new CodeFixer(s.documents.analyzer),
            codeActions: (s) => new CodeActionProvider(s.features.fixer, s.text.encoder, s.diagnostics.publisher),
            runner: (s) => new FeatureRunner(s.options, s.compile.runner, s.text.encoder, s.features),
        },
    };
}

/** Builds the services; `overrides` replaces parts of the default module (tests, embedders). */
/** A module replacing some services, group by group. */
export type SvcLspOverrides = Module<SvcLspServices, DeepPartial<SvcLspServices>>;

export function createSvcLspServices(connection: Connection, options: SvcLspOptions = {}, overrides: SvcLspOverrides = {}): SvcLspServices {
    return inject(createSvcLspModule(connection, options), overrides) as SvcLspServices;
}
