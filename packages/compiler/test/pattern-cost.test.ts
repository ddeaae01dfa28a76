// The size the pattern limits count (src/schema/pattern-cost.ts) must bound what re2js builds: a
// bound below the real program would let an expensive pattern through. The programs are read from
// re2js's compiled object (not its API; a change of re2js that moves them fails here, on purpose).
import { expect } from 'chai';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { randomPattern } from './pattern-arbitraries.js';
import { patternCost, RUNES_PER_UNIT, UNICODE_CLASS_RUNES } from '../src/schema/pattern-cost.js';

const RUNS = Number(process.env.FC_RUNS ?? 1500);

interface Program {
    inst: Array<{ runes?: ArrayLike<number> }>;
}

/** What re2js built: instructions, each class counting one more per RUNES_PER_UNIT bounds, as pattern-cost.ts counts. */
function builtSize(pattern: string): number | undefined {
    let prog: Program;
    try {
        prog = (RE2JS.compile(pattern) as unknown as { re2Input: { prog: Program } }).re2Input.prog;
    } catch {
        return undefined; // RE2 refuses it: nothing is built
    }
    return prog.inst.reduce((n, i) => n + 1 + (i.runes && i.runes.length > 2 ? i.runes.length / RUNES_PER_UNIT : 0), 0);
}

/** The largest class's rune bounds in a pattern's program. */
function classRunes(pattern: string): number {
    const prog = (RE2JS.compile(pattern) as unknown as { re2Input: { prog: Program } }).re2Input.prog;
    return Math.max(...prog.inst.map((i) => i.runes?.length ?? 0));
}

describe('pattern size (pattern-cost.ts)', function () {
    this.timeout(120_000);

    it(`bounds the program re2js builds, on ${RUNS} random patterns (anchored or not)`, () => {
        let built = 0;
        fc.assert(
            fc.property(fc.boolean(), randomPattern, (anchored, p) => {
                const text = anchored ? `^${p}` : p;
                const size = builtSize(text);
                if (size === undefined) return;
                built++;
                expect(patternCost(text), text).to.be.at.least(size);
            }),
            { numRuns: RUNS, seed: 7 },
        );
        expect(built, 'most random patterns compile').to.be.greaterThan(RUNS / 2);
    });

    it('counts counted repetitions written out, and big classes by their ranges', () => {
        for (const p of [
            '\\p{L}{999}',
            '^\\p{L}{999}$',
            '(a|b){999}',
            '(?:ab|cd|ef){333}',
            '[a-z]{500}',
            '(?i)[a-z0-9]{1,500}',
            '.{1000}',
            '(?:|x){0,9}',
            '(|a|){100}',
        ])
            expect(patternCost(p), p).to.be.at.least(builtSize(p)!);
        expect(patternCost('[a-z]{500}')).to.be.within(500, 520);
        // ten characters, a thousand instructions that each hold Unicode's letters
        expect(patternCost('\\p{L}{999}')).to.be.within(6000, 7200);
        expect(patternCost('[A-Z]{2}-[0-9]{4}')).to.be.below(20);
    });

    it("takes a case-folded range's walk once, however often it is repeated", () => {
        const walked = patternCost('(?i)[\\x{100}-\\x{1FFFF}]');
        expect(walked).to.be.greaterThan(1500); // 125,000 code points walked
        expect(patternCost('(?i)[\\x{100}-\\x{1FFFF}]{2}') - walked).to.be.below(100);
        expect(patternCost('[\\x{100}-\\x{1FFFF}]'), 'not folded: nothing walked').to.be.below(10);
        expect(patternCost('(?i)[\\x{0}-\\x{10FFFF}]'), 're2js takes the whole range without walking').to.be.below(40);
    });

    it('is not fooled by quoting, literal braces or classes holding ( | )', () => {
        expect(patternCost('\\Q{999}(|)\\E')).to.be.below(20);
        expect(patternCost('a{x}{,3}')).to.be.below(20);
        expect(patternCost('[(|)*{999}]{2}')).to.be.below(20);
        expect(patternCost('[]{999}]')).to.be.below(20);
    });

    it('weighs every Unicode class at least as re2js builds the largest (UNICODE_CLASS_RUNES), case-folded or not', () => {
        for (const name of [
            'Alphabetic',
            'C',
            'Cn',
            'L',
            'Lu',
            'Ll',
            'Lo',
            'M',
            'Mn',
            'N',
            'P',
            'S',
            'Han',
            'Latin',
            'Common',
            'Inherited',
        ])
            for (const p of [`\\p{${name}}`, `\\P{${name}}`, `(?i)\\p{${name}}`, `(?i)\\P{${name}}`])
                expect(classRunes(p), p).to.be.at.most(UNICODE_CLASS_RUNES);
    });

    it('is linear in the pattern: 4,000 nested groups and a 1 MB pattern are bounded without a stack', () => {
        expect(patternCost(`${'('.repeat(4000)}a${')'.repeat(4000)}`)).to.be.greaterThan(8000);
        expect(Number.isFinite(patternCost('((((((a{1000}){1000}){1000}){1000}){1000}){1000})'))).to.equal(true);
        expect(patternCost('\\p{L}{999}'.repeat(100_000))).to.be.greaterThan(1e8);
    });
});
