// Property tests: on any schema text and any expression the compiler returns (never throws), in
// bounded time, and every span lies inside its expression. FC_RUNS scales the runs (CI: 10,000+).
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, type CompileResult } from '../src/compile.js';
import { findByPointer } from '../src/json/json-pointer.js';
import { readJson } from '../src/json/json-reader.js';
import { schemaWith } from './compile-helpers.js';

const RUNS = Number(process.env.FC_RUNS ?? 10_000);

const NAMES = ['a', 'b', 'r', 'x', 's', 'flag', 'd', 'd2', 'dt', 'eur', 'eur2', 'usd', 'dur_d', 'dur_m', 'dur_s', 'status', 'lines', 'zz'];
const TOKENS = [
    ...NAMES,
    '(',
    ')',
    ',',
    '+',
    '-',
    '*',
    '/',
    '==',
    '!=',
    '<',
    '<=',
    '>',
    '>=',
    'and',
    'or',
    'not',
    'true',
    'false',
    '0',
    '1',
    '2.5',
    '29',
    '100',
    "'open'",
    "'paid'",
    "'é📦'",
    "'",
    "date'2024-02-29'",
    "date'2024-02-30'",
    "datetime'2024-01-01T10:00:00Z'",
    "duration'P1D'",
    "duration'P1M'",
    "duration'PT1S'",
    "duration'P1M2D'",
    'when(',
    'round(',
    'abs(',
    'min(',
    'max(',
    'present(',
    'foo(',
    "'half_even'",
    "'nearest'",
    '#',
    '  ',
    '\n',
    'date',
    'null',
];

/** Token soup: mostly near-valid expressions, often broken in interesting ways. */
const tokenExpr = fc.array(fc.constantFrom(...TOKENS), { minLength: 0, maxLength: 24 }).map((ts) => ts.join(' '));

/** Well-formed expressions from a small grammar, so typing and analysis get exercised deeply. */
const { expr: grammarExpr } = fc.letrec((tie) => ({
    expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...NAMES.slice(0, 16), '1', '0', '2.50', "'open'", "date'2024-01-31'", "duration'P1M'", "duration'P3D'", 'true'),
        fc
            .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '==', '!=', '<', '<=', '>', '>=', 'and', 'or'), tie('expr'))
            .map(([a, op, b]) => `${a} ${op} ${b}`),
        tie('expr').map((e) => `(${e})`),
        tie('expr').map((e) => `not ${e}`),
        tie('expr').map((e) => `-${e}`),
        fc.tuple(fc.constantFrom('abs', 'present'), tie('expr')).map(([f, e]) => `${f}(${e})`),
        fc.tuple(fc.constantFrom('min', 'max', 'when'), tie('expr'), tie('expr')).map(([f, a, b]) => `${f}(${a}, ${b})`),
        fc
            .tuple(tie('expr'), fc.constantFrom('2', '0', '28', '29', 'a'), fc.constantFrom("'half_up'", "'floor'", "'x'"))
            .map(([e, s, m]) => `round(${e}, ${s}, ${m})`),
    ),
}));

function assertWellFormed(r: CompileResult, exprs: readonly string[]): void {
    // A span belongs to an expression of this schema: the ones generated, when known.
    const known = new Set(exprs);
    expect(typeof r.ok).to.equal('boolean');
    if (r.ok) expect(r.schemaHash).to.match(/^sha256:[0-9a-f]{64}$/);
    else expect(r.errors.length).to.be.greaterThan(0);
    for (const d of [...r.errors, ...r.warnings]) {
        expect(d.pointer === '' || d.pointer.startsWith('/')).to.equal(true);
        if (!d.span) continue;
        const text = r.expressions.get(d.pointer);
        expect(text, `${d.code} at ${d.pointer} has a span but no expression`).to.be.a('string');
        if (known.size > 0 && d.pointer.endsWith('/expr')) expect(known.has(text!)).to.equal(true);
        const [s, e] = d.span;
        expect(s, `${d.code} ${JSON.stringify(text)} ${d.span}`).to.be.within(0, e);
        expect(e, `${d.code} ${JSON.stringify(text)} ${d.span}`).to.be.at.most(Buffer.byteLength(text!, 'utf8'));
    }
}

describe('compiler properties', function () {
    this.timeout(600_000);

    it(`never throws and keeps spans inside the expression (${RUNS} token-soup relations)`, () => {
        fc.assert(
            fc.property(tokenExpr, (expr) => assertWellFormed(compileSchemaText(schemaWith([expr])), [expr])),
            { numRuns: RUNS, seed: 42 },
        );
    });

    it(`never throws on grammar-generated relations (${RUNS} runs) and compiled code stays within 255 registers`, () => {
        fc.assert(
            fc.property(grammarExpr, fc.boolean(), (expr, applicable) => {
                const text = applicable
                    ? schemaWith(
                          [],
                          `{"name": "flag", "type": "boolean"}, {"name": "a", "type": "integer", "applicable_when": ${JSON.stringify(expr)}}`,
                      )
                    : schemaWith([expr]);
                const r = compileSchemaText(text);
                assertWellFormed(r, [expr]);
                for (const rel of r.schema?.relations ?? []) expect(rel.code.registers).to.be.at.most(255);
            }),
            { numRuns: RUNS, seed: 7 },
        );
    });

    it(`never throws on arbitrary JSON in schema positions (${RUNS} runs)`, () => {
        const anyJson = fc.jsonValue({ maxDepth: 4 });
        fc.assert(
            fc.property(anyJson, anyJson, fc.constantFrom('fields', 'relations', 'name', 'svc_schema', 'extra'), (field, value, key) => {
                const base: Record<string, unknown> = {
                    svc_schema: '1.0',
                    name: 't',
                    fields: [field, { name: 'a', type: 'integer' }],
                    relations: [{ id: 'r', expr: 'a > 0' }],
                };
                base[key] = value;
                const r = compileSchemaText(JSON.stringify(base));
                assertWellFormed(r, []);
                // Every pointer names a place in the document, or an object missing a key.
                const root = readJson(JSON.stringify(base)).root!;
                for (const d of r.errors) expect(findByPointer(root, d.pointer), `${d.code} ${d.pointer}`).to.not.equal(undefined);
            }),
            { numRuns: RUNS, seed: 3 },
        );
    });

    it(`never throws on mutated schema text (${Math.ceil(RUNS / 2)} runs)`, () => {
        const base = schemaWith(['total_ok == a + b', "when(flag, d < date'2024-01-01')"]);
        fc.assert(
            fc.property(fc.nat(base.length), fc.nat(base.length), fc.string({ maxLength: 4 }), (i, j, insert) => {
                const [lo, hi] = i <= j ? [i, j] : [j, i];
                const text = base.slice(0, lo) + insert + base.slice(Math.min(hi, lo + 3));
                assertWellFormed(compileSchemaText(text), []);
            }),
            { numRuns: Math.ceil(RUNS / 2), seed: 11 },
        );
    });
});
