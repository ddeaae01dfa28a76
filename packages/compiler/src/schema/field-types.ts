// The keys of each field type (docs/schema-language.md): patterns, currencies and scales, date
// keys, duration bases, enum labels and aliases, each checked and turned into its part of FieldType.
// field-checker.ts checks the keys every field shares and picks the builder by type.
import type { Decimal } from 'decimal.js';
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import type { FieldType } from '../ir/ir-types.js';
import { getMember, type JsonArray, type JsonMember, type JsonNode, type JsonObject } from '../json/json-types.js';
import { currencyCodes, currencyMinorUnits } from '../values/currency-table.js';
import { didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { DateOrder, EomRule } from '../values/value-types.js';
import { checkBounds } from './bound-checker.js';
import { kindName } from './json-kinds.js';
import { checkPattern } from './pattern-check.js';
import { LIMITS, codePoints } from './schema-keys.js';

export type DecBounds = { min?: Decimal; max?: Decimal };

export function keyword<T extends string>(
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
export function scaleOf(obj: JsonObject, pointer: string, sink: DiagnosticSink): number | undefined | null {
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

export function stringType(obj: JsonObject, pointer: string, sink: DiagnosticSink): FieldType | undefined {
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
    if (!checkPattern(m.value.value, pointer, m.value.start, sink)) return undefined;
    return { kind: 'string', pattern: m.value.value };
}

export function moneyType(
    obj: JsonObject,
    pointer: string,
    sink: DiagnosticSink,
    normalized: Record<string, unknown>,
): FieldType | undefined {
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

export function dateType(
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

export function enumType(obj: JsonObject, pointer: string, sink: DiagnosticSink): FieldType | undefined {
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
        } else if (codePoints(l) > LIMITS.labelLength) {
            // Every mention's value writes its label: an enum label of 350,000 spaces made answers of 168 MB.
            sink.report('E-SCHEMA-VALUE', childPointer(lp, k), (lm.value as JsonArray).items[k]!.start, {
                form: 'label-length',
                what: 'a label',
                max: LIMITS.labelLength,
                n: codePoints(l),
            });
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
            if (!aliasesFit(words, p, m.value.start, sink)) ok = false;
            aliases[m.key] = words;
        }
    }
    return ok ? { kind: 'enum', labels, aliases } : undefined;
}

/** Aliases are non-empty and no longer than a label (each value writes its label, each alias is searched for). */
function aliasesFit(words: readonly string[], pointer: string, start: number, sink: DiagnosticSink): boolean {
    let ok = true;
    words.forEach((w, k) => {
        if (w.trim() === '') {
            sink.report('E-SCHEMA-VALUE', childPointer(pointer, k), start, { form: 'alias-empty' });
            ok = false;
        } else if (codePoints(w) > LIMITS.labelLength) {
            sink.report('E-SCHEMA-VALUE', childPointer(pointer, k), start, {
                form: 'label-length',
                what: 'an alias',
                max: LIMITS.labelLength,
                n: codePoints(w),
            });
            ok = false;
        }
    });
    return ok;
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
