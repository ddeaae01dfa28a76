import { expect } from 'chai';
import fc from 'fast-check';
import { encode, encodeGenerator } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { countTokens, MAX_RUN, segments, tokenizeWithOffsets } from '../src/windows/token-counter.js';

describe('token counting of long runs of any kind', () => {
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

    // Each of these was one 50,000-character piece, encoded in quadratic time (18 s for U+3000).
    const runs: Record<string, string> = {
        spaces: ' '.repeat(50_000),
        'no-break spaces': '\u00a0'.repeat(50_000),
        'ideographic spaces': '\u3000'.repeat(50_000),
        tabs: '\t'.repeat(50_000),
        newlines: '\n'.repeat(50_000),
        'mixed white space': ' \u3000\u00a0\t\u2003\u2028\r\n'.repeat(6_250),
        'white space before a word': `${'\u3000'.repeat(50_000)}word`,
        'punctuation, newlines and slashes': `!${'\n/'.repeat(25_000)}`,
    };
    for (const [name, text] of Object.entries(runs)) {
        it(`encodes 50,000 ${name} in pieces of at most MAX_RUN`, () => {
            const t = tokenizeWithOffsets(text);
            let prev = 0;
            for (const end of t.pieceEnds) {
                expect(end - prev).to.be.at.most(MAX_RUN);
                prev = end;
            }
            expect(prev).to.equal(text.length);
            expect(countTokens(text)).to.equal(t.tokens);
        });
    }

    it('cuts only the long pieces: the text around them counts exactly', () => {
        const words = 'Total due: €1,089.00 on 12 March 2024.\n';
        const text = `${words}${' '.repeat(5_000)}${words}`;
        const parts = [...segments(text)];
        expect(parts.join('')).to.equal(text);
        const exact = (s: string): number => encode(s, { disallowedSpecial: new Set() }).length;
        // The run is split into parts; everything else is the tokenizer's own pieces.
        expect(parts[0]).to.equal(words);
        expect(parts[parts.length - 1]!.endsWith(words)).to.equal(true);
        expect(Math.abs(countTokens(text) - exact(text))).to.be.at.most(Math.ceil(5_000 / MAX_RUN) + 1);
    });

    it('counts a leading byte-order mark, which decoding the tokens would drop', () => {
        for (const text of ['\ufeffInvoice', '\ufeffこんにちは\u200b' + 'नमस्ते'.repeat(300), 'a\ufeffb']) {
            const t = tokenizeWithOffsets(text);
            expect(t.pieceEnds[t.pieceEnds.length - 1]).to.equal(text.length);
            expect(t.tokens).to.equal(countTokens(text));
        }
    });

    // The counter walks the pieces once and counts each short piece alone (from a cache). The
    // reference encodes the segments as the tokenizer would, each chunk in step with its piece.
    const PIECES = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');
    function reference(text: string): { tokens: number; ends: number[]; before: number[] } {
        const ends: number[] = [];
        const before: number[] = [];
        let offset = 0;
        let tokens = 0;
        for (const part of segments(text)) {
            const pieces = part.matchAll(PIECES);
            for (const chunk of encodeGenerator(part, { disallowedSpecial: new Set() })) {
                const piece = pieces.next();
                offset += piece.done ? 0 : piece.value[0].length;
                tokens += chunk.length;
                ends.push(offset);
                before.push(tokens);
            }
        }
        return { tokens, ends, before };
    }

    it('gives the pieces and counts of encoding the segments whole, for any text (fast-check)', () => {
        const unit = fc.constantFrom(
            'a',
            'Z',
            'é',
            'ß',
            '7',
            '42',
            ' ',
            '  ',
            '\t',
            '\n',
            '\r\n',
            '\u00a0',
            '\u3000',
            "'s",
            "'LL",
            '’',
            '.',
            ',',
            '€',
            '$',
            '—',
            '/',
            '😀',
            'こ',
            'न्',
            '\ufeff',
            '<|endoftext|>',
            'Total',
            ' the',
            'INV-2024',
            '____',
        );
        const text = fc.oneof(
            fc.array(unit, { maxLength: 200 }).map((u) => u.join('')),
            fc
                .tuple(unit, fc.integer({ min: 100, max: 400 }), fc.array(unit, { maxLength: 20 }))
                .map(([u, n, rest]) => u.repeat(n) + rest.join('')),
        );
        fc.assert(
            fc.property(text, (t) => {
                const want = reference(t);
                const got = tokenizeWithOffsets(t);
                expect(got.tokens).to.equal(want.tokens);
                expect([...got.pieceEnds]).to.deep.equal(want.ends);
                expect([...got.tokensBefore]).to.deep.equal(want.before);
                expect(countTokens(t)).to.equal(want.tokens);
            }),
            { numRuns: 2_000 },
        );
    });
});
