// The nesting limit (docs/compiler.md, "Depth"): which tokens open a level, which close one, and
// where E-EXPR-DEPTH points, from either lexer.
import { expect } from 'chai';
import { compileSchemaText } from '../src/compile.js';
import { schemaWith } from './compile-helpers.js';

function depthSpan(expr: string, lean = true): [number, number] | undefined {
    const r = compileSchemaText(schemaWith([expr]), { reuse: false, lean });
    const d = r.errors.find((e) => e.code === 'E-EXPR-DEPTH');
    return d?.span as [number, number] | undefined;
}

describe('expression nesting limit', () => {
    const cases: Array<[string, string, [number, number] | undefined]> = [
        ['64 groups', `${'('.repeat(64)}a${')'.repeat(64)} > 0`, undefined],
        ['65 groups: at the 65th', `${'('.repeat(65)}a${')'.repeat(65)} > 0`, [64, 65]],
        ['65 calls: at the 65th parenthesis', `${'abs('.repeat(65)}a${')'.repeat(65)} > 0`, [64 * 4 + 3, 64 * 4 + 4]],
        ['64 unary minus', `${'-'.repeat(64)}a > 0`, undefined],
        ['65 unary minus', `${'-'.repeat(65)}a > 0`, [64, 65]],
        ['a minus closes with its operand', `${'-a + '.repeat(100)}a > 0`, undefined],
        ['a binary minus opens nothing', `${'a - '.repeat(100)}a > 0`, undefined],
        ['not closes at and', `${'not flag and '.repeat(100)}flag`, undefined],
        ['not stays open across a comparison', `${'not '.repeat(65)}a > 0`, [64 * 4, 64 * 4 + 3]],
        ['a group closes the not levels inside it', `${'(not flag) and '.repeat(100)}flag`, undefined],
    ];
    for (const [name, expr, span] of cases) {
        it(name, () => {
            expect(depthSpan(expr)).to.deep.equal(span);
            expect(depthSpan(expr, false)).to.deep.equal(span);
        });
    }
});
