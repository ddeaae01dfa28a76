// Decides, over assignments of non-null values within the fields' min/max ranges, whether a relation
// can be true and whether it can be false (docs/schema-language.md). Every judgement is an
// over-approximation of what is possible, so "never true" (E-REL-FALSE) and "always true"
// (W-REL-TRIVIAL) are only claimed when they are certain. Catches constant comparisons, `x op x`
// identities (comparisons of a part with itself, `x - x` = 0, `x / x` = 1 where x cannot be 0) and
// comparisons decided by interval arithmetic over the fields' ranges.
import { Decimal } from 'decimal.js';
import type { TExpr } from '../expr/typed-expr.js';
import { childrenOf, postOrder } from '../expr/typed-walk.js';
import type { CompiledField } from '../ir/ir-types.js';
import { roundDecimal } from '../values/decimal-ops.js';

type Bound = Decimal | number | undefined; // undefined: unbounded on that side
interface Info {
    lo: Bound;
    hi: Bound;
    canTrue: boolean;
    canFalse: boolean;
}

export interface Verdict {
    canTrue: boolean;
    canFalse: boolean;
    /** The relation is a when whose condition never holds. */
    vacuous: boolean;
}

const isDec = (b: Bound): b is Decimal => b instanceof Decimal;
function add(a: Bound, b: Bound): Bound {
    if (a === undefined || b === undefined) return undefined;
    return isDec(a) ? a.plus(b as Decimal) : (a as number) + (b as number);
}
function neg(a: Bound): Bound {
    return a === undefined ? undefined : isDec(a) ? a.neg() : -(a as number);
}
function cmp(a: Decimal | number, b: Decimal | number): number {
    return isDec(a) ? a.cmp(b as Decimal) : Math.sign((a as number) - (b as number));
}
const lt = (a: Bound, b: Bound): boolean => a !== undefined && b !== undefined && cmp(a, b) < 0;
const le = (a: Bound, b: Bound): boolean => a !== undefined && b !== undefined && cmp(a, b) <= 0;
function minB(a: Bound, b: Bound, lowSide: boolean): Bound {
    // The smaller of two bounds; an unbounded low side stays unbounded, an unbounded high side yields.
    if (a === undefined) return lowSide ? undefined : b;
    if (b === undefined) return lowSide ? undefined : a;
    return cmp(a, b) <= 0 ? a : b;
}
function maxB(a: Bound, b: Bound, lowSide: boolean): Bound {
    if (a === undefined) return lowSide ? b : undefined;
    if (b === undefined) return lowSide ? a : undefined;
    return cmp(a, b) >= 0 ? a : b;
}

/** Nothing known: any value, possibly true and possibly false. Shared: Info objects are never changed. */
const NONE: Info = Object.freeze({ lo: undefined, hi: undefined, canTrue: true, canFalse: true });
const range = (lo: Bound, hi: Bound): Info => ({ lo, hi, canTrue: true, canFalse: true });
const truth = (canTrue: boolean, canFalse: boolean): Info => ({ lo: undefined, hi: undefined, canTrue, canFalse });
const rangeOf = (r: { lo: Bound; hi: Bound }): Info => range(r.lo, r.hi);
const truthOf = (r: { canTrue: boolean; canFalse: boolean }): Info => truth(r.canTrue, r.canFalse);

export function analyseRelation(root: TExpr, fields: readonly CompiledField[]): Verdict {
    const infos = (t: TExpr, a: Info | undefined, b: Info | undefined): Info => {
        switch (t.k) {
            case 'const':
                if (typeof t.value === 'boolean') return truth(t.value, !t.value);
                return typeof t.value === 'number' || isDec(t.value as Bound) ? range(t.value as Bound, t.value as Bound) : NONE;
            case 'field': {
                const ft = fields[t.field]?.type;
                // A field may bound one side only (`max` without `min`).
                if (ft && ('min' in ft || 'max' in ft)) return range(ft.min as Bound, ft.max as Bound);
                return NONE;
            }
            case 'present':
                // Presence is not a value: judged as possibly either (docs/compiler.md, "Constant analysis").
                return NONE;
            case 'not':
                return truth(a!.canFalse, a!.canTrue);
            case 'logic':
                return t.op === 'and'
                    ? truth(a!.canTrue && b!.canTrue, a!.canFalse || b!.canFalse)
                    : truth(a!.canTrue || b!.canTrue, a!.canFalse && b!.canFalse);
            case 'when':
                return truth(a!.canFalse || b!.canTrue, a!.canTrue && b!.canFalse);
            case 'cmp':
                // x op x is decided whatever x is.
                if (sameTree(t.a, t.b))
                    return truth(t.op === '==' || t.op === '<=' || t.op === '>=', !(t.op === '==' || t.op === '<=' || t.op === '>='));
                return truthOf(compare(t.op, a!, b!));
            case 'neg':
                return range(neg(a!.hi), neg(a!.lo));
            case 'abs': {
                if (a!.lo !== undefined && cmp(a!.lo, zeroLike(a!.lo)) >= 0) return range(a!.lo, a!.hi);
                if (a!.hi !== undefined && cmp(a!.hi, zeroLike(a!.hi)) <= 0) return range(neg(a!.hi), neg(a!.lo));
                const zero = t.kind === 'num' ? new Decimal(0) : 0;
                return range(zero, a!.lo === undefined || a!.hi === undefined ? undefined : maxB(neg(a!.lo), a!.hi, false));
            }
            case 'arith':
                // x - x is zero whatever x is (over present values, as x op x above).
                if (t.op === '-' && t.kind !== 'date' && sameTree(t.a, t.b)) {
                    const zero = t.kind === 'num' ? new Decimal(0) : 0;
                    return range(zero, zero);
                }
                if (t.op === '+') return range(add(a!.lo, b!.lo), add(a!.hi, b!.hi));
                if (t.op === '-') return range(add(a!.lo, neg(b!.hi)), add(a!.hi, neg(b!.lo)));
                return rangeOf(product(a!, b!));
            case 'minmax':
                return t.op === 'min'
                    ? range(minB(a!.lo, b!.lo, true), minB(a!.hi, b!.hi, false))
                    : range(maxB(a!.lo, b!.lo, true), maxB(a!.hi, b!.hi, false));
            case 'div':
                // x / x is 1 where it has a value: only where x cannot be 0 (else it has none there).
                if (sameTree(t.a, t.b) && excludesZero(b!)) return range(new Decimal(1), new Decimal(1));
                return NONE;
            case 'round':
                // Every rounding mode is monotone, so rounding the bounds bounds the result (a
                // division's bounds are known only for x / x).
                return range(
                    isDec(a!.lo) ? roundDecimal(a!.lo, t.scale, t.mode) : undefined,
                    isDec(a!.hi) ? roundDecimal(a!.hi, t.scale, t.mode) : undefined,
                );
            case 'diff':
                if (sameTree(t.a, t.b)) return range(0, 0); // d - d
                if (t.unit !== 1) return NONE;
                return range(add(a!.lo, neg(b!.hi)), add(a!.hi, neg(b!.lo)));
            default:
                return NONE;
        }
    };
    const info = postOrder<Info>(root, infos);
    if (root.k === 'when') {
        const cond = postOrder<Info>(root.a, infos);
        if (!cond.canTrue) return { canTrue: true, canFalse: false, vacuous: true };
    }
    return { canTrue: info.canTrue, canFalse: info.canFalse, vacuous: false };
}

function zeroLike(b: Decimal | number): Decimal | number {
    return isDec(b) ? new Decimal(0) : 0;
}

function excludesZero(r: Info): boolean {
    return (r.lo !== undefined && cmp(r.lo, zeroLike(r.lo)) > 0) || (r.hi !== undefined && cmp(r.hi, zeroLike(r.hi)) < 0);
}

function product(a: Info, b: Info): { lo: Bound; hi: Bound } {
    if (a.lo === undefined || a.hi === undefined || b.lo === undefined || b.hi === undefined) return { lo: undefined, hi: undefined };
    const mul = (x: Decimal | number, y: Decimal | number): Decimal | number =>
        isDec(x) ? x.times(y as Decimal) : (x as number) * (y as number);
    const ps = [mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)];
    return { lo: ps.reduce((m, p) => (cmp(p, m) < 0 ? p : m)), hi: ps.reduce((m, p) => (cmp(p, m) > 0 ? p : m)) };
}

/** Structural equality of two typed expressions (same computation on the same fields), iterative. */
export function sameTree(x: TExpr, y: TExpr): boolean {
    // Most comparisons differ at the top: answered before any stack is built.
    if (x === y) return true;
    if (x.k !== y.k) return false;
    if (x.k === 'field' || x.k === 'present') return x.field === (y as typeof x).field;
    const stack: Array<[TExpr, TExpr]> = [[x, y]];
    while (stack.length > 0) {
        const [p, q] = stack.pop()!;
        if (p === q) continue;
        if (p.k !== q.k || ('op' in p && p.op !== (q as typeof p).op) || ('kind' in p && p.kind !== (q as typeof p).kind)) return false;
        switch (p.k) {
            case 'field':
            case 'present':
                if (p.field !== (q as typeof p).field) return false;
                continue;
            case 'const':
                if (p.type.kind !== q.type.kind || String(p.value) !== String((q as typeof p).value)) return false;
                continue;
            case 'round':
                if (p.scale !== (q as typeof p).scale || p.mode !== (q as typeof p).mode) return false;
                break;
            case 'months':
                if (p.eom !== (q as typeof p).eom || p.sign !== (q as typeof p).sign) return false;
                break;
            case 'addms':
                if (p.unit !== (q as typeof p).unit || p.sign !== (q as typeof p).sign) return false;
                break;
            case 'diff':
                if (p.unit !== (q as typeof p).unit) return false;
                break;
            default:
                break;
        }
        const pk = childrenOf(p);
        const qk = childrenOf(q);
        for (let i = 0; i < pk.length; i++) stack.push([pk[i]!, qk[i]!]);
    }
    return true;
}

function compare(op: string, a: Info, b: Info): { canTrue: boolean; canFalse: boolean } {
    switch (op) {
        case '<':
            return { canTrue: !le(b.hi, a.lo), canFalse: !lt(a.hi, b.lo) };
        case '<=':
            return { canTrue: !lt(b.hi, a.lo), canFalse: !le(a.hi, b.lo) };
        case '>':
            return compare('<', b, a);
        case '>=':
            return compare('<=', b, a);
        case '==': {
            const disjoint = lt(a.hi, b.lo) || lt(b.hi, a.lo);
            const point =
                a.lo !== undefined &&
                a.hi !== undefined &&
                b.lo !== undefined &&
                b.hi !== undefined &&
                cmp(a.lo, a.hi) === 0 &&
                cmp(b.lo, b.hi) === 0 &&
                cmp(a.lo, b.lo) === 0;
            return { canTrue: !disjoint, canFalse: !point };
        }
        default: {
            const eq = compare('==', a, b);
            return { canTrue: eq.canFalse, canFalse: eq.canTrue };
        }
    }
}
