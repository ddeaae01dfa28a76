// What a session holds (docs/edits.md): the evidence bundles with each mention's field,
// start, end and p (quotes and values are re-derived from the document, so they cannot be forged
// separately), withdrawn mentions, reconciliations, the revision, the id counters, and a binding to
// the document, schema, language, options and reference it was made for.
import { createHash } from 'node:crypto';
import type { ExtractionOptions, Language } from '../engine-types.js';
import type { ReconciliationRecord } from '../response/response-builder.js';

/** One mention: [id, field index, start, end, p] (code points, end exclusive). */
export type SessionMention = [number, number, number, number, number];

export interface SessionBundle {
    id: number;
    mentions: SessionMention[];
}

export interface SessionPayload {
    v: 1;
    /** Hex SHA-256 binding (sessionBinding). */
    binding: string;
    revision: number;
    /** Next mention id and next bundle id: ids are never reused, even after a retract. */
    next_mention: number;
    next_bundle: number;
    bundles: SessionBundle[];
    /** Bundles in `active_bundles` (a retracted bundle stays in `bundles`, inactive). */
    active: number[];
    /** Mention ids withdrawn by reconciliations. */
    withdrawn: number[];
    reconciliations: ReconciliationRecord[];
    /**
     * `usage.input_tokens` of the document, once known (edits write it, so later edits need not
     * tokenize the document again; a session without it is counted afresh). Bound to the document
     * like everything else here.
     */
    input_tokens?: number;
}

export interface BindingInput {
    document: string;
    schemaHash: string;
    language: Language;
    options: ExtractionOptions;
    reference: string | null;
}

/** SHA-256 of everything a session must match, unambiguous by JSON encoding. */
export function sessionBinding(b: BindingInput): string {
    const text = JSON.stringify([b.document, b.schemaHash, b.language, b.options.on_conflict, b.options.fallback, b.reference]);
    return createHash('sha256').update(text, 'utf8').digest('hex');
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

const PAYLOAD_KEYS: ReadonlySet<string> = new Set([
    'v',
    'binding',
    'revision',
    'next_mention',
    'next_bundle',
    'bundles',
    'active',
    'withdrawn',
    'reconciliations',
    'input_tokens',
]);
const BUNDLE_KEYS: ReadonlySet<string> = new Set(['id', 'mentions']);

/**
 * Whether `x` has no member outside `allowed`. An edit re-signs what it opened, so an unknown member
 * would be carried along, and one nested 100,000 levels deep made JSON.stringify overflow (a 500).
 */
export function hasOnlyKeys(x: object, allowed: ReadonlySet<string>): boolean {
    return Object.keys(x).every((k) => allowed.has(k));
}

/**
 * Whether the revision and the id counters are safe integers. Checked when a session is opened and
 * again on the one an edit makes, so the service never answers a session it would refuse (revision
 * 2^53 - 1 plus one is no longer exact).
 */
export function hasValidCounters(p: Pick<SessionPayload, 'revision' | 'next_mention' | 'next_bundle'>): boolean {
    return isInt(p.revision) && isInt(p.next_mention) && isInt(p.next_bundle);
}

/** Structural check of a decoded payload (a valid signature makes this a defence in depth only). */
export function isSessionPayload(x: unknown): x is SessionPayload {
    if (typeof x !== 'object' || x === null || Array.isArray(x) || !hasOnlyKeys(x, PAYLOAD_KEYS)) return false;
    const p = x as Record<string, unknown>;
    if (p.v !== 1 || typeof p.binding !== 'string' || !hasValidCounters(p as unknown as SessionPayload)) return false;
    if (!Array.isArray(p.bundles) || !Array.isArray(p.active) || !Array.isArray(p.withdrawn) || !Array.isArray(p.reconciliations))
        return false;
    if (!p.active.every(isInt) || !p.withdrawn.every(isInt)) return false;
    if (p.input_tokens !== undefined && !isInt(p.input_tokens)) return false;
    return p.bundles.every((b: unknown) => {
        const bundle = b as SessionBundle;
        return (
            typeof b === 'object' &&
            b !== null &&
            hasOnlyKeys(b, BUNDLE_KEYS) &&
            isInt(bundle.id) &&
            Array.isArray(bundle.mentions) &&
            bundle.mentions.every(
                (m) =>
                    Array.isArray(m) &&
                    m.length === 5 &&
                    isInt(m[0]) &&
                    isInt(m[1]) &&
                    isInt(m[2]) &&
                    isInt(m[3]) &&
                    typeof m[4] === 'number' &&
                    m[4] > 0 &&
                    m[4] < 1,
            )
        );
    });
}
