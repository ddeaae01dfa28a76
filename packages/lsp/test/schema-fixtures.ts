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
