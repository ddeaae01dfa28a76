// Runs the straight-line register code of a relation or an applicable_when (ir-types.ts) over one
// set of field values, with three-valued logic: null is "no value" / "unknown". This is the hot
// loop of settling, so:
// - each CompiledCode is lowered once (cached per code object) to steps of one class with integer
//   opcodes, so the loop's property loads stay monomorphic and its switch is a jump table;
// - one module-level register file is reused (evaluation is synchronous and calls no user code, so
//   it cannot be re-entered); no closures, no allocation besides Decimal results.
import type { Decimal } from 'decimal.js';
import type { CmpOp, CompiledCode, Instr } from './ir-types.js';
import type { EomRule, RoundMode, Value } from '../values/value-types.js';
import { Dec, compareDecimals, divRound, roundDecimal } from '../values/decimal-ops.js';
import { addMonthsToDays, addMonthsToMs, inDateRange, inDateTimeRange } from '../values/date-ops.js';

const enum Op {
    Const,
    Field,
    Present,
    Not,
    And,
    Or,
    Implies,
    CmpNum,
    CmpInt,
    CmpStr,
    CmpBool,
    NegNum,
    NegInt,
    AbsNum,
    AbsInt,
    AddNum,
    AddInt,
    AddDate,
    SubNum,
    SubInt,
    SubDate,
    MulNum,
    MulInt,
    MinNum,
    MinInt,
    MaxNum,
    MaxInt,
    AddMonthsDate,
    AddMonthsDateTime,
    AddMs,
    Diff,
    Round,
    DivRound,
}

// Comparison outcomes as bit sets over (less, equal, greater): bit 0 less, 1 equal, 2 greater.
const CMP_MASK: Readonly<Record<CmpOp, number>> = { '==': 2, '!=': 5, '<': 1, '<=': 3, '>': 4, '>=': 6 };

/** One lowered instruction; every field is always present so all steps share one hidden class. */
class Step {
    constructor(
        readonly op: Op,
        readonly dst: number,
        readonly a: number,
        readonly b: number,
        /** Comparison mask, month/ms sign, diff unit, round scale, or field id. */
        readonly n: number,
        /** add_ms: milliseconds per unit of b. */
        readonly unit: number,
        readonly value: Value,
        readonly mode: RoundMode,
        readonly eom: EomRule,
    ) {}
}

function step(
    op: Op,
    x: { dst: number },
    a = 0,
    b = 0,
    n = 0,
    extra: { unit?: number; value?: Value; mode?: RoundMode; eom?: EomRule } = {},
): Step {
    return new Step(op, x.dst, a, b, n, extra.unit ?? 0, extra.value ?? null, extra.mode ?? 'half_even', extra.eom ?? 'clamp');
}

function lower(x: Instr): Step {
    switch (x.op) {
        case 'const':
            return step(Op.Const, x, 0, 0, 0, { value: load(x.value) });
        case 'field':
            return step(Op.Field, x, 0, 0, x.field);
        case 'present':
            return step(Op.Present, x, 0, 0, x.field);
        case 'not':
            return step(Op.Not, x, x.a);
        case 'and':
            return step(Op.And, x, x.a, x.b);
        case 'or':
            return step(Op.Or, x, x.a, x.b);
        case 'implies':
            return step(Op.Implies, x, x.a, x.b);
        case 'cmp': {
            const op = x.kind === 'num' ? Op.CmpNum : x.kind === 'int' ? Op.CmpInt : x.kind === 'str' ? Op.CmpStr : Op.CmpBool;
            return step(op, x, x.a, x.b, CMP_MASK[x.cmp]);
        }
        case 'neg':
            return step(x.kind === 'num' ? Op.NegNum : Op.NegInt, x, x.a);
        case 'abs':
            return step(x.kind === 'num' ? Op.AbsNum : Op.AbsInt, x, x.a);
        case 'add':
            return step(x.kind === 'num' ? Op.AddNum : x.kind === 'date' ? Op.AddDate : Op.AddInt, x, x.a, x.b);
        case 'sub':
            return step(x.kind === 'num' ? Op.SubNum : x.kind === 'date' ? Op.SubDate : Op.SubInt, x, x.a, x.b);
        case 'mul':
            return step(x.kind === 'num' ? Op.MulNum : Op.MulInt, x, x.a, x.b);
        case 'min':
            return step(x.kind === 'num' ? Op.MinNum : Op.MinInt, x, x.a, x.b);
        case 'max':
            return step(x.kind === 'num' ? Op.MaxNum : Op.MaxInt, x, x.a, x.b);
        case 'add_months':
            return step(x.on === 'date' ? Op.AddMonthsDate : Op.AddMonthsDateTime, x, x.a, x.b, x.sign, { eom: x.eom });
        case 'add_ms':
            return step(Op.AddMs, x, x.a, x.b, x.sign, { unit: x.unit });
        case 'diff':
            return step(Op.Diff, x, x.a, x.b, x.unit);
        case 'round':
            return step(Op.Round, x, x.a, 0, x.scale, { mode: x.mode });
        case 'divround':
            return step(Op.DivRound, x, x.a, x.b, x.scale, { mode: x.mode });
    }
}

// Lowered code per CompiledCode object (the IR is immutable: a code object must not be changed after
// its first evaluation, build a new one instead); the last one is kept at hand because
// settling evaluates the same code for many candidate assignments in a row.
const lowered = new WeakMap<CompiledCode, Step[]>();
let lastCode: CompiledCode | undefined;
let lastSteps: Step[] = [];

function stepsOf(code: CompiledCode): Step[] {
    if (code === lastCode) return lastSteps;
    let steps = lowered.get(code);
    if (steps === undefined) {
        steps = code.code.map(lower);
        lowered.set(code, steps);
    }
    lastCode = code;
    lastSteps = steps;
    return steps;
}

const regs: Value[] = new Array<Value>(256).fill(null);

/** undefined → null; Decimals from another decimal.js constructor would compute at its (lower) precision. */
function load(v: Value | undefined): Value {
    if (v === undefined) return null;
    if (typeof v === 'object' && v !== null && v.constructor !== Dec) return new Dec(v);
    return v;
}

/** |x| < 10^28 (decimal.js keeps `e` = exponent of the leading digit; `d` is null when not finite). */
function fits(x: Decimal): Decimal | null {
    return x.d !== null && x.e < 28 ? x : null;
}

/** A safe integer (duration counts), else null; -0 becomes 0. */
function safe(n: number): number | null {
    return Number.isSafeInteger(n) ? n + 0 : null;
}

function sign3(c: number): number {
    return c < 0 ? 1 : c === 0 ? 2 : 4;
}

/**
 * Evaluates `code` with `values[fieldId]` as the field values (undefined or null: no value) and
 * returns the result register. Division by zero, a number of magnitude ≥ 10^28, a date or datetime
 * outside years 0001..9999 and a duration count beyond 2^53 − 1 all give null.
 */
export function evaluateCode(code: CompiledCode, values: readonly (Value | undefined)[]): Value {
    const r = regs;
    const steps = stepsOf(code);
    for (let i = 0, n = steps.length; i < n; i++) {
        const s = steps[i]!;
        const a = r[s.a]!;
        const b = r[s.b]!;
        // Three small switches (the opcodes are ordered in these groups) keep each a jump table.
        r[s.dst] = s.op <= Op.Implies ? logicStep(s, a, b, values) : s.op <= Op.MaxInt ? numberStep(s, a, b) : timeStep(s, a, b);
    }
    return r[code.result] ?? null;
}

/** Constants, field loads and three-valued logic. */
function logicStep(s: Step, a: Value, b: Value, values: readonly (Value | undefined)[]): Value {
    switch (s.op) {
        case Op.Const:
            return s.value;
        case Op.Field:
            return load(values[s.n]);
        case Op.Present:
            return values[s.n] !== undefined && values[s.n] !== null;
        case Op.Not:
            return a === null ? null : !a;
        case Op.And:
            return a === false || b === false ? false : a === null || b === null ? null : true;
        case Op.Or:
            return a === true || b === true ? true : a === null || b === null ? null : false;
        case Op.Implies:
            return a === false || b === true ? true : a === null || b === null ? null : false;
    }
    return null;
}

/** Comparisons and arithmetic on numbers and counts. */
function numberStep(s: Step, a: Value, b: Value): Value {
    switch (s.op) {
        case Op.CmpNum:
            return a === null || b === null ? null : (sign3(compareDecimals(a as Decimal, b as Decimal)) & s.n) !== 0;
        case Op.CmpInt:
            return a === null || b === null ? null : (sign3((a as number) - (b as number)) & s.n) !== 0;
        case Op.CmpStr:
            return a === null || b === null ? null : (sign3(a === b ? 0 : (a as string) < (b as string) ? -1 : 1) & s.n) !== 0;
        case Op.CmpBool:
            return a === null || b === null ? null : (sign3(+(a as boolean) - +(b as boolean)) & s.n) !== 0;
        case Op.NegNum:
            return a === null ? null : (a as Decimal).neg();
        case Op.NegInt:
            return a === null ? null : 0 - (a as number);
        case Op.AbsNum:
            return a === null ? null : (a as Decimal).abs();
        case Op.AbsInt:
            return a === null ? null : Math.abs(a as number);
        case Op.AddNum:
            return a === null || b === null ? null : fits((a as Decimal).plus(b as Decimal));
        case Op.SubNum:
            return a === null || b === null ? null : fits((a as Decimal).minus(b as Decimal));
        case Op.MulNum:
            return a === null || b === null ? null : fits((a as Decimal).times(b as Decimal));
        case Op.AddInt:
            return a === null || b === null ? null : safe((a as number) + (b as number));
        case Op.SubInt:
            return a === null || b === null ? null : safe((a as number) - (b as number));
        case Op.MulInt:
            return a === null || b === null ? null : safe((a as number) * (b as number));
        case Op.AddDate:
            return a === null || b === null ? null : dateOrNull((a as number) + (b as number));
        case Op.SubDate:
            return a === null || b === null ? null : dateOrNull((a as number) - (b as number));
        case Op.MinNum:
            return a === null || b === null ? null : compareDecimals(a as Decimal, b as Decimal) <= 0 ? a : b;
        case Op.MaxNum:
            return a === null || b === null ? null : compareDecimals(a as Decimal, b as Decimal) >= 0 ? a : b;
        case Op.MinInt:
            return a === null || b === null ? null : Math.min(a as number, b as number);
        case Op.MaxInt:
            return a === null || b === null ? null : Math.max(a as number, b as number);
    }
    return null;
}

/** Calendar arithmetic, differences and rounding. */
function timeStep(s: Step, a: Value, b: Value): Value {
    switch (s.op) {
        case Op.AddMonthsDate:
            return a === null || b === null ? null : dateOrNull(addMonthsToDays(a as number, s.n * (b as number), s.eom));
        case Op.AddMonthsDateTime:
            return a === null || b === null ? null : dateTimeOrNull(addMonthsToMs(a as number, s.n * (b as number), s.eom));
        case Op.AddMs:
            return a === null || b === null ? null : dateTimeOrNull((a as number) + s.n * (b as number) * s.unit);
        case Op.Diff:
            return a === null || b === null ? null : Math.trunc(((a as number) - (b as number)) / s.n) + 0;
        case Op.Round:
            return a === null ? null : fits(roundDecimal(a as Decimal, s.n, s.mode));
        case Op.DivRound: {
            const q = a === null || b === null ? undefined : divRound(a as Decimal, b as Decimal, s.n, s.mode);
            return q === undefined ? null : fits(q);
        }
    }
    return null;
}

function dateOrNull(days: number): number | null {
    return inDateRange(days) ? days : null;
}

function dateTimeOrNull(ms: number): number | null {
    return inDateTimeRange(ms) ? ms : null;
}

export type RelationOutcome = 'holds' | 'violated' | 'unchecked';

/** A relation's outcome: true → holds, false → violated, unknown (null) → unchecked. */
export function evaluateRelation(code: CompiledCode, values: readonly (Value | undefined)[]): RelationOutcome {
    const v = evaluateCode(code, values);
    return v === true ? 'holds' : v === false ? 'violated' : 'unchecked';
}
