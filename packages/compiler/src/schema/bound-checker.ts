// `min` and `max` of a field: written in the type's literal form ("2020-01-01", "0.00", "P1D") or as
// JSON numbers for integer, decimal and money. E-RANGE when a bound does not parse, does not fit the
// type, or min > max (reported at min).
import { Decimal } from 'decimal.js';
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import { getMember, type JsonObject } from '../json/json-types.js';
import { parseIsoDate, parseIsoDateTime } from '../values/date-ops.js';
import { inMagnitude, parseDecimalText } from '../values/decimal-ops.js';
import { parseDuration } from '../values/duration-ops.js';
import type { DurationBasis } from '../values/value-types.js';
import { kindName } from './json-kinds.js';

export type BoundKind =
    | { kind: 'integer' }
    | { kind: 'decimal'; scale: number | undefined }
    | { kind: 'date' }
    | { kind: 'datetime' }
    | { kind: 'duration'; basis: DurationBasis };

const MAX_SAFE = new Decimal(Number.MAX_SAFE_INTEGER);

type Bound = Decimal | number;

/** Parsed bounds, or undefined when one of them was reported. */
export function checkBounds(
    obj: JsonObject,
    pointer: string,
    kind: BoundKind,
    sink: DiagnosticSink,
): { min?: Bound; max?: Bound } | undefined {
    const out: { min?: Bound; max?: Bound } = {};
    let ok = true;
    for (const key of ['min', 'max'] as const) {
        const m = getMember(obj, key);
        if (!m) continue;
        const p = childPointer(pointer, key);
        const v = m.value;
        const numeric = kind.kind === 'integer' || kind.kind === 'decimal';
        if (!(v.kind === 'string' || (numeric && v.kind === 'number'))) {
            sink.report('E-SCHEMA-TYPE', p, v.start, {
                subject: key,
                expected: numeric ? 'a number or a string' : 'a string',
                actual: kindName(v),
            });
            ok = false;
            continue;
        }
        if (v.kind === 'number' && !Number.isFinite(v.value)) {
            ok = false;
            continue;
        } // E-JSON-NUMBER already
        const text = v.kind === 'number' ? v.raw : v.value;
        const parsed = parseBound(text, kind);
        if (isFault(parsed)) {
            sink.report('E-RANGE', p, v.start, { ...parsed, key, value: JSON.stringify(text) });
            ok = false;
            continue;
        }
        out[key] = parsed;
    }
    if (!ok) return undefined;
    if (out.min !== undefined && out.max !== undefined) {
        const greater = out.min instanceof Decimal ? out.min.gt(out.max as Decimal) : (out.min as number) > (out.max as number);
        if (greater) {
            const m = getMember(obj, 'min')!;
            sink.report('E-RANGE', childPointer(pointer, 'min'), m.value.start, { form: 'order' });
            return undefined;
        }
    }
    return out;
}

const isFault = (b: Bound | BoundFault): b is BoundFault => typeof b === 'object' && 'form' in b;

/** Why a bound does not fit: a message form of E-RANGE (the registry words it). */
type BoundFault =
    | {
          form:
              | 'not-number'
              | 'not-integer'
              | 'beyond-safe'
              | 'not-decimal'
              | 'magnitude'
              | 'not-date'
              | 'not-datetime'
              | 'not-duration'
              | 'mixed-basis';
      }
    | { form: 'scale'; scale: number }
    | { form: 'basis'; basis: string; expected: string };

/** The bound's value, or why it does not fit. */
function parseBound(text: string, kind: BoundKind): Bound | BoundFault {
    switch (kind.kind) {
        case 'integer': {
            const d = parseDecimalText(text);
            if (!d) return { form: 'not-number' };
            if (!d.isInteger()) return { form: 'not-integer' };
            if (d.abs().gt(MAX_SAFE)) return { form: 'beyond-safe' };
            return d;
        }
        case 'decimal': {
            const d = parseDecimalText(text);
            if (!d) return { form: 'not-decimal' };
            if (!inMagnitude(d)) return { form: 'magnitude' };
            if (kind.scale !== undefined && d.decimalPlaces() > kind.scale) return { form: 'scale', scale: kind.scale };
            return d;
        }
        case 'date': {
            const days = parseIsoDate(text);
            return days === undefined ? { form: 'not-date' } : days;
        }
        case 'datetime': {
            const ms = parseIsoDateTime(text);
            return ms === undefined ? { form: 'not-datetime' } : ms;
        }
        case 'duration': {
            const d = parseDuration(text);
            if (!d.ok) return { form: d.reason === 'mixed' ? 'mixed-basis' : 'not-duration' };
            if (d.basis !== kind.basis) return { form: 'basis', basis: d.basis, expected: kind.basis };
            return d.amount;
        }
    }
}
