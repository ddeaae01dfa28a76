// User-chosen names that are also Object.prototype's (`__proto__`, `constructor`, `toString`) as
// field names, relation ids and JSON keys: every feature treats them as ordinary names.
import { expect } from 'chai';
import type { Connection, DocumentSymbol, Hover, MarkupContent } from 'vscode-languageserver';
import { createSvcLspServices } from '../src/index.js';
import { positionAt } from './test-text.js';

const TEXT = `{"svc_schema": "1.0", "name": "t", "fields": [
  {"name": "__proto__", "type": "integer", "min": 0},
  {"name": "constructor", "type": "money", "currency": "EUR"},
  {"name": "toString", "type": "integer", "__proto__": "x", "constructor": "y"}
], "relations": [
  {"id": "__proto__", "expr": "__proto__ > toString"},
  {"id": "constructor", "expr": "constructor > 0"}
]}`;

const at = (needle: string, after = 0): ReturnType<typeof positionAt> => positionAt(TEXT, TEXT.indexOf(needle) + after);
const hoverText = (h: Hover | null): string => (h?.contents as MarkupContent | undefined)?.value ?? '';

describe('names that are Object.prototype members', () => {
    const s = createSvcLspServices({} as Connection);
    const uri = 'file:///proto.svc.json';
    const doc = s.documents.store.open({ textDocument: { uri, languageId: 'svc-schema', version: 1, text: TEXT } });

    it('compiles: only the two misplaced keys are reported', () => {
        const codes = s.diagnostics.publisher.current(doc).map((d) => `${d.diagnostic.code} ${TEXT.slice(d.start, d.end)}`);
        expect(codes).to.deep.equal(['E-SCHEMA-UNKNOWN-KEY "__proto__"', 'E-SCHEMA-UNKNOWN-KEY "constructor"']);
    });

    it('completes and hovers such fields with their types', () => {
        const items = s.features.completion.complete(doc, { textDocument: { uri }, position: at('"__proto__ > toString"', 1) }).items;
        const detail = new Map(items.map((i) => [i.label, i.detail]));
        expect(detail.get('__proto__')).to.equal('integer');
        expect(detail.get('constructor')).to.equal('money(EUR)');
        expect(hoverText(s.features.hover.hover(doc, at('constructor > 0', 2)))).to.contain('**constructor**: `money(EUR)`');
        expect(hoverText(s.features.hover.hover(doc, at('__proto__ > toString', 2)))).to.contain('**\\_\\_proto\\_\\_**: `integer`');
    });

    it('goes to their definitions and lists them as symbols', () => {
        const def = s.features.navigation.definition(doc, at('__proto__ > toString', 2));
        expect(def?.range.start).to.deep.equal(at('"__proto__", "type"', 1));
        const [fields, relations] = s.features.symbols.symbols(doc) as DocumentSymbol[];
        expect(fields!.children!.map((c) => c.name)).to.deep.equal(['__proto__', 'constructor', 'toString']);
        expect(relations!.children!.map((c) => c.name)).to.deep.equal(['__proto__', 'constructor']);
    });

    it('gives no documentation or values for keys that only Object.prototype has', () => {
        // The hover is the unknown key's diagnostic alone, no key documentation.
        for (const key of ['"__proto__": "x"', '"constructor": "y"']) {
            const text = hoverText(s.features.hover.hover(doc, at(key, 2)));
            expect(text).to.contain('E-SCHEMA-UNKNOWN-KEY');
            expect(text).not.to.match(/`(__proto__|constructor)`:|native code/);
        }
        expect(s.features.completion.complete(doc, { textDocument: { uri }, position: at('"x"', 1) }).items).to.deep.equal([]);
        expect(s.features.completion.complete(doc, { textDocument: { uri }, position: at('"y"', 1) }).items).to.deep.equal([]);
    });
});
