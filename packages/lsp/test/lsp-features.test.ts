// End to end over stdio: the real server, driven as an editor drives it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { compileSchemaText } from '@svc/compiler';
import type {
    CodeAction,
    CompletionItem,
    CompletionList,
    Range,
    TextEdit,
    Diagnostic,
    DocumentSymbol,
    Hover,
    Location,
    SemanticTokens,
    WorkspaceEdit,
} from 'vscode-languageserver';
import { LspSession, REPO_ROOT } from './lsp-test-client.js';
import { INVOICE } from './schema-fixtures.js';
import { applyEdits, cursorIn, rangeOf, textIn } from './test-text.js';

const editRange = (item: CompletionItem): Range => (item.textEdit as TextEdit).range;

const URI = 'file:///work/invoice.svc.json';

describe('language server over stdio', function () {
    let s: LspSession;
    let first: Diagnostic[];
    before(async () => {
        s = await LspSession.start();
        first = await s.open(URI, INVOICE);
    });
    after(async () => s.stop());

    it('answers initialize with its capabilities and UTF-16 when the client offers nothing', () => {
        const caps = s.initializeResult.capabilities;
        expect(caps.textDocumentSync).to.deep.include({ change: 2 });
        expect(caps.positionEncoding ?? 'utf-16').to.equal('utf-16');
        for (const k of [
            'completionProvider',
            'hoverProvider',
            'definitionProvider',
            'referencesProvider',
            'renameProvider',
            'documentSymbolProvider',
            'semanticTokensProvider',
            'codeActionProvider',
        ]) {
            expect(caps, k).to.have.property(k);
        }
    });

    it('has the semantic token legend docs/lsp.md lists', () => {
        const doc = readFileSync(`${REPO_ROOT}docs/lsp.md`, 'utf8').replace(/\s+/g, ' ');
        const [, types, modifiers] = /legend \(token types, in order\) `([^`]+)`, modifiers `([^`]+)`/.exec(doc) ?? [];
        const legend = s.initializeResult.capabilities.semanticTokensProvider!.legend;
        expect(types?.split(' ')).to.deep.equal(legend.tokenTypes);
        expect(modifiers?.split(' ')).to.deep.equal(legend.tokenModifiers);
    });

    it('publishes the compiler diagnostics on open, with code, severity, range and explanation link', () => {
        expect(first.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED', 'E-NAME-UNKNOWN']);
        const [div, name] = first as [Diagnostic, Diagnostic];
        expect(div.range).to.deep.equal(rangeOf(INVOICE, 'vat / net'));
        expect(div.severity).to.equal(1);
        expect(name.range).to.deep.equal(rangeOf(INVOICE, 'totl'));
        expect(name.message).to.equal('"totl" is not a field of this schema; did you mean "total"?');
        const page = fileURLToPath(div.codeDescription!.href);
        expect(existsSync(page)).to.equal(true);
        expect(readFileSync(page, 'utf8')).to.contain('A quotient can have infinitely many digits');
    });

    it('publishes again on every change, for that version', async () => {
        const fix = rangeOf(INVOICE, 'totl');
        const after = await s.change(URI, 2, [{ range: fix, text: 'total' }]);
        expect(after.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED']);
        const back = await s.change(URI, 3, [{ text: INVOICE }]);
        expect(back.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED', 'E-NAME-UNKNOWN']);
    });

    it('drops stale results: a burst of changes ends with the last version published', async () => {
        const uri = 'file:///work/burst.svc.json';
        await s.open(uri, INVOICE);
        const at = rangeOf(INVOICE, '"typo"').start;
        let version = 1;
        const last = s.nextDiagnostics(uri, (p) => p.version === 41);
        for (let i = 0; i < 40; i++) {
            version++;
            void s.connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version },
                contentChanges: [{ range: { start: at, end: at }, text: ' ' }],
            });
        }
        const final = await last;
        expect(final.diagnostics.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED', 'E-NAME-UNKNOWN']);
        const versions = s.published.filter((p) => p.uri === uri).map((p) => p.version!);
        expect(versions.length).to.be.lessThan(20); // debounced: not one per keystroke
        expect(versions).to.deep.equal([...versions].sort((a, b) => a - b)); // never an older one after a newer
    });

    it('finds schemas by content: a .json file with svc_schema, but not other JSON', async () => {
        const other = 'file:///work/package.json';
        await s.connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: other, languageId: 'json', version: 1, text: '{"name": "x", "fields": 1}' },
        });
        const diags = await s.open('file:///work/plain.json', INVOICE.replace('"totl', '"total'));
        expect(diags.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED']);
        expect(s.published.some((p) => p.uri === other)).to.equal(false);
    });

    it('completes field names with their types in expressions', async () => {
        const list = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, '"total == net + vat"', '"total == n'),
        });
        const net = list.items.find((i) => i.label === 'net')!;
        expect(net.detail).to.equal('money(EUR)');
        expect(net.textEdit).to.deep.include({ newText: 'net' });
        expect(textIn(INVOICE, editRange(net))).to.equal('n');
        expect(list.items.map((i) => i.label)).to.include.members(['round', 'present', 'and', "date'…'"]);
    });

    it("completes enum labels after == and round modes as round's third argument", async () => {
        const text = INVOICE.replace('"status == \'open\'"', '"status == \'"').replace('"totl > 0"', '"round(vat, 2, \'h\') > 0"');
        const uri = 'file:///work/complete.svc.json';
        await s.open(uri, text);
        const labels = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, '"status == \'"', '"status == \''),
        });
        expect(labels.items.map((i) => i.label)).to.deep.equal(["'open'", "'paid'"]);
        expect(labels.items[0]!.textEdit).to.deep.include({ newText: "open'" });
        const modes = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, "'h'", "'h"),
        });
        expect(modes.items.map((i) => i.label)).to.include.members(["'half_even'", "'half_up'", "'floor'"]);
        expect(textIn(text, editRange(modes.items[0]!))).to.equal('h');
    });

    it('completes keys valid at the place, type names, eom and basis values in the JSON', async () => {
        const text = INVOICE.replace('{"name": "issued", "type": "date"}', '{"name": "issued", "type": "date", "eom": "", }').replace(
            '{"name": "rate", "type": "decimal", "scale": 2}',
            '{"name": "rate", "type": ""}',
        );
        const uri = 'file:///work/json.svc.json';
        await s.open(uri, text);
        const keys = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, '"eom": "", }', '"eom": "", '),
        });
        const labels = keys.items.map((i) => i.label);
        expect(labels).to.include.members(['min', 'max', 'date_order', 'nullable', 'hints']);
        expect(labels).to.not.include.members(['eom', 'type', 'name', 'currency', 'pattern']);
        const eom = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, '"eom": ""', '"eom": "'),
        });
        expect(eom.items.map((i) => i.label)).to.deep.equal(['clamp', 'preserve']);
        expect(eom.items[0]!.textEdit).to.deep.include({ newText: '"clamp"' });
        const types = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, '"name": "rate", "type": ""', '"name": "rate", "type": "'),
        });
        expect(types.items.map((i) => i.label)).to.include.members(['string', 'money', 'duration', 'enum', 'array']);
        const basisText = text.replace('{"name": "rate", "type": ""}', '{"name": "term", "type": "duration", "basis": }');
        await s.change(uri, 2, [{ text: basisText }]);
        const basis = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(basisText, '"basis": }', '"basis": '),
        });
        expect(basis.items.map((i) => i.label)).to.deep.equal(['days', 'months', 'seconds']);
    });

    it('completes keys while the JSON is half typed', async () => {
        const text = '{"svc_schema": "1.0", "name": "t", "fields": [{"name": "a", "type": "money", "cu';
        const uri = 'file:///work/partial.svc.json';
        await s.open(uri, text);
        const list = await s.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursorIn(text, '"cu', '"cu'),
        });
        const currency = list.items.find((i) => i.label === 'currency')!;
        expect(currency.textEdit).to.deep.include({ newText: '"currency": "$1"' });
        expect(textIn(text, editRange(currency))).to.equal('"cu');
    });

    it('never splits a surrogate pair in a completion asked between its halves', async () => {
        const text =
            '{"svc_schema": "1.0", "name": "t😀", "fields": [{"name": "a", "type": "string", "😀": 1}],\n"relations": [{"id": "r", "expr": "a == \'😀\' and 😀a"}]}';
        const uri = 'file:///work/pairs.svc.json';
        await s.open(uri, text);
        const lines = text.split('\n');
        const splits = (p: { line: number; character: number }): boolean => {
            const line = lines[p.line]!;
            return /[\ud800-\udbff]/.test(line[p.character - 1] ?? '') && /[\udc00-\udfff]/.test(line[p.character] ?? '');
        };
        let middles = 0;
        let edits = 0;
        for (const [line, content] of lines.entries()) {
            for (let character = 1; character < content.length; character++) {
                if (!splits({ line, character })) continue;
                middles++;
                const list = await s.request<CompletionList>('textDocument/completion', {
                    textDocument: { uri },
                    position: { line, character },
                });
                for (const item of list.items) {
                    const { start, end } = editRange(item);
                    expect(splits(start) || splits(end), `${item.label} at ${line}:${character}`).to.equal(false);
                    edits++;
                }
            }
        }
        expect(middles).to.equal(4);
        expect(edits).to.be.greaterThan(0);
    });

    it('hovers a field with its type and keys, a function with its signature, a diagnostic with its explanation', async () => {
        const field = await s.request<Hover>('textDocument/hover', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, '"total == net + vat"', '"total == ne'),
        });
        expect((field.contents as { value: string }).value)
            .to.contain('**net**: `money(EUR)`')
            .and.contain('`min`: `"0.00"`');
        expect(field.range).to.deep.equal(rangeOf(INVOICE, 'net', 1));
        const fn = await s.request<Hover>('textDocument/hover', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, 'when(present', 'when(pre'),
        });
        expect((fn.contents as { value: string }).value).to.contain('present(field) → boolean');
        const diag = await s.request<Hover>('textDocument/hover', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, 'vat / net', 'vat /'),
        });
        expect((diag.contents as { value: string }).value)
            .to.contain('**E-DIV-UNROUNDED**')
            .and.contain('rounded once');
    });

    it("goes to a field's definition and finds its references from an expression", async () => {
        const at = cursorIn(INVOICE, '"total == net + vat"', '"total == n');
        const def = await s.request<Location>('textDocument/definition', { textDocument: { uri: URI }, position: at });
        expect(def.range).to.deep.equal(rangeOf(INVOICE, '"net"', 0, 'utf-16', 'net'));
        const refs = await s.request<Location[]>('textDocument/references', {
            textDocument: { uri: URI },
            position: at,
            context: { includeDeclaration: true },
        });
        expect(refs.map((r) => textIn(INVOICE, r.range))).to.deep.equal(['net', 'net', 'net']);
        expect(refs.map((r) => r.range.start.line)).to.deep.equal([4, 13, 14]);
        const fromDecl = await s.request<Location[]>('textDocument/references', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, '"net"', '"n'),
            context: { includeDeclaration: false },
        });
        expect(fromDecl).to.have.length(2);
    });

    it('renames a field in its name string and in every expression', async () => {
        const prep = await s.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, 'due >= issued', 'due >= iss'),
        });
        expect(prep.placeholder).to.equal('issued');
        const edit = await s.request<WorkspaceEdit>('textDocument/rename', {
            textDocument: { uri: URI },
            position: cursorIn(INVOICE, '"due"', '"d'),
            newName: 'due_date',
        });
        const renamed = applyEdits(INVOICE, edit.changes![URI]!);
        expect(renamed).to.contain('{"name": "due_date", "type": "date"').and.contain('"when(present(due_date), due_date >= issued)"');
        expect(compileSchemaText(renamed).errors.map((e) => e.code)).to.deep.equal(['E-DIV-UNROUNDED', 'E-NAME-UNKNOWN']);
        let refused = '';
        try {
            await s.request('textDocument/rename', {
                textDocument: { uri: URI },
                position: cursorIn(INVOICE, '"due"', '"d'),
                newName: 'net',
            });
        } catch (e) {
            refused = (e as Error).message;
        }
        expect(refused).to.contain('already exists');
    });

    it('lists fields and relations as document symbols', async () => {
        const symbols = await s.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
        expect(symbols.map((g) => g.name)).to.deep.equal(['fields', 'relations']);
        expect(symbols[0]!.children!.map((c) => `${c.name}: ${c.detail}`)).to.include.members([
            'net: money(EUR)',
            "status: enum('open' | 'paid')",
        ]);
        expect(symbols[1]!.children!.map((c) => c.name)).to.deep.equal(['sum', 'share', 'typo', 'due_after']);
        expect(textIn(INVOICE, symbols[1]!.children![0]!.selectionRange)).to.equal('"sum"');
    });

    it('returns semantic tokens inside expression strings', async () => {
        const legend = s.initializeResult.capabilities.semanticTokensProvider!.legend;
        const tokens = await s.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: URI } });
        const decoded: Array<{ text: string; type: string }> = [];
        let line = 0;
        let char = 0;
        for (let i = 0; i < tokens.data.length; i += 5) {
            const [dl, dc, len, type] = tokens.data.slice(i, i + 5) as [number, number, number, number];
            line += dl;
            char = dl === 0 ? char + dc : dc;
            decoded.push({
                text: textIn(INVOICE, { start: { line, character: char }, end: { line, character: char + len } }),
                type: legend.tokenTypes[type]!,
            });
        }
        const rel = decoded;
        expect(rel).to.deep.include({ text: 'when', type: 'function' });
        expect(rel).to.deep.include({ text: '>=', type: 'operator' });
        expect(rel).to.deep.include({ text: 'totl', type: 'unknownField' });
        expect(rel).to.deep.include({ text: "'open'", type: 'string' });
        expect(rel).to.deep.include({ text: '100', type: 'number' });
        expect(rel.filter((d) => d.text === 'net' && d.type === 'property')).to.have.length(3); // declaration and two uses
    });

    it('offers quick fixes: round for E-DIV-UNROUNDED, the close name for E-NAME-UNKNOWN', async () => {
        const at = rangeOf(INVOICE, 'vat / net');
        const actions = await s.request<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri: URI },
            range: at,
            context: { diagnostics: [] },
        });
        expect(actions.map((a) => a.title)).to.deep.equal(["Wrap in round(…, 2, 'half_even')"]);
        const fixed = applyEdits(INVOICE, actions[0]!.edit!.changes![URI]!);
        expect(fixed).to.contain(`"round(vat / net, 2, 'half_even') * 100 == rate"`);
        const names = await s.request<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri: URI },
            range: rangeOf(INVOICE, 'totl'),
            context: { diagnostics: [] },
        });
        expect(names[0]!.title).to.equal('Change to "total"');
        const both = fixed.replace('totl', 'total');
        expect(compileSchemaText(both).ok).to.equal(true);
    });

    it('offers quick fixes for E-SCHEMA-VERSION and E-FIELD-DUP', async () => {
        const text = INVOICE.replace('"1.0"', '"2.0"');
        const uri = 'file:///work/version.svc.json';
        const diags = await s.open(uri, text);
        expect(diags.map((d) => d.code)).to.deep.equal(['E-SCHEMA-VERSION']);
        const [fix] = await s.request<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri },
            range: diags[0]!.range,
            context: { diagnostics: diags },
        });
        expect(applyEdits(text, fix!.edit!.changes![uri]!)).to.equal(INVOICE);

        const dup = INVOICE.replace('"totl > 0"', '"total > 0"')
            .replace('"vat / net * 100 == rate"', '"round(vat * 100 / net, 2, \'half_even\') == rate"')
            .replace('{"name": "issued", "type": "date"}', '{"name": "issued", "type": "date"},\n    {"name": "rate", "type": "integer"}');
        const duri = 'file:///work/dup.svc.json';
        const dd = await s.open(duri, dup);
        expect(dd.map((d) => d.code)).to.deep.equal(['E-FIELD-DUP']);
        expect(dd[0]!.range).to.deep.equal(rangeOf(dup, '"rate"', 1));
        const fixes = await s.request<CodeAction[]>('textDocument/codeAction', {
            textDocument: { uri: duri },
            range: dd[0]!.range,
            context: { diagnostics: dd },
        });
        expect(fixes.map((f) => f.title)).to.deep.equal(['Rename this field to "rate_2"', 'Remove this duplicate field']);
        for (const f of fixes) expect(compileSchemaText(applyEdits(dup, f.edit!.changes![duri]!)).errors).to.deep.equal([]);
    });
});
