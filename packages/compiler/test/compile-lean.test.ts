// The lean parser (docs/compiler.md, "Speed") changes nothing a user sees: whole schemas compile to
// the same result, every diagnostic with its code, message and span, the IR and the hash, whether
// expressions are parsed by the lean parser (where it accepts) or all by Langium.
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, type CompileResult } from '../src/compile.js';
import { frontEnd } from '../src/expr/expr-front.js';
import { FIELDS, schemaWith } from './compile-helpers.js';
import { grammarExpr, NAMES, tokenExpr } from './expr-arbitraries.js';

const RUNS = Math.max(10, Math.floor(Number(process.env.FC_RUNS ?? 10_000) / 5));

const comparable = (r: CompileResult): unknown => ({ ...r, expressions: [...r.expressions] });

function both(text: string): [unknown, unknown] {
    return [comparable(compileSchemaText(text, { reuse: false })), comparable(compileSchemaText(text, { reuse: false, lean: false }))];
}

/** A field of compile-helpers.ts with an applicable_when. */
function withApplicable(expr: string): string {
    return FIELDS.replace('{"name": "s", "type": "string"}', `{"name": "s", "type": "string", "applicable_when": ${JSON.stringify(expr)}}`);
}

const deep = fc
    .tuple(fc.integer({ min: 60, max: 68 }), fc.constantFrom('(', 'abs(', 'not ', '-'))
    .map(([n, open]) => `${open.repeat(n)}a${open.endsWith('(') ? ')'.repeat(n) : ''} > 0`);

describe('compile with the lean parser', function () {
    this.timeout(600_000);

    it(`gives the result of parsing every expression with Langium (${RUNS} schemas)`, () => {
        const relations = fc.array(fc.oneof(grammarExpr, tokenExpr, deep), { minLength: 1, maxLength: 6 });
        fc.assert(
            fc.property(relations, fc.oneof(grammarExpr, tokenExpr), (exprs, applicable) => {
                const [lean, langium] = both(schemaWith(exprs, withApplicable(applicable)));
                expect(lean).to.deep.equal(langium);
            }),
            { numRuns: RUNS, seed: 15 },
        );
    });

    it('reports syntax errors, depth and literals with the same codes and spans', () => {
        const exprs = ['a +', 'a # b', 'a = b', 'a && b', 's == "x"', "d < date'2024-01-01", "s == 'open", '(((a)'];
        exprs.push(`${'('.repeat(65)}a${')'.repeat(65)} > 0`, `${'not '.repeat(65)}flag`);
        for (const e of exprs) {
            const [lean, langium] = both(schemaWith([e]));
            expect(lean, e).to.deep.equal(langium);
            expect((lean as CompileResult).errors.length, e).to.be.greaterThan(0);
        }
    });

    it('takes valid expressions with the lean parser (no CST), and leaves the rest to Langium', () => {
        const lean = frontEnd("round(a / b, 2, 'half_up') > 1 and not flag") as { ast: { $offset?: number; $cstNode?: unknown } };
        expect(lean.ast.$offset).to.equal(0);
        expect(lean.ast.$cstNode).to.equal(undefined);
        const langium = frontEnd("round(a / b, 2, 'half_up') > 1 and not flag", false) as { ast: { $offset?: number; $cstNode?: unknown } };
        expect(langium.ast.$offset).to.equal(undefined);
        expect(langium.ast.$cstNode).to.not.equal(undefined);
        expect(frontEnd('a < b < c')).to.have.property('problem');
    });

    it('compiles valid expressions over every field type alike', () => {
        const exprs = NAMES.slice(0, 16).map((n) => `${n} == ${n}`);
        exprs.push("round(x / a, 2, 'half_up') > 1", "d + duration'P1M' > date'2024-01-31'", "when(flag, status == 'paid')");
        const [lean, langium] = both(schemaWith(exprs));
        expect(lean).to.deep.equal(langium);
    });
});
