// The catalogue of diagnostic codes (data only): severity, title, message forms and explanation of
// each. diagnostic-registry.ts renders from it; codes are append-only, never renumbered or reused.
import type { Severity } from './diagnostic-types.js';

export interface CodeInfo {
    severity: Severity;
    /** Short title, as in the code table of docs/schema-language.md. */
    title: string;
    /**
     * The messages of this code by form, with `{placeholders}` filled from typed arguments
     * (`{name?}` may be left out). A code with one message names it `main`.
     */
    messages: Readonly<Record<string, string>>;
    explanation: string;
}

export const CODES = {
    'E-JSON-SYNTAX': {
        severity: 'error',
        title: 'Not valid JSON, or nested deeper than 64 levels',
        messages: {
            value: 'invalid JSON at line {line}, column {column}: expected a value (an object, array, string, number, true, false or null), found {found}{hint?}',
            key: 'invalid JSON at line {line}, column {column}: expected a key in double quotes, found {found}{hint?}',
            colon: "invalid JSON at line {line}, column {column}: expected ':' after the key, found {found}{hint?}",
            separator: "invalid JSON at line {line}, column {column}: expected ',' or '{close}', found {found}{hint?}",
            'trailing-comma':
                "invalid JSON at line {line}, column {column}: expected another {item} after ',' (JSON allows no trailing comma), found {found}",
            'after-end':
                "invalid JSON at line {line}, column {column}: expected the end of the text after the schema's closing brace, found {found}{hint?}",
            'unclosed-string':
                'invalid JSON at line {line}, column {column}: expected the closing quote of the string that starts at column {start}, found {found}',
            'control-char':
                'invalid JSON at line {line}, column {column}: expected a character or an escape (write line breaks and tabs as \\n and \\t), found {found}',
            'unicode-escape': 'invalid JSON at line {line}, column {column}: expected four hex digits after \\u, found {found}',
            escape: 'invalid JSON at line {line}, column {column}: expected an escape: one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found {found}',
            literal: 'invalid JSON at line {line}, column {column}: expected the literal {word}, found {found}',
            number: 'invalid JSON at line {line}, column {column}: expected a number in JSON form (no leading +, no leading zeros, digits after a point), found {found}',
            depth: 'invalid JSON at line {line}, column {column}: containers nested deeper than {max} levels',
            utf8: 'not valid UTF-8: byte 0x{byte} at byte offset {offset} (line {line}) does not begin or continue a character; save the file as UTF-8',
        },
        explanation:
            'Schemas are read by a strict JSON reader (RFC 8259): no comments, no trailing commas, no single quotes, and at most 64 containers open at once. Reading stops at the first syntax error; the pointer names the container being read.',
    },
    'E-JSON-DUPKEY': {
        severity: 'error',
        title: 'An object has the same key twice',
        messages: { main: 'key "{key}" appears more than once in this object' },
        explanation:
            'Every key may appear once per object. Other readers would silently keep the first or the last value; this one reports the later member instead of guessing.',
    },
    'E-JSON-NUMBER': {
        severity: 'error',
        title: 'A number is not representable',
        messages: { main: 'number {raw} is not representable here' },
        explanation:
            'Numbers keep their source text and are judged exactly. A number out of the range of a double (1e400), or a non-integer where an integer is required (a scale of 2.5), is not representable.',
    },
    'E-SCHEMA-VERSION': {
        severity: 'error',
        title: 'Unsupported schema version',
        messages: { main: 'unsupported schema version {version}; this compiler reads "1.0"' },
        explanation:
            'svc_schema names the version of the schema language. Only "1.0" exists. With an unsupported version nothing else but JSON errors is reported, since the rest would be judged by the wrong rules.',
    },
    'E-SCHEMA-UNKNOWN-KEY': {
        severity: 'error',
        title: 'A key the schema language does not define',
        messages: { main: 'unknown key "{key}" in {where}{suggestion?}' },
        explanation:
            'Schemas, fields, array items and relations each have a fixed set of keys. A key defined nowhere in the language is reported so that typos (labels/label) do not pass silently.',
    },
    'E-SCHEMA-MISSING-KEY': {
        severity: 'error',
        title: 'A required key is absent',
        messages: {
            main: 'missing required key "{key}" in {where}',
            'for-type': 'missing required key "{key}": every {type} {place} needs it',
        },
        explanation:
            'The schema needs svc_schema, name and fields; a field needs name and type; money needs currency, duration needs basis, enum needs labels, array needs items; a relation needs id and expr.',
    },
    'E-SCHEMA-TYPE': {
        severity: 'error',
        title: 'Wrong JSON type',
        messages: { main: '{subject} must be {expected}, not {actual}' },
        explanation:
            'A key holds a JSON value of the wrong kind: a number where a string belongs, a string where a boolean belongs, an object where an array belongs.',
    },
    'E-SCHEMA-VALUE': {
        severity: 'error',
        title: 'Right type, value not allowed',
        messages: {
            'unknown-type': 'unknown type "{type}"; types are {types}{suggestion?}',
            'nested-array': 'arrays do not nest: items cannot be an array',
            'key-in-items': '"{key}" is not allowed inside items',
            'key-for-type': '"{key}" does not apply to type {type}; its own keys are {keys}',
            'text-length': '{key} must be {min}..{max} characters long, not {n}',
            'hint-count': 'at most {max} hints, not {n}',
            'hint-length': 'a hint must be 1..{max} characters long',
            'not-one-of': '{key} "{value}" is not one of {values}{suggestion?}',
            scale: 'scale must be 0..{max}, not {raw}',
            pattern: 'invalid RE2 pattern: {reason}',
            currency: '"{currency}" is not an ISO 4217 currency code{suggestion?}',
            'label-count': 'an enum needs 1..{max} labels, not {n}',
            'label-empty': 'labels must not be empty',
            'label-length': '{what} has at most {max} characters, not {n}',
            'label-dup': 'label "{label}" appears more than once',
            'alias-label': '"{label}" is not a label of this enum{suggestion?}',
            'alias-empty': 'aliases must not be empty',
        },
        explanation:
            'The JSON type is right but the value is not allowed: an unknown type name, an invalid RE2 pattern, a key on a type that does not take it (pattern on a date), a scale outside 0..28, an unknown eom, basis or date_order, labels that are empty, not distinct or over 128 characters (as are aliases), or a text over its length.',
    },
    'E-FIELD-DUP': {
        severity: 'error',
        title: 'Two fields share a name',
        messages: { main: 'field name "{name}" is already used by /fields/{first}' },
        explanation:
            'Field names identify values in data, in expressions and in edits, so they must be unique. The later field is reported.',
    },
    'E-FIELD-NAME': {
        severity: 'error',
        title: 'Field name malformed or reserved',
        messages: {
            malformed:
                'field name "{name}" must start with an ASCII letter or underscore and hold only ASCII letters, digits and underscores',
            long: 'field name "{name}" is longer than 64 characters',
            reserved: 'field name "{name}" is a reserved word of the expression language',
        },
        explanation:
            'A field name matches ^[A-Za-z_][A-Za-z0-9_]{0,63}$ (ASCII letters, digits and underscores, not starting with a digit, at most 64 characters) and is not a reserved word of the expression language: when round abs min max present not and or true false null date datetime duration.',
    },
    'E-REL-DUP': {
        severity: 'error',
        title: 'Two relations share an id',
        messages: { main: 'relation id "{id}" is already used by /relations/{first}' },
        explanation:
            'Relation ids name relations in responses (settled_by, conflicts, relations), so they must be unique. The later relation is reported.',
    },
    'E-RANGE': {
        severity: 'error',
        title: 'Range bound does not fit the type, does not parse, or min > max',
        messages: {
            'not-number': '{key} {value} is not a number',
            'not-integer': '{key} {value} is not an integer',
            'beyond-safe': '{key} {value} is beyond the safe integers, ±(2^53−1)',
            'not-decimal': '{key} {value} is not a decimal number',
            magnitude: '{key} {value} is not below 10^28 in magnitude',
            scale: '{key} {value} has more than {scale} digits after the point',
            'not-date': '{key} {value} is not a date (YYYY-MM-DD)',
            'not-datetime': '{key} {value} is not an ISO 8601 datetime',
            'not-duration': '{key} {value} is not an ISO 8601 duration (P30D, P1Y6M, PT8H)',
            'mixed-basis': '{key} {value} mixes duration bases',
            basis: "{key} {value} is in {basis}, not in the field's basis {expected}",
            order: 'min is greater than max',
        },
        explanation:
            'min and max are written in the type\'s literal form ("2020-01-01", "0.00", "P1D") or as JSON numbers for integer, decimal and money. A bound must parse, fit the type (no more digits than scale, the duration\'s basis, integers within +-(2^53-1)), and min must not exceed max.',
    },
    'E-LIMIT': {
        severity: 'error',
        title: 'An input limit is exceeded',
        messages: {
            fields: 'a schema has 1 to {max} fields, this one has {n}',
            relations: 'at most {max} relations, this schema has {n}',
            bytes: 'schema is {bytes} bytes; the limit is {max} (1 MiB)',
            registers: 'this expression needs {n} registers; the limit is {max}',
            window: "the schema's rendering takes {tokens} of the {window} tokens of a reading window; at least {min} must be left for the document (shorten descriptions, hints or labels)",
            'pattern-chars': 'a pattern has at most {max} characters, this one has {n}',
            'pattern-size':
                'this pattern compiles to size {size}, more than {max}: a counted repetition is written out (a class repeated 500 times is 500) and a Unicode class such as \\pL counts 7 each time; lower the counts',
            'schema-pattern-chars':
                "the schema's patterns up to this one have {n} characters together, more than {max}; shorten this one or others",
            'schema-pattern-size':
                "the schema's patterns up to this one compile to size {size} together, more than {max}; shorten the counted repetitions of this one or others",
        },
        explanation:
            "Limits keep compile and extraction time bounded: 1 to 32 fields, at most 10,000 relations, 1 MiB of schema JSON, 255 registers in one relation's compiled code, and room for at least 1,024 document tokens in a reading window. A pattern has at most 4,096 characters and a compiled size of at most 10,000; a schema's patterns together at most 16,384 characters and a size of 20,000. The size counts RE2 instructions with counted repetitions written out ([a-z]{500} is 500, (ab|cd){100} about 500) and a character class one more per 256 bounds it can hold (\\p{L} and other Unicode classes count 7, [a-z] 1, a case-insensitive class up to 24): a short pattern such as \\p{L}{999} compiles to thousands of instructions. A pattern that does not fit is not compiled (nor counted); the other patterns that fit are still checked.",
    },
    'E-EXPR-SYNTAX': {
        severity: 'error',
        title: 'Expression does not parse',
        messages: {
            empty: 'syntax error: the expression is empty',
            'ends-early': 'syntax error: the expression ends too early',
            character: 'syntax error: unexpected character {found}{hint?}',
            token: 'syntax error: unexpected {found}{hint?}',
        },
        explanation:
            'The expression does not follow the grammar: a missing operand, an unclosed parenthesis, an unexpected token, or chained comparisons (a < b < c is not allowed; write a < b and b < c).',
    },
    'E-EXPR-FUNC': {
        severity: 'error',
        title: 'Unknown function',
        messages: { main: 'unknown function "{name}"; functions are when, round, abs, min, max, present{suggestion?}' },
        explanation: 'Only six functions exist: when(cond, rel), round(x, scale, mode), abs(x), min(a, b), max(a, b) and present(field).',
    },
    'E-EXPR-ARITY': {
        severity: 'error',
        title: 'Wrong number of arguments',
        messages: { main: '{name} takes {expected} argument(s), got {actual}' },
        explanation: 'when, min and max take two arguments; round takes three (value, scale, mode); abs and present take one.',
    },
    'E-EXPR-LITERAL': {
        severity: 'error',
        title: 'Malformed literal',
        messages: {
            magnitude: 'number {value} is not below 10^28',
            unclosed: '{kind} literal without its closing quote',
            date: "'{body}' is not a date (YYYY-MM-DD)",
            datetime: "'{body}' is not an ISO 8601 datetime",
            duration: "'{body}' is not an ISO 8601 duration",
        },
        explanation:
            "A literal does not parse: a date that does not exist (date'2024-02-30'), a malformed datetime or duration (duration'P1X'), a number too large, or a string or literal without its closing quote.",
    },
    'E-EXPR-DEPTH': {
        severity: 'error',
        title: 'Nested more than 64 levels',
        messages: { main: 'expression nested more than {max} levels deep' },
        explanation:
            'Each parenthesis pair, call argument list and unary not or minus opens a level; at most 64 may be open at once. Chains of binary operators add no depth.',
    },
    'E-EXPR-LENGTH': {
        severity: 'error',
        title: 'Longer than 16 KiB',
        messages: { main: 'expression is {bytes} bytes long; the limit is {max}' },
        explanation:
            'An expression may hold at most 16,384 bytes of UTF-8 after JSON unescaping. Split long conditions into several relations.',
    },
    'E-NAME-UNKNOWN': {
        severity: 'error',
        title: 'Not a field name',
        messages: { main: '"{name}" is not a field of this schema{suggestion?}' },
        explanation: "Names in expressions refer to the schema's fields, case-sensitively.",
    },
    'E-ARRAY-RELATION': {
        severity: 'error',
        title: 'Array field in a relation or applicable_when',
        messages: { main: 'array field "{name}" cannot be used in an expression' },
        explanation:
            'Relations and applicable_when compare single values; an array field has none. Relations over array elements are not part of schema language 1.0.',
    },
    'E-ENUM-VALUE': {
        severity: 'error',
        title: "String is not one of the enum's values",
        messages: { main: '{literal} is not a label of {field}; labels are {labels}{suggestion?}' },
        explanation:
            'An enum compared with a string literal must be compared with one of its labels, case-sensitively. Aliases are document words, not labels.',
    },
    'E-TYPE': {
        severity: 'error',
        title: 'Operand types do not fit the operator',
        messages: {
            operator: 'operator {op} does not take {operands}{hint?}',
            'not-boolean': 'not takes a boolean, not {type}',
            logic: '{op} takes booleans, not {left} and {right}',
            'when-boolean': 'when takes boolean arguments, not {type}',
            'present-name': 'present takes a field name',
            'round-type': 'round takes a number or money, not {type}',
        },
        explanation:
            'Operators take operands of fitting types: not/and/or booleans; < <= > >= ordered values of one type; == and != two values of the same type; arithmetic numbers, money, dates and durations as docs/schema-language.md lists.',
    },
    'E-CURRENCY': {
        severity: 'error',
        title: 'Money of different currencies combined or compared',
        messages: { main: 'cannot combine {left} with {right}' },
        explanation:
            "Money amounts carry their field's currency; amounts of different currencies are never added, subtracted, divided or compared. Convert in the document, or use separate relations.",
    },
    'E-BASIS': {
        severity: 'error',
        title: 'Duration bases disagree, a literal does not fit its basis, or wrong basis for a date',
        messages: {
            combine: 'cannot combine {left} with {right}',
            mixed: "duration '{body}' mixes bases; use days (D, W), months (Y, M) or seconds (H, M, S) only",
            'date-seconds': 'a date moves by days or months, not by {type}',
        },
        explanation:
            'Durations have one basis: days (D, W), months (Y, M) or seconds (H, M, S after T). Durations of different bases cannot be combined or compared, a literal may not mix bases (P1M2D), and a date moves only by days or months (seconds only move datetimes).',
    },
    'E-DIV-UNROUNDED': {
        severity: 'error',
        title: 'Division outside the first argument of round',
        messages: { main: 'division must be the first argument of round(…, scale, mode)' },
        explanation:
            "A quotient can have infinitely many digits, so it is only allowed where it is rounded once: as the whole first argument of round, or inside it. round(a / b, 2, 'half_even') is the exact quotient rounded once.",
    },
    'E-ROUND-ARG': {
        severity: 'error',
        title: 'round scale not a literal 0 to 28, or unknown mode',
        messages: { scale: 'round scale must be an integer literal from 0 to 28', mode: 'round mode must be one of {modes}{suggestion?}' },
        explanation:
            "round(x, scale, mode): scale is an integer literal from 0 to 28; mode is one of 'half_even' 'half_up' 'half_down' 'up' 'down' 'ceiling' 'floor'.",
    },
    'E-WHEN-NESTED': {
        severity: 'error',
        title: 'when not outermost, or inside applicable_when',
        messages: {
            main: 'when(…) must be the whole relation',
            applicable: 'when(…) must be the whole relation, never inside applicable_when',
        },
        explanation:
            'when(cond, rel) states that rel must hold where cond does. It is only allowed as a whole relation, never inside another operator or in applicable_when (which is already a condition).',
    },
    'E-REL-TYPE': {
        severity: 'error',
        title: 'A relation is not true/false',
        messages: { main: 'a relation must be boolean, this one is {type}' },
        explanation: 'A relation states something that holds or not, so its expression must be boolean.',
    },
    'E-APPLICABLE-TYPE': {
        severity: 'error',
        title: 'applicable_when is not true/false',
        messages: { main: 'applicable_when must be boolean, this one is {type}' },
        explanation: 'applicable_when decides whether the field applies, so it must be boolean.',
    },
    'E-APPLICABLE-SELF': {
        severity: 'error',
        title: 'applicable_when mentions its own field',
        messages: { main: 'applicable_when of "{name}" mentions the field itself' },
        explanation: 'Whether a field applies cannot depend on its own value.',
    },
    'E-APPLICABLE-CYCLE': {
        severity: 'error',
        title: 'applicable_when conditions refer to each other in a cycle',
        messages: { main: 'applicable_when conditions form a cycle: {cycle}' },
        explanation:
            'Applicability is decided in dependency order; fields whose conditions depend on each other have no such order. Each field on the cycle is reported.',
    },
    'E-CONST': {
        severity: 'error',
        title: 'A constant part cannot be evaluated',
        messages: {
            'div-zero': 'constant part cannot be evaluated: division by zero',
            'date-range': 'constant part cannot be evaluated: the date leaves the years 0001..9999',
            overflow: 'constant part cannot be evaluated: the result overflows (10^28 or more)',
            'duration-range': "constant part cannot be evaluated: duration '{body}' counts more than 2^53−1 days, months or seconds",
        },
        explanation:
            'A part of the expression made of literals only is evaluated at compile time. Division by zero, a magnitude of 10^28 or more, a date outside the years 0001..9999, or a duration literal counting more than 2^53-1 days, months or seconds is an error there.',
    },
    'E-REL-FALSE': {
        severity: 'error',
        title: 'A relation can never be true',
        messages: { main: 'this relation can never be true' },
        explanation:
            'No values of the fields within their min/max ranges make the relation hold, so every document would violate it. Often a typo in a bound or an operator.',
    },
    'W-REL-TRIVIAL': {
        severity: 'warning',
        title: 'Relation always true; it is dropped',
        messages: {
            main: 'relation "{id}" is always true; it is dropped',
            vacuous: 'relation "{id}" is always true (its when condition never holds); it is dropped',
        },
        explanation:
            'Every value of the fields within their ranges makes the relation hold (or its when condition never holds), so it cannot settle or check anything. It is dropped from the compiled schema.',
    },
} as const satisfies Record<string, CodeInfo>;
