// Reuse of expression outcomes (expr/expr-cache.ts): after any sequence of edits, compiling with
// reuse gives exactly what a compile from scratch gives, in every part of the result.
import { expect } from 'chai';
import fc from 'fast-check';
import { clearExpressionCache } from '../src/expr/expr-cache.js';
import { compileSchemaText, type CompileResult } from '../src/compile.js';

const RUNS = Math.max(10, Math.floor(Number(process.env.FC_RUNS ?? 10_000) / 20));

const TYPES = [
    '"type": "integer"',
    '"type": "integer", "min": 0, "max": 10',
    '"type": "integer", "min": 5',
    '"type": "decimal", "scale": 2',
    '"type": "money", "currency": "EUR"',
    '"type": "money", "currency": "EUR", "min": "0.00"',
    '"type": "money", "currency": "USD"',
    '"type": "date"',
    '"type": "date", "eom": "preserve"',
    '"type": "duration", "basis": "days"',
    '"type": "duration", "basis": "months"',
    '"type": "boolean"',
    '"type": "string"',
    '"type": "enum", "labels": ["open", "paid"]',
    '"type": "array", "items": {"type": "integer"}',
    '"type": "bogus"',
];
const NAMES = ['a', 'b', 'c', 'total', 'totl', 'd'];
const EXPRS = [
    'a + b == c',
    'a > 5',
    'a < 0',
    'total == a + b',
    'totl > 0',
    "round(a / b, 2, 'half_up') == c",
    "a - b <= duration'P30D'",
    "d >= date'2000-01-01' + duration'P1M'",
    'present(a)',
    'when(a > 1, b > 1)',
    'a == a',
    "c == 'open'",
    'not d',
    '1 / 0 > a',
    'a +',
    'min(a, b) >= 0',
    'abs(a) >= 0',
    'a > 11 or b < 2',
];

interface Model {
    fields: Array<{ name: string; type: number; when?: number }>;
    relations: number[];
}

type Edit =
    | { k: 'type'; i: number; type: number }
    | { k: 'name'; i: number; name: string }
    | { k: 'when'; i: number; expr: number | undefined }
    | { k: 'expr'; i: number; expr: number }
    | { k: 'addField'; name: string; type: number }
    | { k: 'dropField'; i: number }
    | { k: 'addRelation'; expr: number }
    | { k: 'dropRelation'; i: number };

const idx = fc.nat({ max: 7 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ k: fc.constant('type' as const), i: idx, type: fc.nat({ max: TYPES.length - 1 }) }),
    fc.record({ k: fc.constant('name' as const), i: idx, name: fc.constantFrom(...NAMES) }),
    fc.record({ k: fc.constant('when' as const), i: idx, expr: fc.option(fc.nat({ max: EXPRS.length - 1 }), { nil: undefined }) }),
    fc.record({ k: fc.constant('expr' as const), i: idx, expr: fc.nat({ max: EXPRS.length - 1 }) }),
    fc.record({ k: fc.constant('addField' as const), name: fc.constantFrom(...NAMES), type: fc.nat({ max: TYPES.length - 1 }) }),
    fc.record({ k: fc.constant('dropField' as const), i: idx }),
    fc.record({ k: fc.constant('addRelation' as const), expr: fc.nat({ max: EXPRS.length - 1 }) }),
    fc.record({ k: fc.constant('dropRelation' as const), i: idx }),
);

function apply(m: Model, e: Edit): void {
    const f =
        m.fields.length > 0
            ? m.fields[e.k === 'addField' || e.k === 'addRelation' ? 0 : (e as { i: number }).i % m.fields.length]
            : undefined;
    switch (e.k) {
        case 'type':
            if (f) f.type = e.type;
            break;
        case 'name':
            if (f) f.name = e.name;
            break;
        case 'when':
            if (f) f.when = e.expr;
            break;
        case 'expr':
            if (m.relations.length > 0) m.relations[e.i % m.relations.length] = e.expr;
            break;
        case 'addField':
            m.fields.push({ name: e.name, type: e.type });
            break;
        case 'dropField':
            if (m.fields.length > 1) m.fields.splice(e.i % m.fields.length, 1);
            break;
        case 'addRelation':
            m.relations.push(e.expr);
            break;
        case 'dropRelation':
            if (m.relations.length > 0) m.relations.splice(e.i % m.relations.length, 1);
            break;
    }
}

function text(m: Model): string {
    const fields = m.fields.map(
        (f) =>
            `{"name": "${f.name}", ${TYPES[f.type]}${f.when === undefined ? '' : `, "applicable_when": ${JSON.stringify(EXPRS[f.when])}`}}`,
    );
    const rels = m.relations.map((e, i) => `{"id": "r${i}", "expr": ${JSON.stringify(EXPRS[e])}}`);
    return `{"svc_schema": "1.0", "name": "t", "fields": [${fields.join(', ')}], "relations": [${rels.join(', ')}]}`;
}

const comparable = (r: CompileResult): unknown => ({ ...r, expressions: [...r.expressions] });

describe('compile reuse', function () {
    this.timeout(600_000);

    it(`gives what a fresh compile gives after any sequence of edits (${RUNS} sequences)`, () => {
        const start: Model = {
            fields: [
                { name: 'a', type: 0 },
                { name: 'b', type: 0 },
                { name: 'c', type: 4 },
                { name: 'total', type: 5 },
                { name: 'd', type: 7 },
            ],
            relations: [0, 3, 6],
        };
        let compared = 0;
        fc.assert(
            fc.property(fc.array(edit, { minLength: 1, maxLength: 30 }), (edits) => {
                clearExpressionCache();
                const m: Model = structuredClone(start);
                for (const e of edits) {
                    apply(m, e);
                    const t = text(m);
                    expect(comparable(compileSchemaText(t))).to.deep.equal(comparable(compileSchemaText(t, { reuse: false })));
                    compared++;
                }
            }),
            { numRuns: RUNS, seed: 15 },
        );
        expect(compared).to.be.greaterThan(RUNS);
    });

    it('reuses an outcome only for the same field types: a changed bound changes the verdict', () => {
        const schema = (max: number): string =>
            `{"svc_schema": "1.0", "name": "t", "fields": [{"name": "a", "type": "integer", "min": 0, "max": ${max}}], "relations": [{"id": "r", "expr": "a > 5"}]}`;
        expect(compileSchemaText(schema(10)).errors).to.deep.equal([]);
        expect(compileSchemaText(schema(3)).errors.map((d) => d.code)).to.deep.equal(['E-REL-FALSE']);
        expect(compileSchemaText(schema(10)).errors).to.deep.equal([]);
    });

    it('reuses an unknown name only with the same field names: the suggestion follows them', () => {
        const schema = (other: string): string =>
            `{"svc_schema": "1.0", "name": "t", "fields": [{"name": "${other}", "type": "integer"}], "relations": [{"id": "r", "expr": "totl > 0"}]}`;
        expect(compileSchemaText(schema('total')).errors[0]!.message).to.contain('"total"');
        expect(compileSchemaText(schema('other')).errors[0]!.message).not.to.contain('"total"');
    });
});
