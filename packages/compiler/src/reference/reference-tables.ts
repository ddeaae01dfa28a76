// The tables of docs/schema-language.md, generated from the compiler's own registries (types and
// their keys, functions, codes, reserved words, limits), so that the reference cannot disagree with
// `svc check`: `npm run docs:reference` writes them, and a test fails when the document drifts.
import { CODES, type DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { MAX_SCHEMA_BYTES } from '../compile.js';
import { MAX_EXPR_BYTES, MAX_EXPR_DEPTH } from '../expr/expr-front.js';
import { FUNCTIONS } from '../expr/type-checker.js';
import { MAX_REGISTERS } from '../ir/ir-emitter.js';
import {
    COMMON_FIELD_KEYS,
    FIELD_TYPES,
    LIMITS,
    REQUIRED_TYPE_KEYS,
    RESERVED_WORDS,
    TYPE_KEYS,
    type FieldTypeName,
} from '../schema/schema-keys.js';
import { PATTERN_LIMITS } from '../schema/pattern-check.js';
import { ROUND_MODES } from '../values/value-types.js';

/** What each type's value looks like in `response.data`, with a field definition to copy. */
const TYPE_DOCS: Record<FieldTypeName, { value: string; example: string }> = {
    string: { value: 'string', example: '{"name": "invoice_number", "type": "string", "pattern": "[A-Z]{2}-[0-9]{4}"}' },
    boolean: { value: '`true` / `false`', example: '{"name": "paid", "type": "boolean"}' },
    integer: { value: 'JSON number (bounds within ±(2^53−1))', example: '{"name": "quantity", "type": "integer", "min": 1}' },
    decimal: {
        value: 'decimal string, `scale` digits after the point when set: `"12.50"`',
        example: '{"name": "vat_rate", "type": "decimal", "scale": 2, "min": 0, "max": 100}',
    },
    money: { value: '`{"amount": "12.50", "currency": "EUR"}`', example: '{"name": "total", "type": "money", "currency": "EUR"}' },
    date: { value: '`"2024-01-31"`', example: '{"name": "invoice_date", "type": "date", "date_order": "dmy"}' },
    datetime: { value: 'ISO 8601 in UTC: `"2024-01-31T10:00:00Z"`', example: '{"name": "signed_at", "type": "datetime"}' },
    duration: {
        value: 'ISO 8601 duration in its basis: `"P30D"`, `"P18M"`, `"PT3600S"`',
        example: '{"name": "notice_period", "type": "duration", "basis": "days"}',
    },
    enum: {
        value: 'the label',
        example: '{"name": "status", "type": "enum", "labels": ["open", "paid"], "aliases": {"paid": ["voldaan"]}}',
    },
    array: { value: 'array of element values', example: '{"name": "parties", "type": "array", "items": {"type": "string"}}' },
};

const FUNCTION_DOCS: Record<string, { signature: string; does: string }> = {
    when: { signature: 'when(cond, rel)', does: '`rel` must hold where `cond` does (`not cond or rel`); only as a whole relation' },
    round: {
        signature: 'round(x, scale, mode)',
        does: `rounds a number or money once; \`scale\` a literal 0..28, \`mode\` one of ${ROUND_MODES.map((m) => `\`'${m}'\``).join(' ')}`,
    },
    abs: { signature: 'abs(x)', does: 'absolute value of a number, money or duration' },
    min: { signature: 'min(a, b)', does: 'the smaller of two values of one ordered type (same currency or basis)' },
    max: { signature: 'max(a, b)', does: 'the larger of two values of one ordered type' },
    present: { signature: 'present(field)', does: 'true where the field has a value; never unknown' },
};

const esc = (s: string): string => s.replace(/\|/g, '\\|');

function typesTable(): string {
    const rows = FIELD_TYPES.map((t) => {
        const own = TYPE_KEYS[t].map((k) => (REQUIRED_TYPE_KEYS[t]?.includes(k) ? `\`${k}\` (required)` : `\`${k}\``)).join(', ') || '—';
        return `| \`${t}\` | ${own} | ${esc(TYPE_DOCS[t].value)} | \`${esc(TYPE_DOCS[t].example)}\` |`;
    });
    return [
        `Every field takes ${COMMON_FIELD_KEYS.map((k) => `\`${k}\``).join(', ')}; \`name\` and \`type\` are required.`,
        '',
        '| type | keys of its own | value in `data` | example |',
        '|---|---|---|---|',
        ...rows,
    ].join('\n');
}

function functionsTable(): string {
    const rows = Object.entries(FUNCTIONS).map(([name, arity]) => {
        const d = FUNCTION_DOCS[name];
        return `| \`${d?.signature ?? name}\` | ${arity} | ${esc(d?.does ?? '')} |`;
    });
    return ['| function | arguments | does |', '|---|---|---|', ...rows].join('\n');
}

function codesTable(): string {
    const rows = (Object.keys(CODES) as DiagnosticCode[]).map((c) => `| \`${c}\` | ${CODES[c].severity} | ${esc(CODES[c].title)} |`);
    return ['| code | severity | meaning |', '|---|---|---|', ...rows].join('\n');
}

function reservedList(): string {
    return [...RESERVED_WORDS].map((w) => `\`${w}\``).join(' ');
}

function limitsTable(): string {
    const rows: Array<[string, string]> = [
        ['schema size', `${MAX_SCHEMA_BYTES.toLocaleString('en')} bytes of UTF-8 (1 MiB)`],
        ['fields', '1 to 32'],
        ['relations', `at most ${LIMITS.relations.toLocaleString('en')}`],
        ['schema `name`', `1 to ${LIMITS.schemaName} characters`],
        ['schema `description`', `at most ${LIMITS.schemaDescription.toLocaleString('en')} characters`],
        ['field `description`', `at most ${LIMITS.fieldDescription} characters`],
        ['`hints`', `at most ${LIMITS.hints}, each 1 to ${LIMITS.hintLength} characters`],
        ['enum `labels`', `1 to ${LIMITS.labels}, distinct and non-empty, each (and each alias) at most ${LIMITS.labelLength} characters`],
        ['relation `id`', `1 to ${LIMITS.relationId} characters`],
        ['relation `description`', `at most ${LIMITS.relationDescription} characters`],
        ['`scale`', `0 to ${LIMITS.scaleMax}`],
        [
            '`pattern`',
            `at most ${PATTERN_LIMITS.chars.toLocaleString('en')} characters and a compiled size of ${PATTERN_LIMITS.size.toLocaleString('en')} (section 2)`,
        ],
        [
            'all `pattern`s of a schema',
            `at most ${PATTERN_LIMITS.schemaChars.toLocaleString('en')} characters and a compiled size of ${PATTERN_LIMITS.schemaSize.toLocaleString('en')} together`,
        ],
        ['expression length', `${MAX_EXPR_BYTES.toLocaleString('en')} bytes of UTF-8`],
        ['expression nesting', `${MAX_EXPR_DEPTH} levels`],
        ['registers per relation', String(MAX_REGISTERS)],
        ['JSON nesting', '64 containers'],
    ];
    return ['| limit | value |', '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n');
}

/** Each generated section of docs/schema-language.md by its marker name. */
export const REFERENCE_SECTIONS: Readonly<Record<string, () => string>> = {
    types: typesTable,
    functions: functionsTable,
    codes: codesTable,
    reserved: reservedList,
    limits: limitsTable,
};

/** The document with every `<!-- generated:NAME -->…<!-- /generated:NAME -->` section rewritten. */
export function withReferenceSections(markdown: string): string {
    return markdown.replace(
        /(<!-- generated:(\w+) -->\n)[\s\S]*?(\n<!-- \/generated:\2 -->)/g,
        (whole, open: string, name: string, close: string) => {
            const make = REFERENCE_SECTIONS[name];
            return make ? `${open}${make()}${close}` : whole;
        },
    );
}
