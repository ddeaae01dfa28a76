// Settling work grows with the mentions of each component, not with all of an extraction's: a
// repair settles its component again up to 400 times, and each time read every mention of every
// component (a hostile review: 32 single-field conflicts took 7 s at 5,440 mentions).
import { expect } from 'chai';
import type { Mention } from '../src/grounding/mention-types.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { findConflicts } from '../src/settling/settle-conflicts.js';
import { settle } from '../src/settling/settle-extraction.js';
import { evaluationCost, MemoEvaluator } from '../src/settling/settle-search.js';
import { code, compare, makeSchema, money } from './support/schema-builder.js';
import type { Instr } from '@svc/compiler';

/** Reads of mentions' fields while `fields` single-field components, each two equal readings of `copies` mentions, are settled. */
function readsWhileSettling(fields: number, copies: number): { reads: number; repairs: number } {
    const schema = makeSchema(Array.from({ length: fields }, (_, i) => ({ name: `m${i}`, type: money() })));
    let reads = 0;
    const ms: Mention[] = [];
    for (let f = 0; f < fields; f++)
        for (const quote of ['10.00', '20.00'])
            for (let k = 0; k < copies; k++) {
                const id = ms.length;
                const m = { id, bundle: 0, start: id * 8, end: id * 8 + 5, quote, p: 0.6, parsed: parseQuote(money(), quote, 'en')! };
                Object.defineProperty(m, 'field', { enumerable: true, get: () => (reads++, f) });
                ms.push(m as Mention);
            }
    reads = 0;
    const settled = settle(schema, ms);
    return { reads, repairs: settled.components.reduce((n, c) => n + c.conflicts.reduce((r, x) => r + (x.repairs?.length ?? 0), 0), 0) };
}

describe('settling work', () => {
    it('reads each component’s own mentions when it settles again for a repair', () => {
        const small = readsWhileSettling(8, 6);
        const large = readsWhileSettling(16, 6);
        // Every component is in conflict and offers repairs.
        expect(small.repairs).to.be.greaterThan(0);
        expect(large.repairs).to.equal(2 * small.repairs);
        // Twice the components, twice the reads (each settling read all mentions: four times).
        expect(large.reads / small.reads).to.be.below(2.5);
    });
});

describe('settling budgets count what an evaluation costs', () => {
    // `a != b`, read through 600 loads of `a` first: as long as a relation of 120 rounded divisions.
    const padded = code(
        [
            ...Array.from({ length: 600 }, (): Instr => ({ op: 'field', dst: 0, field: 0 })),
            { op: 'field', dst: 1, field: 1 },
            { op: 'cmp', cmp: '!=', kind: 'num', dst: 2, a: 0, b: 1 },
        ],
        2,
    );

    it('a relation costs one per 16 instructions, and the search spends that', () => {
        expect(evaluationCost(compare(0, '!=', 1, 'num'))).to.equal(1);
        expect(evaluationCost(padded)).to.equal(38);
        const memo = new MemoEvaluator(100);
        const option = new Int32Array([0, 0]);
        memo.run('r', padded, [null, null], option);
        memo.run('r', padded, [null, null], option);
        expect(memo.evaluations).to.equal(76);
        expect(() => memo.run('r', padded, [null, null], option)).to.throw();
    });

    it('deciding which relations a conflict breaks stops at the shared budget', () => {
        const schema = makeSchema(
            [
                { name: 'a', type: money() },
                { name: 'b', type: money() },
            ],
            [{ id: 'differ', code: padded }],
        );
        const quotes = ['10.00', '20.00'];
        const ms: Mention[] = [0, 1].flatMap((field) =>
            quotes.map((quote, k) => ({
                id: field * 2 + k,
                bundle: 0,
                field,
                start: (field * 2 + k) * 8,
                end: (field * 2 + k) * 8 + 5,
                quote,
                p: 0.6,
                parsed: parseQuote(money(), quote, 'en')!,
            })),
        );
        const resolution = settle(schema, ms).components[0]!.resolution;
        expect(findConflicts(schema, resolution).map((c) => c.kind)).to.deep.equal(['violation']);
        const budget = { search: 100_000, breaks: 37, repairs: 0 };
        // Without the budget for one evaluation, the relation is not tried: each field only disagrees.
        expect(findConflicts(schema, resolution, budget).map((c) => c.kind)).to.deep.equal(['disagreement', 'disagreement']);
        expect(budget.breaks).to.equal(37);
    });

    /** `n` components of two fields with 8 readings each and a long relation between them (cost 38). */
    function pairs(n: number): { schema: ReturnType<typeof makeSchema>; ms: Mention[] } {
        const specs = Array.from({ length: 2 * n }, (_, i) => ({ name: `f${i}`, type: money() }));
        const relations = Array.from({ length: n }, (_, c) => ({
            id: `r${c}`,
            code: code(
                [
                    ...Array.from({ length: 600 }, (): Instr => ({ op: 'field', dst: 0, field: 2 * c })),
                    { op: 'field', dst: 1, field: 2 * c + 1 },
                    { op: 'cmp', cmp: '!=', kind: 'num', dst: 2, a: 0, b: 1 },
                ],
                2,
            ),
        }));
        const ms: Mention[] = [];
        for (let f = 0; f < 2 * n; f++)
            for (let k = 0; k < 8; k++) {
                const quote = `${10 + k}.00`;
                ms.push({
                    id: ms.length,
                    bundle: 0,
                    field: f,
                    start: ms.length * 8,
                    end: ms.length * 8 + 5,
                    quote,
                    p: 0.5 + k / 100,
                    parsed: parseQuote(money(), quote, 'en')!,
                });
            }
        return { schema: makeSchema(specs, relations), ms };
    }

    it("one extraction's searches share one budget in equal parts: past its part, a component is settled greedily", () => {
        const many = pairs(120);
        const settled = settle(many.schema, many.ms);
        // Each of the 120 gets 1,666: too little for its search (2,736), and the same for all, first or last.
        expect(settled.components.every((c) => c.resolution.greedy)).to.equal(true);
        // A search stops at the evaluation that passes its budget (one of 38 at most).
        expect(settled.components.reduce((n, c) => n + c.resolution.evaluations, 0)).to.be.at.most(200_000 + 120 * 37);
        expect(settled.warnings.filter((w) => w.includes('ran out of its budget of 1666 '))).to.have.length(120);
        // Four get 50,000 each, enough for all.
        const few = pairs(4);
        expect(settle(few.schema, few.ms).components.some((c) => c.resolution.greedy)).to.equal(false);
    });

    it('a component settles the same whatever the other components hold or spend', () => {
        const { schema, ms } = pairs(120);
        const last = (x: Mention[]) => settle(schema, x).components[119]!;
        const alone = last(ms.filter((m) => m.field >= 238));
        const among = last(ms);
        expect(among.resolution.evaluations).to.equal(alone.resolution.evaluations);
        expect([...among.resolution.fields.values()]).to.deep.equal([...alone.resolution.fields.values()]);
    });
});
