// Conflicts of a component and their repairs (docs/extraction.md). Conflicting fields are grouped
// by the relations their readings break: a group whose readings break a relation is a `violation`,
// one whose readings merely differ is a `disagreement`. A repair is a minimal set of mentions whose
// withdrawal leaves the component without any conflict; each is found by settling the component
// again without them, within the search budget the component itself gets (settle-budgets.ts), so a
// repair offered is a repair that works: the edit runs the same code with the same budget.
import type { CompiledSchema, Value } from '@svc/compiler';
import { evaluateCode } from '../compiler-values.js';
import type { Mention } from '../grounding/mention-types.js';
import type { JsonValue } from '../response/value-format.js';
import { soleComponentBudget, type ComponentBudget } from './settle-budgets.js';
import { hasConflict, resolveComponent, type ComponentResolution } from './settle-resolve.js';
import { evaluationCost } from './settle-search.js';
import type { Reading } from './settle-readings.js';

export const MAX_REPAIRS = 8;
/** Largest number of readings withdrawn together when looking for repairs. */
const MAX_UNITS_PER_REPAIR = 3;
/** Re-settlements of a component spent on its repairs. */
const MAX_RESETTLES = 400;
/** Relation evaluations spent on the repairs of one conflict, across its re-settlements. */
const REPAIR_EVALUATIONS = 100_000;
/** Combinations of readings tried per relation when deciding whether a group breaks it (in evaluation costs). */
const MAX_COMBINATIONS = 1000;

export interface Repair {
    withdraw: Array<{ bundle: number; mention: number }>;
    /** Field name → its value after the repair (null: none). */
    outcome: Record<string, JsonValue>;
}

export interface Conflict {
    kind: 'disagreement' | 'violation';
    fields: number[];
    relations: number[];
    mentions: number[];
    repairs: Repair[];
}

/** Whether relation r is violated by some combination of readings of the conflicting fields it reads. */
function breaks(
    schema: CompiledSchema,
    r: number,
    res: ComponentResolution,
    conflicted: ReadonlySet<number>,
    budget: ComponentBudget,
): boolean {
    const code = schema.relations[r]!.code;
    const cost = evaluationCost(code);
    const values: Value[] = new Array<Value>(schema.fields.length).fill(null);
    for (const f of res.fields.values()) if (f.reading) values[f.field] = f.reading.value;
    const open = code.reads.filter((f) => conflicted.has(f));
    if (open.length === 0) return false;
    const options = open.map((f) => res.readings[f]!.competing);
    let tried = 0;
    const visit = (i: number): boolean => {
        if (i === open.length) {
            tried += cost;
            if (tried > MAX_COMBINATIONS || budget.breaks < cost) return false;
            budget.breaks -= cost;
            return evaluateCode(code, values) === false;
        }
        for (const r of options[i]!) {
            values[open[i]!] = r.value;
            if (visit(i + 1)) return true;
            if (tried > MAX_COMBINATIONS) return false;
        }
        values[open[i]!] = null;
        return false;
    };
    return visit(0);
}

/** The conflicts of a settled component, without repairs. */
export function findConflicts(
    schema: CompiledSchema,
    res: ComponentResolution,
    budget: ComponentBudget = soleComponentBudget(),
): Conflict[] {
    const conflicted = [...res.fields.values()].filter((f) => f.status === 'conflict').map((f) => f.field);
    if (conflicted.length === 0) return [];
    const set = new Set(conflicted);
    const parent = new Map(conflicted.map((f) => [f, f]));
    const root = (f: number): number => {
        while (parent.get(f) !== f) f = parent.get(f)!;
        return f;
    };
    const broken = res.component.relations.filter((r) => breaks(schema, r, res, set, budget));
    for (const r of broken) {
        const fs = schema.relations[r]!.code.reads.filter((f) => set.has(f));
        for (const f of fs.slice(1)) {
            const a = root(fs[0]!);
            const b = root(f);
            if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
        }
    }
    const groups = new Map<number, number[]>();
    for (const f of conflicted) {
        const g = root(f);
        groups.set(g, [...(groups.get(g) ?? []), f]);
    }
    return [...groups.values()].map((fields) => {
        const relations = broken.filter((r) => schema.relations[r]!.code.reads.some((f) => fields.includes(f)));
        const mentions = fields
            .flatMap((f) => res.readings[f]!.competing.flatMap((r) => r.mentions.map((m) => m.id)))
            .sort((a, b) => a - b);
        return { kind: relations.length ? 'violation' : 'disagreement', fields, relations, mentions, repairs: [] } as Conflict;
    });
}

function* subsets(n: number, size: number, start = 0, prefix: number[] = []): Generator<number[]> {
    if (prefix.length === size) {
        yield prefix;
        return;
    }
    for (let i = start; i < n; i++) yield* subsets(n, size, i + 1, [...prefix, i]);
}

function isSubset(a: readonly number[], b: ReadonlySet<number>): boolean {
    return a.every((x) => b.has(x));
}

/**
 * Up to MAX_REPAIRS minimal repairs of one conflict, smallest first: readings of the conflict's
 * fields are withdrawn in combinations of up to three, each working combination is shrunk to a
 * minimal set of mentions, and duplicates and supersets are dropped.
 */
export function findRepairs(
    schema: CompiledSchema,
    res: ComponentResolution,
    conflict: Conflict,
    active: readonly Mention[],
    shared: ComponentBudget = soleComponentBudget(),
): Repair[] {
    const units: Reading[] = conflict.fields.flatMap((f) => res.readings[f]!.competing);
    // Weakest readings first: withdrawing a weak reading is the likelier correction.
    units.sort((a, b) => a.support - b.support || a.mentions[0]!.id - b.mentions[0]!.id);
    // A component the search could not finish is not searched again for each candidate repair.
    if (res.greedy) return [];
    let resettles = 0;
    let budget = Math.min(REPAIR_EVALUATIONS, shared.repairs);
    const settleWithout = (withdrawn: ReadonlySet<number>): ComponentResolution | undefined => {
        if (++resettles > MAX_RESETTLES || budget <= 0) return undefined;
        // Never more than the component's own search gets: a search that finished with more could
        // go greedy in the reconcile that applies the repair, and not give its outcome.
        const r = resolveComponent(
            schema,
            res.component,
            active.filter((m) => !withdrawn.has(m.id)),
            Math.min(budget, shared.search),
        );
        budget -= r.evaluations;
        shared.repairs -= r.evaluations;
        // A greedy answer is no proof: with less than the component's budget, it may not be the reconcile's.
        return r.greedy ? undefined : r;
    };
    const found: Array<{ ids: number[]; after: ComponentResolution }> = [];
    outer: for (let size = 1; size <= Math.min(MAX_UNITS_PER_REPAIR, units.length); size++) {
        for (const pick of subsets(units.length, size)) {
            if (resettles > MAX_RESETTLES || budget <= 0 || found.length >= MAX_REPAIRS * 2) break outer;
            const ids = new Set(pick.flatMap((i) => units[i]!.mentions.map((m) => m.id)));
            if (found.some((f) => isSubset(f.ids, ids))) continue; // not minimal
            let after = settleWithout(ids);
            if (!after || hasConflict(after)) continue;
            // Shrink to a minimal set: put back each mention whose withdrawal is not needed.
            for (const id of [...ids].sort((a, b) => b - a)) {
                ids.delete(id);
                const again = settleWithout(ids);
                if (again && !hasConflict(again)) after = again;
                else ids.add(id);
            }
            const sorted = [...ids].sort((a, b) => a - b);
            if (found.some((f) => isSubset(f.ids, ids))) continue;
            for (let i = found.length - 1; i >= 0; i--) if (isSubset(sorted, new Set(found[i]!.ids))) found.splice(i, 1);
            found.push({ ids: sorted, after });
        }
    }
    const byId = new Map(active.map((m) => [m.id, m]));
    return found
        .sort((a, b) => a.ids.length - b.ids.length || compareIds(a.ids, b.ids))
        .slice(0, MAX_REPAIRS)
        .map(({ ids, after }) => ({
            withdraw: ids.map((id) => ({ bundle: byId.get(id)!.bundle, mention: id })),
            outcome: Object.fromEntries(conflict.fields.map((f) => [schema.fields[f]!.name, after.fields.get(f)?.reading?.json ?? null])),
        }));
}

function compareIds(a: readonly number[], b: readonly number[]): number {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
}
