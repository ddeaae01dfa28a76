// Offered repairs keep their promise (docs/extraction.md, "Repairs" and "Bounds"): a repair applied
// by a reconcile gives exactly its `outcome` and leaves its component without a conflict, however
// much of the extraction's budget other components spend.
import { expect } from 'chai';
import fc from 'fast-check';
import type { CompiledCode, CompiledSchema } from '@svc/compiler';
import { createEditService } from '../src/edits/edit-service.js';
import type { ReconciliationPreview } from '../src/edits/edit-types.js';
import type { Mention } from '../src/grounding/mention-types.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { fieldValue } from '../src/response/response-builder.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import type { SettlementBudget } from '../src/settling/settle-budgets.js';
import { settle } from '../src/settling/settle-extraction.js';
import { compile, firstPassOf, stored, type Extraction } from './support/edit-fixtures.js';
import { compare, makeSchema, money, sumEquals } from './support/schema-builder.js';

const ring = secretRingOf(['repair-secret']);
const service = createEditService({ secrets: ring });

interface Spec {
    fields: Array<{ name: string; readings: Array<[string, number]> }>;
    relations: Array<{ id: string; expr: string }>;
}

/** Fields whose readings sum to 11…1 in one relation: a search that spends tens of thousands of evaluations. */
function digits(prefix: string, counts: number[]): Spec {
    return {
        fields: counts.map((n, i) => ({
            name: `${prefix}${i}`,
            readings: Array.from({ length: n }, (_, j): [string, number] => [
                `${(j + 1) * 10 ** i}.00`,
                Math.round((0.9 - j * 0.02) * 100) / 100,
            ]),
        })),
        relations: [
            {
                id: `${prefix}sum`,
                expr: `${counts.map((_, i) => `${prefix}${i}`).join(' + ')} == ${counts.reduce((s, _, i) => s + 10 ** i, 0)}`,
            },
        ],
    };
}

/** The audit's case: three components that spend nearly all of an extraction's search budget, then a small one in conflict. */
const AUDIT_CASE: Spec[] = [
    digits('a', [8, 8, 8, 8, 6, 4]),
    digits('b', [4, 7, 7, 7, 8, 8]),
    digits('c', [3, 7, 7, 7]),
    {
        fields: [
            {
                name: 't0',
                readings: [
                    ['6.00', 0.88],
                    ['4.00', 0.73],
                    ['3.00', 0.67],
                ],
            },
            {
                name: 't1',
                readings: [
                    ['5.00', 0.77],
                    ['1.00', 0.67],
                    ['5.00', 0.58],
                    ['7.00', 0.59],
                ],
            },
            {
                name: 't2',
                readings: [
                    ['5.00', 0.55],
                    ['6.00', 0.58],
                ],
            },
            {
                name: 't3',
                readings: [
                    ['7.00', 0.73],
                    ['2.00', 0.54],
                    ['5.00', 0.77],
                ],
            },
        ],
        relations: [
            { id: 'tr1', expr: 't0 != t2' },
            { id: 'tr2', expr: 't3 < t0' },
            { id: 'tr3', expr: 't3 + t1 == t0' },
        ],
    },
];

/** A first pass holding each reading's mention at a line of its own (as separate inserts would). */
function firstPass(specs: Spec[]): { schema: CompiledSchema; ex: Extraction } {
    const schema = compile({
        svc_schema: '1.0',
        name: 'budget',
        fields: specs.flatMap((s) => s.fields.map((f) => ({ name: f.name, type: 'money', currency: 'EUR' }))),
        relations: specs.flatMap((s) => s.relations),
    });
    const quotes = specs.flatMap((s) => s.fields.flatMap((f) => f.readings.map(([amount, p]) => [f.name, `EUR ${amount}`, p] as const)));
    let start = 0;
    const sightings = quotes.map(([name, quote, p]) => {
        const at = start;
        start += quote.length + 1;
        return [name, at, quote, p] as const;
    });
    return { schema, ex: firstPassOf(quotes.map((q) => q[1]).join('\n'), schema, sightings, ring) };
}

/** Applies every repair offered in the component of `field` by preview and reconcile; returns how many. */
async function applyEveryRepair(schema: CompiledSchema, ex: Extraction, field: string): Promise<number> {
    const component = (ex.response.components as any[]).find((c) => c.fields.includes(field));
    let applied = 0;
    for (const conflict of component.conflicts)
        for (const repair of conflict.repairs) {
            const preview = (await service.edit(stored(ex, schema), {
                action: 'preview_reconciliation',
                intent: 'apply the offered repair',
                withdraw: repair.withdraw,
            })) as ReconciliationPreview;
            const after = (await service.edit(stored(ex, schema), { action: 'reconcile', plan: preview.plan })) as Extraction;
            const got = Object.fromEntries(Object.keys(repair.outcome).map((f) => [f, after.response.data[f]]));
            const where = JSON.stringify(repair.withdraw);
            expect(got, `repair ${where}`).to.deep.equal(repair.outcome);
            for (const f of component.fields)
                expect(after.response.fields[f].status, `${f} after repair ${where}`).to.not.equal('conflict');
            applied++;
        }
    return applied;
}

describe('settling: repairs keep their promise', () => {
    it('a repair reconciled gives its outcome though other components spend nearly all the extraction’s budget', async () => {
        const { schema, ex } = firstPass(AUDIT_CASE);
        expect(ex.response.fields.t0.status).to.equal('conflict');
        // The repairs that broke their promise before: withdrawing t0's 3.00 and t3's 2.00 together.
        const offered = (ex.response.components as any[]).find((c) => c.fields.includes('t0')).conflicts.flatMap((c: any) => c.repairs);
        const outcomes = offered.map((r: any) => JSON.stringify(r.outcome));
        expect(outcomes.some((o: string) => o.includes('"t0":{"amount":"3.00"'))).to.equal(true);
        expect(await applyEveryRepair(schema, ex, 't0')).to.be.greaterThan(0);
    });
});

/** A random small schema: money fields, relations between them, conditions on earlier fields. */
const arbSchema = fc
    .record({
        fields: fc.integer({ min: 2, max: 5 }),
        relations: fc.array(fc.record({ kind: fc.constantFrom('sum', '<', '!=', '<='), a: fc.nat(), b: fc.nat(), c: fc.nat() }), {
            maxLength: 4,
        }),
        conditions: fc.array(fc.record({ field: fc.nat(), a: fc.nat(), b: fc.nat() }), { maxLength: 1 }),
    })
    .map(({ fields, relations, conditions }) => {
        const when = new Map<number, CompiledCode>();
        for (const c of conditions) {
            // Only on earlier fields, so conditions never form a cycle.
            const f = 1 + (c.field % (fields - 1));
            when.set(f, compare(c.a % f, '<', c.b % f, 'num'));
        }
        const specs = Array.from({ length: fields }, (_, i) => ({ name: `f${i}`, type: money(), applicableWhen: when.get(i) }));
        const rels = relations.map((r, i) => {
            const [a, b, c] = [r.a % fields, r.b % fields, r.c % fields];
            const code = r.kind === 'sum' ? sumEquals(c, a, b) : compare(a, r.kind as '<' | '!=' | '<=', b, 'num');
            return { id: `r${i}`, code };
        });
        return makeSchema(specs, rels);
    });

const arbEvidence = fc.array(
    fc.record({
        field: fc.nat(),
        amount: fc.constantFrom('1.00', '2.00', '3.00', '4.00', '5.00'),
        p: fc.constantFrom(0.3, 0.45, 0.6, 0.8, 0.9),
    }),
    { minLength: 1, maxLength: 10 },
);

function evidence(schema: CompiledSchema, list: Array<{ field: number; amount: string; p: number }>): Mention[] {
    return list.map((m, id) => {
        const field = m.field % schema.fields.length;
        const quote = m.amount;
        return { id, bundle: 0, field, start: id * 8, end: id * 8 + 4, quote, p: m.p, parsed: parseQuote(money(), quote, 'en')! };
    });
}

describe('settling: repairs are confirmed within their component’s budget', () => {
    // Found by the property below: withdrawing mentions 2 and 8 takes the search of f0, f2, f4 from
    // 12 evaluations to 13.
    const schema = makeSchema(
        Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, type: money() })),
        [
            { id: 'r0', code: compare(4, '<=', 2, 'num') },
            { id: 'r1', code: compare(0, '!=', 4, 'num') },
        ],
    );
    const ms = evidence(
        schema,
        (
            [
                [2, '4.00', 0.6],
                [0, '1.00', 0.9],
                [2, '5.00', 0.6],
                [3, '1.00', 0.9],
                [4, '5.00', 0.9],
                [4, '3.00', 0.8],
                [2, '2.00', 0.44],
                [4, '1.00', 0.44],
                [2, '5.00', 0.6],
                [3, '2.00', 0.9],
            ] as const
        ).map(([field, amount, p]) => ({ field, amount, p })),
    );
    const repairsAt = (search: number): string[] =>
        settle(schema, ms, { search, breaks: 100, repairs: 600 }).components[0]!.conflicts.flatMap((c) =>
            c.repairs.map((r) => r.withdraw.map((w) => w.mention).join(',')),
        );

    it('a repair whose settlement needs more than the component gets is not offered; a larger one that fits is', () => {
        expect(repairsAt(13)).to.deep.equal(['5', '0,4', '2,8']);
        // With 12, withdrawing 2 and 8 would leave the component to the greedy pass (no value for
        // f2 and f4, not the promised 4.00 and 3.00).
        expect(repairsAt(12)).to.deep.equal(['5', '0,4', '2,4,8', '2,6,8']);
        const after = settle(
            schema,
            ms.filter((m) => m.id !== 2 && m.id !== 8),
            { search: 12, breaks: 100, repairs: 600 },
        );
        expect(after.components[0]!.resolution.greedy).to.equal(true);
    });
});

describe('settling: repairs keep their promise (property)', () => {
    it('every repair offered, applied, gives its outcome and no conflict, whatever the budgets; other components stay as they were', () => {
        let offered = 0;
        const check = (schema: CompiledSchema, ms: Mention[], totals?: SettlementBudget): void => {
            const before = settle(schema, ms, totals);
            for (const c of before.components)
                for (const repair of c.conflicts.flatMap((k) => k.repairs)) {
                    offered++;
                    const out = new Set(repair.withdraw.map((w) => w.mention));
                    const after = settle(
                        schema,
                        ms.filter((m) => !out.has(m.id)),
                        totals,
                    );
                    const where = JSON.stringify({ ms: ms.map((m) => [m.field, m.quote, m.p]), totals, repair });
                    for (const [name, value] of Object.entries(repair.outcome)) {
                        const f = schema.fields.find((x) => x.name === name)!;
                        expect(fieldValue(after.fields[f.id]!), where).to.deep.equal(value);
                    }
                    for (const f of c.component.fields) expect(after.fields[f]!.status, where).to.not.equal('conflict');
                    // Settled by its search, as the repair was confirmed: a greedy pass is no proof.
                    expect(after.components[c.component.index]!.resolution.greedy, where).to.equal(false);
                    for (const other of after.components)
                        if (other.component !== c.component)
                            expect(other.resolution.fields, where).to.deep.equal(
                                before.components[other.component.index]!.resolution.fields,
                            );
                }
        };
        fc.assert(
            fc.property(arbSchema, arbEvidence, fc.integer({ min: 0, max: 3000 }), (schema, list, repairs) => {
                const ms = evidence(schema, list);
                check(schema, ms);
                // Searches of these schemas spend up to a few dozen evaluations: budgets around that
                // make a search run out in the first settlement, in a repair's, in both or in neither.
                for (let search = 0; search <= 60; search += 2) check(schema, ms, { search, breaks: 100, repairs });
            }),
            { numRuns: 200 },
        );
        expect(offered).to.be.greaterThan(500);
    });

    it('every repair offered, previewed and reconciled, gives its outcome and no conflict', async () => {
        let applied = 0;
        const exprs = (kind: string, a: string, b: string, c: string): string =>
            kind === 'sum' ? `${c} == ${a} + ${b}` : `${a} ${kind} ${b}`;
        await fc.assert(
            fc.asyncProperty(
                fc.integer({ min: 2, max: 4 }),
                fc.array(fc.record({ kind: fc.constantFrom('sum', '<', '!=', '<='), a: fc.nat(), b: fc.nat(), c: fc.nat() }), {
                    maxLength: 3,
                }),
                arbEvidence,
                async (n, relations, list) => {
                    const names = Array.from({ length: n }, (_, i) => `f${i}`);
                    const spec: Spec = {
                        fields: names.map((name, i) => ({
                            name,
                            readings: list.filter((m) => m.field % n === i).map((m): [string, number] => [m.amount, m.p]),
                        })),
                        relations: relations
                            .map((r, i) => ({ id: `r${i}`, expr: exprs(r.kind, names[r.a % n]!, names[r.b % n]!, names[r.c % n]!) }))
                            .filter((r) => new Set(r.expr.match(/f\d/g)).size > 1),
                    };
                    let built;
                    try {
                        built = firstPass([spec]);
                    } catch {
                        return; // a relation the compiler refuses (always false, say)
                    }
                    for (const c of built.ex.response.components as Array<{ fields: string[] }>)
                        applied += await applyEveryRepair(built.schema, built.ex, c.fields[0]!);
                },
            ),
            { numRuns: 60 },
        );
        expect(applied).to.be.greaterThan(20);
    });
});
