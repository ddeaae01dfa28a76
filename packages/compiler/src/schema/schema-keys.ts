// The keys of each kind of object in schema language 1.0 (docs/schema-language.md). A key defined for
// no object of a kind is E-SCHEMA-UNKNOWN-KEY there; a field key that this type or place does not
// take is E-SCHEMA-VALUE.

export const TOP_KEYS = new Set(['svc_schema', 'name', 'fields', 'relations', 'description']);
export const RELATION_KEYS = new Set(['id', 'expr', 'description']);

/** Keys every field may have, whatever its type. */
export const COMMON_FIELD_KEYS = ['name', 'type', 'nullable', 'description', 'hints', 'applicable_when'] as const;

export const FIELD_TYPES = ['string', 'boolean', 'integer', 'decimal', 'money', 'date', 'datetime', 'duration', 'enum', 'array'] as const;
export type FieldTypeName = (typeof FIELD_TYPES)[number];

/** Type names of other schema languages, mapped to ours for "did you mean" (never accepted). */
export const TYPE_SYNONYMS: ReadonlyMap<string, FieldTypeName> = new Map([
    ['percentage', 'decimal'],
    ['percent', 'decimal'],
    ['number', 'decimal'],
    ['float', 'decimal'],
    ['double', 'decimal'],
    ['int', 'integer'],
    ['long', 'integer'],
    ['bool', 'boolean'],
    ['text', 'string'],
    ['str', 'string'],
    ['currency', 'money'],
    ['amount', 'money'],
    ['timestamp', 'datetime'],
    ['time', 'datetime'],
    ['period', 'duration'],
    ['list', 'array'],
    ['choice', 'enum'],
    ['select', 'enum'],
]);

/** Keys of each type's own. */
export const TYPE_KEYS: Record<FieldTypeName, readonly string[]> = {
    string: ['pattern'],
    boolean: [],
    integer: ['min', 'max'],
    decimal: ['scale', 'min', 'max'],
    money: ['currency', 'scale', 'min', 'max'],
    date: ['min', 'max', 'eom', 'date_order'],
    datetime: ['min', 'max', 'eom', 'date_order'],
    duration: ['basis', 'min', 'max'],
    enum: ['labels', 'aliases'],
    array: ['items'],
};

/** Keys a type cannot do without. */
export const REQUIRED_TYPE_KEYS: Partial<Record<FieldTypeName, readonly string[]>> = {
    money: ['currency'],
    duration: ['basis'],
    enum: ['labels'],
    array: ['items'],
};

/** Every key any field (or item) may have: anything else is unknown. */
export const ALL_FIELD_KEYS = new Set<string>([...COMMON_FIELD_KEYS, ...Object.values(TYPE_KEYS).flat()]);

export const RESERVED_WORDS = new Set([
    'when',
    'round',
    'abs',
    'min',
    'max',
    'present',
    'not',
    'and',
    'or',
    'true',
    'false',
    'null',
    'date',
    'datetime',
    'duration',
]);
export const FIELD_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const LIMITS = {
    schemaName: 128,
    schemaDescription: 2000,
    fieldDescription: 500,
    hints: 16,
    hintLength: 64,
    labels: 256,
    labelLength: 128,
    relations: 10_000,
    relationId: 64,
    relationDescription: 500,
    scaleMax: 28,
} as const;

/** Length in Unicode code points ("characters" everywhere in the specification). */
export function codePoints(s: string): number {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff) i++;
        }
        n++;
    }
    return n;
}
