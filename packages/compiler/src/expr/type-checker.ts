// Types one parsed expression against the schema's fields (docs/schema-language.md). Every rule that
// rejects something reports once at the smallest part at fault and returns undefined, so the parts
// around it stay silent (no cascades). The parts inside it that typed fine are kept (`dropped`), so
// that constant folding still judges them: their faults are their own (docs/compiler.md, "Cascades").
// Left-nested operator chains are walked in a loop, so the recursion depth is bounded by the nesting
// limit, not by the expression's length.
import {
    nodeRange,
    type AstNode,
    type BinaryExpr,
    type CallExpr,
    type Expression,
    type NumberLiteral,
    type UnaryExpr,
} from '@svc/language';
import { Decimal } from 'decimal.js';
import type { AnyArgs, ArgsParam, DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { CmpOp } from '../ir/ir-types.js';
import { parseIsoDate, parseIsoDateTime } from '../values/date-ops.js';
import { inMagnitude, parseDecimalText } from '../values/decimal-ops.js';
import { parseDuration } from '../values/duration-ops.js';
import { ROUND_MODES, type EomRule, type ExprType, type RoundMode } from '../values/value-types.js';
import type { ByteOffsets } from './byte-offsets.js';
import { additive, comparison, minMax, multiplicative, unaryNumeric, type Overload } from './operator-table.js';
import { resolveSpan, typeName, type Span, type SpanRef, type TExpr } from './typed-expr.js';

type Where = Span | SpanRef;

export interface FieldInfo {
    id: number;
    name: string;
    /** Undefined for arrays and for fields whose definition has errors. */
    type?: ExprType;
    isArray: boolean;
    eom: EomRule;
}

export interface CheckEnv {
    fields: ReadonlyMap<string, FieldInfo>;
    /** No field list could be read: an unknown name is a field of unknown type, not E-NAME-UNKNOWN. */
    openNames?: boolean;
    place: 'relation' | 'applicable';
    /** The field whose applicable_when this is. */
    self?: number;
    bytes: ByteOffsets;
    report(code: DiagnosticCode, span: Span, args: AnyArgs): void;
}

export interface CheckResult {
    expr?: TExpr;
    /** Field ids the expression names (also when it has errors: cycles are still found). */
    reads: Set<number>;
    /**
     * When `expr` is undefined: the largest parts that typed fine but were given up because a part
     * around them (or the whole, E-REL-TYPE) was at fault. None contains another.
     */
    dropped: TExpr[];
}

// No prototype: a call to `toString(…)` or `__proto__(…)` is an unknown function, not Object's.
export const FUNCTIONS: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
    when: 2,
    round: 3,
    abs: 1,
    min: 2,
    max: 2,
    present: 1,
});

export function checkExpression(ast: Expression, env: CheckEnv): CheckResult {
    const checker = new TypeChecker(env);
    const top = unwrap(ast);
    let expr: TExpr | undefined;
    if (env.place === 'relation' && top.$type === 'CallExpr' && top.name === 'when') expr = checker.checkWhen(top);
    else expr = checker.check(ast);
    if (expr && expr.type.kind !== 'boolean') {
        env.report(env.place === 'relation' ? 'E-REL-TYPE' : 'E-APPLICABLE-TYPE', env.bytes.trimmed(), { type: typeName(expr.type) });
        expr = checker.drop(expr);
    }
    if (expr && checker.failed) expr = checker.drop(expr);
    return { expr, reads: checker.reads, dropped: checker.dropped };
}

function unwrap(e: Expression): Expression {
    let cur = e;
    while (cur.$type === 'ParenExpr') cur = cur.inner;
    return cur;
}

/** Literal numbers recur (`2`, `0`, `100.00`): their Decimals (immutable) are kept, boundedly. */
let literals = new Map<string, Decimal | null>();

function literalDecimal(text: string): Decimal | undefined {
    let d = literals.get(text);
    if (d === undefined) {
        const parsed = parseDecimalText(text);
        d = parsed && inMagnitude(parsed) ? parsed : null;
        if (literals.size >= 4096) literals = new Map();
        literals.set(text, d);
    }
    return d ?? undefined;
}

class TypeChecker {
    readonly reads = new Set<number>();
    readonly dropped: TExpr[] = [];
    failed = false;

    constructor(private readonly env: CheckEnv) {}

    private span(node: AstNode): SpanRef {
        return { node, bytes: this.env.bytes };
    }

    /** The node's text as written (a literal's quotes included). */
    private source(node: AstNode): string {
        const [start, end] = nodeRange(node);
        return this.env.bytes.text.slice(start, end);
    }

    /** Keeps parts that typed fine when the part around them fails (see CheckResult.dropped). */
    drop(a: TExpr | undefined, b?: TExpr): undefined {
        if (a) this.dropped.push(a);
        if (b) this.dropped.push(b);
        return undefined;
    }

    private fail<C extends DiagnosticCode>(code: C, span: Where, ...args: ArgsParam<C>): undefined {
        return this.failAny(code, span, (args[0] ?? {}) as AnyArgs);
    }

    private failAny(code: DiagnosticCode, span: Where, args: AnyArgs): undefined {
        this.failed = true;
        this.env.report(code, resolveSpan(span), args);
        return undefined;
    }

    private apply(r: Overload, span: Where): TExpr | undefined {
        if ('expr' in r) return r.expr;
        return this.failAny(r.code, r.span ?? span, r.args as AnyArgs);
    }

    /** `roundArg`: this node is the first argument of round, where one division is allowed. */
    check(node: Expression, roundArg = false): TExpr | undefined {
        // One switch on $type: the generated type guards ask Langium's reflection for subtypes (a
        // string key per question), a tenth of checking.
        switch (node.$type) {
            case 'BinaryExpr':
                return this.chain(node, roundArg);
            case 'ParenExpr':
                return this.check(node.inner, roundArg);
            case 'UnaryExpr':
                return this.unary(node);
            case 'NameRef':
                return this.name(node.name, this.span(node));
            case 'CallExpr':
                return this.call(node);
            case 'NumberLiteral':
                return this.number(node);
            case 'StringLiteral': {
                const text = this.source(node);
                const span = this.span(node);
                if (text.length < 2 || !text.endsWith("'")) return this.fail('E-EXPR-LITERAL', span, { form: 'unclosed', kind: 'string' });
                return { k: 'const', value: text.slice(1, -1), literal: 'string', type: { kind: 'string' }, span };
            }
            case 'TypedLiteral':
                return this.typedLiteral(this.source(node), this.span(node), nodeRange(node)[0]);
            case 'BooleanLiteral':
                return { k: 'const', value: node.value === 'true', literal: 'other', type: { kind: 'boolean' }, span: this.span(node) };
        }
        return this.fail('E-EXPR-SYNTAX', this.span(node as AstNode), { form: 'token', found: 'expression' });
    }

    private unary(node: UnaryExpr): TExpr | undefined {
        const a = this.check(node.operand);
        if (!a) return undefined;
        const span = this.span(node);
        if (node.op === 'not') {
            if (a.type.kind === 'boolean') return { k: 'not', a, type: a.type, span };
            this.drop(a);
            return this.fail('E-TYPE', span, { form: 'not-boolean', type: typeName(a.type) });
        }
        if (a.k === 'const' && (a.literal === 'number' || a.literal === 'integer') && a.value instanceof Decimal) {
            return { ...a, value: a.value.neg(), span }; // -5 is still a literal
        }
        return this.apply(unaryNumeric('neg', a, span), span) ?? this.drop(a);
    }

    private number(node: NumberLiteral): TExpr | undefined {
        const span = this.span(node);
        const d = literalDecimal(node.value);
        if (!d) return this.fail('E-EXPR-LITERAL', span, { form: 'magnitude', value: String(node.value) });
        const integer = !node.value.includes('.');
        return { k: 'const', value: d, literal: integer ? 'integer' : 'number', type: { kind: 'number', integer }, span };
    }

    private chain(top: BinaryExpr, roundArg: boolean): TExpr | undefined {
        const links: BinaryExpr[] = [];
        let cur: Expression = top;
        while (cur.$type === 'BinaryExpr') {
            links.push(cur);
            cur = cur.left;
        }
        let acc = this.check(cur);
        for (let i = links.length - 1; i >= 0; i--) {
            const link = links[i]!;
            const right = this.check(link.right);
            if (!acc || !right) {
                acc = this.drop(acc, right);
                continue;
            }
            acc = this.binary(link, acc, right, roundArg && i === 0) ?? this.drop(acc, right);
        }
        return acc;
    }

    private binary(node: BinaryExpr, a: TExpr, b: TExpr, divisionAllowed: boolean): TExpr | undefined {
        const span = this.span(node);
        switch (node.op) {
            case 'and':
            case 'or':
                if (a.type.kind !== 'boolean' || b.type.kind !== 'boolean') {
                    return this.fail('E-TYPE', span, { form: 'logic', op: node.op, left: typeName(a.type), right: typeName(b.type) });
                }
                return { k: 'logic', op: node.op, a, b, type: { kind: 'boolean' }, span };
            case '+':
            case '-':
                return this.apply(
                    additive(node.op, a, b, span, (e) => this.eomOf(e)),
                    span,
                );
            case '*':
                return this.apply(multiplicative('*', a, b, span), span);
            case '/': {
                const r = this.apply(multiplicative('/', a, b, span), span);
                if (r && !divisionAllowed) return this.fail('E-DIV-UNROUNDED', span);
                return r;
            }
            default:
                return this.apply(comparison(node.op as CmpOp, a, b, span), span);
        }
    }

    private eomOf(e: TExpr): EomRule {
        if (e.k !== 'field') return 'clamp';
        for (const f of this.env.fields.values()) if (f.id === e.field) return f.eom;
        return 'clamp';
    }

    private name(name: string, span: Where): TExpr | undefined {
        const f = this.env.fields.get(name);
        if (!f && this.env.openNames) {
            this.failed = true; // as a field whose definition has errors: not judged
            return undefined;
        }
        if (!f) return this.fail('E-NAME-UNKNOWN', span, { name, suggestion: this.suggest(name) });
        this.reads.add(f.id);
        if (this.env.place === 'applicable' && f.id === this.env.self) return this.fail('E-APPLICABLE-SELF', span, { name });
        if (f.isArray) return this.fail('E-ARRAY-RELATION', span, { name });
        if (!f.type) {
            this.failed = true;
            return undefined;
        } // its definition was already reported
        return { k: 'field', field: f.id, type: f.type, span };
    }

    private suggest(name: string): string {
        return didYouMean(name, this.env.fields.keys());
    }

    private typedLiteral(text: string, span: Where, offset: number): TExpr | undefined {
        const quote = text.indexOf("'");
        const prefix = text.slice(0, quote);
        if (!text.endsWith("'") || text.length === quote + 1) {
            // docs/schema-language.md: an unterminated literal is reported from its opening quote to the end.
            return this.fail('E-EXPR-LITERAL', this.env.bytes.span(offset + quote, offset + text.length), {
                form: 'unclosed',
                kind: prefix,
            });
        }
        const body = text.slice(quote + 1, -1);
        if (prefix === 'date') {
            const days = parseIsoDate(body);
            return days === undefined
                ? this.fail('E-EXPR-LITERAL', span, { form: 'date', body })
                : { k: 'const', value: days, literal: 'other', type: { kind: 'date' }, span };
        }
        if (prefix === 'datetime') {
            const ms = parseIsoDateTime(body);
            return ms === undefined
                ? this.fail('E-EXPR-LITERAL', span, { form: 'datetime', body })
                : { k: 'const', value: ms, literal: 'other', type: { kind: 'datetime' }, span };
        }
        const d = parseDuration(body);
        if (!d.ok) {
            // A well-formed duration whose count has no value here (beyond 2^53 − 1) is a constant
            // that overflows, not a malformed literal (docs/compiler.md, "Duration literals").
            if (d.reason === 'range') return this.fail('E-CONST', span, { form: 'duration-range', body });
            return d.reason === 'mixed'
                ? this.fail('E-BASIS', span, { form: 'mixed', body })
                : this.fail('E-EXPR-LITERAL', span, { form: 'duration', body });
        }
        return { k: 'const', value: d.amount, literal: 'other', type: { kind: 'duration', basis: d.basis }, span };
    }

    checkWhen(call: CallExpr): TExpr | undefined {
        const span = this.span(call);
        if (call.args.length !== 2) return this.arity(call, span);
        const a = this.check(call.args[0]!);
        const b = this.check(call.args[1]!);
        if (!a || !b) return this.drop(a, b);
        for (const [arg, node] of [
            [a, call.args[0]!],
            [b, call.args[1]!],
        ] as const) {
            if (arg.type.kind !== 'boolean') {
                this.drop(a, b);
                return this.fail('E-TYPE', this.span(node), { form: 'when-boolean', type: typeName(arg.type) });
            }
        }
        return { k: 'when', a, b, type: { kind: 'boolean' }, span };
    }

    private arity(call: CallExpr, span: Where): undefined {
        // Their own errors still count. The first argument of round is still round's first argument,
        // where its one division is allowed (docs/schema-language.md: division only there).
        call.args.forEach((arg, i) => this.drop(this.check(arg, i === 0 && call.name === 'round')));
        return this.fail('E-EXPR-ARITY', span, { name: call.name, expected: FUNCTIONS[call.name], actual: call.args.length });
    }

    private call(call: CallExpr): TExpr | undefined {
        const span = this.span(call);
        const expected = FUNCTIONS[call.name];
        if (expected === undefined) {
            for (const arg of call.args) this.drop(this.check(arg));
            const start = nodeRange(call)[0];
            return this.fail('E-EXPR-FUNC', this.env.bytes.span(start, start + call.name.length), {
                name: call.name,
                suggestion: didYouMean(call.name, Object.keys(FUNCTIONS)),
            });
        }
        if (call.args.length !== expected) return this.arity(call, span);
        switch (call.name) {
            case 'when': {
                for (const arg of call.args) this.drop(this.check(arg));
                return this.fail('E-WHEN-NESTED', span, { form: this.env.place === 'applicable' ? 'applicable' : 'main' });
            }
            case 'present': {
                const arg = unwrap(call.args[0]!);
                if (arg.$type !== 'NameRef') return this.fail('E-TYPE', this.span(call.args[0]!), { form: 'present-name' });
                const f = this.name(arg.name, this.span(arg));
                if (!f || f.k !== 'field') return undefined;
                return { k: 'present', field: f.field, type: { kind: 'boolean' }, span };
            }
            case 'abs': {
                const a = this.check(call.args[0]!);
                return a && (this.apply(unaryNumeric('abs', a, span), span) ?? this.drop(a));
            }
            case 'min':
            case 'max': {
                const a = this.check(call.args[0]!);
                const b = this.check(call.args[1]!);
                return a && b ? (this.apply(minMax(call.name, a, b, span), span) ?? this.drop(a, b)) : this.drop(a, b);
            }
            default:
                return this.round(call, span);
        }
    }

    private round(call: CallExpr, span: Where): TExpr | undefined {
        const [xNode, scaleNode, modeNode] = call.args as [Expression, Expression, Expression];
        const x = this.check(xNode, true);
        let scale: number | undefined;
        const s = unwrap(scaleNode);
        if (s.$type === 'NumberLiteral' && /^[0-9]+$/.test(s.value) && Number(s.value) <= 28) scale = Number(s.value);
        else {
            this.drop(this.check(scaleNode));
            this.fail('E-ROUND-ARG', this.span(scaleNode), { form: 'scale' });
        }
        let mode: RoundMode | undefined;
        const m = unwrap(modeNode);
        const modeText = m.$type === 'StringLiteral' ? this.source(m).slice(1, -1) : undefined;
        if (modeText !== undefined && (ROUND_MODES as readonly string[]).includes(modeText)) mode = modeText as RoundMode;
        else
            this.fail('E-ROUND-ARG', this.span(modeNode), {
                form: 'mode',
                modes: ROUND_MODES.map((r) => `'${r}'`).join(' '),
                suggestion: modeText === undefined ? '' : didYouMean(modeText, ROUND_MODES),
            });
        if (!x || scale === undefined || !mode) return this.drop(x);
        if (x.type.kind !== 'number' && x.type.kind !== 'money') {
            this.drop(x);
            return this.fail('E-TYPE', span, { form: 'round-type', type: typeName(x.type) });
        }
        return { k: 'round', scale, mode, a: x, type: x.type, span };
    }
}
