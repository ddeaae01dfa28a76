// The quick fixes that apply what a message teaches: each mistake, fixed by its preferred action,
// compiles without that error.
import { expect } from 'chai';
import { compileSchemaText, type Diagnostic } from '@svc/compiler';
import type { CodeAction } from 'vscode-languageserver';
import { teachingFixes } from '../src/features/code-action-teaching.js';
import { LspSession } from './lsp-test-client.js';
import { applyEdits } from './test-text.js';

const FIELDS =
    '{"name": "a", "type": "integer"}, {"name": "b", "type": "integer"}, {"name": "d", "type": "date"}, {"name": "m", "type": "money", "currency": "EUR"}';
const schema = (expr: string, fields = FIELDS): string =>
    `{"svc_schema": "1.0", "name": "t", "fields": [${fields}], "relations": [{"id": "r", "expr": ${JSON.stringify(expr)}}]}`;

describe('quick fixes for the mistakes the messages teach about', function () {
    this.timeout(30_000);
    let s: LspSession;
    before(async () => {
        s = await LspSession.start();
    });
    after(async () => s.stop());

    const CASES: Array<[string, string, string, string]> = [
        ['a = b', schema('a = b'), 'Change "=" to "=="', 'a == b'],
        ['&&', schema('a > 0 && b > 0'), 'Change "&&" to "and"', 'a > 0 and b > 0'],
        ['||', schema('a > 0 || b > 0'), 'Change "||" to "or"', 'a > 0 or b > 0'],
        ['!', schema('!(a > 0)'), 'Change "!" to "not"', 'not (a > 0)'],
        ['a date as a string', schema("d < '2024-01-01'"), "Write date'2024-01-01'", "d < date'2024-01-01'"],
        [
            'a datetime as a string',
            schema("t < '2024-01-01T10:00Z'", `${FIELDS}, {"name": "t", "type": "datetime"}`),
            "Write datetime'2024-01-01T10:00Z'",
            "t < datetime'2024-01-01T10:00Z'",
        ],
        [
            'a type of another language',
            schema('a > 0', FIELDS.replace('"type": "integer"}, {"name": "b"', '"type": "int"}, {"name": "b"')),
            'Change to "integer"',
            '"type": "integer"',
        ],
        ['a currency in lower case', schema('a > 0', FIELDS.replace('"EUR"', '"eur"')), 'Change to "EUR"', '"currency": "EUR"'],
    ];
    // The compiler's message says "write the date as date'…'" whatever the string; the fix is offered
    // only where the literal would be valid (a hostile review applied date'2024-02-30': E-EXPR-LITERAL).
    const NOT_DATES: Array<[string, string]> = [
        ['no such day', schema("d < '2024-02-30'")],
        ['not a date at all', schema("d > 'not a date'")],
        ['a date where a datetime is due', schema("t > '2024-01-01'", `${FIELDS}, {"name": "t", "type": "datetime"}`)],
    ];
    NOT_DATES.forEach(([name, text], i) => {
        it(`offers no typed literal for a string that is no valid one: ${name}`, async () => {
            const uri = `file:///work/teach-not-${i}.svc.json`;
            const diags = await s.open(uri, text);
            expect(diags.map((d) => d.code)).to.deep.equal(['E-TYPE']);
            const actions = await s.request<CodeAction[]>('textDocument/codeAction', {
                textDocument: { uri },
                range: diags[0]!.range,
                context: { diagnostics: diags },
            });
            expect(actions.map((a) => a.title)).to.deep.equal([]);
        });
    });

    // Whatever the message proposes (the compiler's wording may change): the string itself decides.
    it('offers no typed literal when the message proposes one the literal would not accept', () => {
        const text = schema("d < '2024-02-30' and d > '2024-02-28'");
        const at = (quoted: string): [number, number] => [text.indexOf(quoted), text.indexOf(quoted) + quoted.length];
        const proposing = (date: string): Diagnostic => ({
            code: 'E-TYPE',
            message: `operator < does not take date and string; write the date as date'${date}'`,
            pointer: '/relations/0/expr',
        });
        expect(teachingFixes(text, proposing('2024-02-30'), ...at("'2024-02-30'"))).to.deep.equal([]);
        expect(teachingFixes(text, proposing('2024-02-28'), ...at("'2024-02-28'")).map((f) => f.title)).to.deep.equal([
            "Write date'2024-02-28'",
        ]);
    });

    CASES.forEach(([name, text, title, expected], i) => {
        it(`${name}: "${title}"`, async () => {
            const uri = `file:///work/teach-${i}.svc.json`;
            const diags = await s.open(uri, text);
            expect(diags, name).to.have.length(1);
            const actions = await s.request<CodeAction[]>('textDocument/codeAction', {
                textDocument: { uri },
                range: diags[0]!.range,
                context: { diagnostics: diags },
            });
            const fix = actions.find((a) => a.title === title);
            expect(fix, JSON.stringify(actions.map((a) => a.title))).to.not.equal(undefined);
            expect(fix!.isPreferred).to.equal(true);
            const fixed = applyEdits(text, fix!.edit!.changes![uri]!);
            expect(fixed).to.contain(expected);
            expect(compileSchemaText(fixed).errors).to.deep.equal([]);
        });
    });
});
