// Constant folding (docs/schema-language.md): every operation whose operands are all constants is
// evaluated at compile time with the same evaluator the runtime uses, so compile time and run time
// agree by construction. A constant part that cannot be evaluated (division by zero, a magnitude of
// 10^28 or more, a date outside 0001..9999) is E-CONST at that part; the parts around it are not
// judged (no cascades), other parts are (each fault of its own is reported).
import { Decimal } from 'decimal.js';
import type { AnyArgs, DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { postOrder, withChildren } from '../expr/typed-walk.js';
import { resolveSpan, type Span, type TExpr } from '../expr/typed-expr.js';
import { emitCode } from '../ir/ir-emitter.js';
import { evaluateCode } from '../ir/ir-evaluator.js';

export type Reporter = (code: DiagnosticCode, span: Span, args: AnyArgs) => void;

/** 10^28: a quotient of this magnitude overflows however it is rounded. */
const LIMIT = new Decimal('1e28');

/**
 * The folded expression, or undefined when a constant part failed (reported). `root` may be a part
 * given up by the type checker (CheckResult.dropped), also a division whose round was at fault.
 */
export function foldConstants(root: TExpr, report: Reporter): TExpr | undefined {
    // null: this part, or one inside it, failed (and was reported there).
    const folded = postOrder<TExpr | null>(root, (t, a, b) => {
        if (a === null || b === null) return null;
        const node = withChildren(t, a, b);
        if (a === undefined || node.k === 'when') return node;
        // A division is folded with its round; one that lost its round can still divide by zero.
        if (node.k === 'div') return t === root ? lonelyDivision(node, report) : node;
        const operands = node.k === 'round' && node.a.k === 'div' ? [node.a.a, node.a.b] : b === undefined ? [a] : [a, b];
        if (!operands.every((k) => k.k === 'const')) return node;
        const value = evaluateCode(emitCode(node, ''), []);
        if (value === null) {
            const division = node.k === 'round' && node.a.k === 'div' ? node.a : undefined;
            const zero = division && division.b.k === 'const' && division.b.value instanceof Decimal && division.b.value.isZero();
            const form = zero ? 'div-zero' : node.type.kind === 'date' || node.type.kind === 'datetime' ? 'date-range' : 'overflow';
            report('E-CONST', resolveSpan(division ? division.span : node.span), { form });
            return null;
        }
        return { k: 'const', value, literal: undefined, type: node.type, span: node.span };
    });
    return folded ?? undefined;
}

/**
 * A division of constants without its round (the round was at fault): a zero divisor, or a quotient
 * of 10^28 or more, fails whatever the scale and mode would have been.
 */
function lonelyDivision(node: Extract<TExpr, { k: 'div' }>, report: Reporter): TExpr | null {
    const [a, b] = [node.a, node.b];
    if (a.k !== 'const' || b.k !== 'const' || !(a.value instanceof Decimal) || !(b.value instanceof Decimal)) return node;
    if (b.value.isZero()) report('E-CONST', resolveSpan(node.span), { form: 'div-zero' });
    else if (a.value.abs().gte(b.value.abs().times(LIMIT))) report('E-CONST', resolveSpan(node.span), { form: 'overflow' });
    else return node;
    return null;
}
