// Settling a whole extraction (docs/extraction.md): components are settled independently, then
// conflicts and their repairs are found, relations are judged on the values taken, and the notes a
// user should see become warnings. The entry point for the first pass and for every edit alike.
import type { CompiledSchema, Value } from '@svc/compiler';
import { evaluateRelation, type RelationOutcome } from '../compiler-values.js';
import type { Mention } from '../grounding/mention-types.js';
import { componentBudgets, SETTLEMENT_BUDGET, type SettlementBudget } from './settle-budgets.js';
import { buildComponents, type Component } from './settle-components.js';
import { findConflicts, findRepairs, type Conflict } from './settle-conflicts.js';
import { MAX_READINGS } from './settle-readings.js';
import { resolveComponent, type ComponentResolution, type FieldResolution } from './settle-resolve.js';
import { MAX_RELATION_EVALUATIONS } from './settle-search.js';

export interface SettledComponent {
    component: Component;
    resolution: ComponentResolution;
    conflicts: Conflict[];
}

export interface Settlement {
    components: SettledComponent[];
    /** By field id. */
    fields: FieldResolution[];
    /** By relation index (schema.relations). */
    relations: RelationOutcome[];
    warnings: string[];
}

const componentCache = new WeakMap<CompiledSchema, Component[]>();

/** Components of a schema (cached: a compiled schema is immutable and reused across requests). */
export function componentsOf(schema: CompiledSchema): Component[] {
    let c = componentCache.get(schema);
    if (!c) componentCache.set(schema, (c = buildComponents(schema)));
    return c;
}

/**
 * Settles every component with its own fields' mentions and its own budget (settle-budgets.ts), so
 * a component settles the same whatever the others hold. `totals` is for tests of the bounds.
 */
export function settle(
    schema: CompiledSchema,
    mentions: readonly Mention[],
    totals: Readonly<SettlementBudget> = SETTLEMENT_BUDGET,
): Settlement {
    const warnings: string[] = [];
    const fields: FieldResolution[] = [];
    const components: SettledComponent[] = [];
    // Each component reads its own fields' mentions only: a repair settles its component again
    // hundreds of times, and filtering all of an extraction's mentions each time made the repairs
    // of 32 components quadratic in the mentions (7 s at 5,440 mentions).
    const all = componentsOf(schema);
    const byField = new Map(all.flatMap((c, k) => c.fields.map((f) => [f, k] as const)));
    const own: Mention[][] = all.map(() => []);
    for (const m of mentions) {
        const k = byField.get(m.field);
        if (k !== undefined) own[k]!.push(m);
    }
    // A component whose search runs out of its budget is settled by the greedy pass, with a warning.
    const budgets = componentBudgets(schema, all, totals);
    for (const [k, component] of all.entries()) {
        const budget = budgets[k]!;
        const resolution = resolveComponent(schema, component, own[k]!, budget.search);
        for (const [f, r] of resolution.fields) fields[f] = r;
        const conflicts = findConflicts(schema, resolution, budget);
        for (const c of conflicts) c.repairs = findRepairs(schema, resolution, c, own[k]!, budget);
        components.push({ component, resolution, conflicts });
        if (resolution.greedy) {
            warnings.push(
                `component c${component.index} (${component.fields.map((f) => schema.fields[f]!.name).join(', ')}): the search ran out of its budget of ${budget.search} relation evaluations (${MAX_RELATION_EVALUATIONS} per component, or an equal share of ${totals.search} per extraction among the components with relations or conditions; a long relation counting as several); its fields were settled by a greedy pass`,
            );
        }
        for (const f of resolution.cut) {
            warnings.push(
                `field ${schema.fields[f]!.name}: more than ${MAX_READINGS} competing readings; only the ${MAX_READINGS} strongest were considered`,
            );
        }
    }
    const values: Value[] = schema.fields.map((f) => fields[f.id]?.reading?.value ?? null);
    const relations = schema.relations.map((r) => evaluateRelation(r.code, values));
    for (const f of schema.fields) {
        if (fields[f.id]!.status === 'missing' && !f.nullable)
            warnings.push(`field ${f.name}: no value found in the document (the field is not nullable)`);
    }
    return { components, fields, relations, warnings };
}
