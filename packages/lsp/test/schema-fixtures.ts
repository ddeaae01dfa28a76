// Schemas shared by several tests.

/** Two errors (E-DIV-UNROUNDED, E-NAME-UNKNOWN), an enum, dates, an applicable_when, a when relation. */
export const INVOICE = `{
  "svc_schema": "1.0",
  "name": "invoice",
  "fields": [
    {"name": "net", "type": "money", "currency": "EUR", "min": "0.00"},
    {"name": "vat", "type": "money", "currency": "EUR"},
    {"name": "total", "type": "money", "currency": "EUR"},
    {"name": "rate", "type": "decimal", "scale": 2},
    {"name": "status", "type": "enum", "labels": ["open", "paid"]},
    {"name": "issued", "type": "date"},
    {"name": "due", "type": "date", "applicable_when": "status == 'open'"}
  ],
  "relations": [
    {"id": "sum", "expr": "total == net + vat"},
    {"id": "share", "expr": "vat / net * 100 == rate"},
    {"id": "typo", "expr": "totl > 0"},
    {"id": "due_after", "expr": "when(present(due), due >= issued)"}
  ]
}
`;

/** 32 fields and 10,000 relations padded with descriptions to just under 1 MiB; relation 7 has an unknown name. */
export function largeSchema(pad = 0): string {
    const fields = Array.from({ length: 32 }, (_, i) => `{"name": "f${i}", "type": "integer"}`);
    const rels = Array.from(
        { length: 10_000 },
        (_, i) =>
            `{"id": "r${i}", "description": "${'d'.repeat(pad)}", "expr": "f${i % 32} + f${(i + 1) % 32} <= f${(i + 2) % 32} * 2 + ${i} or ${i === 7 ? 'nope' : `f${(i + 5) % 32}`} > ${i}"}`,
    );
    const text = `{"svc_schema": "1.0", "name": "large", "fields": [\n${fields.join(',\n')}\n], "relations": [\n${rels.join(',\n')}\n]}`;
    return pad > 0 ? text : largeSchema(Math.floor((1024 * 1024 - text.length) / 10_000) - 1);
}
