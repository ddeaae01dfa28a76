// The edit service (docs/runtime-server.md, docs/edits.md): opens the session sent, applies one action
// as a pure transition (edit-apply.ts) and re-enters the engine at settling through
// `extractionFromState`, exactly as the first pass ends — never at the reader. Every action but the
// preview returns a new extraction with revision + 1, `usage.reads` 0 and `input_tokens` counting the
// document.
import type { ExtractionObject } from '../engine-types.js';
import { countDocumentTokens, extractionFromState } from '../extraction-engine.js';
import { codePointLength } from '../grounding/code-points.js';
import type { GroundedMention } from '../grounding/mention-types.js';
import { settle } from '../settling/settle-extraction.js';
import { fieldValue } from '../response/response-builder.js';
import type { SecretRing } from '../session/secret-ring.js';
import { hasValidCounters } from '../session/session-payload.js';
import { groundCandidate } from './edit-candidate.js';
import { insertState, reconcileState, retractState, roomProblem, withdrawProblems, type EditState } from './edit-apply.js';
import { openPlan, encodePlan, sessionDigest } from './edit-plan.js';
import { ALTERED_SESSION, openSession, type OpenSession } from './edit-session.js';
import {
    EditRejectedError,
    editRejection,
    type Candidate,
    type EditAction,
    type EditDetail,
    type EditService,
    type EditServiceContext,
    type ReconciliationPreview,
    type StoredExtraction,
    type WithdrawEntry,
} from './edit-types.js';

export const STALE_PLAN = 'stale plan: it was not previewed on this extraction at this revision, or it has been altered';
const CANNOT_APPLY = 'the edit cannot be applied to this extraction';
/** docs/runtime-server.md: a reconciliation intent has 1 to 500 characters (code points). */
const MAX_INTENT = 500;

/** Deep equality of JSON values (response values: null, strings, numbers, money objects, arrays). */
function sameJson(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
        ka.length === kb.length &&
        ka.every(
            (k) =>
                Object.prototype.hasOwnProperty.call(b, k) &&
                sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
        )
    );
}

export class SessionEditService implements EditService {
    constructor(private readonly secrets: SecretRing) {}

    async edit(stored: StoredExtraction, edit: EditAction): Promise<ExtractionObject | ReconciliationPreview> {
        return this.editSync(stored, edit);
    }

    /** The same, synchronously (nothing here waits: the reader never runs). */
    editSync(stored: StoredExtraction, edit: EditAction): ExtractionObject | ReconciliationPreview {
        const open = openSession(stored, this.secrets);
        switch (edit?.action) {
            case 'insert':
                return this.insert(stored, open, edit.candidate);
            case 'retract':
                return this.retract(stored, open, edit.bundle);
            case 'preview_reconciliation':
                return this.preview(stored, open, edit.intent, edit.withdraw, edit.candidate);
            case 'reconcile':
                return this.reconcile(stored, open, edit.plan);
            default:
                throw new EditRejectedError(CANNOT_APPLY, [
                    {
                        code: 'invalid_value',
                        path: ['edit', 'action'],
                        message: 'unknown edit action',
                        values: ['insert', 'retract', 'preview_reconciliation', 'reconcile'],
                    },
                ]);
        }
    }

    private ground(stored: StoredExtraction, open: OpenSession, candidate: Candidate): GroundedMention {
        const g = groundCandidate(stored.schema, stored.language, open.doc, candidate);
        if (!g.ok) throw new EditRejectedError('the candidate cannot be used in this extraction', g.details);
        return g.mention;
    }

    private insert(stored: StoredExtraction, open: OpenSession, candidate: Candidate): ExtractionObject {
        if (typeof candidate !== 'object' || candidate === null) {
            throw new EditRejectedError(CANNOT_APPLY, [
                { code: 'invalid_type', path: ['edit', 'candidate'], message: 'a candidate object is required', expected: 'object' },
            ]);
        }
        const grounded = this.ground(stored, open, candidate);
        const full = roomProblem(open, grounded, ['edit', 'candidate', 'quote']);
        if (full) throw new EditRejectedError(CANNOT_APPLY, [full]);
        return this.extraction(stored, insertState(open, grounded).state);
    }

    private retract(stored: StoredExtraction, open: OpenSession, bundle: number): ExtractionObject {
        if (!open.payload.active.includes(bundle)) {
            throw new EditRejectedError(CANNOT_APPLY, [
                {
                    code: 'invalid_value',
                    path: ['edit', 'bundle'],
                    message: `bundle ${JSON.stringify(bundle)} is not in active_bundles`,
                    values: [...open.payload.active].sort((a, b) => a - b),
                },
            ]);
        }
        return this.extraction(stored, retractState(open, bundle));
    }

    /** The state a reconciliation leads to, or the details of what is wrong with it. */
    private planned(
        stored: StoredExtraction,
        open: OpenSession,
        withdraw: readonly WithdrawEntry[],
        intent: string,
        candidate?: Candidate | null,
    ): EditState | EditDetail[] {
        const details: EditDetail[] = [];
        if (!Array.isArray(withdraw) || withdraw.length === 0) {
            details.push({
                code: 'too_small',
                path: ['edit', 'withdraw'],
                message: 'at least one {bundle, mention} to withdraw',
                origin: 'array',
                minimum: 1,
                inclusive: true,
            });
            return details;
        }
        details.push(...withdrawProblems(open, withdraw));
        let grounded: GroundedMention | undefined;
        if (candidate !== undefined && candidate !== null) {
            const g = groundCandidate(stored.schema, stored.language, open.doc, candidate);
            if (g.ok) grounded = g.mention;
            else details.push(...g.details);
            const full = grounded && roomProblem(open, grounded, ['edit', 'candidate', 'quote'], withdraw);
            if (full) details.push(full);
        }
        if (typeof intent !== 'string' || intent.length === 0)
            details.push({
                code: 'too_small',
                path: ['edit', 'intent'],
                message: 'an intent of 1 to 500 characters',
                origin: 'string',
                minimum: 1,
                inclusive: true,
            });
        else if (codePointLength(intent) > MAX_INTENT)
            details.push({
                code: 'too_big',
                path: ['edit', 'intent'],
                message: 'an intent of 1 to 500 characters',
                origin: 'string',
                maximum: MAX_INTENT,
                inclusive: true,
            });
        return details.length > 0 ? details : reconcileState(open, withdraw, intent, grounded);
    }

    private preview(
        stored: StoredExtraction,
        open: OpenSession,
        intent: string,
        withdraw: WithdrawEntry[],
        candidate?: Candidate,
    ): ReconciliationPreview {
        const next = this.planned(stored, open, withdraw, intent, candidate);
        if (Array.isArray(next)) throw editRejection(CANNOT_APPLY, next);
        const after = this.extraction(stored, next).response as Record<string, unknown> & { data: Record<string, unknown> };
        const before = settle(stored.schema, open.mentions);
        const impact = Object.create(null) as ReconciliationPreview['impact']; // keyed by field names
        for (const f of stored.schema.fields) {
            const was = fieldValue(before.fields[f.id]!);
            const will = after.data[f.name] ?? null;
            if (!sameJson(was, will)) impact[f.name] = { before: was, after: will };
        }
        const sent = withdraw.map((w) => ({ bundle: w.bundle, mention: w.mention }));
        const plan = encodePlan(
            {
                v: 1,
                session: sessionDigest(stored.session),
                revision: open.payload.revision,
                withdraw: sent,
                candidate: candidate
                    ? {
                          slot: candidate.slot,
                          quote: candidate.quote,
                          p: candidate.p,
                          ...(candidate.start === undefined ? {} : { start: candidate.start }),
                      }
                    : null,
                intent,
            },
            this.secrets,
        );
        return { object: 'reconciliation_preview', intent, withdraw: sent, revision: open.payload.revision, after, impact, plan };
    }

    private reconcile(stored: StoredExtraction, open: OpenSession, token: string): ExtractionObject {
        const plan = openPlan(token, stored.session, open.payload.revision, this.secrets);
        if (!plan) throw new EditRejectedError(STALE_PLAN);
        const next = this.planned(stored, open, plan.withdraw, plan.intent, plan.candidate);
        // The same session gives the same checks as at preview time; a plan that no longer fits is stale.
        if (Array.isArray(next)) throw new EditRejectedError(STALE_PLAN);
        return this.extraction(stored, next);
    }

    /** The extraction object of a state, settled as a first pass would settle it; reads 0. */
    private extraction(stored: StoredExtraction, state: EditState): ExtractionObject {
        // A session at the last exact revision or id (only a forged one can be) cannot be edited:
        // the session answered would be refused by the next edit.
        if (!hasValidCounters(state.payload)) throw new EditRejectedError(ALTERED_SESSION);
        const inputTokens = state.payload.input_tokens ?? countDocumentTokens(stored.document);
        const payload = { ...state.payload, input_tokens: inputTokens };
        return extractionFromState(
            {
                request: {
                    document: stored.document,
                    schema: stored.schema,
                    language: stored.language,
                    reference: stored.reference,
                    options: stored.options,
                },
                mentions: state.mentions,
                payload,
                warnings: [],
                reads: 0,
                inputTokens,
            },
            this.secrets,
        );
    }
}

/** The factory the server looks up (`createEditService(context)`); only the secrets are needed. */
export function createEditService(context: EditServiceContext): EditService {
    return new SessionEditService(context.secrets);
}
