// The reconciliation plan (docs/edits.md): `p1.<base64url(deflateRaw(JSON))>.<base64url(HMAC)>`,
// signed with the session ring under its own prefix, so a plan never passes as a session nor a
// session as a plan. It holds the SHA-256 of the session string it was previewed on, that session's
// revision, and the change itself (withdraw, candidate, intent): applying it needs nothing else, and
// any other extraction — or the same one after any edit — has another session, so the plan is stale.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretRing } from '../session/secret-ring.js';
import { openToken, signToken } from '../session/session-codec.js';
import type { Candidate, WithdrawEntry } from './edit-types.js';

export const PLAN_PREFIX = 'p1';

export interface PlanPayload {
    v: 1;
    /** Hex SHA-256 of the session string the plan was previewed on. */
    session: string;
    revision: number;
    withdraw: WithdrawEntry[];
    candidate: Candidate | null;
    intent: string;
}

/** Hex SHA-256 of a session string (UTF-8). */
export function sessionDigest(session: string): string {
    return createHash('sha256').update(session, 'utf8').digest('hex');
}

export function encodePlan(plan: PlanPayload, ring: SecretRing): string {
    return signToken(PLAN_PREFIX, plan, ring);
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

function isCandidate(x: unknown): x is Candidate {
    if (typeof x !== 'object' || x === null) return false;
    const c = x as Record<string, unknown>;
    return (
        typeof c.slot === 'string' && typeof c.quote === 'string' && typeof c.p === 'number' && (c.start === undefined || isInt(c.start))
    );
}

function isPlanPayload(x: unknown): x is PlanPayload {
    if (typeof x !== 'object' || x === null) return false;
    const p = x as Record<string, unknown>;
    return (
        p.v === 1 &&
        typeof p.session === 'string' &&
        isInt(p.revision) &&
        typeof p.intent === 'string' &&
        (p.candidate === null || isCandidate(p.candidate)) &&
        Array.isArray(p.withdraw) &&
        p.withdraw.every(
            (w: unknown) =>
                typeof w === 'object' && w !== null && isInt((w as WithdrawEntry).bundle) && isInt((w as WithdrawEntry).mention),
        )
    );
}

/** The plan when it verifies and was made for exactly this session (string and revision). */
export function openPlan(token: unknown, session: string, revision: number, ring: SecretRing): PlanPayload | undefined {
    const opened = openToken(PLAN_PREFIX, token, ring);
    if (!opened.ok || !isPlanPayload(opened.value)) return undefined;
    const plan = opened.value;
    const digest = Buffer.from(sessionDigest(session), 'utf8');
    const given = Buffer.from(plan.session, 'utf8');
    if (given.length !== digest.length || !timingSafeEqual(given, digest) || plan.revision !== revision) return undefined;
    return plan;
}
