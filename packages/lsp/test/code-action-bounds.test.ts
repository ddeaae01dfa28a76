// Quick fixes over a selection of a whole document of errors: a bounded amount of work.
import { expect } from 'chai';
import fc from 'fast-check';
import type { CodeAction, Connection, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createSvcLspServices } from '../src/index.js';
import { distanceBelow } from '@svc/compiler';
import { MAX_FIXED_DIAGNOSTICS } from '../src/features/code-action-provider.js';
import { PositionEncoder } from '../src/text/position-encoding.js';

const RUNS = Number(process.env.FC_RUNS ?? 10_000);

/** Counts position conversions: one call per offset, or one per batch. */
class CountingEncoder extends PositionEncoder {
    single = 0;
    batches = 0;
    override position(doc: TextDocument, offset: number): Position {
        this.single++;
        return super.position(doc, offset);
    }
    override positions(doc: TextDocument, offsets: readonly number[]): Position[] {
        this.batches++;
        return super.positions(doc, offsets);
    }
}

function levenshtein(a: string, b: string): number {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++)
            cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
    }
    return prev[b.length]!;
}

describe('quick fixes over a large selection', () => {
    const n = 200; // each relation names one of the 30 fields (the most a schema has) misspelled
    const fields = Array.from({ length: 30 }, (_, i) => ({ name: `amount_${i}`, type: 'integer' }));
    const relations = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, expr: `amont_${i % 30} > 0` }));
    const text = JSON.stringify({ svc_schema: '1.0', name: 'many', fields, relations }, null, 1);
    const uri = 'file:///work/many.svc.json';

    it(`computes fixes for the first ${MAX_FIXED_DIAGNOSTICS} diagnostics of the range, placed in one pass`, () => {
        const encoder = new CountingEncoder();
        const s = createSvcLspServices({} as Connection, { workerThresholdBytes: 1 << 30 }, { text: { encoder: () => encoder } });
        const doc = s.documents.store.open({ textDocument: { uri, languageId: 'json', version: 1, text } });
        expect(s.diagnostics.publisher.current(doc)).to.have.length(n);
        encoder.single = 0;
        encoder.batches = 0;
        const whole = { start: { line: 0, character: 0 }, end: { line: doc.lineCount, character: 0 } };
        const actions = s.features.codeActions.actions(doc, { textDocument: { uri }, range: whole, context: { diagnostics: [] } });
        const fixed = new Set(actions.map((a: CodeAction) => JSON.stringify(a.diagnostics![0]!.range)));
        expect(fixed.size).to.equal(MAX_FIXED_DIAGNOSTICS);
        expect(actions[0]!.diagnostics![0]!.message).to.contain('"amont_0"'); // the first in the document
        expect(actions.find((a) => a.title === 'Change to "amount_0"')?.isPreferred).to.equal(true);
        expect(encoder.single, 'positions converted one at a time').to.equal(0);
        expect(encoder.batches, 'the diagnostics, then the edits').to.equal(2);

        // At a cursor: the diagnostics under it only, as before.
        const at = doc.positionAt(text.lastIndexOf('amont_29'));
        const here = s.features.codeActions.actions(doc, {
            textDocument: { uri },
            range: { start: at, end: at },
            context: { diagnostics: [] },
        });
        expect(here[0]!.title).to.equal('Change to "amount_29"');
        expect(new Set(here.map((a) => JSON.stringify(a.diagnostics![0]!.range))).size).to.equal(1);
    });

    it('computes the edit distance exactly below its limit, and only the limit beyond (property)', () => {
        const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 12 });
        fc.assert(
            fc.property(word, word, fc.integer({ min: 1, max: 8 }), (a, b, limit) => {
                expect(distanceBelow(a, b, limit)).to.equal(Math.min(levenshtein(a, b), limit));
            }),
            { numRuns: RUNS },
        );
    });
});
