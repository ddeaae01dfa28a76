// The edits as pure transitions of a session's state (payload + active mentions): each returns a new
// state with revision + 1 and leaves its input untouched. Ids only grow: a new bundle takes
// `next_bundle` (the highest bundle id ever given + 1, retracted bundles included) and a new mention
// `next_mention`, so nothing is ever reused. Preview and reconcile both call `reconcileState`, so the
// previewed `after` and the applied response come from one computation.
import type { GroundedMention, Mention } from '../grounding/mention-types.js';
import type { SessionPayload } from '../session/session-payload.js';
import type { EditDetail, WithdrawEntry } from './edit-types.js';

export interface EditState {
    payload: SessionPayload;
    /** Active mentions, ordered by id. */
    mentions: Mention[];
}

/** The state with one more revision (arrays copied, so the input is never changed). */
function nextRevision(state: EditState): SessionPayload {
    const p = state.payload;
    return {
        ...p,
        revision: p.revision + 1,
        bundles: [...p.bundles],
        active: [...p.active],
        withdrawn: [...p.withdrawn],
        reconciliations: [...p.reconciliations],
    };
}

/** Adds `grounded` as the only mention of a new bundle; returns the bundle's id. */
function addBundle(payload: SessionPayload, mentions: Mention[], grounded: GroundedMention): number {
    const bundle = payload.next_bundle;
    const id = payload.next_mention;
    payload.next_bundle = bundle + 1;
    payload.next_mention = id + 1;
    payload.bundles.push({ id: bundle, mentions: [[id, grounded.field, grounded.start, grounded.end, grounded.p]] });
    payload.active.push(bundle);
    mentions.push({ ...grounded, id, bundle });
    return bundle;
}

/**
 * What a session's active mentions may hold in all. Each response quotes every active mention, so an
 * edit of a few kilobytes that adds a long quote again and again would make every later answer
 * megabytes larger; within these the largest answer stays a few megabytes.
 */
export const MAX_SESSION_QUOTED = 1_000_000;
export const MAX_SESSION_MENTIONS = 10_000;

/**
 * The detail refusing a new mention the session has no room for, or undefined. A reconciliation's
 * room is counted after its withdrawals, on what the reconciled state would hold: one that replaces
 * two long quotes by one shrinks the session, and was refused as if it grew it.
 */
export function roomProblem(
    state: EditState,
    grounded: GroundedMention,
    path: Array<string | number>,
    withdraw: readonly WithdrawEntry[] = [],
): EditDetail | undefined {
    const gone = new Set<number>();
    for (const w of withdraw) if (typeof w === 'object' && w !== null) gone.add(w.mention);
    const kept = gone.size ? state.mentions.filter((m) => !gone.has(m.id)) : state.mentions;
    let quoted = grounded.end - grounded.start;
    for (const m of kept) quoted += m.end - m.start;
    if (kept.length + 1 > MAX_SESSION_MENTIONS)
        return {
            code: 'too_big',
            path,
            message: `a session holds at most ${MAX_SESSION_MENTIONS} active mentions; retract a bundle or start a new extraction`,
            origin: 'array',
            maximum: MAX_SESSION_MENTIONS,
            inclusive: true,
        };
    if (quoted > MAX_SESSION_QUOTED)
        return {
            code: 'too_big',
            path,
            message: `a session's active mentions quote at most ${MAX_SESSION_QUOTED} characters in all (this one would make ${quoted}); retract a bundle or start a new extraction`,
            origin: 'string',
            maximum: MAX_SESSION_QUOTED,
            inclusive: true,
        };
    return undefined;
}

/** `insert`: the candidate becomes new evidence in a bundle of its own. */
export function insertState(state: EditState, grounded: GroundedMention): { state: EditState; bundle: number } {
    const payload = nextRevision(state);
    const mentions = [...state.mentions];
    const bundle = addBundle(payload, mentions, grounded);
    return { state: { payload, mentions }, bundle };
}

/** `retract`: the bundle leaves `active_bundles` with all its evidence (kept in the session, inactive). */
export function retractState(state: EditState, bundle: number): EditState {
    const payload = nextRevision(state);
    payload.active = payload.active.filter((b) => b !== bundle);
    return { payload, mentions: state.mentions.filter((m) => m.bundle !== bundle) };
}

/**
 * Problems of a withdraw list against the active mentions, one detail per bad entry. An entry that
 * is no object is of the wrong type; numbers that name no active mention (1e300 included) are
 * wrong values, as docs/edits.md says.
 */
export function withdrawProblems(state: EditState, withdraw: readonly WithdrawEntry[]): EditDetail[] {
    const active = new Set(state.payload.active);
    const bundleOf = new Map<number, number>(state.mentions.map((m) => [m.id, m.bundle]));
    const everIn = new Map<number, number>();
    for (const b of state.payload.bundles) for (const m of b.mentions) everIn.set(m[0], b.id);
    const seen = new Set<string>();
    const out: EditDetail[] = [];
    withdraw.forEach((w, i) => {
        if (typeof w !== 'object' || w === null || typeof w.bundle !== 'number' || typeof w.mention !== 'number') {
            out.push({
                code: 'invalid_type',
                path: ['edit', 'withdraw', i],
                message: 'a withdraw entry is {bundle: integer, mention: integer}',
                expected: 'object',
            });
            return;
        }
        const key = `${w.bundle}:${w.mention}`;
        let message: string | undefined;
        if (!active.has(w.bundle)) message = `bundle ${w.bundle} is not in active_bundles`;
        else if (everIn.get(w.mention) !== w.bundle) message = `mention ${w.mention} is not a mention of bundle ${w.bundle}`;
        else if (bundleOf.get(w.mention) !== w.bundle) message = `mention ${w.mention} has already been withdrawn`;
        else if (seen.has(key)) message = `mention ${w.mention} of bundle ${w.bundle} is listed twice`;
        seen.add(key);
        if (message) out.push({ code: 'invalid_value', path: ['edit', 'withdraw', i], message });
    });
    return out;
}

/**
 * A reconciliation applied: the listed mentions withdrawn, the replacement candidate (if any) added
 * as a new bundle, and `{revision: the new revision, intent, withdraw, bundle}` recorded.
 */
export function reconcileState(
    state: EditState,
    withdraw: readonly WithdrawEntry[],
    intent: string,
    grounded?: GroundedMention,
): EditState {
    const payload = nextRevision(state);
    const gone = new Set(withdraw.map((w) => w.mention));
    payload.withdrawn.push(...gone);
    const mentions = state.mentions.filter((m) => !gone.has(m.id));
    const bundle = grounded ? addBundle(payload, mentions, grounded) : null;
    payload.reconciliations.push({
        revision: payload.revision,
        intent,
        withdraw: withdraw.map((w) => ({ bundle: w.bundle, mention: w.mention })),
        bundle,
    });
    return { payload, mentions };
}
