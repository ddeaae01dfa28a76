// The pattern limits (docs/schema-language.md, section 6): a pattern over one is E-LIMIT at its
// pointer and is never handed to re2js, so what checking patterns costs is bounded by the limits,
// whatever the schema holds. Counted (compiles of re2js), not timed; `npm run bench` times it.
import { expect } from 'chai';
import { RE2JS } from 're2js';
import { compileSchemaText } from '../src/compile.js';
import { CODES } from '../src/diagnostics/diagnostic-registry.js';
import { PATTERN_LIMITS } from '../src/schema/pattern-check.js';
import { patternCost } from '../src/schema/pattern-cost.js';

function schema(patterns: ReadonlyArray<string | undefined>): string {
    const fields = patterns.map((pattern, i) => ({ name: `f${i}`, type: 'string', ...(pattern === undefined ? {} : { pattern }) }));
    return JSON.stringify({ svc_schema: '1.0', name: 'p', fields });
}

/** `count` patterns of about `size` each, all different (a distinct literal, then `[a-z]{100}` repeated). */
function sized(count: number, size: number): string[] {
    return Array.from({ length: count }, (_, i) => `x${i}${'[a-z]{100}'.repeat(Math.floor(size / 101))}`);
}

describe('pattern limits', () => {
    const realCompile = RE2JS.compile.bind(RE2JS);
    let compiled: string[] = [];
    let scope = 0;
    before(() => {
        RE2JS.compile = (...args: Parameters<typeof RE2JS.compile>) => {
            compiled.push(args[0]);
            return realCompile(...args);
        };
    });
    after(() => {
        RE2JS.compile = realCompile;
    });
    /** A compile in a scope of its own: no pattern is answered from an earlier test's memory. */
    const check = (text: string): ReturnType<typeof compileSchemaText> => {
        compiled = [];
        return compileSchemaText(text, { reuseScope: `limits-${scope++}` });
    };
    const limits = (r: ReturnType<typeof compileSchemaText>): string[] => r.errors.map((e) => `${e.code} ${e.pointer}`);

    it("refuses the review's schema (32 different 10 KB patterns, 16 s before) without compiling one", () => {
        const fields = Array.from({ length: 32 }, (_, i) => '\\p{L}{999}'.repeat(999) + `x${i}`);
        const r = check(schema(fields));
        expect(r.errors.map((e) => `${e.code} ${e.pointer}`)).to.deep.equal(fields.map((_, i) => `E-LIMIT /fields/${i}/pattern`));
        expect(r.errors[0]!.message).to.equal(`a pattern has at most ${PATTERN_LIMITS.chars} characters, this one has 9992`);
        expect(compiled).to.deep.equal([]);
    });

    it('refuses a short pattern that compiles too large, and says why', () => {
        const r = check(schema(['[A-Z]{2}', '\\p{L}{999}\\p{L}{999}']));
        expect(limits(r)).to.deep.equal(['E-LIMIT /fields/1/pattern']);
        expect(r.errors[0]!.message).to.match(/^this pattern compiles to size \d+, more than 10000: a counted repetition is written out/);
        expect(compiled).to.deep.equal(['[A-Z]{2}']);
    });

    it('accepts a pattern at each limit exactly, and refuses one character or one unit more', () => {
        const atChars = 'a'.repeat(PATTERN_LIMITS.chars - 10) + '😀'.repeat(10); // characters are code points
        expect(check(schema([atChars])).ok).to.equal(true);
        expect(check(schema([`${atChars}b`])).errors.map((e) => e.message)).to.deep.equal([
            'a pattern has at most 4096 characters, this one has 4097',
        ]);
        const atSize = `${'a{1000}'.repeat(9)}a{996}`; // 9 × 1000 + 996 instructions, and the program's 4
        expect(patternCost(atSize)).to.equal(PATTERN_LIMITS.size);
        expect(check(schema([atSize])).ok).to.equal(true);
        expect(limits(check(schema([atSize.replace('996', '997')])))).to.deep.equal(['E-LIMIT /fields/0/pattern']);
    });

    it("bounds a schema's patterns together: each one past the budget is reported, the ones that fit are still checked", () => {
        const big = sized(3, 9000); // each within its own limit, the three over the schema's size
        const r = check(schema([big[0], big[1], '(', big[2], 'ok']));
        expect(limits(r)).to.deep.equal(['E-SCHEMA-VALUE /fields/2/pattern', 'E-LIMIT /fields/3/pattern']);
        expect(r.errors[1]!.message).to.match(/^the schema's patterns up to this one compile to size 2\d{4} together, more than 20000; /);
        expect(compiled).to.deep.equal([big[0], big[1], '(', 'ok']);
    });

    it("bounds a schema's pattern characters together", () => {
        const long = (i: number): string => `${i}`.padEnd(PATTERN_LIMITS.chars, 'a');
        const r = check(schema([long(1), long(2), long(3), long(4), long(5), undefined]));
        expect(limits(r)).to.deep.equal(['E-LIMIT /fields/4/pattern']);
        expect(r.errors[0]!.message).to.equal(
            "the schema's patterns up to this one have 20480 characters together, more than 16384; shorten this one or others",
        );
        expect(compiled).to.have.length(4);
    });

    it('counts the same in array items, and only the fields the compiler checks', () => {
        const items = JSON.stringify({
            svc_schema: '1.0',
            name: 'items',
            fields: [{ name: 'codes', type: 'array', items: { type: 'string', pattern: '\\p{L}{999}\\p{L}{999}' } }],
        });
        expect(limits(check(items))).to.deep.equal(['E-LIMIT /fields/0/items/pattern']);
        // fields past the 32nd are not checked (E-LIMIT at /fields), their patterns are not compiled
        const many = check(schema([...Array.from({ length: 32 }, () => undefined), '\\p{L}{999}'.repeat(999)]));
        expect(limits(many)).to.deep.equal(['E-LIMIT /fields']);
        expect(compiled).to.deep.equal([]);
    });

    it("names each limit's number in E-LIMIT's explanation (what `svc explain E-LIMIT` prints)", () => {
        for (const n of Object.values(PATTERN_LIMITS)) expect(CODES['E-LIMIT'].explanation).to.contain(n.toLocaleString('en'));
    });

    it('gives the same verdicts whether a pattern was remembered or not', () => {
        const text = schema([...sized(3, 9000), 'ok']);
        const first = check(text);
        const again = compileSchemaText(text, { reuseScope: `limits-${scope - 1}` });
        expect(again.errors).to.deep.equal(first.errors);
        expect(first.errors.map((e) => e.pointer)).to.deep.equal(['/fields/2/pattern']);
    });
});
