// The pattern scan does bounded work on any text and any pattern (a work counter, not a clock),
// and finds the same values as a plain scan of every match on ordinary text.
import { expect } from 'chai';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { patternSpans, ScanBudget, STEPS_PER_CHAR, WORK_PER_CHAR, type ScanStats } from '../src/readers/pattern-scan.js';

const HOSTILE = ['a(?:[^!]*!)?', '(?:(?:a|b|c|d|e|f|g|h|i|j|k)*x){0,1000}', '(?:a|aa)*b', '.*', '[a-z]*', '\\w+?', 'a$'];
const TEXTS = ['a'.repeat(50_000), 'a '.repeat(25_000), 'ab '.repeat(16_666), 'x'.repeat(50_000), ' '.repeat(50_000)];

/** Every match a plain scan finds that starts and ends at word boundaries (at most 200 long). */
function plain(text: string, pattern: string): string[] {
    const m = RE2JS.compile(pattern).matcher(text);
    const word = /[\p{L}\p{N}]/u;
    const out: string[] = [];
    for (let from = 0; from <= text.length && m.find(from);) {
        const s = m.start();
        const e = m.end();
        if (
            e > s &&
            e - s <= 200 &&
            !(s > 0 && word.test(text[s - 1]!) && word.test(text[s]!)) &&
            !(e < text.length && word.test(text[e]!) && word.test(text[e - 1]!))
        )
            out.push(`${s}:${text.slice(s, e)}`);
        from = e > s ? e : s + 1;
    }
    return out;
}

describe('pattern scan', () => {
    for (const pattern of HOSTILE) {
        it(`searches at most ${WORK_PER_CHAR} characters per character for ${pattern}`, () => {
            for (const text of TEXTS) {
                const stats: ScanStats = { work: 0 };
                patternSpans(text, pattern, stats);
                expect(stats.work, `${pattern} over ${JSON.stringify(text.slice(0, 6))}…`).to.be.at.most(
                    WORK_PER_CHAR * text.length + 8000,
                );
            }
        });
    }

    it(`the patterns of one window take at most ${STEPS_PER_CHAR} program steps per character together`, () => {
        // Nested counted repeats make a program of 1,836 instructions from a 30-character pattern.
        const nested = (i: number): string => `(?:(?:[a-z ]{0,30}){0,30}!|q${i})?`;
        const text = 'a '.repeat(2_000);
        const budget = new ScanBudget(text.length);
        const start = budget.left;
        const searched: ScanStats = { work: 0 };
        let work = 0;
        for (let i = 0; i < 32; i++) {
            patternSpans(text, nested(i), searched, budget);
            work += searched.work * RE2JS.compile(nested(i)).re2().prog.numInst();
        }
        expect(budget.left).to.be.at.least(0);
        expect(work).to.be.at.most(start);
        // The budget, not the text, stopped the scans: too little is left for one more search.
        expect(budget.left).to.be.lessThan(401 * RE2JS.compile(nested(31)).re2().prog.numInst());
        // An ordinary pattern over ordinary text finds its codes within the budget.
        const codes = 'Invoice INV-2024-001 dated 3 March, order INV-2023-999.\n'.repeat(200);
        const shared = new ScanBudget(codes.length);
        expect(patternSpans(codes, 'INV-\\d{4}-\\d{3}', undefined, shared)).to.have.length(400);
    });

    it('finds every code a plain scan finds in ordinary text', () => {
        const text = 'Invoice INV-2024-001 dated 3 March. See also INV-2023-999 and inv-1 (not a code), AB-12.\n'.repeat(30);
        for (const pattern of ['INV-\\d{4}-\\d{3}', '[A-Z]{2}-\\d+', '\\d+']) {
            expect(patternSpans(text, pattern).map((s) => `${s.start}:${s.quote}`)).to.deep.equal(plain(text, pattern));
        }
    });

    it("finds a code more than a step after the last one near a short text's end", () => {
        const form = `Bezoekadres: Maasboulevard 301, 3011 TX Rotterdam\n${'x '.repeat(130)}\nPostcode en woonplaats: 3011 PV ROTTERDAM`;
        expect(patternSpans(form, '[0-9]{4} ?[A-Z]{2}').map((s) => s.quote)).to.deep.equal(['3011 TX', '3011 PV']);
    });

    it('agrees with a plain scan on generated text', () => {
        // (A long gap too: a match more than a step past a search's start near the text's end was lost.)
        const piece = fc.constantFrom('AB-12', 'ab', ' ', '\n', 'x9', 'INV-2024-001', '—', 'é', '12.5', ' '.repeat(250));
        fc.assert(
            fc.property(
                fc.array(piece, { maxLength: 300 }),
                fc.constantFrom('[A-Z]{2}-\\d+', '\\w+', 'x\\d', 'INV-\\d{4}-\\d{3}'),
                (parts, pattern) => {
                    const text = parts.join('');
                    expect(patternSpans(text, pattern).map((s) => `${s.start}:${s.quote}`)).to.deep.equal(plain(text, pattern));
                },
            ),
            { numRuns: 200 },
        );
    });
});
