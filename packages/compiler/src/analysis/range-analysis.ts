// Decides, over assignments of non-null values within the fields' min/max ranges, whether a relation
// can be true and whether it can be false (docs/schema-language.md). Every judgement is an
// over-approximation of what is possible, so "never true" (E-REL-FALSE) and "always true"
// (W-REL-TRIVIAL) are only claimed when they are certain. Catches constant comparisons, `x op x`
// identities and comparisons decided by interval arithmetic over the fields' ranges.
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

export function analyseRelation(root: TExpr, fields: readonly CompiledField[]): Verdict {
    const infos = (t: TExpr, a: Info | undefined, b: Info | undefined): Info => {
        const none: Info = { lo: undefined, hi: undefined, canTrue: true, canFalse: true };
        switch (t.k) {
            case 'const':
                if (typeof t.value === 'boolean') return { ...none, canTrue: t.value, canFalse: !t.value };
                return typeof t.value === 'number' || isDec(t.value as Bound)
                    ? { ...none, lo: t.value as Bound, hi: t.value as Bound }
                    : none;
            case 'field': {
                const ft = fields[t.field]?.type;
                if (ft && 'min' in ft) return { ...none, lo: ft.min as Bound, hi: ft.max as Bound };
                return none;
            }
            case 'present':
                // Presence is not a value: judged as possibly either (docs/compiler.md, "Constant analysis").
                return none;
            case 'not':
                return { ...none, canTrue: a!.canFalse, canFalse: a!.canTrue };
            case 'logic':
                return t.op === 'and'
                    ? { ...none, canTrue: a!.canTrue && b!.canTrue, canFalse: a!.canFalse || b!.canFalse }
                    : { ...none, canTrue: a!.canTrue || b!.canTrue, canFalse: a!.canFalse && b!.canFalse };
            case 'when':
                return { ...none, canTrue: a!.canFalse || b!.canTrue, canFalse: a!.canTrue && b!.canFalse };
            case 'cmp':
                // x op x is decided whatever x is.
                if (sameTree(t.a, t.b))
                    return {
                        ...none,
                        canTrue: t.op === '==' || t.op === '<=' || t.op === '>=',
                        canFalse: !(t.op === '==' || t.op === '<=' || t.op === '>='),
                    };
                return { ...none, ...compare(t.op, a!, b!) };
            case 'neg':
                return { ...none, lo: neg(a!.hi), hi: neg(a!.lo) };
            case 'abs': {
                if (a!.lo !== undefined && cmp(a!.lo, zeroLike(a!.lo)) >= 0) return { ...none, lo: a!.lo, hi: a!.hi };
                if (a!.hi !== undefined && cmp(a!.hi, zeroLike(a!.hi)) <= 0) return { ...none, lo: neg(a!.hi), hi: neg(a!.lo) };
                const zero = t.kind === 'num' ? new Decimal(0) : 0;
                return { ...none, lo: zero, hi: a!.lo === undefined || a!.hi === undefined ? undefined : maxB(neg(a!.lo), a!.hi, false) };
            }
            case 'arith':
                if (t.op === '+') return { ...none, lo: add(a!.lo, b!.lo), hi: add(a!.hi, b!.hi) };
                if (t.op === '-') return { ...none, lo: add(a!.lo, neg(b!.hi)), hi: add(a!.hi, neg(b!.lo)) };
                return { ...none, ...product(a!, b!) };
            case 'minmax':
                return t.op === 'min'
                    ? { ...none, lo: minB(a!.lo, b!.lo, true), hi: minB(a!.hi, b!.hi, false) }
                    : { ...none, lo: maxB(a!.lo, b!.lo, true), hi: maxB(a!.hi, b!.hi, false) };
            case 'round':
                // Every rounding mode is monotone, so rounding the bounds bounds the result.
                if (t.a.k === 'div') return none;
                return {
                    ...none,
                    lo: isDec(a!.lo) ? roundDecimal(a!.lo, t.scale, t.mode) : undefined,
                    hi: isDec(a!.hi) ? roundDecimal(a!.hi, t.scale, t.mode) : undefined,
                };
            case 'diff':
                if (t.unit !== 1) return none;
                return { ...none, lo: add(a!.lo, neg(b!.hi)), hi: add(a!.hi, neg(b!.lo)) };
            default:
                return none;
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

function product(a: Info, b: Info): { lo: Bound; hi: Bound } {
    if (a.lo === undefined || a.hi === undefined || b.lo === undefined || b.hi === undefined) return { lo: undefined, hi: undefined };
    const mul = (x: Decimal | number, y: Decimal | number): Decimal | number =>
        isDec(x) ? x.times(y as Decimal) : (x as number) * (y as number);
    const ps = [mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)];
    return { lo: ps.reduce((m, p) => (cmp(p, m) < 0 ? p : m)), hi: ps.reduce((m, p) => (cmp(p, m) > 0 ? p : m)) };
}

/** Structural equality of two typed expressions (same computation on the same fields), iterative. */
export function sameTree(x: TExpr, y: TExpr): boolean {
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
