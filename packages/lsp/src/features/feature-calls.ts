// The features that read a document's analysis, as calls that can run on the server's thread or on
// the feature worker (feature-worker.ts) with the same code: completion, the analysis's part of a
// hover, definition, references, rename, symbols, semantic tokens and the quick fixes' edits. What
// needs the server's own state (the published diagnostics, the explanation pages) is added on the
// server's thread (hover-provider.ts, code-action-provider.ts).
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer } from '../documents/document-analysis.js';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { CodeFixer } from './code-action-fixes.js';
import { CompletionProvider } from './completion-provider.js';
import { HoverDescriber } from './hover-provider.js';
import { NavigationProvider } from './navigation-provider.js';
import { RenameProvider } from './rename-provider.js';
import { SemanticTokensProvider } from './semantic-tokens-provider.js';
import { SymbolProvider } from './symbol-provider.js';

export type FeatureCall =
    | { method: 'completion'; position: Position }
    | { method: 'hover'; position: Position }
    | { method: 'definition'; position: Position }
    | { method: 'references'; position: Position; includeDeclaration: boolean }
    | { method: 'prepareRename'; position: Position }
    | { method: 'rename'; position: Position; newName: string }
    | { method: 'symbols'; hierarchical: boolean }
    | { method: 'semanticTokens'; range?: Range }
    | { method: 'semanticTokensDelta'; previousResultId: string }
    | { method: 'fixes'; hits: PlacedDiagnostic[] };

export interface AnalysisFeatures {
    completion: CompletionProvider;
    describer: HoverDescriber;
    navigation: NavigationProvider;
    rename: RenameProvider;
    symbols: SymbolProvider;
    semanticTokens: SemanticTokensProvider;
    fixer: CodeFixer;
}

/** The analysis features of one analyzer and encoder (the feature worker's own). */
export function createAnalysisFeatures(analyzer: DocumentAnalyzer, encoder: PositionEncoder): AnalysisFeatures {
    return {
        completion: new CompletionProvider(analyzer, encoder),
        describer: new HoverDescriber(analyzer, encoder),
        navigation: new NavigationProvider(analyzer, encoder),
        rename: new RenameProvider(analyzer, encoder),
        symbols: new SymbolProvider(analyzer, encoder),
        semanticTokens: new SemanticTokensProvider(analyzer, encoder),
        fixer: new CodeFixer(analyzer),
    };
}

/** Answers a call on a document (its result as the protocol wants it; semantic tokens: `{data}`). */
export function runCall(f: AnalysisFeatures, doc: TextDocument, call: FeatureCall): unknown {
    const uri = doc.uri;
    switch (call.method) {
        case 'completion':
            return f.completion.complete(doc, { textDocument: { uri }, position: call.position });
        case 'hover':
            return f.describer.described(doc, call.position);
        case 'definition':
            return f.navigation.definition(doc, call.position);
        case 'references':
            return f.navigation.references(doc, call.position, call.includeDeclaration);
        case 'prepareRename':
            return f.rename.prepare(doc, call.position);
        case 'rename':
            return f.rename.rename(doc, call.position, call.newName);
        case 'symbols':
            f.symbols.hierarchical = call.hierarchical;
            return f.symbols.symbols(doc);
        case 'semanticTokens':
            return f.semanticTokens.tokens(doc, call.range);
        case 'semanticTokensDelta':
            return f.semanticTokens.delta(doc, call.previousResultId);
        case 'fixes':
            return f.fixer.fixes(doc, call.hits);
    }
}
