// What the label scorer reads of a line is computed once per line and per label (heuristic-scoring.ts
// headBefore, factsOfHit), bounded by the few folded characters that matter, and equals folding the
// whole slice as before; a long line of labels above a column of values took seconds when each pair
// of label and value folded the whole line again (bench/hardening-bench.mjs, "reader" rows).
import { expect } from 'chai';
import fc from 'fast-check';
import { localeOf } from '../src/locale/locale-registry.js';
import type { LabelHit } from '../src/readers/heuristic-labels.js';
import { emptyMark, factsOfHit, folded, headBefore, labelTail } from '../src/readers/heuristic-gaps.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const PIECES = [' ', '  ', '\t', '\u3000', '\u00a0', '\u2003', 'a', 'Total', ':', '(RM)', 'RM', '1.00', '😀', '\n', '-', '|'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(''));

function hitAt(win: WindowText, start: number, end: number): LabelHit {
    return { field: 0, start, end, line: win.lineOf(start), weight: 1, length: 1, kind: 'hint', phrase: 'total' };
}

describe('label lines', () => {
    it('the head of a line up to any offset folds as the whole slice does, when short enough', () => {
        fc.assert(
            fc.property(text, fc.constantFrom(16, 24), (t, max) => {
                const win = new WindowText(t, localeOf('en'));
                for (const line of win.lines)
                    for (let pos = line.start; pos <= line.end; pos++) {
                        const whole = folded(t.slice(line.start, pos));
                        expect(headBefore(win, line.index, pos, max)).to.equal(whole.length <= max ? whole : undefined);
                    }
            }),
        );
    });

    it("a label's tail and whether it stands alone are what folding its whole line says", () => {
        fc.assert(
            fc.property(text, (t) => {
                const win = new WindowText(t, localeOf('en'));
                for (const w of win.words) {
                    const hit = hitAt(win, w.start, w.end);
                    const line = win.lines[hit.line]!;
                    const tail = folded(t.slice(hit.end, line.end));
                    // (A lone dash for the value is the form's "none": test/empty-values.test.ts.)
                    const alone =
                        folded(t.slice(line.start, hit.start)).length <= 16 && tail.length <= 24 && labelTail(tail) && !emptyMark(tail);
                    const facts = factsOfHit(win, hit);
                    expect(facts.tail).to.equal(tail.length <= 48 ? tail : undefined);
                    expect(facts.alone).to.equal(alone);
                }
            }),
        );
    });

    it("remembers each label's facts: a long line of labels is read once per label, not once per label and value", () => {
        const t = 'x '.repeat(10_000) + 'Total '.repeat(300) + '\n' + '12.50\n'.repeat(300);
        const win = new WindowText(t, localeOf('en'));
        const hits = win.words.filter((w) => w.norm === 'total').map((w) => hitAt(win, w.start, w.end));
        const first = hits.map((h) => factsOfHit(win, h));
        expect(first.every((f) => !f.alone)).to.equal(true);
        expect(hits.map((h) => factsOfHit(win, h))).to.deep.equal(first);
        expect(factsOfHit(win, hits[0]!)).to.equal(first[0]);
    });

    it('a value that repeats its label with a number and a spaced dash is the rest: "Reviewer 2 - Dr Ingrid Solheim"', async () => {
        const form = [
            'Editorial Manager - Reviewer Report Form',
            '',
            'Manuscript ID:          JAE-2025-0713',
            'Reviewer:               Reviewer 2 - Dr Ingrid Solheim',
        ].join('\n');
        expect((await readData(form, strings('reviewer'))).reviewer).to.equal('Dr Ingrid Solheim');
        const plain = form.replace('Reviewer 2 - Dr Ingrid Solheim', 'Dr Ingrid Solheim - University of Bergen');
        expect((await readData(plain, strings('reviewer'))).reviewer).to.not.equal('University of Bergen');
    });

    it('a label, a number and a dash before no person is the whole value: "Ward 7 - Cardiology"', async () => {
        const form = ['Patient transfer', 'Ward:   Ward 7 - Cardiology', 'Bed:    14'].join('\n');
        expect((await readData(form, strings('ward'))).ward).to.equal('Ward 7 - Cardiology');
    });
});
