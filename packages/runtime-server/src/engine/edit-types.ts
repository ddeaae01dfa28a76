// The seam for POST /v1/extractions/edit (interface 4.3, runtime.md section 3). The server checks
// the body, compiles the extraction's schema and hands both here; the edits work implements this
// interface. Until an implementation is wired, the endpoint answers 503 pipeline_unavailable.
import type { CompiledSchema } from '@svc/compiler';
import type { ExtractionObject, ExtractionOptions, Language } from '@svc/extraction';

/** The members of a stored extraction that an edit reads (the others are ignored). */
export interface StoredExtraction {
    document: string;
    schema: CompiledSchema;
    language: Language;
    reference: string | null;
    options: ExtractionOptions;
    session: string;
}

export interface Candidate {
    slot: string;
    quote: string;
    p: number;
    /** Code-point offset choosing the occurrence of `quote` (default: the first). */
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

/** Interface section 2.7. */
export interface ReconciliationPreview {
    object: 'reconciliation_preview';
    intent: string;
    withdraw: WithdrawEntry[];
    revision: number;
    after: Record<string, unknown>;
    impact: Record<string, { before: unknown; after: unknown }>;
    plan: string;
}

/**
 * A 400 invalid_request from an edit: a quote not in the document (detail at
 * ["edit","candidate","quote"]), an inactive bundle (["edit","bundle"]), or, without details, an
 * altered session or a stale plan.
 */
export class EditRejectedError extends Error {
    constructor(message: string, readonly details?: Array<Record<string, unknown> & { code: string; message: string; path: Array<string | number> }>) {
        super(message);
    }
}

export interface EditService {
    /** Applies one change; never runs the reader. Throws EditRejectedError for a 400. */
    edit(extraction: StoredExtraction, edit: EditAction): Promise<ExtractionObject | ReconciliationPreview>;
}
