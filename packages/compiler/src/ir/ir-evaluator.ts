// Runs the straight-line register code of a relation or an applicable_when (ir-types.ts) over one
// set of field values, with three-valued logic: null is "no value" / "unknown". This is the hot
// loop of settling, so it allocates nothing of its own: one module-level register file (evaluation
// is synchronous and calls no user code, so it cannot be re-entered), a switch per instruction and
// no closures. Decimal arithmetic allocates only its results.
import type { Decimal } from 'decimal.js';
import type { CmpOp, CompiledCode, Instr } from './ir-types.js';
import type { Value } from '../values/value-types.js';
import { Dec, divRound, roundDecimal } from '../values/decimal-ops.js';
import { addMonthsToDays, addMonthsToMs, inDateRange, inDateTimeRange } from '../values/date-ops.js';

/**
 * add/sub on day numbers whose result is a date (date ± duration(days)): integer arithmetic plus the
 * 0001..9999 range check. Not yet in ir-types.ts' Instr; accepted here so the compiler can emit it.
 */
export type DateAddInstr = { op: 'add' | 'sub'; kind: 'date'; dst: number; a: number; b: number };
type EvalInstr = Instr | DateAddInstr;

const MAX_REGISTERS = 256;
const regs: Value[] = new Array<Value>(MAX_REGISTERS).fill(null);

/** Decimals from another decimal.js constructor would compute at its (lower) precision. */
function load(v: Value | undefined): Value {
    if (v === undefined) return null;
    if (typeof v === 'object' && v !== null && v.constructor !== Dec) return new Dec(v);
    return v;
}

/** |x| < 10^28 (decimal.js keeps `e` = exponent of the leading digit; `d` is null when not finite). */
function fits(x: Decimal): Decimal | null {
    return x.d !== null && x.e < 28 ? x : null;
}

/** A safe integer (duration counts), else null. */
function safe(n: number): number | null {
    return Number.isSafeInteger(n) ? n + 0 : null;
}

function compare(op: CmpOp, c: number): boolean {
    switch (op) {
        case '==': return c === 0;
        case '!=': return c !== 0;
        case '<': return c < 0;
        case '<=': return c <= 0;
        case '>': return c > 0;
        case '>=': return c >= 0;
    }
}

/**
 * Evaluates `code` with `values[fieldId]` as the field values (undefined or null: no value) and
 * returns the result register. Division by zero, a number of magnitude ≥ 10^28, a date or datetime
 * outside years 0001..9999 and a duration count beyond 2^53 − 1 all give null.
 */
export function evaluateCode(code: CompiledCode, values: readonly (Value | undefined)[]): Value {
    const r = regs;
    const ins = code.code as readonly EvalInstr[];
    for (let i = 0, n = ins.length; i < n; i++) {
        const x = ins[i]!;
        switch (x.op) {
            case 'const':
                r[x.dst] = load(x.value);
                break;
            case 'field':
                r[x.dst] = load(values[x.field]);
                break;
            case 'present': {
                const v = values[x.field];
                r[x.dst] = v !== undefined && v !== null;
                break;
            }
            case 'not': {
                const a = r[x.a];
                r[x.dst] = a === null ? null : !a;
                break;
            }
            case 'and': {
                const a = r[x.a];
                const b = r[x.b];
                r[x.dst] = a === false || b === false ? false : a === null || b === null ? null : true;
                break;
            }
            case 'or': {
                const a = r[x.a];
                const b = r[x.b];
                r[x.dst] = a === true || b === true ? true : a === null || b === null ? null : false;
                break;
            }
            case 'implies': {
                const a = r[x.a];
                const b = r[x.b];
                r[x.dst] = a === false || b === true ? true : a === null || b === null ? null : false;
                break;
            }
            case 'cmp': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) {
                    r[x.dst] = null;
                    break;
                }
                let c: number;
                switch (x.kind) {
                    case 'num': c = (a as Decimal).cmp(b as Decimal); break;
                    case 'int': c = (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0; break;
                    case 'str': c = a === b ? 0 : (a as string) < (b as string) ? -1 : 1; break;
                    default: c = a === b ? 0 : a ? 1 : -1; break; // bool: false < true
                }
                r[x.dst] = compare(x.cmp, c);
                break;
            }
            case 'neg': {
                const a = r[x.a];
                r[x.dst] = a === null ? null : x.kind === 'num' ? (a as Decimal).neg() : 0 - (a as number);
                break;
            }
            case 'abs': {
                const a = r[x.a];
                r[x.dst] = a === null ? null : x.kind === 'num' ? (a as Decimal).abs() : Math.abs(a as number);
                break;
            }
            case 'add':
            case 'sub': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else if (x.kind === 'num') r[x.dst] = fits(x.op === 'add' ? (a as Decimal).plus(b as Decimal) : (a as Decimal).minus(b as Decimal));
                else {
                    const s = x.op === 'add' ? (a as number) + (b as number) : (a as number) - (b as number);
                    r[x.dst] = x.kind === 'date' ? (inDateRange(s) ? s : null) : safe(s);
                }
                break;
            }
            case 'mul': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else r[x.dst] = x.kind === 'num' ? fits((a as Decimal).times(b as Decimal)) : safe((a as number) * (b as number));
                break;
            }
            case 'min':
            case 'max': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else {
                    const c = x.kind === 'num' ? (a as Decimal).cmp(b as Decimal) : (a as number) - (b as number);
                    r[x.dst] = (x.op === 'min') === c <= 0 ? a : b;
                }
                break;
            }
            case 'add_months': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else if (x.on === 'date') {
                    const d = addMonthsToDays(a as number, x.sign * (b as number), x.eom);
                    r[x.dst] = inDateRange(d) ? d : null;
                } else {
                    const t = addMonthsToMs(a as number, x.sign * (b as number), x.eom);
                    r[x.dst] = inDateTimeRange(t) ? t : null;
                }
                break;
            }
            case 'add_ms': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else {
                    const t = (a as number) + x.sign * (b as number) * x.unit;
                    r[x.dst] = inDateTimeRange(t) ? t : null;
                }
                break;
            }
            case 'diff': {
                const a = r[x.a];
                const b = r[x.b];
                r[x.dst] = a === null || b === null ? null : Math.trunc(((a as number) - (b as number)) / x.unit) + 0;
                break;
            }
            case 'round': {
                const a = r[x.a];
                r[x.dst] = a === null ? null : fits(roundDecimal(a as Decimal, x.scale, x.mode));
                break;
            }
            case 'divround': {
                const a = r[x.a];
                const b = r[x.b];
                if (a === null || b === null) r[x.dst] = null;
                else {
                    const q = divRound(a as Decimal, b as Decimal, x.scale, x.mode);
                    r[x.dst] = q === undefined ? null : fits(q);
                }
                break;
            }
        }
    }
    return r[code.result] ?? null;
}

export type RelationOutcome = 'holds' | 'violated' | 'unchecked';

/** A relation's outcome: true → holds, false → violated, unknown (null) → unchecked. */
export function evaluateRelation(code: CompiledCode, values: readonly (Value | undefined)[]): RelationOutcome {
    const v = evaluateCode(code, values);
    return v === true ? 'holds' : v === false ? 'violated' : 'unchecked';
}
