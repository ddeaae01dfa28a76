// Opening the session of an extraction sent for editing: the signature (any secret of the ring), the
// payload's own consistency, the binding to the document, schema hash, language, options and
// reference sent (compared in constant time), and the replay of the active mentions. Every failure
// is a 400 with a message and no details (docs/runtime-server.md); no session string can make it throw
// anything else.
import { timingSafeEqual } from 'node:crypto';
import { CodePointIndex } from '../grounding/code-points.js';
import type { Mention } from '../grounding/mention-types.js';
import type { SecretRing } from '../session/secret-ring.js';
import { decodeSession } from '../session/session-codec.js';
import { hasOnlyKeys, sessionBinding, type SessionPayload } from '../session/session-payload.js';
import { restoreMentions } from '../session/session-state.js';
import { EditRejectedError, type StoredExtraction } from './edit-types.js';

export const ALTERED_SESSION = 'the session is not valid or has been altered';
export const MISMATCHED_SESSION = 'the session does not match this extraction (document, schema, language, options or reference)';

/** An extraction's state as its session holds it. */
export interface OpenSession {
    payload: SessionPayload;
    /** The active mentions, ordered by id. */
    mentions: Mention[];
    doc: CodePointIndex;
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const RECORD_KEYS: ReadonlySet<string> = new Set(['revision', 'intent', 'withdraw', 'bundle']);
const WITHDRAW_KEYS: ReadonlySet<string> = new Set(['bundle', 'mention']);

/** Whether a signed payload is one the edits can have written (defence in depth behind the MAC). */
export function isConsistentPayload(p: SessionPayload): boolean {
    const bundleIds = new Set<number>();
    const mentionIds = new Set<number>();
    for (const b of p.bundles) {
        if (bundleIds.has(b.id) || b.id >= p.next_bundle) return false;
        bundleIds.add(b.id);
        for (const m of b.mentions) {
            if (mentionIds.has(m[0]) || m[0] >= p.next_mention) return false;
            mentionIds.add(m[0]);
        }
    }
    if (new Set(p.active).size !== p.active.length || !p.active.every((b) => bundleIds.has(b))) return false;
    if (new Set(p.withdrawn).size !== p.withdrawn.length || !p.withdrawn.every((m) => mentionIds.has(m))) return false;
    // Records and their withdraw entries have exactly their members: edits carry records along.
    return p.reconciliations.every((r: unknown) => {
        const x = r as Record<string, unknown>;
        return (
            typeof r === 'object' &&
            r !== null &&
            hasOnlyKeys(r, RECORD_KEYS) &&
            isInt(x.revision) &&
            typeof x.intent === 'string' &&
            (x.bundle === null || isInt(x.bundle)) &&
            Array.isArray(x.withdraw) &&
            x.withdraw.every(
                (w: unknown) =>
                    typeof w === 'object' &&
                    w !== null &&
                    hasOnlyKeys(w, WITHDRAW_KEYS) &&
                    isInt((w as Record<string, unknown>).bundle) &&
                    isInt((w as Record<string, unknown>).mention),
            )
        );
    });
}

function sameHex(a: string, b: string): boolean {
    const x = Buffer.from(a, 'utf8');
    const y = Buffer.from(b, 'utf8');
    // The lengths are public (a SHA-256 in hex); only the contents are compared in constant time.
    return x.length === y.length && timingSafeEqual(x, y);
}

/** Verifies the session against the extraction sent and restores its active mentions. */
export function openSession(stored: StoredExtraction, ring: SecretRing): OpenSession {
    let decoded;
    try {
        decoded = decodeSession(stored.session, ring);
    } catch {
        throw new EditRejectedError(ALTERED_SESSION);
    }
    if (!decoded.ok) throw new EditRejectedError(ALTERED_SESSION);
    const payload = decoded.payload;
    if (!isConsistentPayload(payload)) throw new EditRejectedError(ALTERED_SESSION);
    const binding = sessionBinding({
        document: stored.document,
        schemaHash: stored.schema.schemaHash,
        language: stored.language,
        options: stored.options,
        reference: stored.reference,
    });
    if (!sameHex(payload.binding, binding)) throw new EditRejectedError(MISMATCHED_SESSION);
    const doc = new CodePointIndex(stored.document);
    let restored;
    try {
        restored = restoreMentions(payload, stored.schema, doc, stored.language);
    } catch {
        throw new EditRejectedError(MISMATCHED_SESSION);
    }
    if (!restored.ok) throw new EditRejectedError(MISMATCHED_SESSION);
    return { payload, mentions: restored.mentions, doc };
}
