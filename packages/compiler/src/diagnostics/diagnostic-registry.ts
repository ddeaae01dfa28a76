// The one registry of diagnostic codes: severity, message template, explanation and example for each
// (as rustc's and TypeScript's). Codes are append-only: never renumber or reuse one. `svc explain`,
// the API, the CLI and the language server all render from here.
import type { Diagnostic, Severity } from './diagnostic-types.js';

export interface CodeInfo {
    severity: Severity;
    /** Short title, as in the interface's table. */
    title: string;
    /** Message with `{placeholders}` filled from the arguments. */
    template: string;
    explanation: string;
    example: string;
}

export const CODES = {
    'E-JSON-SYNTAX': {
        severity: 'error', title: 'Not valid JSON, or nested deeper than 64 levels',
        template: 'invalid JSON at line {line}, column {column}: {what}',
        explanation: 'Schemas are read by a strict JSON reader (RFC 8259): no comments, no trailing commas, no single quotes, and at most 64 containers open at once. Reading stops at the first syntax error; the pointer names the container being read.',
        example: '{"svc_schema": "1.0", "fields": [{"name": "a", "type": "integer"},]}   <- trailing comma',
    },
    'E-JSON-DUPKEY': {
        severity: 'error', title: 'An object has the same key twice',
        template: 'key "{key}" appears more than once in this object',
        explanation: 'Every key may appear once per object. Other readers would silently keep the first or the last value; this one reports the later member instead of guessing.',
        example: '{"name": "a", "type": "integer", "type": "string"}',
    },
    'E-JSON-NUMBER': {
        severity: 'error', title: 'A number is not representable',
        template: 'number {raw} is not representable here',
        explanation: 'Numbers keep their source text and are judged exactly. A number out of the range of a double (1e400), or a non-integer where an integer is required (a scale of 2.5), is not representable.',
        example: '{"name": "x", "type": "decimal", "scale": 2.5}',
    },
    'E-SCHEMA-VERSION': {
        severity: 'error', title: 'Unsupported schema version',
        template: 'unsupported schema version {version}; this compiler reads "1.0"',
        explanation: 'svc_schema names the version of the schema language. Only "1.0" exists. With an unsupported version nothing else but JSON errors is reported, since the rest would be judged by the wrong rules.',
        example: '{"svc_schema": "2.0", "name": "t", "fields": [...]}   -> use "1.0"',
    },
    'E-SCHEMA-UNKNOWN-KEY': {
        severity: 'error', title: 'A key the schema language does not define',
        template: 'unknown key "{key}" in {where}',
        explanation: 'Schemas, fields, array items and relations each have a fixed set of keys. A key defined nowhere in the language is reported so that typos (labels/label) do not pass silently.',
        example: '{"name": "a", "type": "integer", "label": "Amount"}   -> "label" is not a key; did you mean "hints"?',
    },
    'E-SCHEMA-MISSING-KEY': {
        severity: 'error', title: 'A required key is absent',
        template: 'missing required key "{key}" in {where}',
        explanation: 'The schema needs svc_schema, name and fields; a field needs name and type; money needs currency, duration needs basis, enum needs labels, array needs items; a relation needs id and expr.',
        example: '{"name": "total", "type": "money"}   -> add "currency": "EUR"',
    },
    'E-SCHEMA-TYPE': {
        severity: 'error', title: 'Wrong JSON type',
        template: '{what} must be {expected}, not {actual}',
        explanation: 'A key holds a JSON value of the wrong kind: a number where a string belongs, a string where a boolean belongs, an object where an array belongs.',
        example: '{"name": "a", "type": "integer", "nullable": "yes"}   -> "nullable": true',
    },
    'E-SCHEMA-VALUE': {
        severity: 'error', title: 'Right type, value not allowed',
        template: '{what}',
        explanation: 'The JSON type is right but the value is not allowed: an unknown type name, an invalid RE2 pattern, a key on a type that does not take it (pattern on a date), a scale outside 0..28, an unknown eom, basis or date_order, labels that are empty or not distinct, or a text over its length.',
        example: '{"name": "d", "type": "date", "pattern": "[0-9]{4}"}   -> pattern is for strings only',
    },
    'E-FIELD-DUP': {
        severity: 'error', title: 'Two fields share a name',
        template: 'field name "{name}" is already used by /fields/{first}',
        explanation: 'Field names identify values in data, in expressions and in edits, so they must be unique. The later field is reported.',
        example: '[{"name": "a", "type": "integer"}, {"name": "a", "type": "string"}]',
    },
    'E-FIELD-NAME': {
        severity: 'error', title: 'Field name malformed or reserved',
        template: 'field name "{name}" {why}',
        explanation: 'A field name matches ^[A-Za-z_][A-Za-z0-9_]{0,63}$ (ASCII letters, digits and underscores, not starting with a digit, at most 64 characters) and is not a reserved word of the expression language: when round abs min max present not and or true false null date datetime duration.',
        example: '{"name": "1st_amount", ...}   -> "first_amount"',
    },
    'E-REL-DUP': {
        severity: 'error', title: 'Two relations share an id',
        template: 'relation id "{id}" is already used by /relations/{first}',
        explanation: 'Relation ids name relations in responses (settled_by, conflicts, relations), so they must be unique. The later relation is reported.',
        example: '[{"id": "pos", "expr": "a > 0"}, {"id": "pos", "expr": "a < 100"}]',
    },
    'E-RANGE': {
        severity: 'error', title: 'Range bound does not fit the type, does not parse, or min > max',
        template: '{what}',
        explanation: 'min and max are written in the type\'s literal form ("2020-01-01", "0.00", "P1D") or as JSON numbers for integer, decimal and money. A bound must parse, fit the type (no more digits than scale, the duration\'s basis, integers within +-(2^53-1)), and min must not exceed max.',
        example: '{"name": "a", "type": "integer", "min": 10, "max": 5}',
    },
    'E-LIMIT': {
        severity: 'error', title: 'An input limit is exceeded',
        template: '{what}',
        explanation: 'Limits keep compile and extraction time bounded: 1 to 32 fields, at most 10,000 relations, 1 MiB of schema JSON, 255 registers in one relation\'s compiled code, and room for at least 1,024 document tokens in a reading window.',
        example: '"fields": []   -> a schema needs at least one field',
    },
    'E-EXPR-SYNTAX': {
        severity: 'error', title: 'Expression does not parse',
        template: 'syntax error: {what}',
        explanation: 'The expression does not follow the grammar: a missing operand, an unclosed parenthesis, an unexpected token, or chained comparisons (a < b < c is not allowed; write a < b and b < c).',
        example: '"a < b < 5"   -> "a < b and b < 5"',
    },
    'E-EXPR-FUNC': {
        severity: 'error', title: 'Unknown function',
        template: 'unknown function "{name}"; functions are when, round, abs, min, max, present',
        explanation: 'Only six functions exist: when(cond, rel), round(x, scale, mode), abs(x), min(a, b), max(a, b) and present(field).',
        example: '"floor(x) > 1"   -> "round(x, 0, \'floor\') > 1"',
    },
    'E-EXPR-ARITY': {
        severity: 'error', title: 'Wrong number of arguments',
        template: '{name} takes {expected} argument(s), got {actual}',
        explanation: 'when, min and max take two arguments; round takes three (value, scale, mode); abs and present take one.',
        example: '"round(x, 2) == y"   -> "round(x, 2, \'half_even\') == y"',
    },
    'E-EXPR-LITERAL': {
        severity: 'error', title: 'Malformed literal',
        template: '{what}',
        explanation: 'A literal does not parse: a date that does not exist (date\'2024-02-30\'), a malformed datetime or duration (duration\'P1X\'), a number too large, or a string or literal without its closing quote.',
        example: '"d < date\'2024-02-30\'"   -> date\'2024-02-29\'',
    },
    'E-EXPR-DEPTH': {
        severity: 'error', title: 'Nested more than 64 levels',
        template: 'expression nested more than {max} levels deep',
        explanation: 'Each parenthesis pair, call argument list and unary not or minus opens a level; at most 64 may be open at once. Chains of binary operators add no depth.',
        example: '"((((…(a)…))))" with 65 parentheses',
    },
    'E-EXPR-LENGTH': {
        severity: 'error', title: 'Longer than 16 KiB',
        template: 'expression is {bytes} bytes long; the limit is {max}',
        explanation: 'An expression may hold at most 16,384 bytes of UTF-8 after JSON unescaping. Split long conditions into several relations.',
        example: '"s == \'aaaa…(20,000 characters)…\'"',
    },
    'E-NAME-UNKNOWN': {
        severity: 'error', title: 'Not a field name',
        template: '"{name}" is not a field of this schema{suggestion}',
        explanation: 'Names in expressions refer to the schema\'s fields, case-sensitively.',
        example: '"totl == net + vat"   -> "total == net + vat"',
    },
    'E-ARRAY-RELATION': {
        severity: 'error', title: 'Array field in a relation or applicable_when',
        template: 'array field "{name}" cannot be used in an expression',
        explanation: 'Relations and applicable_when compare single values; an array field has none. Relations over array elements are not part of schema language 1.0.',
        example: '"present(lines)" where lines is an array',
    },
    'E-ENUM-VALUE': {
        severity: 'error', title: 'String is not one of the enum\'s values',
        template: '{literal} is not a label of {field}; labels are {labels}',
        explanation: 'An enum compared with a string literal must be compared with one of its labels, case-sensitively. Aliases are document words, not labels.',
        example: '"status == \'closed\'" with labels [open, paid]',
    },
    'E-TYPE': {
        severity: 'error', title: 'Operand types do not fit the operator',
        template: '{what}',
        explanation: 'Operators take operands of fitting types: not/and/or booleans; < <= > >= ordered values of one type; == and != two values of the same type; arithmetic numbers, money, dates and durations as language.md section 3 lists.',
        example: '"flag and a" where a is an integer',
    },
    'E-CURRENCY': {
        severity: 'error', title: 'Money of different currencies combined or compared',
        template: 'cannot combine {left} with {right}',
        explanation: 'Money amounts carry their field\'s currency; amounts of different currencies are never added, subtracted, divided or compared. Convert in the document, or use separate relations.',
        example: '"eur < usd"',
    },
    'E-BASIS': {
        severity: 'error', title: 'Duration bases disagree, a literal does not fit its basis, or wrong basis for a date',
        template: '{what}',
        explanation: 'Durations have one basis: days (D, W), months (Y, M) or seconds (H, M, S after T). Durations of different bases cannot be combined or compared, a literal may not mix bases (P1M2D), and a date moves only by days or months (seconds only move datetimes).',
        example: '"dur_days < dur_months"',
    },
    'E-DIV-UNROUNDED': {
        severity: 'error', title: 'Division outside the first argument of round',
        template: 'division must be the first argument of round(…, scale, mode)',
        explanation: 'A quotient can have infinitely many digits, so it is only allowed where it is rounded once: as the whole first argument of round, or inside it. round(a / b, 2, \'half_even\') is the exact quotient rounded once.',
        example: '"x / a > 1"   -> "round(x / a, 2, \'half_even\') > 1"',
    },
    'E-ROUND-ARG': {
        severity: 'error', title: 'round scale not a literal 0 to 28, or unknown mode',
        template: '{what}',
        explanation: 'round(x, scale, mode): scale is an integer literal from 0 to 28; mode is one of \'half_even\' \'half_up\' \'half_down\' \'up\' \'down\' \'ceiling\' \'floor\'.',
        example: '"round(x, 2, \'nearest\')"   -> \'half_up\'',
    },
    'E-WHEN-NESTED': {
        severity: 'error', title: 'when not outermost, or inside applicable_when',
        template: 'when(…) must be the whole relation{where}',
        explanation: 'when(cond, rel) states that rel must hold where cond does. It is only allowed as a whole relation, never inside another operator or in applicable_when (which is already a condition).',
        example: '"flag and when(a > 0, b > 0)"',
    },
    'E-REL-TYPE': {
        severity: 'error', title: 'A relation is not true/false',
        template: 'a relation must be boolean, this one is {type}',
        explanation: 'A relation states something that holds or not, so its expression must be boolean.',
        example: '"a + 1"   -> "a + 1 > 0"',
    },
    'E-APPLICABLE-TYPE': {
        severity: 'error', title: 'applicable_when is not true/false',
        template: 'applicable_when must be boolean, this one is {type}',
        explanation: 'applicable_when decides whether the field applies, so it must be boolean.',
        example: '"applicable_when": "a + 1"',
    },
    'E-APPLICABLE-SELF': {
        severity: 'error', title: 'applicable_when mentions its own field',
        template: 'applicable_when of "{name}" mentions the field itself',
        explanation: 'Whether a field applies cannot depend on its own value.',
        example: '{"name": "a", "applicable_when": "a > 0"}',
    },
    'E-APPLICABLE-CYCLE': {
        severity: 'error', title: 'applicable_when conditions refer to each other in a cycle',
        template: 'applicable_when conditions form a cycle: {cycle}',
        explanation: 'Applicability is decided in dependency order; fields whose conditions depend on each other have no such order. Each field on the cycle is reported.',
        example: 'a applicable when b > 0, b applicable when a > 0',
    },
    'E-CONST': {
        severity: 'error', title: 'A constant part cannot be evaluated',
        template: 'constant part cannot be evaluated: {what}',
        explanation: 'A part of the expression made of literals only is evaluated at compile time. Division by zero, a magnitude of 10^28 or more, or a date outside the years 0001..9999 is an error there.',
        example: '"round(1 / 0, 2, \'half_even\') < x"',
    },
    'E-REL-FALSE': {
        severity: 'error', title: 'A relation can never be true',
        template: 'this relation can never be true{why}',
        explanation: 'No values of the fields within their min/max ranges make the relation hold, so every document would violate it. Often a typo in a bound or an operator.',
        example: '"r > 20" where r has max 10',
    },
    'W-REL-TRIVIAL': {
        severity: 'warning', title: 'Relation always true; it is dropped',
        template: 'relation "{id}" is always true{why}; it is dropped',
        explanation: 'Every value of the fields within their ranges makes the relation hold (or its when condition never holds), so it cannot settle or check anything. It is dropped from the compiled schema.',
        example: '"amount >= 0" where amount has min 0',
    },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CODES;

export function isKnownCode(code: string): code is DiagnosticCode {
    return Object.prototype.hasOwnProperty.call(CODES, code);
}

/** Fills a template: `{name}` takes args.name; placeholders without an argument become empty. */
export function formatMessage(code: DiagnosticCode, args: Record<string, unknown> = {}): string {
    return CODES[code].template.replace(/\{(\w+)\}/g, (_, k: string) => (args[k] === undefined ? '' : String(args[k])));
}

export function diagnostic(code: DiagnosticCode, pointer: string, args: Record<string, unknown> = {}, span?: [number, number]): Diagnostic {
    const d: Diagnostic = { code, message: formatMessage(code, args), pointer };
    if (span) d.span = span;
    return d;
}
