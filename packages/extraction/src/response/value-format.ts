// Values as `response.data` shows them (docs/schema-language.md): money `{amount, currency}`,
// decimals as strings with exactly `scale` digits, integers as JSON numbers, ISO dates, datetimes in
// UTC and durations in their basis.
import type { Decimal } from 'decimal.js';
import type { FieldType, Value } from '@svc/compiler';
import { formatDecimal, formatDuration, formatIsoDate, formatIsoDateTime } from '../compiler-values.js';

export type JsonValue = null | boolean | number | string | { amount: string; currency: string } | JsonValue[];

/** The response form of one (non-array) value of `type`. */
export function formatValue(type: Exclude<FieldType, { kind: 'array' }>, value: Value): JsonValue {
    if (value === null) return null;
    switch (type.kind) {
        case 'string':
        case 'enum':
            return value as string;
        case 'boolean':
            return value as boolean;
        case 'integer':
            return (value as Decimal).toNumber();
        case 'decimal':
            return formatDecimal(value as Decimal, type.scale);
        case 'money':
            return { amount: formatDecimal(value as Decimal, type.scale), currency: type.currency };
        case 'date':
            return formatIsoDate(value as number);
        case 'datetime':
            return formatIsoDateTime(value as number);
        case 'duration':
            return formatDuration(type.basis, value as number);
    }
}

/** The element type of an array field, the type itself otherwise. */
export function scalarType(type: FieldType): Exclude<FieldType, { kind: 'array' }> {
    return type.kind === 'array' ? type.items : type;
}
