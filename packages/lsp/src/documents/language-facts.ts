// What the editor needs to know about schema language 1.0 beyond the compiler's key tables (which
// it re-exports from @svc/compiler, the one source): the values of keyword keys, the functions, and
// short documentation for completion and hover.
import { ROUND_MODES, TOP_KEYS as TOP_KEY_SET, RELATION_KEYS as RELATION_KEY_SET } from '@svc/compiler';

export {
    COMMON_FIELD_KEYS,
    FIELD_NAME_RE,
    FIELD_TYPES,
    REQUIRED_TYPE_KEYS,
    RESERVED_WORDS,
    TYPE_KEYS,
    type FieldTypeName,
} from '@svc/compiler';

/** Top-level and relation keys in the order completion offers them. */
export const TOP_KEYS: readonly string[] = [...TOP_KEY_SET];
export const RELATION_KEYS: readonly string[] = [...RELATION_KEY_SET];

// The tables below are looked up with keys and words the user typed (`__proto__`, `constructor`):
// Maps, never plain objects, so no key reaches Object.prototype.

/** Keys whose value is one of a few words (checked in the compiler's field checker). */
export const KEYWORD_VALUES: ReadonlyMap<string, readonly string[]> = new Map([
    ['eom', ['clamp', 'preserve']],
    ['basis', ['days', 'months', 'seconds']],
    ['date_order', ['auto', 'dmy', 'mdy', 'ymd']],
]);

export interface FunctionInfo {
    name: string;
    signature: string;
    doc: string;
    /** Completion snippet (LSP snippet syntax). */
    snippet: string;
}

const MODES = ROUND_MODES.join(',');

export const FUNCTIONS: readonly FunctionInfo[] = [
    {
        name: 'when',
        signature: 'when(cond: boolean, rel: boolean) → boolean',
        doc: 'rel must hold where cond holds (`not cond or rel`). Only as the whole relation; never in applicable_when.',
        snippet: 'when(${1:cond}, ${2:rel})',
    },
    {
        name: 'round',
        signature: 'round(x: number | money, scale: 0..28, mode) → type of x',
        doc: `Rounds once, exactly. scale is an integer literal; mode is one of ${ROUND_MODES.map((m) => `'${m}'`).join(' ')}. A division is only allowed in its first argument.`,
        snippet: `round(\${1:x}, \${2:2}, '\${3|${MODES}|}')`,
    },
    { name: 'abs', signature: 'abs(x: number | money | duration) → type of x', doc: 'Absolute value.', snippet: 'abs(${1:x})' },
    {
        name: 'min',
        signature: 'min(a, b) → type of a',
        doc: 'The smaller of two values of the same ordered type (same currency or basis).',
        snippet: 'min(${1:a}, ${2:b})',
    },
    {
        name: 'max',
        signature: 'max(a, b) → type of a',
        doc: 'The larger of two values of the same ordered type (same currency or basis).',
        snippet: 'max(${1:a}, ${2:b})',
    },
    {
        name: 'present',
        signature: 'present(field) → boolean',
        doc: 'True where the field has a value; never unknown.',
        snippet: 'present(${1:field})',
    },
];

export const KEYWORD_DOCS: ReadonlyMap<string, string> = new Map([
    ['and', '`a and b`: both true (Kleene logic: unknown when one side is unknown and the other not false).'],
    ['or', '`a or b`: at least one true (Kleene logic).'],
    ['not', '`not a`: negation (unknown stays unknown).'],
    ['true', 'The boolean literal true.'],
    ['false', 'The boolean literal false.'],
]);

/** Typed literal templates offered by completion. */
export const LITERAL_SNIPPETS = [
    { label: "date'…'", snippet: "date'${1:2024-01-31}'", doc: 'A date literal, YYYY-MM-DD.' },
    { label: "datetime'…'", snippet: "datetime'${1:2024-01-31T10:00:00Z}'", doc: 'A datetime literal, ISO 8601 (UTC when no offset).' },
    {
        label: "duration'…'",
        snippet: "duration'${1:P30D}'",
        doc: 'A duration literal in one basis: days (P30D, P2W), months (P1Y, P18M) or seconds (PT1H, PT90S).',
    },
];

/** One-line documentation of each schema key, for hover and completion. */
export const KEY_DOCS: ReadonlyMap<string, string> = new Map([
    ['svc_schema', 'Version of the schema language; only "1.0" exists.'],
    ['name', 'Schema: 1..128 characters. Field: ^[A-Za-z_][A-Za-z0-9_]{0,63}$, not a reserved word.'],
    ['description', "Free text (schema ≤ 2,000, field and relation ≤ 500 characters); a field's description is given to the reader."],
    ['fields', 'The typed fields, 1..32.'],
    ['relations', 'Relations between fields, at most 10,000: {"id", "expr", "description"?}.'],
    ['type', "The field's type: string, boolean, integer, decimal, money, date, datetime, duration, enum or array."],
    ['nullable', 'true: the document may lack the value without a warning (default false).'],
    ['hints', 'Up to 16 labels (1..64 characters) the reader looks for, e.g. ["Invoice date"].'],
    ['applicable_when', 'A boolean expression over other fields; the field is not_applicable where it is false.'],
    ['pattern', 'RE2 pattern the whole quote must match (string fields).'],
    ['min', 'Lower bound in the type\'s literal form ("2020-01-01", "0.00", "P1D") or a JSON number.'],
    ['max', 'Upper bound in the type\'s literal form ("2020-01-01", "0.00", "P1D") or a JSON number.'],
    ['scale', "Digits after the point, 0..28 (money: defaults to the currency's minor units)."],
    ['currency', 'ISO 4217 currency code of a money field, e.g. "EUR".'],
    [
        'eom',
        'Month arithmetic at month end: "clamp" (default; Jan 31 + 1 month = Feb 28/29) or "preserve" (a month-end stays a month-end).',
    ],
    ['date_order', 'Numeric dates such as 03/04/2024: "dmy", "mdy", "ymd" or "auto" (default).'],
    ['basis', 'A duration\'s basis: "days", "months" or "seconds".'],
    ['labels', "The enum's 1..256 distinct non-empty labels."],
    ['aliases', 'Document words per label: {"paid": ["voldaan", "betaald"]}.'],
    ['items', 'Element definition of an array: "type" and that type\'s keys.'],
    ['id', 'Relation id, 1..64 characters, unique.'],
    ['expr', 'The relation: a boolean expression over the fields, e.g. "total == net + vat".'],
]);
