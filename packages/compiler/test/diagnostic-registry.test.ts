import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { compileSchemaText } from '../src/compile.js';
import { EXAMPLES, exampleExcerpt } from '../src/diagnostics/diagnostic-examples.js';
import {
    CODES,
    diagnostic,
    formatMessage,
    isKnownCode,
    messageForms,
    type DiagnosticCode,
} from '../src/diagnostics/diagnostic-registry.js';
import { doc, schemaWith } from './compile-helpers.js';

// Every code of the service's code table (docs/schema-language.md); the registry must hold each.
const INTERFACE_CODES = [
    'E-JSON-SYNTAX',
    'E-JSON-DUPKEY',
    'E-JSON-NUMBER',
    'E-SCHEMA-VERSION',
    'E-SCHEMA-UNKNOWN-KEY',
    'E-SCHEMA-MISSING-KEY',
    'E-SCHEMA-TYPE',
    'E-SCHEMA-VALUE',
    'E-FIELD-DUP',
    'E-FIELD-NAME',
    'E-REL-DUP',
    'E-RANGE',
    'E-LIMIT',
    'E-EXPR-SYNTAX',
    'E-EXPR-FUNC',
    'E-EXPR-ARITY',
    'E-EXPR-LITERAL',
    'E-EXPR-DEPTH',
    'E-EXPR-LENGTH',
    'E-NAME-UNKNOWN',
    'E-ARRAY-RELATION',
    'E-ENUM-VALUE',
    'E-TYPE',
    'E-CURRENCY',
    'E-BASIS',
    'E-DIV-UNROUNDED',
    'E-ROUND-ARG',
    'E-WHEN-NESTED',
    'E-REL-TYPE',
    'E-APPLICABLE-TYPE',
    'E-APPLICABLE-SELF',
    'E-APPLICABLE-CYCLE',
    'E-CONST',
    'E-REL-FALSE',
    'W-REL-TRIVIAL',
];

const GOLDEN = new URL('../../test/golden/messages.txt', import.meta.url);

function messagesOf(text: string): string[] {
    const r = compileSchemaText(text);
    return [...r.errors, ...r.warnings].map((d) => `${d.code} ${d.pointer}: ${d.message}`);
}

/** The teaching cases: habits from other languages and typos, each with the message it must get. */
const TEACHING: Array<[string, string]> = [
    ['a = b', schemaWith(['a = b'])],
    ['a && b', schemaWith(['a > 0 && b > 0'])],
    ['a || b', schemaWith(['a > 0 || b > 0'])],
    ['!flag', schemaWith(['!flag'])],
    ['double quotes', schemaWith(['s == "x"'])],
    ['date as plain string', schemaWith(["d < '2024-01-01'"])],
    ['date as plain string that is no date', schemaWith(["d < '2024-02-30' or d > 'not a date'"])],
    ['datetime as plain string', schemaWith(["dt < '2024-01-31T10:00:00Z' or dt > '2024-01-31'"])],
    ['enum typo', schemaWith(["status == 'payd'"])],
    ['round mode typo', schemaWith(["round(x, 2, 'half_evn') > 1"])],
    ['function typo', schemaWith(['mx(a, b) > 1'])],
    ['type from another language', doc('{"name": "rate", "type": "percentage"}')],
    ['type typo', doc('{"name": "when_signed", "type": "dat"}')],
    ['key typo', doc('{"name": "a", "type": "integer", "hint": ["x"]}')],
    ['top key typo', '{"svc_schema": "1.0", "name": "t", "field": [], "fields": [{"name": "a", "type": "integer"}]}'],
    ['currency in lower case', doc('{"name": "m", "type": "money", "currency": "eur"}')],
    ['key not for the type', doc('{"name": "d", "type": "date", "pattern": "x"}')],
    ['pattern that compiles too large', doc('{"name": "s", "type": "string", "pattern": "\\\\p{L}{999}\\\\p{L}{999}"}')],
    ['array needs items', doc('{"name": "lines", "type": "array"}')],
    ['bound not in the literal form', doc('{"name": "d", "type": "date", "min": "01-02-2024"}')],
    ['bound in another basis', doc('{"name": "t", "type": "duration", "basis": "days", "max": "P1M"}')],
    ['bound with too many digits', doc('{"name": "m", "type": "money", "currency": "EUR", "min": "0.001"}')],
    ['JSON single quotes', "{'svc_schema': '1.0'}"],
    ['JSON comment', '{"svc_schema": "1.0", // version\n "name": "t"}'],
    ['JSON unquoted key', '{svc_schema: "1.0"}'],
    ['JSON typographic quote', '{\u201csvc_schema\u201d: "1.0"}'],
    ['JSON end of text', '{"svc_schema": "1.0", "name": "t", "fields": ['],
    ['JSON bad literal', '{"svc_schema": "1.0", "name": "t", "fields": [{"name": "a", "type": "integer", "nullable": tru}]}'],
];

function goldenText(): string {
    const out: string[] = [];
    for (const code of Object.keys(CODES) as DiagnosticCode[]) out.push(`## ${code} (example)`, ...messagesOf(EXAMPLES[code].schema), '');
    for (const [name, text] of TEACHING) out.push(`## ${name}`, ...messagesOf(text), '');
    return out.join('\n');
}

describe('diagnostic registry', () => {
    it('holds exactly the service codes, each with a title, messages, explanation and example', () => {
        expect(Object.keys(CODES).sort()).to.deep.equal([...INTERFACE_CODES].sort());
        for (const [code, info] of Object.entries(CODES)) {
            expect(info.title, code).to.have.length.greaterThan(5);
            expect(Object.keys(info.messages).length, code).to.be.greaterThan(0);
            expect(info.explanation, code).to.have.length.greaterThan(40);
            expect(EXAMPLES[code as DiagnosticCode].fix, code).to.have.length.greaterThan(3);
            expect(info.severity, code).to.equal(code.startsWith('W-') ? 'warning' : 'error');
        }
    });

    it('has no catch-all message: every template holds words of its own besides placeholders', () => {
        for (const code of Object.keys(CODES) as DiagnosticCode[]) {
            for (const [form, template] of messageForms(code)) {
                expect(template.replace(/\{[a-z]\w*\??\}/g, '').replace(/[^A-Za-z]/g, '').length, `${code} ${form}`).to.be.greaterThan(8);
            }
        }
    });

    it('never writes "a" before a vowel sound in a message (a array, a integer)', () => {
        expect(goldenText()).to.not.match(/\ba (array|integer|enum|item|expression|object|error)\b/);
    });

    it("compiles each code's example schema and raises exactly that code there (compile_fail)", () => {
        for (const code of Object.keys(CODES) as DiagnosticCode[]) {
            const r = compileSchemaText(EXAMPLES[code].schema);
            const codes = [...r.errors, ...r.warnings].map((d) => d.code);
            expect(codes, code).to.include(code);
        }
    });

    it('prints every example whole, or shortened with a command that writes that very schema', () => {
        for (const code of Object.keys(CODES) as DiagnosticCode[]) {
            const ex = EXAMPLES[code];
            expect(exampleExcerpt(code).length, code).to.be.at.most(400);
            if (!ex.shortened) {
                expect(exampleExcerpt(code), code).to.equal(ex.schema);
                continue;
            }
            const dir = mkdtempSync(join(tmpdir(), 'svc-example-'));
            try {
                execFileSync('sh', ['-c', ex.shortened.build], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
                const built = readFileSync(join(dir, /> (\S+)$/.exec(ex.shortened.build)![1]!), 'utf8');
                expect(JSON.parse(built), code).to.deep.equal(JSON.parse(ex.schema));
            } finally {
                rmSync(dir, { recursive: true, force: true });
            }
        }
    });

    it('gives each example and each common mistake the message in test/golden/messages.txt', () => {
        const actual = goldenText();
        if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, actual);
        expect(actual).to.equal(readFileSync(GOLDEN, 'utf8'));
    });

    it('fills placeholders, leaves optional ones empty and none behind', () => {
        expect(formatMessage('E-FIELD-DUP', { name: 'a', first: 0 })).to.equal('field name "a" is already used by /fields/0');
        expect(formatMessage('E-NAME-UNKNOWN', { name: 'x' })).to.equal('"x" is not a field of this schema');
        expect(formatMessage('E-DIV-UNROUNDED')).to.match(/^division must be/);
    });

    it('quotes at most 160 characters of one argument, never half a surrogate pair', () => {
        const number = `{"svc_schema": "1.0", "name": "n", "fields": [{"name": "a", "type": "integer", "min": 1${'0'.repeat(100_000)}}]}`;
        const bangs = JSON.stringify({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'a', type: 'boolean' }],
            relations: [{ id: 'r', expr: `${'!'.repeat(16_000)}a` }],
        });
        for (const text of [number, bangs]) {
            const r = compileSchemaText(text);
            expect(r.ok).to.equal(false);
            for (const e of r.errors) expect(e.message.length, e.message.slice(0, 300)).to.be.below(600);
        }
        const emoji = formatMessage('E-NAME-UNKNOWN', { name: '😀'.repeat(200) });
        expect(emoji).to.match(/… \(400 characters\)/);
        expect(emoji).not.to.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    });

    it('builds details in the API shape, with a span only for expressions', () => {
        expect(diagnostic('E-TYPE', '/relations/0/expr', { form: 'not-boolean', type: 'integer' }, [0, 3])).to.deep.equal({
            code: 'E-TYPE',
            message: 'not takes a boolean, not integer',
            pointer: '/relations/0/expr',
            span: [0, 3],
        });
        expect(diagnostic('E-LIMIT', '/fields', { form: 'fields', max: 32, n: 0 })).to.not.have.property('span');
        expect(isKnownCode('E-NOPE')).to.equal(false);
    });
});
