// One real schema per code that raises it (rustc's compile_fail examples): `svc explain` and
// docs/schema-language.md show them, and a test compiles each and requires its code.
import type { DiagnosticCode } from './diagnostic-registry.js';

export interface CodeExample {
    /** A whole schema file. */
    schema: string;
    /** What to write instead. */
    fix: string;
    /** For a schema too long to print: what is shown instead, and a shell command writing the whole file. */
    shortened?: { shown: string; note: string; build: string };
}

const HEAD = '{"svc_schema": "1.0", "name": "example", ';

/** A schema with these fields (JSON text of the array's items) and relations' expressions. */
function s(fields: string, relations: string[] = []): string {
    const rel = relations.length
        ? `, "relations": [${relations.map((e, i) => `{"id": "r${i + 1}", "expr": ${JSON.stringify(e)}}`).join(', ')}]`
        : '';
    return `${HEAD}"fields": [${fields}]${rel}}`;
}

const INT = (name: string, extra = ''): string => `{"name": "${name}", "type": "integer"${extra}}`;
const EUR = (name: string): string => `{"name": "${name}", "type": "money", "currency": "EUR"}`;

export const EXAMPLES: Record<DiagnosticCode, CodeExample> = {
    'E-JSON-SYNTAX': { schema: s(`${INT('a')},`), fix: 'remove the comma after the last field' },
    'E-JSON-DUPKEY': { schema: s('{"name": "a", "type": "integer", "type": "string"}'), fix: 'keep one "type"' },
    'E-JSON-NUMBER': { schema: s('{"name": "x", "type": "decimal", "scale": 2.5}'), fix: '"scale": 2' },
    'E-SCHEMA-VERSION': { schema: `{"svc_schema": "2.0", "name": "example", "fields": [${INT('a')}]}`, fix: '"svc_schema": "1.0"' },
    'E-SCHEMA-UNKNOWN-KEY': { schema: s('{"name": "a", "type": "integer", "hint": ["amount"]}'), fix: '"hints": ["amount"]' },
    'E-SCHEMA-MISSING-KEY': { schema: s('{"name": "total", "type": "money"}'), fix: 'add "currency": "EUR"' },
    'E-SCHEMA-TYPE': { schema: s('{"name": "a", "type": "integer", "nullable": "yes"}'), fix: '"nullable": true' },
    'E-SCHEMA-VALUE': { schema: s('{"name": "rate", "type": "percentage"}'), fix: '"type": "decimal"' },
    'E-FIELD-DUP': { schema: s(`${INT('a')}, {"name": "a", "type": "string"}`), fix: 'rename the second field' },
    'E-FIELD-NAME': { schema: s(INT('1st_amount')), fix: '"name": "first_amount"' },
    'E-REL-DUP': {
        schema: `${HEAD}"fields": [${INT('a')}], "relations": [{"id": "pos", "expr": "a > 0"}, {"id": "pos", "expr": "a < 100"}]}`,
        fix: 'give the second relation its own id',
    },
    'E-RANGE': { schema: s(INT('a', ', "min": 10, "max": 5')), fix: '"min": 5, "max": 10' },
    'E-LIMIT': { schema: `${HEAD}"fields": []}`, fix: 'declare at least one field' },
    'E-EXPR-SYNTAX': { schema: s(`${INT('a')}, ${INT('b')}`, ['a = b']), fix: '"a == b"' },
    'E-EXPR-FUNC': { schema: s(INT('x'), ['floor(x) > 1']), fix: '"round(x, 0, \'floor\') > 1"' },
    'E-EXPR-ARITY': {
        schema: s(`{"name": "x", "type": "decimal"}, {"name": "y", "type": "decimal"}`, ['round(x, 2) == y']),
        fix: '"round(x, 2, \'half_even\') == y"',
    },
    'E-EXPR-LITERAL': { schema: s('{"name": "d", "type": "date"}', ["d < date'2024-02-30'"]), fix: "date'2024-02-29'" },
    'E-EXPR-DEPTH': { schema: s(INT('a'), [`${'('.repeat(65)}a${')'.repeat(65)} > 0`]), fix: 'remove the extra parentheses' },
    'E-EXPR-LENGTH': {
        schema: s('{"name": "s", "type": "string"}', [`s == '${'a'.repeat(16_400)}'`]),
        fix: 'split the condition into several relations',
        // 16 KiB cannot be copied from a terminal: a command builds the same schema.
        shortened: {
            shown: s('{"name": "s", "type": "string"}', ["s == 'aaaa…aaaa'"]),
            note: "Shortened: 'aaaa…aaaa' stands for 16,400 letters a. This command writes the whole schema:",
            build:
                "node -e \"const e = 's == \\'' + 'a'.repeat(16400) + '\\''; " +
                "console.log(JSON.stringify({svc_schema: '1.0', name: 'example', fields: [{name: 's', type: 'string'}], relations: [{id: 'r1', expr: e}]}))\"" +
                ' > long.svc.json',
        },
    },
    'E-NAME-UNKNOWN': { schema: s(`${EUR('total')}, ${EUR('net')}, ${EUR('vat')}`, ['totl == net + vat']), fix: '"total == net + vat"' },
    'E-ARRAY-RELATION': {
        schema: s('{"name": "lines", "type": "array", "items": {"type": "string"}}', ['present(lines)']),
        fix: 'relations compare single values only',
    },
    'E-ENUM-VALUE': {
        schema: s('{"name": "status", "type": "enum", "labels": ["open", "paid"]}', ["status == 'closed'"]),
        fix: "status == 'paid'",
    },
    'E-TYPE': { schema: s(`{"name": "flag", "type": "boolean"}, ${INT('a')}`, ['flag and a']), fix: '"flag and a > 0"' },
    'E-CURRENCY': {
        schema: s(`${EUR('eur')}, {"name": "usd", "type": "money", "currency": "USD"}`, ['eur < usd']),
        fix: 'compare amounts of one currency',
    },
    'E-BASIS': {
        schema: s('{"name": "notice", "type": "duration", "basis": "days"}, {"name": "term", "type": "duration", "basis": "months"}', [
            'notice < term',
        ]),
        fix: 'give both durations one basis',
    },
    'E-DIV-UNROUNDED': {
        schema: s(`{"name": "x", "type": "decimal"}, {"name": "a", "type": "decimal"}`, ['x / a > 1']),
        fix: '"round(x / a, 2, \'half_even\') > 1"',
    },
    'E-ROUND-ARG': { schema: s(`{"name": "x", "type": "decimal"}`, ["round(x, 2, 'nearest') > 1"]), fix: "'half_up'" },
    'E-WHEN-NESTED': {
        schema: s(`{"name": "flag", "type": "boolean"}, ${INT('a')}, ${INT('b')}`, ['flag and when(a > 0, b > 0)']),
        fix: '"when(flag and a > 0, b > 0)"',
    },
    'E-REL-TYPE': { schema: s(INT('a'), ['a + 1']), fix: '"a + 1 > 0"' },
    'E-APPLICABLE-TYPE': {
        schema: s(`${INT('a')}, {"name": "b", "type": "integer", "applicable_when": "a + 1"}`),
        fix: '"applicable_when": "a > 1"',
    },
    'E-APPLICABLE-SELF': { schema: s(INT('a', ', "applicable_when": "a > 0"')), fix: 'condition on another field' },
    'E-APPLICABLE-CYCLE': {
        schema: s(`${INT('a', ', "applicable_when": "b > 0"')}, ${INT('b', ', "applicable_when": "a > 0"')}`),
        fix: 'let one of the two apply unconditionally',
    },
    'E-CONST': {
        schema: s(`{"name": "x", "type": "decimal"}`, ["round(1 / 0, 2, 'half_even') < x"]),
        fix: 'divide by a number other than zero',
    },
    'E-REL-FALSE': { schema: s(INT('r', ', "min": 0, "max": 10'), ['r > 20']), fix: '"r > 5", or raise max' },
    'W-REL-TRIVIAL': { schema: s(INT('amount', ', "min": 0'), ['amount >= 0']), fix: 'drop the relation; min already says it' },
};

/** The example schema for display: a long one (E-EXPR-LENGTH's) in its shortened form. */
export function exampleExcerpt(code: DiagnosticCode): string {
    const ex = EXAMPLES[code];
    return ex.shortened?.shown ?? ex.schema;
}

/** For a shortened example: what the shortening stands for and the command that writes it whole. */
export function exampleNote(code: DiagnosticCode): string | undefined {
    const short = EXAMPLES[code].shortened;
    return short && `${short.note}\n${short.build}`;
}
