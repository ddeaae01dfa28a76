// The seam between the HTTP/CLI faces and the extraction engine. The server and `svc extract` call
// only this; readers, windows, grounding, settling and sessions live behind it.
import type { CompiledSchema, Diagnostic } from '@svc/compiler';

export type { Language } from './locale/locale-registry.js';
import type { Language } from './locale/locale-registry.js';

export interface ExtractionOptions {
    on_conflict: 'withhold';
    fallback: 'off';
}

export interface ExtractionRequest {
    /** Exactly as sent (offsets count code points into it). */
    document: string;
    schema: CompiledSchema;
    language: Language;
    reference: string | null;
    options: ExtractionOptions;
    /**
     * Whose request this is (the service passes the account): the engine reuses work between
     * requests of one scope only — the plan's tokens for the extraction that follows — so how fast
     * it answers never shows one tenant another's document.
     */
    scope?: string;
}

/** What reading will cost, known before any reading (credit is checked against `reads`). */
export interface ReadPlan {
    reads: number;
    inputTokens: number;
}

/** The extraction object of docs/runtime-server.md (response members per docs/extraction.md). */
export interface ExtractionObject {
    object: 'extraction';
    reference: string | null;
    language: Language;
    document: string;
    schema: Record<string, unknown>;
    options: ExtractionOptions;
    response: Record<string, unknown>;
    active_bundles: number[];
    revision: number;
    session: string;
    warnings: string[];
    usage: { input_tokens: number; reads: number; window_tokens: number };
}

/** Failures of reading that map to HTTP statuses (docs/extraction.md). */
export class ReaderUnavailableError extends Error {} // 503 pipeline_unavailable
export class ReaderFailedError extends Error {} // 502 upstream_error

export interface ExtractionEngine {
    /** Windows and tokens for this request, or E-LIMIT (at /fields) when the schema leaves too little room. */
    plan(request: ExtractionRequest): ReadPlan | { error: Diagnostic };
    /** Reads, grounds and settles; returns revision 0 with a signed session holding bundle 0. */
    /** `signal`: stops reading (a reader waiting on the network gives up); the promise rejects with its reason. */
    extract(request: ExtractionRequest, signal?: AbortSignal): Promise<ExtractionObject>;
}
