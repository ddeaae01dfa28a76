import { expect } from 'chai';
import { countTokens, tokenizeWithOffsets } from '../src/windows/token-counter.js';
import { MIN_DOCUMENT_TOKENS, planWindows, WINDOW_TOKENS } from '../src/windows/window-planner.js';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { makeSchema, text } from './support/schema-builder.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog near the quiet river bank. ';
const filler = (n: number): string => SENTENCE.repeat(Math.ceil(n / SENTENCE.length)).slice(0, n);
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' } as const;

describe('token counting', () => {
    it('counts o200k tokens and keeps piece offsets that cover the text exactly', () => {
        const s = `Invoice 🧾 Zoë: EUR 1,234.56 <|endoftext|>\n${filler(500)}`;
        const t = tokenizeWithOffsets(s);
        expect(t.tokens).to.equal(countTokens(s));
        expect(t.pieceEnds[t.pieceEnds.length - 1]).to.equal(s.length);
        expect(t.tokensBefore[t.tokensBefore.length - 1]).to.equal(t.tokens);
        // Every piece boundary lies between whole code points.
        for (const e of t.pieceEnds) {
            const c = s.charCodeAt(e - 1);
            expect(c >= 0xd800 && c <= 0xdbff, `cut inside a surrogate pair at ${e}`).to.equal(false);
        }
    });
});

describe('windows', () => {
    it('is one window when the document fits the room, even exactly', () => {
        const s = filler(2000);
        const t = tokenizeWithOffsets(s);
        expect(planWindows(s, t, t.tokens)).to.deep.equal([{ index: 0, start: 0, end: s.length, tokens: t.tokens }]);
    });

    it('splits one token over the room into two overlapping windows', () => {
        const s = filler(2000);
        const t = tokenizeWithOffsets(s);
        const w = planWindows(s, t, t.tokens - 1);
        expect(w).to.have.length(2);
        expect(w[1]!.start).to.be.lessThan(w[0]!.end);
    });

    it('covers the document, stays within the room, overlaps by at least 10% and cuts only between pieces', () => {
        const s = `${filler(20_000)}\n${'Line with a value 12.50\n'.repeat(400)}${filler(10_000)}`;
        const t = tokenizeWithOffsets(s);
        const room = 1500;
        const w = planWindows(s, t, room);
        const cuts = new Set([0, ...t.pieceEnds]);
        expect(w[0]!.start).to.equal(0);
        expect(w[w.length - 1]!.end).to.equal(s.length);
        for (let i = 0; i < w.length; i++) {
            const win = w[i]!;
            expect(win.tokens).to.be.at.most(room);
            expect(cuts.has(win.start) && cuts.has(win.end)).to.equal(true);
            expect(countTokens(s.slice(win.start, win.end))).to.be.at.most(room + 2); // re-tokenizing a slice may merge at its edges
            if (i > 0) {
                const prev = w[i - 1]!;
                expect(win.start).to.be.greaterThan(prev.start);
                const shared = tokenizeWithOffsets(s.slice(win.start, prev.end)).tokens;
                expect(shared).to.be.at.least(Math.ceil(room * 0.1) - 2);
            }
        }
        expect(w.length).to.be.at.least(Math.ceil(t.tokens / room));
    });

    it('plans reads and tokens; E-LIMIT at /fields when the schema leaves less than 1,024 tokens', () => {
        const engine = new Engine({ reader: new HeuristicReader(), secrets: secretRingOf(['s']), concurrency: 1 });
        const small = makeSchema([{ name: 'ref', type: text() }]);
        const plan = engine.plan({ document: filler(40_000), schema: small, language: 'en', reference: null, options: OPTIONS });
        expect('error' in plan).to.equal(false);
        if (!('error' in plan)) {
            expect(plan.inputTokens).to.be.greaterThan(WINDOW_TOKENS);
            expect(plan.reads).to.be.at.least(Math.ceil(plan.inputTokens / WINDOW_TOKENS));
        }
        const wordy = 'a long description of what to look for in the document, repeated to take room. '.repeat(6);
        const big = makeSchema(
            Array.from({ length: 32 }, (_, i) => ({
                name: `f${i}`,
                type: text(),
                description: wordy,
                hints: Array.from({ length: 16 }, (_, k) => `label number ${k} of field ${i}`),
            })),
        );
        const refused = engine.plan({ document: 'x', schema: big, language: 'en', reference: null, options: OPTIONS });
        expect('error' in refused).to.equal(true);
        if ('error' in refused) {
            expect(refused.error.code).to.equal('E-LIMIT');
            expect(refused.error.pointer).to.equal('/fields');
            // The message says what is needed, never a negative number of tokens left.
            expect(refused.error.message).to.match(
                /rendering takes \d+ of the 4096 tokens of a reading window; at least 1024 must be left/,
            );
            expect(refused.error.message).not.to.match(/-\d/);
        }
        expect(MIN_DOCUMENT_TOKENS).to.equal(1024);
    });
});
