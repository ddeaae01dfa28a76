// The seam for edits (docs/runtime-server.md, docs/edits.md): the one definition of what an edit
// receives and answers. The HTTP server checks the body, compiles the extraction's schema and calls
// EditService.edit; it re-exports these types rather than spelling them again.
import type { CompiledSchema } from '@svc/compiler';
import type { ExtractionEngine, ExtractionObject, ExtractionOptions, Language } from '../engine-types.js';
import type { SecretRing } from '../session/secret-ring.js';

/** The members of a stored extraction that an edit reads (the others are ignored). */
export interface StoredExtraction {
    /** Exactly as sent; the session's binding covers it. */
    document: string;
    schema: CompiledSchema;
    language: Language;
    reference: string | null;
    options: ExtractionOptions;
    session: string;
}

/** A mention as the API takes it, plus an optional `start` (docs/edits.md). */
export interface Candidate {
    slot: string;
    quote: string;
    /** Strictly between 0 and 1. */
    p: number;
    /** Code-point offset at which the chosen occurrence of `quote` begins (default: the first). */
    start?: number;
}

export interface WithdrawEntry {
    bundle: number;
    mention: number;
}

export type EditAction =
    | { action: 'insert'; candidate: Candidate }
    | { action: 'retract'; bundle: number }
    | { action: 'preview_reconciliation'; intent: string; withdraw: WithdrawEntry[]; candidate?: Candidate }
    | { action: 'reconcile'; plan: string };

/** What a reconcile preview answers (docs/edits.md). */
export interface ReconciliationPreview {
    object: 'reconciliation_preview';
    intent: string;
    withdraw: WithdrawEntry[];
    /** The revision the plan was made for (unchanged by the preview). */
    revision: number;
    /** The full `response` the extraction has once the plan is applied. */
    after: Record<string, unknown>;
    /** Only fields whose `data` value changes. */
    impact: Record<string, { before: unknown; after: unknown }>;
    plan: string;
}

/** A validation detail of docs/runtime-server.md: `{code, path, message}` and the constraint broken. */
export type EditDetail = Record<string, unknown> & { code: string; message: string; path: Array<string | number> };

/**
 * A 400 invalid_request from an edit: with details for a bad candidate (["edit","candidate",…]), an
 * inactive bundle (["edit","bundle"]) or a withdraw entry (["edit","withdraw",i]); without details
 * for an altered or mismatched session and for a stale plan.
 */
export class EditRejectedError extends Error {
    override readonly name = 'EditRejectedError';

    constructor(
        message: string,
        readonly details?: EditDetail[],
    ) {
        super(message);
    }
}

/**
 * Details an edit's 400 lists at most (as the server's body checks: MAX_DETAILS in
 * runtime-server's body-validator.ts); past them the message says how many problems there were.
 * One detail per bad withdraw entry made a list of 10,000 bad entries a megabyte of answer.
 */
export const MAX_EDIT_DETAILS = 100;

/** The 400 for `details`, cut to MAX_EDIT_DETAILS with the count in the message. */
export function editRejection(message: string, details: EditDetail[]): EditRejectedError {
    if (details.length <= MAX_EDIT_DETAILS) return new EditRejectedError(message, details);
    return new EditRejectedError(
        `${message}: ${details.length} problems; the first ${MAX_EDIT_DETAILS} are listed`,
        details.slice(0, MAX_EDIT_DETAILS),
    );
}

export interface EditService {
    /** Applies one change; never runs the reader. Throws EditRejectedError for a 400. */
    edit(extraction: StoredExtraction, edit: EditAction): Promise<ExtractionObject | ReconciliationPreview>;
}

/** What `createEditService` receives from the server (only `secrets` is used). */
export interface EditServiceContext {
    secrets: SecretRing;
    engine?: ExtractionEngine;
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
}
