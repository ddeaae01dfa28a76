// Checks one field definition (or an array's `items`) against docs/schema-language.md and builds its
// FieldType with bounds parsed. Unknown and misplaced keys, wrong JSON types, bad values, bounds.
import type { Decimal } from 'decimal.js';
import { RE2JS } from 're2js';
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import type { FieldType } from '../ir/ir-types.js';
import { getMember, toPlain, type JsonArray, type JsonMember, type JsonNode, type JsonObject } from '../json/json-types.js';
import { currencyCodes, currencyMinorUnits } from '../values/currency-table.js';
import { didYouMeanHint } from '../diagnostics/diagnostic-registry.js';
import { closest, didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { DateOrder, DurationBasis, EomRule } from '../values/value-types.js';
import { checkBounds } from './bound-checker.js';
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

type DecBounds = { min?: Decimal; max?: Decimal };

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
    const allowed = new Set<string>(['type', ...(typeName ? TYPE_KEYS[typeName] : [])]);
    if (place === 'field') for (const k of COMMON_FIELD_KEYS) allowed.add(k);
    for (const m of obj.members) {
        if (m.duplicate) continue;
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
    const p = childPointer(pointer, key);
    if (m.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', p, m.value.start, { subject: key, expected: 'a string', actual: kindName(m.value) });
        return undefined;
    }
    const n = codePoints(m.value.value);
    if (n > max || n < min) {
        sink.report('E-SCHEMA-VALUE', p, m.value.start, { form: 'text-length', key, min, max, n });
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

function keyword<T extends string>(
    obj: JsonObject,
    key: string,
    values: readonly T[],
    pointer: string,
    sink: DiagnosticSink,
): T | undefined | null {
    const m = getMember(obj, key);
    if (!m) return undefined;
    const p = childPointer(pointer, key);
    if (m.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', p, m.value.start, { subject: key, expected: 'a string', actual: kindName(m.value) });
        return null;
    }
    if (!(values as readonly string[]).includes(m.value.value)) {
        sink.report('E-SCHEMA-VALUE', p, m.value.start, {
            form: 'not-one-of',
            key,
            value: m.value.value,
            values: values.join(', '),
            suggestion: didYouMean(m.value.value, values),
        });
        return null;
    }
    return m.value.value as T;
}

/** `scale`: an integer 0..28 (2.0 is 2; 2.5 is E-JSON-NUMBER). null: present but invalid. */
function scaleOf(obj: JsonObject, pointer: string, sink: DiagnosticSink): number | undefined | null {
    const m = getMember(obj, 'scale');
    if (!m) return undefined;
    const p = childPointer(pointer, 'scale');
    if (m.value.kind !== 'number') {
        sink.report('E-SCHEMA-TYPE', p, m.value.start, { subject: 'scale', expected: 'an integer', actual: kindName(m.value) });
        return null;
    }
    if (!Number.isFinite(m.value.value)) return null; // the reader already reported E-JSON-NUMBER
    if (!Number.isInteger(m.value.value)) {
        sink.report('E-JSON-NUMBER', p, m.value.start, { raw: `${m.value.raw} (scale must be an integer)` });
        return null;
    }
    if (m.value.value < 0 || m.value.value > LIMITS.scaleMax) {
        sink.report('E-SCHEMA-VALUE', p, m.value.start, { form: 'scale', max: LIMITS.scaleMax, raw: m.value.raw });
        return null;
    }
    return m.value.value;
}

// Whether a pattern compiles is a pure function of its text: remembered (bounded), since compiling
// an RE2 pattern was a tenth of compiling a small schema that has one.
const patterns = new Map<string, Error | null>();

function compilePatternOnce(pattern: string): void {
    let failure = patterns.get(pattern);
    if (failure === undefined) {
        try {
            RE2JS.compile(pattern);
            failure = null;
        } catch (e) {
            failure = e as Error;
        }
        if (patterns.size >= 1024) patterns.clear();
        patterns.set(pattern, failure);
    }
    if (failure) throw failure;
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

function stringType(obj: JsonObject, pointer: string, sink: DiagnosticSink): FieldType | undefined {
    const m = getMember(obj, 'pattern');
    if (!m) return { kind: 'string' };
    if (m.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', childPointer(pointer, 'pattern'), m.value.start, {
            subject: 'pattern',
            expected: 'a string',
            actual: kindName(m.value),
        });
        return undefined;
    }
    try {
        compilePatternOnce(m.value.value);
    } catch (e) {
        sink.report('E-SCHEMA-VALUE', childPointer(pointer, 'pattern'), m.value.start, { form: 'pattern', reason: (e as Error).message });
        return undefined;
    }
    return { kind: 'string', pattern: m.value.value };
}

function moneyType(obj: JsonObject, pointer: string, sink: DiagnosticSink, normalized: Record<string, unknown>): FieldType | undefined {
    const cm = getMember(obj, 'currency');
    let currency: string | undefined;
    if (cm) {
        if (cm.value.kind !== 'string')
            sink.report('E-SCHEMA-TYPE', childPointer(pointer, 'currency'), cm.value.start, {
                subject: 'currency',
                expected: 'a string',
                actual: kindName(cm.value),
            });
        else if (currencyMinorUnits(cm.value.value) === undefined)
            sink.report('E-SCHEMA-VALUE', childPointer(pointer, 'currency'), cm.value.start, {
                form: 'currency',
                currency: cm.value.value,
                suggestion: didYouMean(cm.value.value.toUpperCase(), currencyCodes()),
            });
        else currency = cm.value.value;
    }
    const given = scaleOf(obj, pointer, sink);
    if (currency === undefined || given === null) return undefined;
    const scale = given ?? currencyMinorUnits(currency)!;
    normalized.scale = scale;
    const b = checkBounds(obj, pointer, { kind: 'decimal', scale }, sink);
    return b && { kind: 'money', currency, scale, ...(b as DecBounds) };
}

function dateType(
    typeName: 'date' | 'datetime',
    obj: JsonObject,
    pointer: string,
    sink: DiagnosticSink,
    normalized: Record<string, unknown>,
): FieldType | undefined {
    const eom = keyword<EomRule>(obj, 'eom', ['clamp', 'preserve'], pointer, sink);
    const dateOrder = keyword<DateOrder>(obj, 'date_order', ['dmy', 'mdy', 'ymd', 'auto'], pointer, sink);
    normalized.eom = eom ?? 'clamp';
    normalized.date_order = dateOrder ?? 'auto';
    const b = checkBounds(obj, pointer, { kind: typeName }, sink);
    if (eom === null || dateOrder === null || !b) return undefined;
    return { kind: typeName, eom: eom ?? 'clamp', dateOrder: dateOrder ?? 'auto', ...(b as { min?: number; max?: number }) };
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

function enumType(obj: JsonObject, pointer: string, sink: DiagnosticSink): FieldType | undefined {
    const lm = getMember(obj, 'labels');
    if (!lm) return undefined;
    const lp = childPointer(pointer, 'labels');
    if (lm.value.kind !== 'array') {
        sink.report('E-SCHEMA-TYPE', lp, lm.value.start, {
            subject: 'labels',
            expected: 'an array of strings',
            actual: kindName(lm.value),
        });
        return undefined;
    }
    const labels = stringItems(lm.value, lp, 'a label', sink);
    if (!labels) return undefined;
    if (labels.length === 0 || labels.length > LIMITS.labels) {
        sink.report('E-SCHEMA-VALUE', lp, lm.value.start, { form: 'label-count', max: LIMITS.labels, n: labels.length });
        return undefined;
    }
    let ok = true;
    const seen = new Set<string>();
    labels.forEach((l, k) => {
        if (l === '') {
            sink.report('E-SCHEMA-VALUE', childPointer(lp, k), lm.value.start, { form: 'label-empty' });
            ok = false;
        } else if (seen.has(l)) {
            sink.report('E-SCHEMA-VALUE', childPointer(lp, k), (lm.value as JsonArray).items[k]!.start, { form: 'label-dup', label: l });
            ok = false;
        }
        seen.add(l);
    });
    const aliases: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    const am = getMember(obj, 'aliases');
    if (am) {
        const ap = childPointer(pointer, 'aliases');
        if (am.value.kind !== 'object') {
            sink.report('E-SCHEMA-TYPE', ap, am.value.start, {
                subject: 'aliases',
                expected: 'an object of label to strings',
                actual: kindName(am.value),
            });
            return undefined;
        }
        for (const m of am.value.members as JsonMember[]) {
            if (m.duplicate) continue;
            const p = childPointer(ap, m.key);
            if (!seen.has(m.key)) {
                sink.report('E-SCHEMA-VALUE', p, m.keyStart, { form: 'alias-label', label: m.key, suggestion: didYouMean(m.key, seen) });
                ok = false;
                continue;
            }
            if (m.value.kind !== 'array') {
                sink.report('E-SCHEMA-TYPE', p, m.value.start, {
                    subject: `aliases of "${m.key}"`,
                    expected: 'an array of strings',
                    actual: kindName(m.value),
                });
                ok = false;
                continue;
            }
            const words = stringItems(m.value, p, 'an alias', sink);
            if (!words) {
                ok = false;
                continue;
            }
            words.forEach((w, k) => {
                if (w.trim() === '') {
                    sink.report('E-SCHEMA-VALUE', childPointer(p, k), m.value.start, { form: 'alias-empty' });
                    ok = false;
                }
            });
            aliases[m.key] = words;
        }
    }
    return ok ? { kind: 'enum', labels, aliases } : undefined;
}

function stringItems(arr: JsonArray, pointer: string, what: string, sink: DiagnosticSink): string[] | undefined {
    const out: string[] = [];
    let ok = true;
    arr.items.forEach((item: JsonNode, k) => {
        if (item.kind !== 'string') {
            sink.report('E-SCHEMA-TYPE', childPointer(pointer, k), item.start, {
                subject: what,
                expected: 'a string',
                actual: kindName(item),
            });
            ok = false;
        } else out.push(item.value);
    });
    return ok ? out : undefined;
}
