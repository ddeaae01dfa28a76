// Builders for compiler tests: exact schema texts around fields and relations.
import { compileSchemaText, type CompileResult } from '../src/compile.js';

export const FIELDS = [
    '{"name": "a", "type": "integer"}',
    '{"name": "b", "type": "integer"}',
    '{"name": "r", "type": "integer", "min": 0, "max": 10}',
    '{"name": "x", "type": "decimal", "scale": 2}',
    '{"name": "s", "type": "string"}',
    '{"name": "flag", "type": "boolean"}',
    '{"name": "d", "type": "date"}',
    '{"name": "d2", "type": "date", "eom": "preserve"}',
    '{"name": "dt", "type": "datetime"}',
    '{"name": "eur", "type": "money", "currency": "EUR"}',
    '{"name": "eur2", "type": "money", "currency": "EUR", "min": "0.00"}',
    '{"name": "usd", "type": "money", "currency": "USD"}',
    '{"name": "dur_d", "type": "duration", "basis": "days"}',
    '{"name": "dur_m", "type": "duration", "basis": "months"}',
    '{"name": "dur_s", "type": "duration", "basis": "seconds"}',
    '{"name": "status", "type": "enum", "labels": ["open", "paid"], "aliases": {"paid": ["voldaan"]}}',
    '{"name": "lines", "type": "array", "items": {"type": "string"}}',
].join(',\n    ');

export function schemaWith(relations: string[], fields = FIELDS): string {
    const rels = relations.map((e, i) => `{"id": "r${i}", "expr": ${JSON.stringify(e)}}`).join(',\n    ');
    return `{\n  "svc_schema": "1.0",\n  "name": "t",\n  "fields": [\n    ${fields}\n  ],\n  "relations": [\n    ${rels}\n  ]\n}\n`;
}

export function doc(fields: string, extra = ''): string {
    return `{"svc_schema": "1.0", "name": "t", "fields": [${fields}]${extra}}`;
}

export function compileRel(expr: string): CompileResult {
    return compileSchemaText(schemaWith([expr]));
}

export function codesOf(r: CompileResult): string[] {
    return r.errors.map((e) => `${e.code} ${e.pointer}${e.span ? ` [${e.span.join(',')}]` : ''}`);
}

/** [start, end) in UTF-8 bytes of the marked part «…» and the text without markers. */
export function marked(text: string): { text: string; span: [number, number] } {
    const open = text.indexOf('«');
    const close = text.indexOf('»');
    const clean = text.slice(0, open) + text.slice(open + 1, close) + text.slice(close + 1);
    const start = Buffer.byteLength(text.slice(0, open));
    return { text: clean, span: [start, start + Buffer.byteLength(text.slice(open + 1, close))] };
}
