// Decides the status of every field of one component from its active mentions (docs/extraction.md,
// settling): readings → search (or greedy past the budget) → found / missing / conflict / not_applicable
// and `settled_by`. Pure and deterministic, so the repairs can call it again with mentions
// withdrawn and trust that the answer is the one the edit would give.
import type { CompiledSchema, Value } from '@svc/compiler';
import { evaluateCode } from '../compiler-values.js';
import type { Mention } from '../grounding/mention-types.js';
import type { Component } from './settle-components.js';
import { greedyComponent } from './settle-greedy.js';
import { groupReadings, type FieldReadings, type Reading } from './settle-readings.js';
import { makeSearchPlan, MAX_RELATION_EVALUATIONS, NONE, searchComponent, type SearchOutcome } from './settle-search.js';

export type FieldStatus = 'found' | 'missing' | 'conflict' | 'not_applicable';

export interface FieldResolution {
    field: number;
    status: FieldStatus;
    /** The reading taken (found, non-array fields). */
    reading?: Reading;
    /** Array fields: the competing readings, in document order. */
    elements?: Reading[];
    /** Relation indices that ruled readings of this field out. */
    settledBy: number[];
}

export interface ComponentResolution {
    component: Component;
    readings: FieldReadings[];
    fields: Map<number, FieldResolution>;
    /** The search ran out of budget and the greedy pass decided. */
    greedy: boolean;
    evaluations: number;
    /** Fields whose competing readings were cut to the bound. */
    cut: number[];
}

function settledBy(outcome: SearchOutcome, field: number, keep: number, competing: number): number[] {
    const byOption = outcome.violatedWith.get(field);
    if (!byOption) return [];
    const out = new Set<number>();
    for (let o = 0; o < competing; o++) {
        if (o === keep) continue;
        for (const r of byOption.get(o) ?? []) out.add(r);
    }
    return [...out].sort((a, b) => a - b);
}

/** Settles one component given the extraction's active mentions (others' fields are ignored). */
export function resolveComponent(
    schema: CompiledSchema,
    component: Component,
    mentions: readonly Mention[],
    budget = MAX_RELATION_EVALUATIONS,
): ComponentResolution {
    const inComponent = new Set(component.fields);
    const readings = groupReadings(
        schema.fields.length,
        mentions.filter((m) => inComponent.has(m.field)),
    );
    const plan = makeSearchPlan(schema, component, readings);
    let outcome = searchComponent(plan, budget);
    const greedy = !outcome.complete;
    const evaluations = outcome.evaluations;
    if (greedy) outcome = greedyComponent(plan);
    const fields = new Map<number, FieldResolution>();
    for (const f of component.fields) {
        const r = readings[f]!;
        const field = schema.fields[f]!;
        if (field.type.kind === 'array') {
            const elements = [...r.competing].sort((a, b) => a.mentions[0]!.start - b.mentions[0]!.start);
            fields.set(f, { field: f, status: elements.length ? 'found' : 'missing', elements, settledBy: [] });
            continue;
        }
        if (r.competing.length === 0) {
            fields.set(f, { field: f, status: 'missing', settledBy: [] });
            continue;
        }
        const s = outcome.summaries.get(f);
        if (s && s.choices > 0 && s.notApplicable === s.choices) {
            fields.set(f, { field: f, status: 'not_applicable', settledBy: [] });
            continue;
        }
        const options = s ? [...s.options] : [];
        if (options.length === 1 && options[0] !== NONE) {
            const keep = options[0]!;
            fields.set(f, {
                field: f,
                status: 'found',
                reading: r.competing[keep],
                settledBy: settledBy(outcome, f, keep, r.competing.length),
            });
        } else {
            fields.set(f, { field: f, status: 'conflict', settledBy: [] });
        }
    }
    applyConditions(schema, component, fields);
    const cut = component.fields.filter((f) => readings[f]!.cut > 0);
    return { component, readings, fields, greedy, evaluations, cut };
}

/**
 * Step 1 of docs/extraction.md on the settled values: a field whose applicable_when is false is
 * not_applicable, whatever its readings (its mentions stay, unused). Conditions are evaluated in the
 * compiler's applicable order, so a field made not applicable counts as null for those after it.
 */
function applyConditions(schema: CompiledSchema, component: Component, fields: Map<number, FieldResolution>): void {
    const values: Value[] = new Array<Value>(schema.fields.length).fill(null);
    for (const r of fields.values()) if (r.reading) values[r.field] = r.reading.value;
    for (const f of schema.applicableOrder) {
        const res = fields.get(f);
        const cond = schema.fields[f]!.applicableWhen;
        if (!res || !cond) continue;
        if (evaluateCode(cond, values) === false) {
            fields.set(f, { field: f, status: 'not_applicable', settledBy: [] });
            values[f] = null;
        }
    }
}

/** Whether any field of the resolution is in conflict. */
export function hasConflict(res: ComponentResolution): boolean {
    for (const f of res.fields.values()) if (f.status === 'conflict') return true;
    return false;
}
