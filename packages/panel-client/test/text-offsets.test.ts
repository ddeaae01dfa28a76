// The playground's offsets: code points (the interface's mention offsets and an insert's `start`)
// against the UTF-16 positions of the browser's strings and selections.
import { expect } from 'chai';
import fc from 'fast-check';
import { codePointsBefore, utf16Positions } from '../src/text-offsets.js';

describe('text offsets (code points and UTF-16)', () => {
    it('a selection after astral characters starts at its code point, not its UTF-16 position', () => {
        const doc = '😀 Reference: ABC-123\n𝒜 Reference: ABC-123 again\n';
        const second = doc.lastIndexOf('ABC-123');
        expect(second).to.equal(36);
        expect(codePointsBefore(doc, second)).to.equal(34);
        expect(Array.from(doc).slice(34, 41).join('')).to.equal('ABC-123');
    });

    it('codePointsBefore and utf16Positions are inverse, for any text', () => {
        fc.assert(
            fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
                const positions = utf16Positions(text);
                const cps = Array.from(text);
                expect(positions).to.have.length(cps.length + 1);
                expect(positions.at(-1)).to.equal(text.length);
                positions.forEach((p, i) => {
                    expect(codePointsBefore(text, p)).to.equal(i);
                    expect(text.slice(0, p)).to.equal(cps.slice(0, i).join(''));
                });
            }),
            { numRuns: 1000 },
        );
    });
});
