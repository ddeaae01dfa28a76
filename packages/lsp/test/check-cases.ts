// Schemas that together raise every code of the registry, written for the parity test. Several
// put escapes and non-ASCII text before the part at fault so that the range mapping is exercised.

const STD_FIELDS = [
    '{"name": "a", "type": "integer"}',
    '{"name": "b", "type": "integer"}',
    '{"name": "r", "type": "integer", "min": 0, "max": 10}',
    '{"name": "x", "type": "decimal", "scale": 2}',
    '{"name": "s", "type": "string", "description": "Straße – ünïcödé 😀"}',
    '{"name": "flag", "type": "boolean"}',
    '{"name": "d", "type": "date"}',
    '{"name": "eur", "type": "money", "currency": "EUR"}',
    '{"name": "usd", "type": "money", "currency": "USD"}',
    '{"name": "dur_d", "type": "duration", "basis": "days"}',
    '{"name": "dur_m", "type": "duration", "basis": "months"}',
    '{"name": "status", "type": "enum", "labels": ["open", "paid", "bezahlt ✓"]}',
    '{"name": "lines", "type": "array", "items": {"type": "string"}}',
    '{"name": "t1", "type": "integer", "applicable_when": "a + 1"}',
    '{"name": "t2", "type": "integer", "applicable_when": "t2 > 0"}',
    '{"name": "c1", "type": "integer", "applicable_when": "c2 > 0"}',
    '{"name": "c2", "type": "integer", "applicable_when": "present(c1)"}',
];

/** Expressions as JSON string literals (already escaped where the case wants escapes). */
const RELATIONS: string[] = [
    '"a +"',
    '"floor(a) > 1"',
    '"round(x, 2) == x"',
    '"d < date\'2024-02-30\'"',
    JSON.stringify(`${'('.repeat(65)}a${')'.repeat(65)} > 0`),
    JSON.stringify(`s == '${'é'.repeat(8300)}'`),
    '"totl == 1"',
    '"present(lines)"',
    '"status == \'closed\'"',
    '"status == \'bezahlt ✓\' and flag"',
    '"flag and a"',
    '"eur < usd"',
    '"dur_d < dur_m"',
    '"x / a > 1"',
    '"round(x, 2, \'nearest\') > 1"',
    '"flag and when(a > 0, b > 0)"',
    '"a + 1"',
    '"round(1 / 0, 2, \'half_even\') < x"',
    '"r > 20"',
    '"r >= 0"',
    '"\\u0073 == \'\\u00e9t\\u00e9 😀 \\ud83d\\ude00\' and nope > 0"',
    '"a\\t>\\n0 and  \\"q\\" == s"',
    '"when(flag, eur \\u003e= usd)"',
];

const std = (): string => `{
  "svc_schema": "1.0",
  "name": "expressions",
  "fields": [
    ${STD_FIELDS.join(',\n    ')}
  ],
  "relations": [
    ${RELATIONS.map((e, i) => `{"id": "r${i}", "expr": ${e}}`).join(',\n    ')}
  ]
}
`;

const structure = `{
  "svc_schema": "1.0",
  "name": "structure – ünïcödé",
  "colour": "blue",
  "fields": [
    {"name": "a", "type": "integer", "type": "string"},
    {"name": "big", "type": "decimal", "max": 1e400},
    {"name": "sc", "type": "decimal", "scale": 2.5},
    {"name": "nt"},
    {"name": "en", "type": "enum"},
    {"name": "flag", "type": "boolean", "nullable": "yes"},
    {"name": "d", "type": "date", "pattern": "[0-9]+", "eom": "end"},
    {"name": "st", "type": "enum", "labels": ["open"], "aliases": {"closed": ["zu"]}},
    {"name": "lst", "type": "array", "items": {"type": "string", "nullable": true, "colour": 1}},
    {"name": "a", "type": "date"},
    {"name": "1st", "type": "integer"},
    {"name": "when", "type": "integer"},
    {"name": "lim", "type": "integer", "min": 10, "max": 5},
    {"name": "dd", "type": "date", "min": "2024-06-01", "max": "2024-05-31"},
    {"name": "h", "type": "integer", "hints": ["${'h'.repeat(65)}"]}
  ],
  "relations": [
    {"id": "p", "expr": "flag"},
    {"id": "p", "expr": "not flag"},
    {"id": "q"},
    {"id": "z", "expr": 5, "when": 1}
  ]
}
`;

export interface CheckCase {
    name: string;
    text: string;
}

export const CHECK_CASES: CheckCase[] = [
    { name: 'expressions.svc.json', text: std() },
    { name: 'structure.svc.json', text: structure },
    {
        name: 'syntax.svc.json',
        text: '{\n  "svc_schema": "1.0",\n  "name": "ünï 😀", "name": "dup",\n  "fields": [{"name": "a", "type": "integer"},]\n}\n',
    },
    {
        name: 'version.svc.json',
        text: '{"svc_schema": "2.0", "name": "t", "fields": [{"name": "a", "type": "integer", "bogus": 1}], "relations": [{"id": "x", "expr": "a"}]}\n',
    },
    { name: 'version-type.svc.json', text: '{"svc_schema": 1.0, "name": "t", "fields": []}\n' },
    {
        name: 'limit.svc.json',
        text: `{"svc_schema": "1.0", "name": "t", "fields": [${Array.from({ length: 33 }, (_, i) => `{"name": "f${i}", "type": "integer"}`).join(', ')}]}\n`,
    },
    { name: 'missing.svc.json', text: '{\n  "fields": [{"name": "a", "type": "integer"}]\n}\n' },
    { name: 'not-object.svc.json', text: '[1, 2]\n' },
];
