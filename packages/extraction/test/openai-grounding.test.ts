// Grounding of answers a reader does not control: the openai reader's model may list 1,000 quotes
// of kilobytes each, crafted or broken. Searching them is bounded by the window and the answer
// (window-search.ts), and a quote that begins or ends inside a surrogate pair is refused.
import { expect } from 'chai';
import fc from 'fast-check';
import { CodePointIndex } from '../src/grounding/code-points.js';
import { dropWarnings, findOccurrence, groundCandidates, type WindowCandidates } from '../src/grounding/ground-candidates.js';
import { scanQuote } from '../src/grounding/quote-search.js';
import { SEARCH_PASSES, WindowSearch } from '../src/grounding/window-search.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { makeSchema, money, text } from './support/schema-builder.js';

const SCHEMA = makeSchema([
    { name: 'supplier', type: text() },
    { name: 'total', type: money() },
]);

/** The search grounding did before it was bounded: String.indexOf over the text from `from` on. */
function indexOfSearch(text: string, quote: string, from: number, to: number, near?: number): number {
    let best = -1;
    let bestDistance = Infinity;
    for (let i = text.indexOf(quote, from); i >= 0 && i + quote.length <= to; i = text.indexOf(quote, i + 1)) {
        if (near === undefined) return i;
        const d = Math.abs(i - near);
        if (d < bestDistance) {
            best = i;
            bestDistance = d;
        } else if (i > near) break;
    }
    return best;
}

/** Grounding as it was before, for string fields (every quote that is not blank parses). */
function indexOfGrounding(document: string, windows: readonly WindowCandidates[]): Array<[number, number, string, number]> {
    const doc = new CodePointIndex(document);
    const merged = new Map<string, [number, number, string, number]>();
    for (const w of windows)
        for (const c of w.candidates) {
            const at = indexOfSearch(document, c.quote, w.start, w.end, c.at === undefined ? undefined : w.start + c.at);
            if (at < 0 || !parseQuote(SCHEMA.fields[0]!.type, c.quote, 'en')) continue;
            const start = doc.toCodePoint(at);
            const end = doc.toCodePoint(at + c.quote.length);
            const seen = merged.get(`${start}:${end}`);
            if (!seen || c.p > seen[3]) merged.set(`${start}:${end}`, [start, end, c.quote, c.p]);
        }
    return [...merged.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Ordinary text: few letters (so quotes repeat), accents, an emoji and line breaks; whole code points. */
const ordinary = fc.array(fc.constantFrom('a', 'b', 'ab', ' ', 'é', '😀', '\n', '1.00'), { maxLength: 40 }).map((p) => p.join(''));

/** A window of `text` and a quote: mostly a piece of the text, sometimes not in it at all. */
const windowAndQuote = ordinary.chain((text) => {
    const cps = Array.from(text);
    const cut = fc.integer({ min: 0, max: cps.length });
    const utf16 = (c: number): number => cps.slice(0, c).join('').length;
    return fc.record({
        text: fc.constant(text),
        from: cut.map(utf16),
        to: cut.map(utf16),
        // Never empty: grounding drops an empty quote before searching (and indexOf finds it anywhere).
        quote: fc
            .oneof(
                fc.tuple(cut, fc.integer({ min: 1, max: 6 })).map(([a, n]) => cps.slice(a, a + n).join('')),
                ordinary,
            )
            .filter((q) => q.length > 0),
        near: fc.option(fc.integer({ min: -3, max: text.length + 3 }), { nil: undefined }),
    });
});

describe('grounding search, bounded', () => {
    it('finds what String.indexOf found on ordinary text: the first occurrence in the window, or the nearest the hint', () => {
        fc.assert(
            fc.property(windowAndQuote, ({ text, from, to, quote, near }) => {
                const want = indexOfSearch(text, quote, from, to, near);
                expect(findOccurrence(text, quote, from, to, near)).to.equal(want);
                // Through a window's search too, asked twice (the second answer comes from what the first found).
                const search = new WindowSearch(text, from, to);
                expect(search.find(quote, near).at).to.equal(want);
                expect(search.find(quote, near).at).to.equal(want);
                expect(search.find(quote).at).to.equal(indexOfSearch(text, quote, from, to));
            }),
            { numRuns: 2000 },
        );
    });

    it('grounds ordinary answers as before: the same mentions at the same offsets', () => {
        const answers = ordinary.chain((document) =>
            fc.record({
                document: fc.constant(document),
                windows: fc.array(
                    fc.record({
                        bounds: fc.tuple(fc.nat(document.length), fc.nat(document.length)),
                        candidates: fc.array(
                            fc.record({
                                quote: fc.oneof(
                                    fc.tuple(fc.nat(40), fc.integer({ min: 1, max: 8 })).map(([a, n]) =>
                                        Array.from(document)
                                            .slice(a, a + n)
                                            .join(''),
                                    ),
                                    fc.constantFrom('a', 'b a', 'é', '😀', 'zz'),
                                ),
                                p: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
                                at: fc.option(fc.integer({ min: -2, max: 50 }), { nil: undefined }),
                            }),
                            { maxLength: 6 },
                        ),
                    }),
                    { minLength: 1, maxLength: 3 },
                ),
            }),
        );
        fc.assert(
            fc.property(answers, ({ document, windows }) => {
                const doc = new CodePointIndex(document);
                const ws: WindowCandidates[] = windows.map((w) => {
                    // Windows start and end between code points, as planned ones do.
                    const [a, b] = w.bounds.map((u) => doc.toUtf16(doc.toCodePoint(u)));
                    const candidates = w.candidates.filter((c) => c.quote !== '').map((c) => ({ slot: 'supplier', ...c }));
                    return { start: Math.min(a!, b!), end: Math.max(a!, b!), candidates };
                });
                const got = groundCandidates(SCHEMA, 'en', doc, ws);
                expect(got.mentions.map((m) => [m.start, m.end, m.quote, m.p])).to.deep.equal(indexOfGrounding(document, ws));
                expect(got.dropped.overBudget + got.dropped.splitCharacter).to.equal(0);
            }),
            { numRuns: 500 },
        );
    });

    it('reads the window once at most per scan, inside the window only', () => {
        fc.assert(
            fc.property(windowAndQuote, ({ text, from, to, quote, near }) => {
                expect(scanQuote(text, quote, from, to, near).scanned).to.be.at.most(Math.max(0, to - from));
            }),
        );
        // A quote that occurs only after the window's end is not there, and the rest of the document is not read.
        const document = `${'a '.repeat(500)}b ${'a '.repeat(500)}`;
        const search = new WindowSearch(document, 0, 600);
        expect(search.find('a b').drop).to.equal('notInWindow');
        expect(search.scanned).to.be.at.most(600);
    });

    it('searches the same quote once, and a hint at the quote costs no scan (the heuristic reader hints right)', () => {
        const document = 'a '.repeat(3000);
        const crafted = `${'a '.repeat(1000)}b ${'a '.repeat(1000)}`;
        const search = new WindowSearch(document, 0, document.length);
        for (let i = 0; i < 1000; i++) expect(search.find(crafted).drop).to.equal('notInWindow');
        expect(search.scanned).to.equal(document.length);
        const hinted = new WindowSearch(document, 0, document.length);
        expect(hinted.find('a a', 10).at).to.equal(10);
        expect(hinted.scanned).to.equal(0);
    });

    it('scans one window at most SEARCH_PASSES times over; quotes past that are dropped and counted with a warning', () => {
        const document = 'a '.repeat(3000);
        // 1,000 different quotes none of which occurs: each would be a scan of the whole window.
        const candidates = Array.from({ length: 1000 }, (_, i) => ({ slot: 'supplier', quote: `${'a '.repeat(200)}b${i}`, p: 0.5 }));
        const window = { start: 0, end: document.length, candidates };
        const search = new WindowSearch(document, 0, document.length);
        for (const c of candidates) search.find(c.quote);
        expect(search.scanned).to.be.at.most(SEARCH_PASSES * document.length);
        const r = groundCandidates(SCHEMA, 'en', new CodePointIndex(document), [window, { ...window }]);
        expect(r.dropped.notInWindow).to.equal(2 * SEARCH_PASSES);
        expect(r.dropped.overBudget).to.equal(2 * (1000 - SEARCH_PASSES));
        expect(dropWarnings(r.dropped)).to.include(
            `${2 * (1000 - SEARCH_PASSES)} candidate(s) dropped: not searched for, the window's other quotes had used up its search limit`,
        );
        // A quote already found, or hinted right, is still grounded once the limit is reached.
        const more = `${document}ACME`;
        const found = groundCandidates(SCHEMA, 'en', new CodePointIndex(more), [
            {
                start: 0,
                end: more.length,
                candidates: [{ slot: 'supplier', quote: 'ACME', p: 0.5 }, ...candidates, { slot: 'supplier', quote: 'ACME', p: 0.9 }],
            },
            { start: 0, end: more.length, candidates: [...candidates, { slot: 'supplier', quote: 'ACME', p: 0.8, at: document.length }] },
        ]);
        expect(found.dropped.notInWindow + found.dropped.overBudget).to.equal(2000);
        expect(found.mentions.map((m) => [m.start, m.quote, m.p])).to.deep.equal([[6000, 'ACME', 0.9]]);
    });
});

describe('grounding, surrogate pairs', () => {
    const document = 'Supplier: 😀ACME Ltd😁 here';

    it('refuses a quote that begins or ends inside a surrogate pair, with its own warning', () => {
        const r = groundCandidates(SCHEMA, 'en', new CodePointIndex(document), [
            { start: 0, end: document.length, candidates: [{ slot: 'supplier', quote: '\ude00ACME Ltd\ud83d', p: 0.9 }] },
        ]);
        expect(r.mentions).to.deep.equal([]);
        expect(r.dropped.splitCharacter).to.equal(1);
        expect(dropWarnings(r.dropped)).to.deep.equal([
            '1 candidate(s) dropped: the quote begins or ends inside a character (half of a surrogate pair)',
        ]);
        // Also when the reader hints at the split occurrence.
        const hinted = groundCandidates(SCHEMA, 'en', new CodePointIndex(document), [
            { start: 0, end: document.length, candidates: [{ slot: 'supplier', quote: '\ude00ACME', p: 0.9, at: 11 }] },
        ]);
        expect(hinted.dropped.splitCharacter).to.equal(1);
    });

    it('takes an occurrence between code points when there is one (a document may hold a lone surrogate)', () => {
        const lone = 'x 😀a and \ude00a';
        const r = groundCandidates(SCHEMA, 'en', new CodePointIndex(lone), [
            { start: 0, end: lone.length, candidates: [{ slot: 'supplier', quote: '\ude00a', p: 0.9 }] },
        ]);
        expect(r.mentions.map((m) => [m.start, m.end])).to.deep.equal([[9, 11]]);
    });

    it("gives every mention offsets whose code points are its quote, whatever the text's halves of pairs", () => {
        const units = fc.array(fc.constantFrom('a', ' ', '😀', '\ud83d', '\ude00', '😁'), { maxLength: 16 }).map((p) => p.join(''));
        const answer = units.chain((document) =>
            fc.record({
                document: fc.constant(document),
                quotes: fc.array(
                    fc.tuple(fc.nat(document.length), fc.integer({ min: 1, max: 5 })).map(([a, n]) => document.slice(a, a + n)),
                    { maxLength: 5 },
                ),
                at: fc.option(fc.nat(document.length), { nil: undefined }),
            }),
        );
        fc.assert(
            fc.property(answer, ({ document, quotes, at }) => {
                const doc = new CodePointIndex(document);
                const candidates = quotes.filter((q) => q.trim() !== '').map((quote) => ({ slot: 'supplier', quote, p: 0.5, at }));
                const r = groundCandidates(SCHEMA, 'en', doc, [{ start: 0, end: document.length, candidates }]);
                for (const m of r.mentions) expect(doc.slice(m.start, m.end)).to.equal(m.quote);
            }),
            { numRuns: 1000 },
        );
    });
});
