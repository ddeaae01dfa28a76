// Editing features on any text at any cursor: schemas cut, spliced and sprinkled with JSON and
// expression punctuation, every feature asked at a random position. None may throw, and every
// range they return must lie inside the document.
import { expect } from 'chai';
import fc from 'fast-check';
import type { Connection, Range } from 'vscode-languageserver';
import { createSvcLspServices } from '../src/index.js';
import { CHECK_CASES } from './check-cases.js';
import { INVOICE } from './schema-fixtures.js';
import { positionAt } from './test-text.js';

const RUNS = Math.ceil(Number(process.env.FC_RUNS ?? 10_000) / 20);
const BASES = [INVOICE, ...CHECK_CASES.filter((c) => c.text.length < 10_000).map((c) => c.text)];
const NOISE = ['{', '}', '[', ']', '"', ':', ',', "'", '(', ')', '\\', '\\u00e9', ' ', '\n', 'é', '😀', '==', 'round(', "date'"];

describe('features on arbitrary edits (property)', function () {
    this.timeout(120000);

    it('never throw and return ranges inside the document', () => {
        const s = createSvcLspServices({} as Connection);
        const f = s.features;
        let version = 0;
        const edited = fc
            .tuple(fc.constantFrom(...BASES), fc.nat(), fc.nat({ max: 40 }), fc.array(fc.constantFrom(...NOISE), { maxLength: 4 }))
            .map(([base, at, cut, noise]) => {
                const i = at % (base.length + 1);
                return base.slice(0, i) + noise.join('') + base.slice(Math.min(base.length, i + cut));
            });
        fc.assert(
            fc.property(edited, fc.nat(), (text, at) => {
                const uri = 'file:///fuzz.svc.json';
                const doc = s.documents.store.open({ textDocument: { uri, languageId: 'svc-schema', version: ++version, text } });
                const position = positionAt(text, at % (text.length + 1));
                const lines = text.split('\n');
                const inside = (r: Range | undefined): void => {
                    if (!r) return;
                    for (const p of [r.start, r.end]) {
                        expect(p.line).to.be.within(0, lines.length - 1);
                        expect(p.character).to.be.within(0, lines[p.line]!.length);
                    }
                    expect(doc.offsetAt(r.start)).to.be.at.most(doc.offsetAt(r.end));
                };
                for (const item of f.completion.complete(doc, { textDocument: { uri }, position }).items)
                    inside((item.textEdit as { range: Range }).range);
                inside(f.hover.hover(doc, position)?.range);
                inside(f.navigation.definition(doc, position)?.range);
                for (const l of f.navigation.references(doc, position, true) ?? []) inside(l.range);
                inside(f.rename.prepare(doc, position)?.range);
                f.symbols.symbols(doc);
                f.semanticTokens.tokens(doc);
                for (const a of f.codeActions.actions(doc, {
                    textDocument: { uri },
                    range: { start: position, end: position },
                    context: { diagnostics: [] },
                })) {
                    for (const e of a.edit!.changes![uri]!) inside(e.range);
                }
                for (const d of s.diagnostics.publisher.current(doc))
                    expect(d.start <= d.end && d.end <= text.length, d.diagnostic.code).to.equal(true);
            }),
            { numRuns: RUNS },
        );
    });
});
