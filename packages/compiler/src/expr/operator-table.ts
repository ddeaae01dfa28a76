// The one overload table of the expression language (docs/schema-language.md): for each operator
// and operand types, the result type and how it is computed, or the code that rejects it.
import { problem, typedLiteralFormHint, typedLiteralHint, type Problem } from '../diagnostics/diagnostic-registry.js';
import { didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { CmpOp } from '../ir/ir-types.js';
import { parseIsoDate, parseIsoDateTime } from '../values/date-ops.js';
import type { EomRule, ExprType } from '../values/value-types.js';
import { sameType, typeName, type Span, type SpanRef, type TExpr } from './typed-expr.js';

type Where = Span | SpanRef;

export type Overload = { expr: TExpr } | (Problem & { span?: Where });

const DAY_MS = 86_400_000;

const isNumLit = (e: TExpr): boolean => e.k === 'const' && (e.literal === 'number' || e.literal === 'integer');
const isIntLit = (e: TExpr): boolean => e.k === 'const' && e.literal === 'integer';
const kindOf = (t: ExprType): string => t.kind;
const ordered = new Set(['number', 'money', 'date', 'datetime', 'duration']);

function typeError(op: string, a: TExpr, b?: TExpr): Overload {
    const operands = b ? `${typeName(a.type)} and ${typeName(b.type)}` : typeName(a.type);
    return problem('E-TYPE', { form: 'operator', op, operands, hint: b ? literalHint(a, b) : '' });
}

/**
 * A date or datetime against a plain string literal: the literal wants its typed form, which is
 * suggested only when the string is a valid literal of that kind (else the form is shown).
 */
function literalHint(a: TExpr, b: TExpr): string {
    const [point, other] = a.type.kind === 'date' || a.type.kind === 'datetime' ? [a, b] : [b, a];
    const kind = point.type.kind;
    if ((kind !== 'date' && kind !== 'datetime') || other.k !== 'const' || other.literal !== 'string') return '';
    const text = String(other.value);
    const valid = (kind === 'date' ? parseIsoDate(text) : parseIsoDateTime(text)) !== undefined;
    return valid ? typedLiteralHint(kind, text) : typedLiteralFormHint(kind, text);
}
const currencyError = (a: TExpr, b: TExpr): Overload => problem('E-CURRENCY', { left: typeName(a.type), right: typeName(b.type) });
const basisError = (a: TExpr, b: TExpr): Overload =>
    problem('E-BASIS', { form: 'combine', left: typeName(a.type), right: typeName(b.type) });

/** Money against a number literal: the literal is taken in the money's currency. */
function moneyWithLiteral(a: TExpr, b: TExpr): ExprType | undefined {
    if (a.type.kind === 'money' && isNumLit(b)) return a.type;
    if (b.type.kind === 'money' && isNumLit(a)) return b.type;
    return undefined;
}

/** Shared by comparisons and min/max: both operands of one ordered type. */
function orderedPair(op: string, a: TExpr, b: TExpr): { kind: 'num' | 'int'; type: ExprType } | Overload {
    const ka = kindOf(a.type);
    const kb = kindOf(b.type);
    if (ka === 'money' && kb === 'money')
        return (a.type as { currency: string }).currency === (b.type as { currency: string }).currency
            ? { kind: 'num', type: a.type }
            : currencyError(a, b);
    const m = moneyWithLiteral(a, b);
    if (m) return { kind: 'num', type: m };
    if (ka === 'number' && kb === 'number') return { kind: 'num', type: { kind: 'number' } };
    if (ka === 'duration' && kb === 'duration') return sameType(a.type, b.type) ? { kind: 'int', type: a.type } : basisError(a, b);
    if ((ka === 'date' || ka === 'datetime') && ka === kb) return { kind: 'int', type: a.type };
    return typeError(op, a, b);
}

export function comparison(op: CmpOp, a: TExpr, b: TExpr, span: Where): Overload {
    const ka = kindOf(a.type);
    const kb = kindOf(b.type);
    const equality = op === '==' || op === '!=';
    if (ordered.has(ka) || ordered.has(kb)) {
        const r = orderedPair(op, a, b);
        if ('code' in r) return r;
        if ('expr' in r) return r;
        return { expr: { k: 'cmp', op, kind: r.kind, a, b, type: { kind: 'boolean' }, span } };
    }
    if (!equality) return typeError(op, a, b);
    if (ka === 'boolean' && kb === 'boolean') return { expr: { k: 'cmp', op, kind: 'bool', a, b, type: { kind: 'boolean' }, span } };
    if (ka === 'string' && kb === 'string') return { expr: { k: 'cmp', op, kind: 'str', a, b, type: { kind: 'boolean' }, span } };
    if (ka === 'enum' && kb === 'enum') {
        return sameType(a.type, b.type)
            ? { expr: { k: 'cmp', op, kind: 'str', a, b, type: { kind: 'boolean' }, span } }
            : typeError(op, a, b);
    }
    if (ka === 'enum' || kb === 'enum') {
        const [en, other] = ka === 'enum' ? [a, b] : [b, a];
        if (other.k === 'const' && other.literal === 'string') {
            const labels = (en.type as { labels: readonly string[] }).labels;
            if (!labels.includes(other.value as string)) {
                const args = {
                    literal: `'${other.value as string}'`,
                    field: en.k === 'field' ? 'this enum' : 'the enum',
                    labels: labels.map((l) => `'${l}'`).join(', '),
                    suggestion: didYouMean(other.value as string, labels),
                };
                return { ...problem('E-ENUM-VALUE', args), span: other.span };
            }
            return { expr: { k: 'cmp', op, kind: 'str', a, b, type: { kind: 'boolean' }, span } };
        }
    }
    return typeError(op, a, b);
}

export function additive(op: '+' | '-', a: TExpr, b: TExpr, span: Where, eomOf: (e: TExpr) => EomRule): Overload {
    const ka = kindOf(a.type);
    const kb = kindOf(b.type);
    const sign = op === '+' ? 1 : -1;
    if (ka === 'number' && kb === 'number') return { expr: { k: 'arith', op, kind: 'num', a, b, type: { kind: 'number' }, span } };
    if (ka === 'money' && kb === 'money') {
        return sameType(a.type, b.type) ? { expr: { k: 'arith', op, kind: 'num', a, b, type: a.type, span } } : currencyError(a, b);
    }
    const m = moneyWithLiteral(a, b);
    if (m) return { expr: { k: 'arith', op, kind: 'num', a, b, type: m, span } };
    if (ka === 'duration' && kb === 'duration') {
        return sameType(a.type, b.type) ? { expr: { k: 'arith', op, kind: 'int', a, b, type: a.type, span } } : basisError(a, b);
    }
    // Point ± duration, and duration + point.
    if ((ka === 'date' || ka === 'datetime') && kb === 'duration') return shift(a, b, sign, span, eomOf);
    if (op === '+' && ka === 'duration' && (kb === 'date' || kb === 'datetime')) return shift(b, a, 1, span, eomOf);
    if (op === '-' && ka === kb && (ka === 'date' || ka === 'datetime')) {
        return ka === 'date'
            ? { expr: { k: 'diff', unit: 1, a, b, type: { kind: 'duration', basis: 'days' }, span } }
            : { expr: { k: 'diff', unit: 1000, a, b, type: { kind: 'duration', basis: 'seconds' }, span } };
    }
    return typeError(op, a, b);
}

function shift(point: TExpr, dur: TExpr, sign: 1 | -1, span: Where, eomOf: (e: TExpr) => EomRule): Overload {
    const basis = (dur.type as { basis: string }).basis;
    const on = point.type.kind as 'date' | 'datetime';
    if (basis === 'months') return { expr: { k: 'months', on, eom: eomOf(point), sign, a: point, b: dur, type: point.type, span } };
    if (on === 'date') {
        if (basis === 'seconds') return problem('E-BASIS', { form: 'date-seconds', type: typeName(dur.type) });
        return { expr: { k: 'arith', op: sign === 1 ? '+' : '-', kind: 'date', a: point, b: dur, type: point.type, span } };
    }
    return { expr: { k: 'addms', unit: basis === 'days' ? DAY_MS : 1000, sign, a: point, b: dur, type: point.type, span } };
}

export function multiplicative(op: '*' | '/', a: TExpr, b: TExpr, span: Where): Overload {
    const ka = kindOf(a.type);
    const kb = kindOf(b.type);
    if (op === '*') {
        if (ka === 'number' && kb === 'number') return { expr: { k: 'arith', op, kind: 'num', a, b, type: { kind: 'number' }, span } };
        if (ka === 'money' && kb === 'number') return { expr: { k: 'arith', op, kind: 'num', a, b, type: a.type, span } };
        if (ka === 'number' && kb === 'money') return { expr: { k: 'arith', op, kind: 'num', a: b, b: a, type: b.type, span } };
        if (ka === 'duration' && isIntLit(b)) return { expr: { k: 'arith', op, kind: 'int', a, b: asInt(b), type: a.type, span } };
        if (kb === 'duration' && isIntLit(a)) return { expr: { k: 'arith', op, kind: 'int', a: b, b: asInt(a), type: b.type, span } };
        if (ka === 'money' && kb === 'money') return typeError(op, a, b);
        return typeError(op, a, b);
    }
    if (ka === 'number' && kb === 'number') return { expr: { k: 'div', a, b, type: { kind: 'number' }, span } };
    if (ka === 'money' && kb === 'number') return { expr: { k: 'div', a, b, type: a.type, span } };
    if (ka === 'money' && kb === 'money') {
        return sameType(a.type, b.type) ? { expr: { k: 'div', a, b, type: { kind: 'number' }, span } } : currencyError(a, b);
    }
    return typeError(op, a, b);
}

/** An integer literal as a plain count (durations are counted in plain numbers). */
function asInt(e: TExpr): TExpr {
    const v =
        e.k === 'const' && e.value !== null && typeof e.value === 'object'
            ? Number((e.value as { toString(): string }).toString())
            : e.k === 'const'
              ? e.value
              : null;
    return { ...e, value: v } as TExpr;
}

export function unaryNumeric(fn: 'neg' | 'abs', a: TExpr, span: Where): Overload {
    const k = a.type.kind;
    if (k === 'number' || k === 'money') return { expr: { k: fn, kind: 'num', a, type: a.type, span } };
    if (k === 'duration') return { expr: { k: fn, kind: 'int', a, type: a.type, span } };
    return typeError(fn === 'neg' ? '-' : 'abs', a);
}

export function minMax(fn: 'min' | 'max', a: TExpr, b: TExpr, span: Where): Overload {
    const r = orderedPair(fn, a, b);
    if ('code' in r || 'expr' in r) return r;
    return { expr: { k: 'minmax', op: fn, kind: r.kind, a, b, type: r.type, span } };
}
