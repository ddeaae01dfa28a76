// Exact decimal arithmetic for number and money values (docs/schema-language.md): every value is a
// decimal.js Decimal made by `Dec`, magnitudes stay below 10^28, and rounding happens only where the
// expression says so (`round`, `round(a / b, …)`), exactly once.
import { Decimal } from 'decimal.js';
import type { RoundMode } from './value-types.js';

/**
 * The Decimal constructor of the whole toolchain. Precision 256 significant digits: a sum,
 * difference or product of two operands below 10^28 with up to 28 decimals needs at most 56 + 56 =
 * 112 digits, so these are exact (a chain of several products keeps exactness up to 256 digits and
 * is rounded half-even beyond; decimal.js never rounds a result that fits). The exponent thresholds
 * are at decimal.js's limits so toString never switches to exponent notation.
 */
export const Dec = Decimal.clone({
    precision: 256,
    rounding: Decimal.ROUND_HALF_EVEN,
    toExpNeg: -9e15,
    toExpPos: 9e15,
});

const ZERO = new Dec(0);

/** Numbers and money amounts must stay strictly below this in magnitude. */
export const MAX_MAGNITUDE = new Dec('1e28');

/** |x| < 10^28 (and finite). decimal.js keeps `e` = the exponent of the leading digit, so no allocation. */
export function inMagnitude(x: Decimal): boolean {
    return x.d !== null && x.d !== undefined && x.e < 28;
}

/** True when `x` was made by `Dec` (its arithmetic then runs at `Dec`'s precision). */
export function isDec(x: Decimal): boolean {
    return x.constructor === Dec;
}

/** `x` as a value of `Dec` (decimal.js takes precision from the left operand's constructor). */
export function toDec(x: Decimal): Decimal {
    return x.constructor === Dec ? x : new Dec(x);
}

/**
 * x.cmp(y) for finite values without the copy decimal.js makes of `y` on every call (the
 * evaluator's comparisons are hot). Same algorithm over the documented `s`/`e`/`d` properties;
 * decimal.js keeps `d` normalised, so equal values have equal digit words. Non-finite operands
 * fall back to cmp.
 */
export function compareDecimals(x: Decimal, y: Decimal): number {
    const xd = x.d;
    const yd = y.d;
    if (!xd || !yd) return x.cmp(y);
    const xs = x.s;
    if (!xd[0] || !yd[0]) return xd[0] ? xs : yd[0] ? -y.s : 0;
    if (xs !== y.s) return xs;
    if (x.e !== y.e) return x.e > y.e !== xs < 0 ? 1 : -1;
    const xl = xd.length;
    const yl = yd.length;
    for (let i = 0, j = xl < yl ? xl : yl; i < j; ++i) {
        if (xd[i] !== yd[i]) return xd[i]! > yd[i]! !== xs < 0 ? 1 : -1;
    }
    return xl === yl ? 0 : xl > yl !== xs < 0 ? 1 : -1;
}

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Values whose leading digit is beyond 10^±100000 are rejected: printing or scaling them exactly
 *  would take megabytes, and they are far outside anything the language accepts (|x| < 10^28). */
const MAX_PARSE_EXPONENT = 100_000;

/**
 * Parses `-?digits(.digits)?`, optionally with a JSON-style exponent (`1e3`, `2.50E-1`), exactly.
 * Leading zeros are accepted (`007.5`). Returns undefined for anything else, and for values whose
 * leading digit's exponent is beyond ±100000 (`1e400` parses; the caller judges the magnitude with
 * inMagnitude). `-0` gives 0.
 */
export function parseDecimalText(text: string): Decimal | undefined {
    if (!DECIMAL_TEXT.test(text)) return undefined;
    const x = new Dec(text);
    if (!x.isFinite() || Math.abs(x.e) > MAX_PARSE_EXPONENT) return undefined;
    if (x.isZero()) {
        // Underflow: a nonzero mantissa read as zero.
        const mantissa = text.replace(/[eE].*$/, '');
        return /[1-9]/.test(mantissa) ? undefined : ZERO;
    }
    return x;
}

/**
 * Number of significant fractional digits of a decimal (trailing zeros do not count): "10.125" → 3,
 * "2.50" → 1, "0.10" → 1, "100" → 0, "2.50E-1" → 2. This is what "more digits than scale" means for
 * schema bounds: "0.10" fits scale 1. undefined when the text does not parse.
 */
export function decimalPlaces(value: string | Decimal): number | undefined {
    const x = typeof value === 'string' ? parseDecimalText(value) : value;
    if (x === undefined || !x.isFinite()) return undefined;
    return x.decimalPlaces();
}

/** decimal.js rounding constants by mode; each matches Python's decimal ROUND_* of the same name. */
const RM: Readonly<Record<RoundMode, Decimal.Rounding>> = {
    half_even: Decimal.ROUND_HALF_EVEN,
    half_up: Decimal.ROUND_HALF_UP,
    half_down: Decimal.ROUND_HALF_DOWN,
    up: Decimal.ROUND_UP,
    down: Decimal.ROUND_DOWN,
    ceiling: Decimal.ROUND_CEIL,
    floor: Decimal.ROUND_FLOOR,
};

/** `x` rounded to `scale` decimals (scale ≥ 0). decimal.js rounds the exact stored digits: one rounding. */
export function roundDecimal(x: Decimal, scale: number, mode: RoundMode): Decimal {
    // Already within scale (the common case for amounts): nothing to round, and toDecimalPlaces is slow.
    if (x.isFinite() && x.decimalPlaces() <= scale) return x.isZero() ? ZERO : x;
    const r = x.toDecimalPlaces(scale, RM[mode]);
    return r.isZero() ? ZERO : r;
}

// 10^k as BigInt, cached: divRound needs two per call.
const POW10: bigint[] = [1n];
function pow10(k: number): bigint {
    for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1]! * 10n);
    return POW10[k]!;
}

/** x = m / 10^s with m a BigInt and s ≥ 0. */
function toScaled(x: Decimal): { m: bigint; s: number } {
    const text = x.toFixed();
    const dot = text.indexOf('.');
    if (dot < 0) return { m: BigInt(text), s: 0 };
    return { m: BigInt(text.slice(0, dot) + text.slice(dot + 1)), s: text.length - dot - 1 };
}

/**
 * The exact quotient a / b rounded once to `scale` decimals, or undefined when b is zero.
 * a = A/10^sa, b = B/10^sb, so a/b × 10^scale = (A × 10^(sb+scale)) / (B × 10^sa): one BigInt
 * division, and the remainder alone decides the rounding (no intermediate rounded quotient).
 */
export function divRound(a: Decimal, b: Decimal, scale: number, mode: RoundMode): Decimal | undefined {
    if (b.isZero() || !a.isFinite() || !b.isFinite()) return undefined;
    const x = toScaled(a);
    const y = toScaled(b);
    let n = x.m * pow10(y.s + scale);
    let d = y.m * pow10(x.s);
    const negative = n < 0n !== d < 0n && n !== 0n;
    if (n < 0n) n = -n;
    if (d < 0n) d = -d;
    let q = n / d;
    const r = n % d;
    if (r !== 0n && roundsAway(mode, negative, r * 2n, d, q)) q += 1n;
    if (q === 0n) return ZERO;
    return new Dec(`${negative ? '-' : ''}${q}e-${scale}`);
}

/** Whether a truncated magnitude q with remainder r (twiceR = 2r, against divisor d) moves away from zero. */
function roundsAway(mode: RoundMode, negative: boolean, twiceR: bigint, d: bigint, q: bigint): boolean {
    switch (mode) {
        case 'up':
            return true;
        case 'down':
            return false;
        case 'ceiling':
            return !negative;
        case 'floor':
            return negative;
        case 'half_up':
            return twiceR >= d;
        case 'half_down':
            return twiceR > d;
        case 'half_even':
            return twiceR > d || (twiceR === d && (q & 1n) === 1n);
    }
}

/**
 * Plain notation, never exponent form; exactly `scale` digits after the point when given ("12.50").
 * A value with more decimals than `scale` is rounded half-even (callers round first). Negative zero
 * prints as zero.
 */
export function formatDecimal(x: Decimal, scale?: number): string {
    const text = scale === undefined ? x.toFixed() : x.toFixed(scale);
    return text.charCodeAt(0) === 45 /* - */ && /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}
