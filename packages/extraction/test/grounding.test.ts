import { expect } from 'chai';
import fc from 'fast-check';
import { CodePointIndex, codePointLength } from '../src/grounding/code-points.js';
import { findOccurrence, groundCandidates, noDrops } from '../src/grounding/ground-candidates.js';
import { date, makeSchema, money, text } from './support/schema-builder.js';

const PREFIX = '🧾 Café Zoë — naïve façade 😀👍🏽\n';
const SCHEMA = makeSchema([
    { name: 'invoice_number', type: text('INV-[0-9]{4}-[0-9]{4}') },
    { name: 'invoice_date', type: date() },
    { name: 'total', type: money() },
]);

const cpSlice = (s: string, a: number, b: number): string => Array.from(s).slice(a, b).join('');

describe('code points', () => {
    it('converts between UTF-16 and code-point offsets with astral characters before', () => {
        const doc = new CodePointIndex(`${PREFIX}INV-2024-0042`);
        const u = doc.text.indexOf('INV');
        const cp = doc.toCodePoint(u);
        expect(cp).to.equal(codePointLength(PREFIX));
        expect(cp).to.be.lessThan(u); // the emoji take two UTF-16 units each
        expect(doc.toUtf16(cp)).to.equal(u);
        expect(doc.slice(cp, cp + 13)).to.equal('INV-2024-0042');
    });

    it('round-trips every offset of arbitrary text', () => {
        fc.assert(
            fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
                const idx = new CodePointIndex(s);
                const cps = Array.from(s);
                expect(idx.codePoints).to.equal(cps.length);
                for (let c = 0; c <= cps.length; c++) expect(idx.slice(0, c)).to.equal(cps.slice(0, c).join(''));
            }),
        );
    });
});

describe('grounding', () => {
    it('gives mentions whose code-point offsets slice to the quote, emoji and accents before them', () => {
        const document = `${PREFIX}Invoice number: INV-2024-0042\nInvoice date: 3 January 2024\nTotal: EUR 1,234.56 — Zoë 😀`;
        const doc = new CodePointIndex(document);
        const r = groundCandidates(SCHEMA, 'en', doc, [
            {
                start: 0,
                end: document.length,
                candidates: [
                    { slot: 'invoice_number', quote: 'INV-2024-0042', p: 0.9 },
                    { slot: 'invoice_date', quote: '3 January 2024', p: 0.8 },
                    { slot: 'total', quote: 'EUR 1,234.56', p: 0.7 },
                ],
            },
        ]);
        expect(r.mentions).to.have.length(3);
        for (const m of r.mentions) expect(cpSlice(document, m.start, m.end)).to.equal(m.quote);
        expect(r.mentions[0]!.start).to.equal(codePointLength(PREFIX) + 'Invoice number: '.length);
    });

    it('drops quotes not in the window, values that do not parse, unknown fields and bad p, and counts them', () => {
        const document = 'Total: EUR 12.00\nDate: 3 January 2024';
        const doc = new CodePointIndex(document);
        const r = groundCandidates(SCHEMA, 'en', doc, [
            {
                start: 0,
                end: 17,
                candidates: [
                    { slot: 'total', quote: 'EUR 12.00', p: 0.9 },
                    { slot: 'invoice_date', quote: '3 January 2024', p: 0.9 }, // outside this window
                    { slot: 'invoice_number', quote: 'Total', p: 0.9 }, // does not match the pattern
                    { slot: 'nope', quote: 'Total', p: 0.9 },
                    { slot: 'total', quote: 'EUR 12.00', p: 1 },
                ],
            },
        ]);
        expect(r.mentions.map((m) => m.quote)).to.deep.equal(['EUR 12.00']);
        expect(r.dropped).to.deep.equal({ ...noDrops(), unknownField: 1, badConfidence: 1, notInWindow: 1, notParsed: 1 });
    });

    it('takes the occurrence nearest the position hint, else the first', () => {
        const s = 'x 12.00 y 12.00 z 12.00';
        expect(findOccurrence(s, '12.00', 0, s.length)).to.equal(2);
        expect(findOccurrence(s, '12.00', 0, s.length, 11)).to.equal(10);
        expect(findOccurrence(s, '12.00', 0, s.length, 100)).to.equal(18);
        expect(findOccurrence(s, '12.00', 3, s.length)).to.equal(10);
    });

    it('merges the same field and span from overlapping windows, keeping the highest p', () => {
        const document = 'Total: EUR 12.00 and more text';
        const doc = new CodePointIndex(document);
        const r = groundCandidates(SCHEMA, 'en', doc, [
            { start: 0, end: 20, candidates: [{ slot: 'total', quote: 'EUR 12.00', p: 0.4 }] },
            { start: 5, end: document.length, candidates: [{ slot: 'total', quote: 'EUR 12.00', p: 0.8 }] },
        ]);
        expect(r.mentions).to.have.length(1);
        expect(r.mentions[0]!.p).to.equal(0.8);
    });
});
