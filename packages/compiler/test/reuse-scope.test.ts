// Remembered work is shared only within one reuse scope (CompileOptions.reuseScope): the server
// passes the account, so an expression or pattern one tenant compiled never makes another tenant's
// compile faster (a hit would confirm a guess at what the other sent). Counted, not timed.
import { expect } from 'chai';
import { RE2JS } from 're2js';
import { compileSchemaText } from '../src/compile.js';
import { clearExpressionCache } from '../src/expr/expr-cache.js';
import { patternCacheChars } from '../src/schema/pattern-check.js';
import { expressionCompiler, provideExpressionCompiler } from '../src/expr/expr-seam.js';

const SCHEMA = JSON.stringify({
    svc_schema: '1.0',
    name: 'scoped',
    fields: [
        { name: 'net', type: 'decimal', scale: 2 },
        { name: 'vat', type: 'decimal', scale: 2 },
        { name: 'total', type: 'decimal', scale: 2, applicable_when: 'net > 0' },
        { name: 'code', type: 'string', pattern: '^INV-[0-9]{4}-(?:scoped|reuse)$' },
    ],
    relations: [{ id: 'sum', expr: 'total == net + vat' }],
});

describe('compile reuse scope', () => {
    const realExpr = expressionCompiler();
    const realPattern = RE2JS.compile.bind(RE2JS);
    let expressions = 0;
    let patterns = 0;
    before(() => {
        provideExpressionCompiler((...args) => {
            expressions++;
            return realExpr(...args);
        });
        RE2JS.compile = (...args: Parameters<typeof RE2JS.compile>) => {
            patterns++;
            return realPattern(...args);
        };
    });
    after(() => {
        provideExpressionCompiler(realExpr);
        RE2JS.compile = realPattern;
        clearExpressionCache();
    });

    it("a scope's expressions and patterns are compiled again for another scope, and reused within each", () => {
        clearExpressionCache();
        const compile = (scope: string): { expressions: number; patterns: number } => {
            expressions = 0;
            patterns = 0;
            expect(compileSchemaText(SCHEMA, { reuseScope: scope }).ok).to.equal(true);
            return { expressions, patterns };
        };
        // The pattern may have been seen by another test of this process; the expressions are not.
        const first = compile('acct_A');
        expect(first.expressions).to.equal(2);
        expect(compile('acct_A')).to.deep.equal({ expressions: 0, patterns: 0 });
        // Another account does the work again, although account A's outcomes are still held...
        expect(compile('acct_B')).to.deep.equal({ expressions: 2, patterns: 1 });
        // ...and each then reuses its own.
        expect(compile('acct_B')).to.deep.equal({ expressions: 0, patterns: 0 });
        expect(compile('acct_A')).to.deep.equal({ expressions: 0, patterns: 0 });
    });

    it('remembers patterns within a bound of characters, and never compiles one over the length limit', () => {
        const long = `^(?:${'a'.repeat(5000)})$`;
        const schema = JSON.stringify({ svc_schema: '1.0', name: 'long', fields: [{ name: 'code', type: 'string', pattern: long }] });
        const before = patternCacheChars();
        for (let i = 0; i < 3; i++) {
            patterns = 0;
            expect(compileSchemaText(schema, { reuseScope: 'acct_L' }).errors.map((e) => e.code)).to.deep.equal(['E-LIMIT']);
            expect(patterns).to.equal(0);
        }
        expect(patternCacheChars()).to.be.at.most(before);
        // 300 different patterns at the length limit: the remembered ones stay within 1 Mi characters
        for (let i = 0; i < 300; i++) {
            const text = JSON.stringify({
                svc_schema: '1.0',
                name: 'l',
                fields: [{ name: 'c', type: 'string', pattern: `${i}`.padEnd(4096, 'a') }],
            });
            expect(compileSchemaText(text, { reuseScope: 'acct_L' }).ok).to.equal(true);
        }
        expect(patternCacheChars()).to.be.within(1, 1 << 20);
    });
});
