// The greedy pass that decides a component when the exhaustive search ran out of budget (docs/extraction.md,
// settling): fields in search order take their strongest reading that breaks no relation
// with the fields already chosen. Afterwards every field is checked against the finished choice: if
// another of its readings would fit just as well, the evidence does not decide it (a conflict); if
// none fits, its readings break relations (a conflict too). It is linear in fields × readings ×
// relations, so it always finishes.
import type { Value } from '@svc/compiler';
import { MemoEvaluator, NONE, type FieldSummary, type SearchOutcome, type SearchPlan } from './settle-search.js';

export function greedyComponent(plan: SearchPlan): SearchOutcome {
    const { schema, order, readings, checksAt } = plan;
    const values: Value[] = new Array<Value>(schema.fields.length).fill(null);
    const option = new Int32Array(schema.fields.length).fill(NONE);
    const na = new Uint8Array(schema.fields.length);
    const evaluator = new MemoEvaluator(Number.POSITIVE_INFINITY);
    const violatedWith = new Map<number, Map<number, Set<number>>>();
    const note = (f: number, opt: number, r: number): void => {
        let byOption = violatedWith.get(f);
        if (!byOption) violatedWith.set(f, (byOption = new Map()));
        let set = byOption.get(opt);
        if (!set) byOption.set(opt, (set = new Set()));
        set.add(r);
    };

    order.forEach((f, depth) => {
        const field = schema.fields[f]!;
        const applies = !field.applicableWhen || evaluator.run(`a${f}`, field.applicableWhen, values, option) !== false;
        na[f] = applies ? 0 : 1;
        if (!applies) return;
        const competing = readings[f]!.competing;
        for (let o = 0; o < competing.length; o++) {
            option[f] = o;
            values[f] = competing[o]!.value;
            const broken = checksAt[depth]!.find((r) => evaluator.run(`r${r}`, schema.relations[r]!.code, values, option) === false);
            if (broken === undefined) return;
            note(f, o, broken);
        }
        option[f] = NONE;
        values[f] = null;
    });

    // Relations touching each field, for the check against the finished choice.
    const touching = new Map<number, number[]>(order.map((f) => [f, []]));
    for (const rs of checksAt) for (const r of rs) for (const f of schema.relations[r]!.code.reads) touching.get(f)?.push(r);

    const summaries = new Map<number, FieldSummary>();
    let best = 0;
    for (const f of order) {
        const chosen = option[f]!;
        if (chosen !== NONE) best++;
        const s: FieldSummary = { options: new Set(), notApplicable: na[f]!, choices: 1 };
        summaries.set(f, s);
        if (na[f]) continue;
        const competing = readings[f]!.competing;
        for (let o = 0; o < competing.length; o++) {
            option[f] = o;
            values[f] = competing[o]!.value;
            const broken = touching.get(f)!.find((r) => evaluator.run(`r${r}`, schema.relations[r]!.code, values, option) === false);
            if (broken === undefined) s.options.add(o);
            else note(f, o, broken);
        }
        if (s.options.size === 0) s.options.add(NONE);
        option[f] = chosen;
        values[f] = chosen === NONE ? null : competing[chosen]!.value;
    }
    return { complete: true, best, summaries, violatedWith, evaluations: evaluator.evaluations };
}
