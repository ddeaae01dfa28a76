// A schema over the compiler's size limit (1 MiB of UTF-8) gets E-LIMIT and nothing else: no feature
// reads it (a hostile review found a 12 MiB schema analysed in full on every request, 49 MiB taking
// 6 s and 1.2 GiB). Back under the limit, it is a schema like any other.
import { expect } from 'chai';
import { compileSchemaText, MAX_SCHEMA_BYTES } from '@svc/compiler';
import type { Diagnostic } from 'vscode-languageserver';
import { isOverLimit, limitRange } from '../src/documents/size-limit.js';
import { LspSession } from './lsp-test-client.js';

/** A valid schema of `relations` relations (each about 100 bytes). */
const schema = (relations: number, lead = ''): string =>
    `${lead}{"svc_schema": "1.0", "name": "big", "fields": [{"name": "a", "type": "decimal"}], "relations": [\n` +
    Array.from({ length: relations }, (_, i) => `{"id": "r${i}", "expr": "a > ${i}", "description": "${'x'.repeat(48)}"}`).join(',\n') +
    ']}';

describe('documents over the size limit', function () {
    this.timeout(60_000);

    it('are decided by length, and by UTF-8 bytes only near the limit', () => {
        expect(isOverLimit('a'.repeat(MAX_SCHEMA_BYTES))).to.equal(false);
        expect(isOverLimit('a'.repeat(MAX_SCHEMA_BYTES + 1))).to.equal(true);
        expect(isOverLimit('€'.repeat(Math.floor(MAX_SCHEMA_BYTES / 3)))).to.equal(false);
        expect(isOverLimit('€'.repeat(Math.floor(MAX_SCHEMA_BYTES / 3) + 1))).to.equal(true);
    });

    it("mark the schema's first character, after a BOM and white space, in each encoding", () => {
        expect(limitRange('\r\n  {"a": 1}', 'utf-16')).to.deep.equal({ start: { line: 1, character: 2 }, end: { line: 1, character: 3 } });
        expect(limitRange('\r \n\t{', 'utf-8')).to.deep.equal({ start: { line: 2, character: 1 }, end: { line: 2, character: 2 } });
        expect(limitRange('\ufeff {', 'utf-8')).to.deep.equal({ start: { line: 0, character: 4 }, end: { line: 0, character: 5 } });
        expect(limitRange('\ufeff😀', 'utf-16')).to.deep.equal({ start: { line: 0, character: 1 }, end: { line: 0, character: 3 } });
        expect(limitRange(' '.repeat(10_000), 'utf-32')).to.deep.equal({
            start: { line: 0, character: 0 },
            end: { line: 0, character: 0 },
        });
    });

    for (const [kind, uri, languageId] of [
        ['a *.svc.json file', 'file:///work/huge.svc.json', 'json'],
        ['a JSON file with svc_schema', 'file:///work/huge.json', 'json'],
    ] as const) {
        it(`${kind}: E-LIMIT alone, empty answers, nothing analysed; under the limit again, all as usual`, async () => {
            const s = await LspSession.start({ nodeArgs: ['--expose-gc'] });
            try {
                const text = schema(11_000, '\n  ');
                expect(Buffer.byteLength(text)).to.be.greaterThan(MAX_SCHEMA_BYTES);
                const diags = await s.open(uri, text, languageId);
                const limit = compileSchemaText(text).errors;
                expect(diags.map((d: Diagnostic) => [d.code, d.message, d.range])).to.deep.equal([
                    [limit[0]!.code, limit[0]!.message, { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } }],
                ]);
                const doc = { textDocument: { uri } };
                const position = { line: 2, character: 22 }; // on "a" in the first relation's expression
                const whole = { start: { line: 0, character: 0 }, end: { line: 11_002, character: 0 } };
                const answers = await Promise.all([
                    s.request('textDocument/hover', { ...doc, position }),
                    s.request('textDocument/completion', { ...doc, position }),
                    s.request('textDocument/definition', { ...doc, position }),
                    s.request('textDocument/references', { ...doc, position, context: { includeDeclaration: true } }),
                    s.request('textDocument/prepareRename', { ...doc, position }),
                    s.request('textDocument/documentSymbol', doc),
                    s.request('textDocument/semanticTokens/full', doc),
                    s.request('textDocument/semanticTokens/range', { ...doc, range: whole }),
                    s.request('textDocument/codeAction', { ...doc, range: whole, context: { diagnostics: diags } }),
                ]);
                expect(answers).to.deep.equal([null, null, null, null, null, [], { data: [] }, { data: [] }, []]);
                const stats = await s.request<{ analysed: number; overLimit: number; compile: { inWorker: number } }>(
                    'svc/serverStats',
                    {},
                );
                expect([stats.analysed, stats.compile.inWorker, stats.overLimit]).to.deep.equal([0, 0, 1]);

                const small = schema(100);
                expect(await s.change(uri, 2, [{ text: small }])).to.deep.equal([]);
                const tokens = await s.request<{ data: number[] }>('textDocument/semanticTokens/full', doc);
                expect(tokens.data.length).to.be.greaterThan(0);
                const hover = await s.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 22 } });
                expect(hover).to.not.equal(null);
            } finally {
                await s.stop();
            }
        });
    }
});
