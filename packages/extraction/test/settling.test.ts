import { expect } from 'chai';
import fc from 'fast-check';
import type { CompiledSchema } from '@svc/compiler';
import type { Mention } from '../src/grounding/mention-types.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { buildResponse } from '../src/response/response-builder.js';
import { settle, type Settlement } from '../src/settling/settle-extraction.js';
import { compare, equalsText, makeSchema, money, sumEquals } from './support/schema-builder.js';

function mentions(schema: CompiledSchema, specs: Array<[string, string, number]>): Mention[] {
    return specs.map(([field, quote, p], id) => {
        const f = schema.fields.find((x) => x.name === field)!;
        const parsed = parseQuote(f.type, quote, 'en');
        if (!parsed) throw new Error(`${quote} is no ${field}`);
        return { id, bundle: 0, field: f.id, start: id * 20, end: id * 20 + quote.length, quote, p, parsed };
    });
}

const SUM = makeSchema(
    [
        { name: 'net', type: money() },
        { name: 'vat', type: money() },
        { name: 'total', type: money() },
    ],
    [{ id: 'sum', code: sumEquals(2, 0, 1) }],
);

function response(schema: CompiledSchema, s: Settlement, ms: Mention[]): any {
    return buildResponse(schema, s, ms, []);
}

describe('settling: statuses', () => {
    it('found, missing and settled_by: a relation picks one of two readings of a total', () => {
        const ms = mentions(SUM, [
            ['net', '100.00', 0.8],
            ['vat', '21.00', 0.8],
            ['total', '121.00', 0.7],
            ['total', '112.00', 0.7],
        ]);
        const r = response(SUM, settle(SUM, ms), ms);
        expect(r.fields.total.status).to.equal('found');
        expect(r.data.total).to.deep.equal({ amount: '121.00', currency: 'EUR' });
        expect(r.fields.total.settled_by).to.deep.equal(['sum']);
        expect(r.fields.total.mentions).to.deep.equal(['2']);
        expect(r.relations).to.deep.equal({ sum: 'holds' });
        expect(r.components).to.have.length(1);
        expect(r.components[0].conflicts).to.deep.equal([]);
    });

    it('missing with a warning for non-nullable fields; the relation is unchecked', () => {
        const ms = mentions(SUM, [
            ['net', '100.00', 0.8],
            ['total', '121.00', 0.7],
        ]);
        const s = settle(SUM, ms);
        const r = response(SUM, s, ms);
        expect(r.fields.vat.status).to.equal('missing');
        expect(r.fields.vat.confidence).to.equal(0);
        expect(r.data.vat).to.equal(null);
        expect(r.relations.sum).to.equal('unchecked');
        expect(s.warnings.some((w) => w.includes('vat'))).to.equal(true);
    });

    it('a reading below half of the strongest does not compete', () => {
        const schema = makeSchema([{ name: 'total', type: money() }]);
        const ms = mentions(schema, [
            ['total', '10.00', 0.8],
            ['total', '11.00', 0.3],
        ]);
        const r = response(schema, settle(schema, ms), ms);
        expect(r.fields.total.status).to.equal('found');
        expect(r.data.total.amount).to.equal('10.00');
        expect(r.mentions).to.have.length(2); // the weak one stays listed
    });

    it('a reading of exactly half of the strongest competes, whatever the floating point of its noisy-or', () => {
        // 1 − (1 − 0.45) is 0.44999999999999996 in floating point: below 0.9 / 2 by accident.
        const schema = makeSchema([{ name: 'total', type: money() }]);
        const status = (strongest: number, other: number): string => {
            const ms = mentions(schema, [
                ['total', '10.00', strongest],
                ['total', '11.00', other],
            ]);
            return response(schema, settle(schema, ms), ms).fields.total.status;
        };
        const half: Array<[number, number]> = [
            [0.8, 0.4],
            [0.9, 0.45],
            [0.6, 0.3],
            [0.7, 0.35],
            [0.98, 0.49],
            [0.86, 0.43],
            [0.002, 0.001],
            [0.999, 0.4995],
        ];
        for (const [a, b] of half) expect(status(a, b), `${b} against ${a}`).to.equal('conflict');
        // Below half by a thousandth or less still does not compete; above half does.
        for (const [a, b] of [
            [0.8, 0.399],
            [0.9, 0.449],
            [0.86, 0.42999],
        ])
            expect(status(a, b), `${b} against ${a}`).to.equal('found');
        expect(status(0.8, 0.40001)).to.equal('conflict');
        // The same with several mentions: 1 − 0.4 · 0.5 against 0.4.
        const ms = mentions(schema, [
            ['total', '10.00', 0.6],
            ['total', '10.00', 0.5],
            ['total', '11.00', 0.4],
        ]);
        expect(response(schema, settle(schema, ms), ms).fields.total.status).to.equal('conflict');
    });

    it('repeated sightings reinforce: support is the noisy-or of p', () => {
        const schema = makeSchema([{ name: 'total', type: money() }]);
        const ms = mentions(schema, [
            ['total', '10.00', 0.5],
            ['total', '10.00', 0.5],
            ['total', '11.00', 0.7],
        ]);
        const r = response(schema, settle(schema, ms), ms);
        expect(r.fields.total.status).to.equal('conflict'); // 0.75 vs 0.7: both compete
        const ms2 = mentions(schema, [
            ['total', '10.00', 0.5],
            ['total', '10.00', 0.5],
            ['total', '10.00', 0.5],
            ['total', '11.00', 0.3],
        ]);
        const r2 = response(schema, settle(schema, ms2), ms2);
        expect(r2.fields.total.status).to.equal('found');
        expect(r2.fields.total.confidence).to.equal(0.875);
    });

    it('not_applicable when applicable_when is false; its mentions stay unused', () => {
        const schema = makeSchema([
            { name: 'status', type: { kind: 'enum', labels: ['paid', 'open'], aliases: {} } },
            { name: 'paid_on', type: { kind: 'date', eom: 'clamp', dateOrder: 'auto' }, applicableWhen: equalsText(0, 'paid') },
        ]);
        const open = mentions(schema, [
            ['status', 'open', 0.9],
            ['paid_on', '3 January 2024', 0.9],
        ]);
        const r = response(schema, settle(schema, open), open);
        expect(r.fields.paid_on.status).to.equal('not_applicable');
        expect(r.data.paid_on).to.equal(null);
        expect(r.mentions).to.have.length(2);
        const paid = mentions(schema, [
            ['status', 'paid', 0.9],
            ['paid_on', '3 January 2024', 0.9],
        ]);
        expect(response(schema, settle(schema, paid), paid).fields.paid_on.status).to.equal('found');
        const unknown = mentions(schema, [['paid_on', '3 January 2024', 0.9]]);
        expect(response(schema, settle(schema, unknown), unknown).fields.paid_on.status).to.equal('found');
        expect(response(schema, settle(schema, unknown), unknown).components.map((c: any) => c.fields)).to.deep.equal([
            ['status', 'paid_on'],
        ]);
    });

    it('every field is in exactly one component; unrelated fields are components of their own', () => {
        const schema = makeSchema(
            [
                { name: 'a', type: money() },
                { name: 'b', type: money() },
                { name: 'c', type: money() },
                { name: 'd', type: money() },
            ],
            [{ id: 'r', code: compare(0, '<', 2, 'num') }],
        );
        const r = response(schema, settle(schema, []), []);
        expect(r.components.map((c: any) => [c.id, c.fields, c.relations])).to.deep.equal([
            ['c0', ['a', 'c'], ['r']],
            ['c1', ['b'], []],
            ['c2', ['d'], []],
        ]);
        expect(r.fields.d.component).to.equal('c2');
    });
});

describe('settling: conflicts', () => {
    it('disagreement: two readings of one field, no value, both mentions listed, repairs withdraw either', () => {
        const schema = makeSchema([{ name: 'total', type: money() }]);
        const ms = mentions(schema, [
            ['total', '1,234.56', 0.75],
            ['total', '1,243.56', 0.72],
        ]);
        const r = response(schema, settle(schema, ms), ms);
        expect(r.fields.total.status).to.equal('conflict');
        expect(r.data.total).to.equal(null);
        expect(r.fields.total.mentions).to.deep.equal(['0', '1']);
        const [c] = r.components[0].conflicts;
        expect(c.kind).to.equal('disagreement');
        expect(c.mentions).to.deep.equal(['0', '1']);
        expect(c.repairs).to.deep.equal([
            { withdraw: [{ bundle: 0, mention: 0 }], outcome: { total: { amount: '1243.56', currency: 'EUR' } } },
            { withdraw: [{ bundle: 0, mention: 1 }], outcome: { total: { amount: '1234.56', currency: 'EUR' } } },
        ]);
    });

    it('violation: single readings that break a relation; repairs each withdraw one of them', () => {
        const ms = mentions(SUM, [
            ['net', '100.00', 0.8],
            ['vat', '30.00', 0.8],
            ['total', '121.00', 0.7],
        ]);
        const s = settle(SUM, ms);
        const r = response(SUM, s, ms);
        for (const f of ['net', 'vat', 'total']) expect(r.fields[f].status, f).to.equal('conflict');
        const [c] = r.components[0].conflicts;
        expect(c.kind).to.equal('violation');
        expect(c.relations).to.deep.equal(['sum']);
        expect(c.fields).to.deep.equal(['net', 'vat', 'total']);
        expect(c.repairs.map((x: any) => x.withdraw.map((w: any) => w.mention))).to.deep.equal([[0], [1], [2]]);
        expect(c.repairs[2].outcome).to.deep.equal({
            net: { amount: '100.00', currency: 'EUR' },
            vat: { amount: '30.00', currency: 'EUR' },
            total: null,
        });
        expect(r.relations.sum).to.equal('unchecked');
    });

    it('a single reading that breaks a relation on its own is a violation', () => {
        const schema = makeSchema(
            [
                { name: 'start', type: { kind: 'date', eom: 'clamp', dateOrder: 'auto' } },
                { name: 'end', type: { kind: 'date', eom: 'clamp', dateOrder: 'auto' } },
            ],
            [{ id: 'order', code: compare(1, '>', 0, 'int') }],
        );
        const ms = mentions(schema, [
            ['start', '5 May 2024', 0.9],
            ['end', '1 May 2024', 0.9],
        ]);
        const r = response(schema, settle(schema, ms), ms);
        expect(r.components[0].conflicts[0].kind).to.equal('violation');
        expect(r.components[0].conflicts[0].repairs).to.have.length(2);
    });

    it('a bound reached is a warning, never a hang', () => {
        const n = 12;
        const specs = Array.from({ length: n }, (_, i) => ({ name: `m${i}`, type: money() }));
        const rels = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, code: compare(i, '<=', (i + 1) % n, 'num') }));
        const schema = makeSchema(specs, rels);
        const specsM: Array<[string, string, number]> = [];
        for (let i = 0; i < n; i++) for (let k = 0; k < 9; k++) specsM.push([`m${i}`, `${10 * k + i}.00`, 0.6]);
        const s = settle(schema, mentions(schema, specsM));
        expect(s.warnings.some((w) => w.includes('8 strongest'))).to.equal(true);
    });
});

describe('settling: repairs (property)', () => {
    const schema = makeSchema(
        [
            { name: 'net', type: money() },
            { name: 'vat', type: money() },
            { name: 'total', type: money() },
            { name: 'other', type: money() },
        ],
        [
            { id: 'sum', code: sumEquals(2, 0, 1) },
            { id: 'cap', code: compare(1, '<', 0, 'num') },
        ],
    );
    const arbMention = fc.record({
        field: fc.constantFrom('net', 'vat', 'total', 'other'),
        amount: fc.constantFrom('100.00', '21.00', '121.00', '112.00', '30.00', '130.00'),
        p: fc.constantFrom(0.3, 0.5, 0.6, 0.7, 0.9),
    });

    it('every repair offered really removes the conflict from its component', () => {
        fc.assert(
            fc.property(fc.array(arbMention, { minLength: 1, maxLength: 8 }), (list) => {
                const ms = mentions(
                    schema,
                    list.map((m) => [m.field, m.amount, m.p]),
                );
                const s = settle(schema, ms);
                for (const c of s.components) {
                    for (const conflict of c.conflicts) {
                        expect(conflict.repairs.length).to.be.at.most(8);
                        for (const repair of conflict.repairs) {
                            const out = new Set(repair.withdraw.map((w) => w.mention));
                            const after = settle(
                                schema,
                                ms.filter((m) => !out.has(m.id)),
                            );
                            const same = after.components[c.component.index]!;
                            expect(same.conflicts, JSON.stringify({ list, repair })).to.deep.equal([]);
                            for (const f of c.component.fields) expect(after.fields[f]!.status).to.not.equal('conflict');
                        }
                        // Smallest first.
                        const sizes = conflict.repairs.map((r) => r.withdraw.length);
                        expect(sizes).to.deep.equal([...sizes].sort((a, b) => a - b));
                    }
                }
            }),
            { numRuns: 150 },
        );
    });

    it('repairs are minimal: putting back any one withdrawn mention brings a conflict back', () => {
        fc.assert(
            fc.property(fc.array(arbMention, { minLength: 2, maxLength: 7 }), (list) => {
                const ms = mentions(
                    schema,
                    list.map((m) => [m.field, m.amount, m.p]),
                );
                const s = settle(schema, ms);
                for (const c of s.components) {
                    for (const repair of c.conflicts.flatMap((k) => k.repairs)) {
                        for (const keep of repair.withdraw) {
                            const out = new Set(repair.withdraw.filter((w) => w !== keep).map((w) => w.mention));
                            const after = settle(
                                schema,
                                ms.filter((m) => !out.has(m.id)),
                            );
                            expect(after.components[c.component.index]!.conflicts.length).to.be.greaterThan(0);
                        }
                    }
                }
            }),
            { numRuns: 80 },
        );
    });
});
