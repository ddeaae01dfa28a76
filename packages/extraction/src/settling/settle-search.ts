// The search of docs/extraction.md: every choice of one competing reading (or none) per
// field of a component; a choice is consistent when no relation is violated; the choices that use
// the most fields decide. Depth-first with branch-and-bound (a branch that cannot reach the best
// count is cut), relations checked as soon as their fields are chosen, and results of a relation
// memoised per combination of readings — most relations read two or three fields, so a component
// of many fields still evaluates each relation only a few dozen times. Bounded: past the budget of
// relation evaluations the search stops and a greedy pass decides (settle-greedy.ts).
import type { CompiledSchema, Value } from '@svc/compiler';
import { evaluateCode } from '../compiler-values.js';
import type { Component } from './settle-components.js';
import type { FieldReadings } from './settle-readings.js';

export const MAX_RELATION_EVALUATIONS = 100_000;
/** Option index meaning "no reading". */
export const NONE = -1;

export interface FieldSummary {
    /** Competing-reading indices (or NONE) that occur in some best choice where the field applies. */
    options: Set<number>;
    /** Best choices in which the field's applicable_when was false. */
    notApplicable: number;
    /** Best choices in total. */
    choices: number;
}

export interface SearchOutcome {
    /** False when the budget ran out (the caller then settles greedily). */
    complete: boolean;
    /** Most fields with a reading in a consistent choice. */
    best: number;
    summaries: Map<number, FieldSummary>;
    /** field → option → relation indices violated while the field held that option. */
    violatedWith: Map<number, Map<number, Set<number>>>;
    evaluations: number;
}

/** What the search needs of a component, prepared once and shared by the greedy pass. */
export interface SearchPlan {
    schema: CompiledSchema;
    /** Fields taking part (array fields excluded: no relation or condition can read them). */
    order: number[];
    readings: readonly FieldReadings[];
    /** Relations (schema indices) to check after the field at each depth is chosen. */
    checksAt: number[][];
}

export function makeSearchPlan(schema: CompiledSchema, component: Component, readings: readonly FieldReadings[]): SearchPlan {
    const order = component.order.filter((f) => schema.fields[f]!.type.kind !== 'array');
    const depthOf = new Map(order.map((f, i) => [f, i]));
    const checksAt: number[][] = order.map(() => []);
    for (const r of component.relations) {
        const reads = schema.relations[r]!.code.reads;
        if (reads.length === 0) continue;
        let depth = 0;
        for (const f of reads) depth = Math.max(depth, depthOf.get(f) ?? 0);
        checksAt[depth]!.push(r);
    }
    return { schema, order, readings, checksAt };
}

class BudgetExceeded extends Error {}

/**
 * What one evaluation of an expression costs against a budget: one for every 16 instructions of
 * its code. Every relation of the labelled and users' sets has at most 10, so each costs one; a
 * relation of 120 divisions rounded to 28 places (2.5 KB, about 600 instructions) costs 38, and
 * an evaluation of it takes 1–1.5 ms (a hostile review: counted as one, it made budgets of 100,000
 * evaluations last minutes).
 */
export function evaluationCost(code: { code: readonly unknown[] }): number {
    return Math.max(1, Math.ceil(code.code.length / 16));
}

/** Memoised evaluation keyed by the chosen options of the fields an expression reads. */
export class MemoEvaluator {
    private readonly memo = new Map<string, Map<number, Value>>();
    evaluations = 0;

    constructor(private readonly budget: number) {}

    /** Evaluates `code` (relation or condition) for the options chosen; `id` names the expression. */
    run(id: string, code: Parameters<typeof evaluateCode>[0], values: readonly Value[], option: Int32Array): Value {
        this.evaluations += evaluationCost(code);
        if (this.evaluations > this.budget) throw new BudgetExceeded();
        const reads = code.reads;
        if (reads.length > 15) return evaluateCode(code, values);
        let key = 0;
        for (let i = 0; i < reads.length; i++) key = key * 10 + (option[reads[i]!]! + 1);
        let table = this.memo.get(id);
        if (!table) {
            table = new Map();
            this.memo.set(id, table);
        }
        const hit = table.get(key);
        if (hit !== undefined) return hit;
        const v = evaluateCode(code, values);
        table.set(key, v);
        return v;
    }
}

/** Exhaustive search with branch-and-bound over one component. */
export function searchComponent(plan: SearchPlan, budget = MAX_RELATION_EVALUATIONS): SearchOutcome {
    const { schema, order, readings, checksAt } = plan;
    const n = order.length;
    const values: Value[] = new Array<Value>(schema.fields.length).fill(null);
    // option[f] + 1 in 0..9 (NONE → 0) keys the memo; not-applicable fields hold NONE as well.
    const option = new Int32Array(schema.fields.length).fill(NONE);
    const na = new Uint8Array(schema.fields.length);
    const remaining = new Int32Array(n + 1);
    // A field with readings counts as used when it takes one or is not applicable (its readings are
    // then accounted for), so evidence that makes a field not applicable is not outweighed by
    // leaving the condition's own reading out. Fields without readings never count.
    for (let d = n - 1; d >= 0; d--) remaining[d] = remaining[d + 1]! + (readings[order[d]!]!.competing.length > 0 ? 1 : 0);
    const evaluator = new MemoEvaluator(budget);
    const violatedWith = new Map<number, Map<number, Set<number>>>();
    let summaries = new Map<number, FieldSummary>();
    let best = -1;
    let leaves = 0;
    const leafBudget = budget * 4;

    const noteViolation = (r: number): void => {
        for (const f of schema.relations[r]!.code.reads) {
            let byOption = violatedWith.get(f);
            if (!byOption) violatedWith.set(f, (byOption = new Map()));
            let set = byOption.get(option[f]!);
            if (!set) byOption.set(option[f]!, (set = new Set()));
            set.add(r);
        }
    };

    const record = (count: number): void => {
        if (++leaves > leafBudget) throw new BudgetExceeded();
        if (count > best) {
            best = count;
            summaries = new Map(order.map((f) => [f, { options: new Set<number>(), notApplicable: 0, choices: 0 }]));
        }
        for (const f of order) {
            const s = summaries.get(f)!;
            s.choices++;
            if (na[f]) s.notApplicable++;
            else s.options.add(option[f]!);
        }
    };

    const visit = (depth: number, count: number): void => {
        if (count + remaining[depth]! < best) return;
        if (depth === n) {
            record(count);
            return;
        }
        const f = order[depth]!;
        const field = schema.fields[f]!;
        let applies = true;
        if (field.applicableWhen) applies = evaluator.run(`a${f}`, field.applicableWhen, values, option) !== false;
        const competing = readings[f]!.competing;
        const choices = applies ? competing.length : 0;
        na[f] = applies ? 0 : 1;
        for (let o = 0; o <= choices; o++) {
            const opt = o < choices ? o : NONE;
            option[f] = opt;
            values[f] = opt === NONE ? null : competing[opt]!.value;
            let consistent = true;
            for (const r of checksAt[depth]!) {
                if (evaluator.run(`r${r}`, schema.relations[r]!.code, values, option) === false) {
                    noteViolation(r);
                    consistent = false;
                    break;
                }
            }
            if (consistent) visit(depth + 1, count + (opt !== NONE || (!applies && competing.length > 0) ? 1 : 0));
        }
        option[f] = NONE;
        values[f] = null;
        na[f] = 0;
    };

    try {
        visit(0, 0);
        return { complete: true, best, summaries, violatedWith, evaluations: evaluator.evaluations };
    } catch (e) {
        if (!(e instanceof BudgetExceeded)) throw e;
        return { complete: false, best, summaries, violatedWith, evaluations: evaluator.evaluations };
    }
}
