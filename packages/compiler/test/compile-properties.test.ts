// Property tests: on any schema text and any expression the compiler returns (never throws), in
// bounded time, and every span lies inside its expression. FC_RUNS scales the runs (CI: 10,000+).
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, type CompileResult } from '../src/compile.js';
import { findByPointer } from '../src/json/json-pointer.js';
import { readJson } from '../src/json/json-reader.js';
import { schemaWith } from './compile-helpers.js';
import { grammarExpr, tokenExpr } from './expr-arbitraries.js';

const RUNS = Number(process.env.FC_RUNS ?? 10_000);

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
