import { expect } from 'chai';
import { parseExpression, isBinaryExpr, isCallExpr, isTypedLiteral, type BinaryExpr } from '../src/index.js';

describe('parseExpression', () => {
    it('parses precedence: and binds tighter than or, comparison tighter than and', () => {
        const r = parseExpression('a > 1 or b < 2 and c == 3');
        expect(r.problems).to.deep.equal([]);
        const top = r.ast as BinaryExpr;
        expect(top.op).to.equal('or');
        expect((top.right as BinaryExpr).op).to.equal('and');
    });

    it('associates one level to the left', () => {
        const r = parseExpression('a - b - c');
        const top = r.ast as BinaryExpr;
        expect(top.op).to.equal('-');
        expect(isBinaryExpr(top.left)).to.equal(true);
    });

    it('reads a typed literal as one token, prefix and quotes included', () => {
        const r = parseExpression("d < date'2024-01-01'");
        expect(r.problems).to.deep.equal([]);
        const lit = (r.ast as BinaryExpr).right;
        expect(isTypedLiteral(lit)).to.equal(true);
        expect(lit.$cstNode?.offset).to.equal(4);
        expect(lit.$cstNode?.end).to.equal(20);
    });

    it('reads calls with their arguments', () => {
        const r = parseExpression("round(x / a, 2, 'half_up') > 1");
        expect(r.problems).to.deep.equal([]);
        const call = (r.ast as BinaryExpr).left;
        expect(isCallExpr(call) && call.args.length).to.equal(3);
    });

    it('places an error at the end of input after the last token', () => {
        const r = parseExpression('a >  ');
        expect(r.problems[0]).to.include({ start: 3, end: 3 });
    });

    it('rejects chained comparisons at the second operator', () => {
        const r = parseExpression('a < b < 5');
        expect(r.problems[0]).to.include({ start: 6, end: 7 });
    });

    it('reports a character no token starts with', () => {
        const r = parseExpression('a # b');
        expect(r.problems[0]).to.include({ kind: 'lexer', start: 2 });
    });

    it('gives every node a CST whose text is its source (a looping container chain once hung here)', () => {
        const text = "flag or round(d, 0, 'x') and not (a < -b)";
        const r = parseExpression(text);
        expect(r.problems).to.deep.equal([]);
        const seen: string[] = [];
        const stack = [r.ast as unknown as Record<string, unknown>];
        while (stack.length) {
            const n = stack.pop()!;
            const c = (n as { $cstNode?: { text: string; offset: number; end: number } }).$cstNode!;
            expect(c.text).to.equal(text.slice(c.offset, c.end));
            seen.push(c.text);
            for (const [k, v] of Object.entries(n)) {
                if (k.startsWith('$')) continue;
                for (const child of Array.isArray(v) ? v : [v])
                    if (child && typeof child === 'object' && '$type' in child) stack.push(child);
            }
        }
        expect(seen).to.include("'x'").and.to.include('d').and.to.include('-b');
    });

    it('handles a long flat chain without recursion trouble', () => {
        const text = Array.from({ length: 4000 }, (_, i) => `a${i}`).join(' + ') + ' > 0';
        const r = parseExpression(text);
        expect(r.problems).to.deep.equal([]);
    });
});
