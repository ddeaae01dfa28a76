// The expression codes and constant analysis, the applicable_when codes, and the rule that a
// fault is reported once, by the error at its own depth (docs/compiler.md, "Cascades"); split
// from compile-codes.test.ts.
import { expect } from 'chai';
import { compileSchemaText } from '../src/compile.js';
import { codesOf, compileRel, doc, FIELDS, marked, schemaWith } from './compile-helpers.js';

// Expression codes: «…» marks the expected span in the bad expression.
const EXPRESSIONS: Array<{ code: string; bad: string; good: string }> = [
    { code: 'E-EXPR-SYNTAX', bad: 'a «)» > 1', good: 'a > 1' },
    { code: 'E-EXPR-SYNTAX', bad: 'a == «#» 1', good: 'a == 1' },
    { code: 'E-EXPR-SYNTAX', bad: '«»', good: 'flag' },
    { code: 'E-EXPR-FUNC', bad: '«sqrt»(a) > 1', good: 'abs(a) > 1' },
    { code: 'E-EXPR-ARITY', bad: '«min(a)» > 1', good: 'min(a, b) > 1' },
    { code: 'E-EXPR-LITERAL', bad: "dt < «datetime'2024-01-01T24:00:00Z'»", good: "dt < datetime'2024-01-01T23:59:59Z'" },
    { code: 'E-EXPR-LITERAL', bad: "s == «'open»", good: "s == 'open'" },
    { code: 'E-EXPR-LITERAL', bad: "d < date«'2024-01-01»", good: "d < date'2024-01-01'" },
    { code: 'E-EXPR-LITERAL', bad: "d < date«'2024-01-01 or flag»", good: "d < date'2024-01-01' or flag" },
    { code: 'E-EXPR-LITERAL', bad: 'x < «10000000000000000000000000000»', good: 'x < 9999999999999999999999999999' },
    { code: 'E-EXPR-DEPTH', bad: `${'not '.repeat(64)}«not» flag`, good: `${'not '.repeat(63)}not flag` },
    { code: 'E-EXPR-LENGTH', bad: `«s == '${'é'.repeat(8190)}'»`, good: `s == '${'é'.repeat(8185)}'` },
    { code: 'E-NAME-UNKNOWN', bad: "s == 'zz' and «zz» > 1", good: "s == 'zz' and a > 1" },
    { code: 'E-ARRAY-RELATION', bad: '«lines» == s', good: "s == 'x'" },
    { code: 'E-ENUM-VALUE', bad: "status != «'voldaan'»", good: "status != 'paid'" },
    { code: 'E-TYPE', bad: '«d == dt»', good: 'd == d2' },
    { code: 'E-TYPE', bad: "«s < 'x'»", good: "s == 'x'" },
    { code: 'E-TYPE', bad: '«eur * eur2» > 1', good: 'eur * 2 > eur2' },
    { code: 'E-TYPE', bad: '«dur_d * a» > dur_d', good: 'dur_d * 2 > dur_d' },
    { code: 'E-CURRENCY', bad: '«eur + usd» > 1', good: 'eur + eur2 > 1' },
    { code: 'E-CURRENCY', bad: "round(«eur / usd», 2, 'up') > 1", good: "round(eur / eur2, 2, 'up') > 1" },
    { code: 'E-BASIS', bad: "«dur_m + duration'P2D'» > dur_m", good: "dur_m + duration'P2M' > dur_m" },
    { code: 'E-BASIS', bad: "dur_s < «duration'P1DT2H'»", good: "dur_s < duration'PT26H'" },
    { code: 'E-DIV-UNROUNDED', bad: "round(«a / b» / 2, 2, 'up') > 1", good: "round(a / b, 2, 'up') > 1" },
    { code: 'E-ROUND-ARG', bad: "round(x, «2.0», 'up') > 1", good: "round(x, 2, 'up') > 1" },
    { code: 'E-ROUND-ARG', bad: "round(x, 2, «'HALF_UP'») > 1", good: "round(x, 2, 'half_up') > 1" },
    { code: 'E-WHEN-NESTED', bad: 'when(flag, «when(a > 0, b > 0)»)', good: 'when(flag, a > 0 and b > 0)' },
    { code: 'E-REL-TYPE', bad: '«eur + 1»', good: 'eur + 1 > eur2' },
    { code: 'E-CONST', bad: 'x > «9999999999999999999999999999 * 10»', good: 'x > 999999999999999999999999999 * 10' },
    { code: 'E-CONST', bad: "d > «date'0001-01-01' - duration'P1D'»", good: "d > date'0001-01-02' - duration'P1D'" },
    // A well-formed duration counting beyond 2^53 − 1 overflows: E-CONST, not a malformed literal.
    { code: 'E-CONST', bad: "dur_d > «duration'P9999999999999999D'»", good: "dur_d > duration'P999999999999999D'" },
    { code: 'E-CONST', bad: "dur_s < «duration'PT9007199254740992S'»", good: "dur_s < duration'PT9007199254740991S'" },
    { code: 'E-REL-FALSE', bad: '«eur2 < 0»', good: 'eur < 0' },
    { code: 'E-REL-FALSE', bad: '«r * 2 > 20 and flag»', good: 'r * 2 >= 20 and flag' },
];

describe('compile codes: expressions', () => {
    for (const c of EXPRESSIONS) {
        const { text, span } = marked(c.bad);
        it(`${c.code} at [${span.join(', ')}] in ${JSON.stringify(text.slice(0, 60))}`, () => {
            const bad = compileRel(text);
            expect(codesOf(bad)).to.include(`${c.code} /relations/0/expr [${span.join(',')}]`);
            const good = compileRel(c.good);
            expect(codesOf(good), c.good).to.deep.equal([]);
            expect(good.warnings).to.deep.equal([]);
        });
    }

    it('W-REL-TRIVIAL for range-decided, identity and vacuous relations; not for open ones', () => {
        for (const expr of ['eur2 >= 0', 'x == x', 'when(r > 10, a > 0)', 'r <= 10 or flag', 'abs(a) >= 0', 'max(r, 3) >= 3']) {
            const res = compileRel(expr);
            expect(res.ok, expr).to.equal(true);
            expect(
                res.warnings.map((w) => `${w.code} ${w.pointer}`),
                expr,
            ).to.deep.equal(['W-REL-TRIVIAL /relations/0']);
            expect(res.schema!.relations, expr).to.have.length(0);
        }
        for (const expr of ['eur2 > 0', 'x == b', 'when(r > 9, a > 0)', 'present(a)']) {
            const res = compileRel(expr);
            expect(res.warnings, expr).to.deep.equal([]);
            expect(res.schema!.relations, expr).to.have.length(1);
        }
    });

    it('x - x is zero and x / x is one where x cannot be 0: E-REL-FALSE and W-REL-TRIVIAL over present values', () => {
        const fields = `${FIELDS}, {"name": "p", "type": "integer", "min": 1}, {"name": "n", "type": "decimal", "min": "-10", "max": "-0.5"}`;
        const compile = (expr: string) => compileSchemaText(schemaWith([expr], fields));
        const never = ['a - a > 0', 'a - a != 0', 'eur - eur > 0', "d - d > duration'P0D'", "dur_d - dur_d > duration'P0D'"];
        for (const expr of [
            ...never,
            "dt - dt < duration'PT0S'",
            'abs(x - x) > 0',
            "round(p / p, 2, 'up') > 1",
            "round(n / n, 0, 'down') < 1",
        ]) {
            expect(codesOf(compile(expr)), expr).to.deep.equal([`E-REL-FALSE /relations/0/expr [0,${Buffer.byteLength(expr)}]`]);
        }
        const always = ['a - a == 0', 'x - x == 0', 'eur - eur == 0', "d - d == duration'P0D'"];
        for (const expr of [...always, 'abs(a - a) == 0', "round(p / p, 2, 'up') == 1", 'dur_m - dur_m <= dur_m - dur_m']) {
            const r = compile(expr);
            expect(codesOf(r), expr).to.deep.equal([]);
            expect(
                r.warnings.map((w) => `${w.code} ${w.pointer}`),
                expr,
            ).to.deep.equal(['W-REL-TRIVIAL /relations/0']);
        }
        // Not decided: a / a has no value where a is 0 (the relation is unchecked there, not true),
        // a - b is any number, and a + a is not zero.
        for (const expr of [
            "round(a / a, 2, 'up') == 1",
            "round(eur / eur, 4, 'up') * 0 == 0",
            "round(r / r, 2, 'up') == 1",
            'a - b == 0',
            'a + a == 0',
            'a - a + b > 0',
        ]) {
            const r = compile(expr);
            expect(codesOf(r), expr).to.deep.equal([]);
            expect(r.warnings, expr).to.deep.equal([]);
        }
    });

    it('a field bounded on one side only still decides comparisons (max without min, min without max)', () => {
        const fields = [
            '{"name": "cap", "type": "integer", "max": 10}',
            '{"name": "due", "type": "date", "max": "2030-01-01"}',
            '{"name": "fee", "type": "money", "currency": "EUR", "max": "-1.00"}',
            '{"name": "age", "type": "integer", "min": 18}',
            '{"name": "loss", "type": "decimal", "max": "-0.5"}',
        ].join(', ');
        const compile = (expr: string) => compileSchemaText(schemaWith([expr], fields));
        for (const expr of ['cap > 20', "due > date'2031-01-01'", 'fee >= 0', 'age < 18', 'loss >= 0']) {
            expect(codesOf(compile(expr)), expr).to.deep.equal([`E-REL-FALSE /relations/0/expr [0,${expr.length}]`]);
        }
        for (const expr of ['cap <= 10', "due < date'2031-01-01'", 'fee < 0', 'age >= 18', 'loss < 0']) {
            expect(
                compile(expr).warnings.map((w) => w.code),
                expr,
            ).to.deep.equal(['W-REL-TRIVIAL']);
        }
        for (const expr of ['cap < 5', 'cap > 5', 'fee < eur', 'age > 30', 'loss < -1']) {
            const r = compileSchemaText(schemaWith([expr], `${FIELDS}, ${fields}`));
            expect([...codesOf(r), ...r.warnings.map((w) => w.code)], expr).to.deep.equal([]);
        }
    });

    it('E-LIMIT for a relation needing more than 255 registers, at the whole expression', () => {
        const terms = Array.from({ length: 300 }, (_, i) => `a * ${i}`).join(' + ');
        const res = compileRel(`${terms} > 0`);
        expect(codesOf(res)).to.deep.equal([`E-LIMIT /relations/0/expr [0,${Buffer.byteLength(terms) + 4}]`]);
        expect(compileRel(`${Array.from({ length: 60 }, (_, i) => `a * ${i}`).join(' + ')} > 0`).ok).to.equal(true);
    });

    it("suggests date'…' for a plain string only when that literal compiles, and else says how one is written", () => {
        const cases: Array<[string, string]> = [
            ['d', '2024-01-01'],
            ['d', '2024-02-29'],
            ['d', '2024-02-30'],
            ['d', 'not a date'],
            ['d', '2024-1-1'],
            ['d', '0000-01-01'],
            ['dt', '2024-01-31T10:00:00Z'],
            ['dt', '2024-01-31T10:00+01:00'],
            ['dt', '2024-01-31'],
            ['dt', '2024-01-31T24:00:00Z'],
        ];
        let suggested = 0;
        for (const [field, text] of cases) {
            const kind = field === 'd' ? 'date' : 'datetime';
            const message = compileRel(`${field} < '${text}'`).errors.map((e) => e.message)[0]!;
            const fix = `; write the ${kind} as ${kind}'${text}'`;
            if (message.endsWith(fix)) {
                suggested++;
                expect(codesOf(compileRel(`${field} < ${kind}'${text}'`)), `${kind}'${text}'`).to.deep.equal([]);
            } else {
                expect(message).to.match(new RegExp(`; write the ${kind} as ${kind}'YYYY-MM-DD[^']*' \\('.*' is not a valid ${kind}\\)$`));
                expect(codesOf(compileRel(`${field} < ${kind}'${text}'`)), `${kind}'${text}'`).to.have.length(1);
            }
        }
        expect(suggested).to.equal(4);
    });

    it('handles a 16 KiB operator chain without recursion', () => {
        const expr = `${Array(8000).fill('a').join('+')} > 0`;
        expect(Buffer.byteLength(expr)).to.be.below(16384);
        const res = compileRel(expr);
        expect(res.errors.map((e) => e.code)).to.deep.equal(['E-LIMIT']);
    });
});

describe('applicable_when codes', () => {
    const fields = (aw: string) =>
        doc(
            `{"name": "flag", "type": "boolean"}, {"name": "a", "type": "integer", "applicable_when": ${JSON.stringify(aw)}}, {"name": "b", "type": "integer", "applicable_when": "a > 0"}, {"name": "n", "type": "integer"}`,
        );
    it('E-APPLICABLE-TYPE, E-APPLICABLE-SELF and E-WHEN-NESTED with spans; a valid condition compiles', () => {
        expect(codesOf(compileSchemaText(fields(' n + 1 ')))).to.deep.equal(['E-APPLICABLE-TYPE /fields/1/applicable_when [1,6]']);
        expect(codesOf(compileSchemaText(fields('flag or a > 1')))).to.deep.equal(['E-APPLICABLE-SELF /fields/1/applicable_when [8,9]']);
        expect(codesOf(compileSchemaText(fields('when(flag, flag)')))).to.deep.equal(['E-WHEN-NESTED /fields/1/applicable_when [0,16]']);
        const ok = compileSchemaText(fields('not flag'));
        expect(codesOf(ok)).to.deep.equal([]);
        expect(ok.schema!.applicableOrder.indexOf(0)).to.be.below(ok.schema!.applicableOrder.indexOf(1));
        expect(ok.schema!.applicableOrder.indexOf(1)).to.be.below(ok.schema!.applicableOrder.indexOf(2));
    });
    it('E-APPLICABLE-SELF only, not also E-APPLICABLE-CYCLE, for a condition naming its own field on a cycle', () => {
        const two = (awA: string) =>
            compileSchemaText(
                doc(
                    `{"name": "a", "type": "integer", "applicable_when": ${JSON.stringify(awA)}}, {"name": "b", "type": "integer", "applicable_when": "a > 0"}`,
                ),
            );
        // b's condition and a's still form a cycle: b is reported on it, a only for naming itself.
        expect(codesOf(two('a > 0 and b > 0'))).to.deep.equal([
            'E-APPLICABLE-SELF /fields/0/applicable_when [0,1]',
            'E-APPLICABLE-CYCLE /fields/1/applicable_when',
        ]);
        expect(two('a > 0 and b > 0').errors[1]!.message).to.contain('b → a → b');
        expect(codesOf(two('b > 0'))).to.deep.equal([
            'E-APPLICABLE-CYCLE /fields/0/applicable_when',
            'E-APPLICABLE-CYCLE /fields/1/applicable_when',
        ]);
        expect(codesOf(two('a > 0'))).to.deep.equal(['E-APPLICABLE-SELF /fields/0/applicable_when [0,1]']);
    });

    it('E-APPLICABLE-CYCLE on every field of a three-field cycle, not on a field that only depends on it', () => {
        const r = compileSchemaText(
            doc(
                [
                    '{"name": "a", "type": "integer", "applicable_when": "c > 0"}',
                    '{"name": "b", "type": "integer", "applicable_when": "a > 0"}',
                    '{"name": "c", "type": "integer", "applicable_when": "b > 0"}',
                    '{"name": "d", "type": "integer", "applicable_when": "a > 0"}',
                ].join(', '),
            ),
        );
        expect(r.errors.map((e) => `${e.code} ${e.pointer}`)).to.deep.equal([
            'E-APPLICABLE-CYCLE /fields/0/applicable_when',
            'E-APPLICABLE-CYCLE /fields/1/applicable_when',
            'E-APPLICABLE-CYCLE /fields/2/applicable_when',
        ]);
    });
});

describe('no cascades, and every independent error (docs/compiler.md, "Cascades")', () => {
    it('a division as the first argument of a round with the wrong number of arguments is E-EXPR-ARITY only', () => {
        for (const marked_ of ['«round(a / b, 2)» == x', '«round(x / a)»', "«round(x / a, 2, 'up', 1)»", '«round(eur / eur2, 4)» > 1']) {
            const { text, span } = marked(marked_);
            expect(codesOf(compileRel(text)), text).to.deep.equal([`E-EXPR-ARITY /relations/0/expr [${span.join(',')}]`]);
        }
        // A division elsewhere in such a call is still outside round's first argument.
        expect(codesOf(compileRel('round(x, a / b) > 1'))).to.deep.equal([
            'E-EXPR-ARITY /relations/0/expr [0,15]',
            'E-DIV-UNROUNDED /relations/0/expr [9,14]',
        ]);
    });

    it('a constant fault in a part that typed fine is E-CONST besides an error elsewhere, and each one counts', () => {
        const cases: Array<[string, string[]]> = [
            ["d < date'9999-12-31' + duration'P1D' and (a + s > 0)", ['E-CONST [4,36]', 'E-TYPE [42,47]']],
            ["round(1 / 0, 2, 'up') > 0 and zz", ['E-CONST [6,11]', 'E-NAME-UNKNOWN [30,32]']],
            ["round(1 / 0, 2, 'up')", ['E-REL-TYPE [0,21]', 'E-CONST [6,11]']],
            ["round(1 / 0, 2, 'up') > s", ['E-TYPE [0,25]', 'E-CONST [6,11]']],
            ["when(flag + 1, d < date'9999-12-31' + duration'P1D')", ['E-TYPE [5,13]', 'E-CONST [19,51]']],
            // A division that lost its round still divides by zero or overflows, whatever the round.
            ['round(1 / 0, 2) > x', ['E-EXPR-ARITY [0,15]', 'E-CONST [6,11]']],
            ["round(9999999999999999999999999999 / 0.1, 2, 'sideways') > x", ['E-CONST [6,40]', 'E-ROUND-ARG [45,55]']],
            ["round(9999999999999999999999999999 / 2, 2, 'sideways') > x", ['E-ROUND-ARG [43,53]']],
            // Two faults of their own.
            ["d < date'9999-12-31' + duration'P1D' and x > 9999999999999999999999999999 * 10", ['E-CONST [4,36]', 'E-CONST [45,78]']],
        ];
        for (const [expr, codes] of cases) {
            expect(codesOf(compileRel(expr)), expr).to.deep.equal(codes.map((c) => c.replace(' ', ' /relations/0/expr ')));
        }
    });

    it('the parts around an error are not judged again', () => {
        const cases: Array<[string, string[]]> = [
            // The division is at fault itself: no E-CONST at the same part.
            ['x > 1 / 0', ['E-DIV-UNROUNDED [4,9]']],
            // No verdict about a relation with a fault in it (1 > 2 would make it E-REL-FALSE).
            ["1 > 2 and round(1 / 0, 2, 'up') > 0", ['E-CONST [16,21]']],
            ['(a + s) * (1 / 0) > 0', ['E-TYPE [1,6]', 'E-DIV-UNROUNDED [11,16]']],
        ];
        for (const [expr, codes] of cases) {
            expect(codesOf(compileRel(expr)), expr).to.deep.equal(codes.map((c) => c.replace(' ', ' /relations/0/expr ')));
        }
    });
});
