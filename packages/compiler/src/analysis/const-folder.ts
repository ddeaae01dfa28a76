// Constant folding (docs/schema-language.md): every operation whose operands are all constants is
// evaluated at compile time with the same evaluator the runtime uses, so compile time and run time
// agree by construction. A constant part that cannot be evaluated (division by zero, a magnitude of
// 10^28 or more, a date outside 0001..9999) is E-CONST at that part.
import { Decimal } from 'decimal.js';
import type { AnyArgs, DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { postOrder, withChildren } from '../expr/typed-walk.js';
import { resolveSpan, type Span, type TExpr } from '../expr/typed-expr.js';
import { emitCode } from '../ir/ir-emitter.js';
import { evaluateCode } from '../ir/ir-evaluator.js';

export type Reporter = (code: DiagnosticCode, span: Span, args: AnyArgs) => void;

/** The folded expression, or undefined when a constant part failed (reported). */
export function foldConstants(root: TExpr, report: Reporter): TExpr | undefined {
    let failed = false;
    const folded = postOrder<TExpr>(root, (t, a, b) => {
        const node = withChildren(t, a, b);
        if (failed || a === undefined || node.k === 'when' || node.k === 'div') return node;
        const operands = node.k === 'round' && node.a.k === 'div' ? [node.a.a, node.a.b] : b === undefined ? [a] : [a, b];
        if (!operands.every((k) => k.k === 'const')) return node;
        const value = evaluateCode(emitCode(node, ''), []);
        if (value === null) {
            failed = true;
            const division = node.k === 'round' && node.a.k === 'div' ? node.a : undefined;
            const zero = division && division.b.k === 'const' && division.b.value instanceof Decimal && division.b.value.isZero();
            const form = zero ? 'div-zero' : node.type.kind === 'date' || node.type.kind === 'datetime' ? 'date-range' : 'overflow';
            report('E-CONST', resolveSpan(division ? division.span : node.span), { form });
            return node;
        }
        return { k: 'const', value, literal: undefined, type: node.type, span: node.span };
    });
    return failed ? undefined : folded;
}
