import { expect } from 'chai';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, MAX_RUN, segments, tokenizeWithOffsets } from '../src/windows/token-counter.js';

describe('token counting of long runs without white space', () => {
    it('keeps ordinary text whole, so its count is exact o200k', () => {
        const text = 'Factuurdatum: 12 februari 2024 — total €1,089.00 😀 and ' + 'word '.repeat(400);
        expect([...segments(text)]).to.deep.equal([text]);
        expect(countTokens(text)).to.equal(encode(text, { disallowedSpecial: new Set() }).length);
    });

    it('splits a run longer than MAX_RUN into parts, never inside a surrogate pair, covering the text', () => {
        const run = `${'ab'.repeat(MAX_RUN / 2 - 1)}a😀${'c'.repeat(MAX_RUN + 5)}`;
        const text = `start ${run} end`;
        const parts = [...segments(text)];
        expect(parts.join('')).to.equal(text);
        expect(parts.length).to.be.greaterThan(2);
        for (const p of parts) expect(/^[\udc00-\udfff]/.test(p)).to.equal(false);
        const t = tokenizeWithOffsets(text);
        expect(t.pieceEnds[t.pieceEnds.length - 1]).to.equal(text.length);
        // Parts can only shift the count by about one token each.
        expect(Math.abs(t.tokens - encode(text, { disallowedSpecial: new Set() }).length)).to.be.at.most(parts.length);
    });

    it('encodes a 50,000-character base64 blob in pieces of at most MAX_RUN (no quadratic piece)', () => {
        const blob = 'QUJD'.repeat(12_500);
        const t = tokenizeWithOffsets(blob);
        expect(t.tokens).to.be.greaterThan(1000);
        let prev = 0;
        for (const end of t.pieceEnds) {
            expect(end - prev).to.be.at.most(MAX_RUN);
            prev = end;
        }
        expect(prev).to.equal(blob.length);
    });
});
