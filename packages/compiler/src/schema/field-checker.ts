// Checks one field definition (or an array's `items`) against docs/schema-language.md and builds its
// FieldType with bounds parsed. Unknown and misplaced keys, wrong JSON types, bad values, bounds.
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import type { FieldType } from '../ir/ir-types.js';
import { getMember, toPlain, type JsonObject } from '../json/json-types.js';
import { didYouMeanHint } from '../diagnostics/diagnostic-registry.js';
import { closest, didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { DurationBasis } from '../values/value-types.js';
import { checkBounds } from './bound-checker.js';
import { dateType, enumType, keyword, moneyType, scaleOf, stringType, type DecBounds } from './field-types.js';
import { kindName } from './json-kinds.js';
import {
    ALL_FIELD_KEYS,
    codePoints,
    COMMON_FIELD_KEYS,
    FIELD_TYPES,
    LIMITS,
    REQUIRED_TYPE_KEYS,
    TYPE_KEYS,
    TYPE_SYNONYMS,
    type FieldTypeName,
} from './schema-keys.js';

export interface FieldShape {
    /** The type with its keys, when every key of the type checked out. */
    type?: FieldType;
    /** The definition with defaults filled in (for the canonical form and extraction objects). */
    normalized: Record<string, unknown>;
}

/**
 * `place` is 'field' for a top-level field and 'items' for an array's element definition, where
 * name, nullable, description, hints and applicable_when are not allowed.
 */
export function checkFieldShape(obj: JsonObject, pointer: string, place: 'field' | 'items', sink: DiagnosticSink): FieldShape {
    const normalized: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const errorsBefore = sink.errorCount;
    const typeMember = getMember(obj, 'type');
    let typeName: FieldTypeName | undefined;
    if (!typeMember) {
        sink.report('E-SCHEMA-MISSING-KEY', pointer, obj.start, { key: 'type', where: place === 'field' ? 'this field' : 'items' });
    } else if (typeMember.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', childPointer(pointer, 'type'), typeMember.value.start, {
            subject: 'type',
            expected: 'a string',
            actual: kindName(typeMember.value),
        });
    } else if (
        !(FIELD_TYPES as readonly string[]).includes(typeMember.value.value) ||
        (place === 'items' && typeMember.value.value === 'array')
    ) {
        const t = typeMember.value.value;
        const p = childPointer(pointer, 'type');
        if (place === 'items' && t === 'array') sink.report('E-SCHEMA-VALUE', p, typeMember.value.start, { form: 'nested-array' });
        else
            sink.report('E-SCHEMA-VALUE', p, typeMember.value.start, {
                form: 'unknown-type',
                type: t,
                suggestion: typeSuggestion(t),
                types: FIELD_TYPES.join(', '),
            });
    } else {
        typeName = typeMember.value.value as FieldTypeName;
    }

    // Keys: unknown anywhere, or not taken by this type / place.
    const allowed = allowedKeys(typeName, place);
    for (const m of obj.members) {
        if (m.duplicate || (ALL_FIELD_KEYS.has(m.key) && allowed.has(m.key))) continue;
        const p = childPointer(pointer, m.key);
        if (!ALL_FIELD_KEYS.has(m.key)) {
            sink.report('E-SCHEMA-UNKNOWN-KEY', p, m.keyStart, {
                key: m.key,
                where: place === 'field' ? 'a field' : 'items',
                suggestion: didYouMean(m.key, ALL_FIELD_KEYS),
            });
        } else if (!allowed.has(m.key) && (typeName !== undefined || (place === 'items' && COMMON_FIELD_KEYS.includes(m.key as never)))) {
            if (place === 'items' && COMMON_FIELD_KEYS.includes(m.key as never))
                sink.report('E-SCHEMA-VALUE', p, m.keyStart, { form: 'key-in-items', key: m.key });
            else
                sink.report('E-SCHEMA-VALUE', p, m.keyStart, {
                    form: 'key-for-type',
                    key: m.key,
                    type: typeName!,
                    keys: TYPE_KEYS[typeName!].join(', ') || 'none',
                });
        }
    }
    if (place === 'field') {
        checkNullable(obj, pointer, sink, normalized);
        checkText(obj, 'description', LIMITS.fieldDescription, pointer, sink, normalized);
        checkHints(obj, pointer, sink, normalized);
    }
    if (!typeName) return { normalized: fillPlain(obj, normalized) };
    normalized.type = typeName;
    for (const key of REQUIRED_TYPE_KEYS[typeName] ?? []) {
        if (!getMember(obj, key))
            sink.report('E-SCHEMA-MISSING-KEY', pointer, obj.start, {
                form: 'for-type',
                key,
                type: typeName,
                place: place === 'field' ? 'field' : 'item',
            });
    }
    const type = buildType(typeName, obj, pointer, sink, normalized);
    return { type: sink.errorCount === errorsBefore ? type : undefined, normalized: fillPlain(obj, normalized) };
}

/** The keys a field of a type (or of no known type) may have, per place; built once each. */
const ALLOWED = new Map<string, ReadonlySet<string>>();
function allowedKeys(typeName: FieldTypeName | undefined, place: 'field' | 'items'): ReadonlySet<string> {
    const id = `${typeName ?? ''}\u0000${place}`;
    let keys = ALLOWED.get(id);
    if (!keys) {
        keys = new Set<string>(['type', ...(typeName ? TYPE_KEYS[typeName] : []), ...(place === 'field' ? COMMON_FIELD_KEYS : [])]);
        ALLOWED.set(id, keys);
    }
    return keys;
}

/** A type name other languages use (percentage, float, text), or a typo of one of ours. */
function typeSuggestion(t: string): string {
    const near = TYPE_SYNONYMS.get(t.toLowerCase()) ?? closest(t, FIELD_TYPES);
    return near === undefined ? '' : didYouMeanHint(near);
}

/** Copies members not set by a check (valid or not) so the normalized form keeps what was written. */
function fillPlain(obj: JsonObject, normalized: Record<string, unknown>): Record<string, unknown> {
    for (const m of obj.members) if (!m.duplicate && !(m.key in normalized)) normalized[m.key] = toPlain(m.value);
    return normalized;
}

function checkNullable(obj: JsonObject, pointer: string, sink: DiagnosticSink, normalized: Record<string, unknown>): void {
    const m = getMember(obj, 'nullable');
    normalized.nullable = false;
    if (!m) return;
    if (m.value.kind !== 'boolean')
        sink.report('E-SCHEMA-TYPE', childPointer(pointer, 'nullable'), m.value.start, {
            subject: 'nullable',
            expected: 'a boolean',
            actual: kindName(m.value),
        });
    else normalized.nullable = m.value.value;
}

export function checkText(
    obj: JsonObject,
    key: string,
    max: number,
    pointer: string,
    sink: DiagnosticSink,
    normalized?: Record<string, unknown>,
    min = 0,
): string | undefined {
    const m = getMember(obj, key);
    if (!m) return undefined;
    if (m.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', childPointer(pointer, key), m.value.start, {
            subject: key,
            expected: 'a string',
            actual: kindName(m.value),
        });
        return undefined;
    }
    // A string has at most as many code points as UTF-16 units, and at least one when it is not
    // empty: within the bounds by its length (min 0 or 1), it needs no count.
    const length = m.value.value.length;
    const n = length <= max && length >= min && min <= 1 ? length : codePoints(m.value.value);
    if (n > max || n < min) {
        sink.report('E-SCHEMA-VALUE', childPointer(pointer, key), m.value.start, { form: 'text-length', key, min, max, n });
        return undefined;
    }
    if (normalized) normalized[key] = m.value.value;
    return m.value.value;
}

function checkHints(obj: JsonObject, pointer: string, sink: DiagnosticSink, normalized: Record<string, unknown>): void {
    const m = getMember(obj, 'hints');
    if (!m) return;
    const p = childPointer(pointer, 'hints');
    if (m.value.kind !== 'array') {
        sink.report('E-SCHEMA-TYPE', p, m.value.start, { subject: 'hints', expected: 'an array of strings', actual: kindName(m.value) });
        return;
    }
    if (m.value.items.length > LIMITS.hints)
        sink.report('E-SCHEMA-VALUE', p, m.value.start, { form: 'hint-count', max: LIMITS.hints, n: m.value.items.length });
    m.value.items.forEach((item, k) => {
        const ip = childPointer(p, k);
        if (item.kind !== 'string')
            sink.report('E-SCHEMA-TYPE', ip, item.start, { subject: 'a hint', expected: 'a string', actual: kindName(item) });
        else if (codePoints(item.value) < 1 || codePoints(item.value) > LIMITS.hintLength)
            sink.report('E-SCHEMA-VALUE', ip, item.start, { form: 'hint-length', max: LIMITS.hintLength });
    });
    normalized.hints = toPlain(m.value);
}

function buildType(
    typeName: FieldTypeName,
    obj: JsonObject,
    pointer: string,
    sink: DiagnosticSink,
    normalized: Record<string, unknown>,
): FieldType | undefined {
    switch (typeName) {
        case 'string':
            return stringType(obj, pointer, sink);
        case 'boolean':
            return { kind: 'boolean' };
        case 'integer': {
            const b = checkBounds(obj, pointer, { kind: 'integer' }, sink);
            return b && { kind: 'integer', ...(b as DecBounds) };
        }
        case 'decimal': {
            const scale = scaleOf(obj, pointer, sink);
            if (scale === null) return undefined;
            const b = checkBounds(obj, pointer, { kind: 'decimal', scale }, sink);
            return b && { kind: 'decimal', ...(scale !== undefined ? { scale } : {}), ...(b as DecBounds) };
        }
        case 'money':
            return moneyType(obj, pointer, sink, normalized);
        case 'date':
        case 'datetime':
            return dateType(typeName, obj, pointer, sink, normalized);
        case 'duration': {
            const basis = keyword<DurationBasis>(obj, 'basis', ['days', 'months', 'seconds'], pointer, sink);
            if (!basis) return undefined;
            const b = checkBounds(obj, pointer, { kind: 'duration', basis }, sink);
            return b && { kind: 'duration', basis, ...(b as { min?: number; max?: number }) };
        }
        case 'enum':
            return enumType(obj, pointer, sink);
        case 'array':
            return arrayType(obj, pointer, sink, normalized);
    }
}

function arrayType(obj: JsonObject, pointer: string, sink: DiagnosticSink, normalized: Record<string, unknown>): FieldType | undefined {
    const m = getMember(obj, 'items');
    if (!m) return undefined;
    const p = childPointer(pointer, 'items');
    if (m.value.kind !== 'object') {
        sink.report('E-SCHEMA-TYPE', p, m.value.start, { subject: 'items', expected: 'an object', actual: kindName(m.value) });
        return undefined;
    }
    const items = checkFieldShape(m.value, p, 'items', sink);
    normalized.items = items.normalized;
    return items.type && items.type.kind !== 'array' ? { kind: 'array', items: items.type } : undefined;
}
