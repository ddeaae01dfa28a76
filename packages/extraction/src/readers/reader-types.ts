// The Reader seam (README.md, Layout): one window in, candidates out. Two implementations ship —
// `heuristic` (embedded, deterministic, offline) and `openai` (any OpenAI-compatible endpoint) — and
// the engine treats both alike: every candidate is grounded and parsed again before it counts.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';

/** What a reader reads as one field's value (docs/runtime-server.md), plus an optional position hint. */
export interface ReaderCandidate {
    slot: string;
    quote: string;
    p: number;
    /** UTF-16 offset within the window where the reader saw the quote; grounding prefers the nearest occurrence. */
    at?: number;
}

export interface ReaderInput {
    schema: CompiledSchema;
    language: Language;
    /** The schema rendering every window starts with. */
    rendering: string;
    /** The window's document text. */
    text: string;
    /** UTF-16 offset of the window in the document, and the document's length (readers may use position). */
    offset: number;
    documentLength: number;
    index: number;
    windows: number;
}

export interface Reader {
    readonly name: string;
    /** Candidates of one window. Throws ReaderUnavailableError / ReaderFailedError (engine-types.ts). */
    read(input: ReaderInput, signal?: AbortSignal): Promise<ReaderCandidate[]>;
    /**
     * Optional: the candidates of every window once all were read, as grounding is to take them (the
     * heuristic reader weighs the windows' values against each other and adds the first occurrence
     * of a value read in a later window).
     */
    across?(document: string, schema: CompiledSchema, language: Language, windows: readonly WindowCandidates[]): WindowCandidates[];
}
