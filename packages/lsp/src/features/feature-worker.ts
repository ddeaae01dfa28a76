// The feature thread of the language server: answers the analysis features (feature-calls.ts) of
// large documents, so that reading a 1 MiB schema into a tree and its 100,000s of semantic tokens
// never holds up the server's thread, where other documents' requests are answered. It keeps the
// last text the server sent of each document (the server sends a text only when it changed) and its
// analysis, which reuses the version before's expression tokens.
// A thread starts with no polyfill: langium needs Object.groupBy (Node 20), so it loads first.
import '@svc/language/polyfill';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ErrorCodes, ResponseError, type SemanticTokens } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyzer } from '../documents/document-analysis.js';
import { PositionEncoder, type PositionEncodingKind } from '../text/position-encoding.js';
import { createAnalysisFeatures, runCall, type FeatureCall } from './feature-calls.js';

export const FEATURE_WORKER_FLAG = 'svcFeatureWorker';

export type FeatureRequest =
    | { id: number; kind: 'call'; uri: string; version: number; text?: string; encoding: PositionEncodingKind; call: FeatureCall }
    | { id: number; kind: 'forget'; uri: string };
/** `missing`: the worker has no text of the document (it restarted, or let it go): send it again. */
export type FeatureReply =
    | { id: number; result: unknown }
    | { id: number; tokens: Uint32Array; resultId?: string }
    | { id: number; error: { code: number; message: string } }
    | { id: number; missing: true };

/** Documents whose text and analysis are kept, least recently used first; a 1 MiB schema's analysis is about 10 MiB. */
const MAX_DOCUMENTS = 3;

export function runFeatureWorker(port: MessagePort): void {
    const docs = new Map<string, TextDocument>();
    const analyzer = new DocumentAnalyzer();
    const encoder = new PositionEncoder();
    const features = createAnalysisFeatures(analyzer, encoder);
    const forget = (uri: string): void => {
        docs.delete(uri);
        analyzer.drop(uri);
        features.semanticTokens.forget(uri);
    };
    const documentOf = (m: Extract<FeatureRequest, { kind: 'call' }>): TextDocument | undefined => {
        const doc = m.text === undefined ? docs.get(m.uri) : TextDocument.create(m.uri, 'json', m.version, m.text);
        docs.delete(m.uri);
        if (doc) docs.set(m.uri, doc);
        if (docs.size > MAX_DOCUMENTS) forget(docs.keys().next().value!);
        return doc;
    };
    port.on('message', (m: FeatureRequest) => {
        if (m.kind === 'forget') return forget(m.uri);
        const doc = documentOf(m);
        if (!doc) return port.postMessage({ id: m.id, missing: true } satisfies FeatureReply);
        encoder.encoding = m.encoding;
        try {
            const result = runCall(features, doc, m.call);
            const data = (result as Partial<SemanticTokens> | null)?.data;
            if (!data) return port.postMessage({ id: m.id, result } satisfies FeatureReply);
            // A whole document's tokens, 100,000s of numbers: moved, not copied (the provider keeps its own array).
            const tokens = Uint32Array.from(data);
            port.postMessage({ id: m.id, tokens, resultId: (result as SemanticTokens).resultId } satisfies FeatureReply, [tokens.buffer]);
        } catch (e) {
            const code = e instanceof ResponseError ? e.code : ErrorCodes.InternalError;
            port.postMessage({ id: m.id, error: { code, message: (e as Error)?.message ?? String(e) } } satisfies FeatureReply);
        }
    });
}

// Started as the feature worker (from this file, or from a bundle that contains it): serve.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | undefined)?.[FEATURE_WORKER_FLAG] === true)
    runFeatureWorker(parentPort);
