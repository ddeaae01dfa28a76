// Types of expression values and of field definitions as the compiler hands them to the runtime.
import type { Decimal } from 'decimal.js';

export type DurationBasis = 'days' | 'months' | 'seconds';
export type EomRule = 'clamp' | 'preserve';
export type DateOrder = 'dmy' | 'mdy' | 'ymd' | 'auto';
export type RoundMode = 'half_even' | 'half_up' | 'half_down' | 'up' | 'down' | 'ceiling' | 'floor';
export const ROUND_MODES: readonly RoundMode[] = ['half_even', 'half_up', 'half_down', 'up', 'down', 'ceiling', 'floor'];

/** Static types of the expression language (docs/schema-language.md). */
export type ExprType =
    | { kind: 'boolean' }
    | { kind: 'string' }
    | { kind: 'enum'; labels: readonly string[] }
    | { kind: 'number'; integer?: boolean }
    | { kind: 'money'; currency: string }
    | { kind: 'date' }
    | { kind: 'datetime' }
    | { kind: 'duration'; basis: DurationBasis };

/**
 * Run-time values. null: no value. boolean; string (string and enum); Decimal (number and money
 * amounts); number for dates (days since 1970-01-01), datetimes (milliseconds since the epoch, UTC)
 * and durations (whole units of their basis).
 */
export type Value = null | boolean | string | Decimal | number;
