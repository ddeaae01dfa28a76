// Work the reader does per window stays linear in the window, whatever the schema's hints match
// (found by a hostile review: 32 fields of 16 forms of one word took 405 s on 50,000 characters;
// label hits over a long run of blank lines walked the run once per hit).
import { expect } from 'chai';
import fc from 'fast-check';
import { en as EN } from '../src/locale/en.js';
import { firstWhole } from '../src/readers/heuristic-echoes.js';
import { findLabels, HITS_IN_A_WINDOW, labelPhrases, uncovered, type LabelHit } from '../src/readers/heuristic-labels.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { compile } from './support/edit-fixtures.js';

const BLANK = /^[\s:=.\-–—|*_]*$/;

/**
 * The definition the sweep replaces: a hit of another field starting at most as early and ending at
 * least as late, with more words (or whole where the hit is a compound's part).
 */
function coveredNaively(all: readonly LabelHit[], h: LabelHit, yesNo: ReadonlySet<number>): boolean {
    return all.some(
        (o) =>
            o.field !== h.field &&
            (yesNo.has(h.field) || !yesNo.has(o.field)) &&
            o.start <= h.start &&
            o.end >= h.end &&
            (o.length > h.length || (h.compound === true && !o.compound)),
    );
}

describe('reader work per window', () => {
    it('the next and previous line with text are the ones a walk over the lines finds', () => {
        const line = fc.constantFrom('', ' ', ':', '--', 'a', 'Name: x', '  |  ');
        fc.assert(
            fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.integer({ min: -2, max: 14 }), (lines, at) => {
                const win = new WindowText(lines.join('\n'), EN);
                let next = -1;
                for (let l = Math.max(0, at + 1); l < lines.length && next < 0; l++) if (!BLANK.test(lines[l]!)) next = l;
                let previous = -1;
                for (let l = Math.min(at, lines.length) - 1; l >= 0 && previous < 0; l--) if (!BLANK.test(lines[l]!)) previous = l;
                expect(win.nextTextLine(at), `next of ${at}`).to.equal(next);
                expect(win.previousTextLine(at), `previous of ${at}`).to.equal(previous);
            }),
            { numRuns: 3000 },
        );
    });

    it("the sweep keeps exactly the hits no longer hit of another field covers (a yes-or-no field's only its own kind's)", () => {
        const hit = fc.record({
            field: fc.integer({ min: 0, max: 3 }),
            start: fc.integer({ min: 0, max: 30 }),
            span: fc.integer({ min: 1, max: 12 }),
            length: fc.integer({ min: 1, max: 4 }),
            compound: fc.boolean(),
        });
        fc.assert(
            fc.property(fc.array(hit, { maxLength: 40 }), fc.boolean(), (raw, withYesNo) => {
                const yesNo = new Set(withYesNo ? [3] : []);
                const all = raw.map((r, k): LabelHit => ({
                    field: r.field,
                    start: r.start,
                    end: r.start + r.span,
                    line: 0,
                    weight: 1,
                    length: r.length,
                    kind: 'name',
                    phrase: String(k),
                    compound: r.compound,
                }));
                const want = all.filter((h) => !coveredNaively(all, h, yesNo)).map((h) => h.phrase);
                expect(
                    uncovered([...all], yesNo)
                        .map((h) => h.phrase)
                        .sort(),
                ).to.deep.equal(want.sort());
            }),
            { numRuns: 2000 },
        );
    });

    it("a value's first whole-word place is the one a walk over every place finds (without stepping through a run of letters)", () => {
        const piece = fc.constantFrom('a', 'A', 'ab', ' ', '.', '(', '1', 'é');
        const naive = (doc: string, text: string): number => {
            for (let i = 0; i + text.length <= doc.length; i++) {
                const whole = (c: string | undefined): boolean => c === undefined || !/[\p{L}\p{N}]/u.test(c);
                if (doc.startsWith(text, i) && whole(doc[i - 1]) && whole(doc[i + text.length])) return i;
            }
            return -1;
        };
        fc.assert(
            fc.property(fc.array(piece, { maxLength: 30 }), fc.array(piece, { minLength: 1, maxLength: 4 }), (d, t) => {
                expect(firstWhole(d.join(''), t.join('')), JSON.stringify([d.join(''), t.join('')])).to.equal(
                    naive(d.join(''), t.join('')),
                );
            }),
            { numRuns: 3000 },
        );
    });

    it('a window reads at most HITS_IN_A_WINDOW label hits, however many its hints match', () => {
        const forms = ['regulation', 'regulations', 'regulate', 'regulates', 'regulated', 'regulating', 'regulator', 'regulators'];
        const schema = compile({
            svc_schema: '1.0',
            name: 'h',
            fields: Array.from({ length: 32 }, (_, i) => ({ name: `f${i}`, type: 'string', hints: forms })),
        });
        const phrases = new Map(schema.fields.map((f) => [f.id, labelPhrases(f, EN)]));
        const count = (words: number): number =>
            findLabels(new WindowText('regul '.repeat(words), EN), schema.fields, phrases).reduce((n, hits) => n + hits.length, 0);
        // 32 fields × the forms on every word: hundreds of hits a word.
        const one = count(1);
        expect(one).to.be.greaterThan(100);
        expect(count(10)).to.equal(10 * one);
        expect(count(2000)).to.equal(HITS_IN_A_WINDOW);
    });
});
