// The compiled form (docs/schema-language.md): immutable, typed fields in declaration order, the
// topological order of applicable_when, and each relation as straight-line register code. The
// runtime evaluates only this; nothing reparses expressions at extraction time.
import type { Decimal } from 'decimal.js';
import type { DateOrder, DurationBasis, EomRule, ExprType, RoundMode, Value } from '../values/value-types.js';

/** A field's (or an array item's) type with the keys of its own, bounds already parsed. */
export type FieldType =
    | { kind: 'string'; pattern?: string }
    | { kind: 'boolean' }
    | { kind: 'integer'; min?: Decimal; max?: Decimal }
    | { kind: 'decimal'; scale?: number; min?: Decimal; max?: Decimal }
    | { kind: 'money'; currency: string; scale: number; min?: Decimal; max?: Decimal }
    | { kind: 'date'; min?: number; max?: number; eom: EomRule; dateOrder: DateOrder }
    | { kind: 'datetime'; min?: number; max?: number; eom: EomRule; dateOrder: DateOrder }
    | { kind: 'duration'; basis: DurationBasis; min?: number; max?: number }
    | { kind: 'enum'; labels: readonly string[]; aliases: Readonly<Record<string, readonly string[]>> }
    | { kind: 'array'; items: Exclude<FieldType, { kind: 'array' }> };

export interface CompiledField {
    /** Index in `fields` (declaration order). */
    id: number;
    name: string;
    pointer: string;
    type: FieldType;
    /** The expression type of the field's value; undefined for arrays (not usable in expressions). */
    exprType?: ExprType;
    nullable: boolean;
    description?: string;
    hints: readonly string[];
    applicableWhen?: CompiledCode;
}

export type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * One instruction; `dst`, `a`, `b` are registers. Arithmetic is specialised by the type checker so
 * the evaluator never inspects types: `num` works on Decimals (number and money), `days`/`ms`/`count`
 * on plain integers (dates, datetimes, durations).
 */
export type Instr =
    | { op: 'const'; dst: number; value: Value }
    | { op: 'field'; dst: number; field: number }
    | { op: 'present'; dst: number; field: number }
    | { op: 'not'; dst: number; a: number }
    | { op: 'and' | 'or' | 'implies'; dst: number; a: number; b: number }
    | { op: 'cmp'; cmp: CmpOp; kind: 'num' | 'int' | 'str' | 'bool'; dst: number; a: number; b: number }
    | { op: 'neg' | 'abs'; kind: 'num' | 'int'; dst: number; a: number }
    /** kind `date`: day numbers ± days, with the 0001..9999 range check of a date result. */
    | { op: 'add' | 'sub'; kind: 'num' | 'int' | 'date'; dst: number; a: number; b: number }
    | { op: 'mul'; kind: 'num' | 'int'; dst: number; a: number; b: number }
    | { op: 'min' | 'max'; kind: 'num' | 'int'; dst: number; a: number; b: number }
    /** date ± months (b is a month count; `sign` -1 subtracts). */
    | { op: 'add_months'; on: 'date' | 'datetime'; eom: EomRule; sign: 1 | -1; dst: number; a: number; b: number }
    /** datetime ± days/seconds: b scaled to milliseconds. */
    | { op: 'add_ms'; unit: number; sign: 1 | -1; dst: number; a: number; b: number }
    /** date − date → days; datetime − datetime → seconds (whole; `unit` divides the difference). */
    | { op: 'diff'; unit: number; dst: number; a: number; b: number }
    | { op: 'round'; scale: number; mode: RoundMode; dst: number; a: number }
    | { op: 'divround'; scale: number; mode: RoundMode; dst: number; a: number; b: number };

export interface CompiledCode {
    /** The expression's source text (for messages and the language server). */
    source: string;
    code: readonly Instr[];
    /** Registers used (at most 255). */
    registers: number;
    /** Register holding the result. */
    result: number;
    /** Field ids the code reads, ascending, without duplicates. */
    reads: readonly number[];
}

export interface CompiledRelation {
    id: string;
    /** Index in the schema's `relations` (dropped trivial relations leave gaps). */
    index: number;
    pointer: string;
    description?: string;
    code: CompiledCode;
}

export interface CompiledSchema {
    name: string;
    schemaHash: string;
    fields: readonly CompiledField[];
    /** Relations that were not dropped as trivial, in schema order. */
    relations: readonly CompiledRelation[];
    /** Field ids so that every field comes after the fields its applicable_when reads. */
    applicableOrder: readonly number[];
    /** The schema with defaults filled in (what extraction objects echo as `schema`). */
    normalized: Record<string, unknown>;
}
