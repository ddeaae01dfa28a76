// The engine behind the seam (engine-types.ts): windows → reader → grounding → settling → response
// → session, top to bottom. It holds no state between requests except caches of pure results (the
// schema rendering's token count per compiled schema, the last document's tokenization, so the
// server's plan() before extract() of one account tokenizes once).
import type { CompiledSchema } from '@svc/compiler/core';
import { diagnostic } from '@svc/compiler/core';
import type { ExtractionEngine, ExtractionObject, ExtractionRequest, ReadPlan } from './engine-types.js';
import { CodePointIndex } from './grounding/code-points.js';
import type { Mention } from './grounding/mention-types.js';
import { dropWarnings, groundCandidates, numberMentions, type WindowCandidates } from './grounding/ground-candidates.js';
import type { Reader } from './readers/reader-types.js';
import { buildResponse } from './response/response-builder.js';
import type { SecretRing } from './session/secret-ring.js';
import { encodeSession } from './session/session-codec.js';
import { sessionBinding, type SessionPayload } from './session/session-payload.js';
import { firstPassPayload } from './session/session-state.js';
import { settle } from './settling/settle-extraction.js';
import { renderSchema } from './windows/schema-render.js';
import { countTokens, tokenizeWithOffsets, type TokenizedText } from './windows/token-counter.js';
import { MIN_DOCUMENT_TOKENS, planWindows, WINDOW_TOKENS, type DocumentWindow } from './windows/window-planner.js';

export interface EngineDeps {
    reader: Reader;
    secrets: SecretRing;
    /** Windows read at once (the openai reader benefits; the heuristic one runs inline anyway). */
    concurrency: number;
    /** How a document is tokenized (default: the token counter's; tests count the calls). */
    tokenize?: (text: string) => TokenizedText;
}

interface Rendering {
    text: string;
    tokens: number;
}

interface FullPlan {
    rendering: Rendering;
    tokenized: TokenizedText;
    windows: DocumentWindow[];
}

/** Everything an extraction object is made of besides settling (first pass or edit). */
export interface ExtractionState {
    request: ExtractionRequest;
    /** The active mentions (active bundles, not withdrawn). */
    mentions: readonly Mention[];
    /** The session payload to sign (its revision, bundles and reconciliations are shown). */
    payload: SessionPayload;
    /** Notes of this run before settling (dropped candidates, edit notes). */
    warnings: readonly string[];
    /** Windows read: 0 for an edit. */
    reads: number;
    /** Tokens of the document (countDocumentTokens when not known). */
    inputTokens: number;
}

/** o200k tokens of a document (`usage.input_tokens`, also for edits). */
export function countDocumentTokens(document: string): number {
    return tokenizeWithOffsets(document).tokens;
}

/**
 * Settles the active mentions and assembles the extraction object (docs/runtime-server.md). The first pass
 * and every edit end here, so an edit's response is exactly what a first pass with the same
 * evidence would give.
 */
export function extractionFromState(state: ExtractionState, secrets: SecretRing): ExtractionObject {
    const { request, mentions, payload } = state;
    const settlement = settle(request.schema, mentions);
    return {
        object: 'extraction',
        reference: request.reference,
        language: request.language,
        document: request.document,
        schema: request.schema.normalized,
        options: { ...request.options },
        response: buildResponse(request.schema, settlement, mentions, payload.reconciliations),
        active_bundles: [...payload.active].sort((a, b) => a - b),
        revision: payload.revision,
        session: encodeSession(payload, secrets),
        warnings: [...state.warnings, ...settlement.warnings],
        usage: { input_tokens: state.inputTokens, reads: state.reads, window_tokens: WINDOW_TOKENS },
    };
}

export class Engine implements ExtractionEngine {
    private readonly renderings = new WeakMap<CompiledSchema, Rendering>();
    private lastDocument?: { text: string; scope: string; tokenized: TokenizedText };

    constructor(private readonly deps: EngineDeps) {}

    private rendering(schema: CompiledSchema): Rendering {
        let r = this.renderings.get(schema);
        if (!r) {
            const text = renderSchema(schema);
            r = { text, tokens: countTokens(text) };
            this.renderings.set(schema, r);
        }
        return r;
    }

    private tokenize(document: string, scope = ''): TokenizedText {
        // Only for the same scope: a hit answers faster, and another tenant must not see whose document this was.
        if (this.lastDocument?.text === document && this.lastDocument.scope === scope) return this.lastDocument.tokenized;
        const tokenized = (this.deps.tokenize ?? tokenizeWithOffsets)(document);
        this.lastDocument = { text: document, scope, tokenized };
        return tokenized;
    }

    private fullPlan(request: ExtractionRequest): FullPlan | { error: ReturnType<typeof diagnostic> } {
        const rendering = this.rendering(request.schema);
        const room = WINDOW_TOKENS - rendering.tokens;
        if (room < MIN_DOCUMENT_TOKENS) {
            return {
                error: diagnostic('E-LIMIT', '/fields', {
                    form: 'window',
                    tokens: rendering.tokens,
                    window: WINDOW_TOKENS,
                    min: MIN_DOCUMENT_TOKENS,
                }),
            };
        }
        const tokenized = this.tokenize(request.document, request.scope);
        return { rendering, tokenized, windows: planWindows(request.document, tokenized, room) };
    }

    plan(request: ExtractionRequest): ReadPlan | { error: ReturnType<typeof diagnostic> } {
        const p = this.fullPlan(request);
        if ('error' in p) return p;
        return { reads: p.windows.length, inputTokens: p.tokenized.tokens };
    }

    async extract(request: ExtractionRequest, signal?: AbortSignal): Promise<ExtractionObject> {
        const p = this.fullPlan(request);
        if ('error' in p) throw new Error(p.error.message);
        const { document, schema, language } = request;
        const results: WindowCandidates[] = new Array(p.windows.length);
        let next = 0;
        const worker = async (): Promise<void> => {
            while (next < p.windows.length) {
                signal?.throwIfAborted();
                const w = p.windows[next++]!;
                const candidates = await this.deps.reader.read(
                    {
                        schema,
                        language,
                        rendering: p.rendering.text,
                        text: document.slice(w.start, w.end),
                        offset: w.start,
                        documentLength: document.length,
                        index: w.index,
                        windows: p.windows.length,
                    },
                    signal,
                );
                results[w.index] = { start: w.start, end: w.end, candidates };
            }
        };
        await Promise.all(Array.from({ length: Math.min(this.deps.concurrency, p.windows.length) }, worker));
        signal?.throwIfAborted();
        const read = this.deps.reader.across?.(document, schema, language, results) ?? results;

        const doc = new CodePointIndex(document);
        const grounded = groundCandidates(schema, language, doc, read);
        const mentions = numberMentions(grounded.mentions, 0, 0);
        const binding = sessionBinding({
            document,
            schemaHash: schema.schemaHash,
            language,
            options: request.options,
            reference: request.reference,
        });
        return extractionFromState(
            {
                request,
                mentions,
                payload: firstPassPayload(binding, mentions, p.tokenized.tokens),
                warnings: dropWarnings(grounded.dropped),
                reads: p.windows.length,
                inputTokens: p.tokenized.tokens,
            },
            this.deps.secrets,
        );
    }
}
