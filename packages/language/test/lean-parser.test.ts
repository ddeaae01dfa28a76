// The lean parser against Langium's: on any text it either refuses (exactly when Langium reports a
// problem) or builds the AST Langium builds, node for node, with each node's offsets equal to its CST
// node's. And it is derived from the grammar: changed grammars are followed, or refused as a whole.
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { GrammarAST, type AstNode, type LangiumCoreServices } from 'langium';
import { createServicesForGrammar } from 'langium/grammar';
import { parserConfig } from '../src/generated/module.js';
import { createSvcExprServices, deriveLeanParser, LEAN_MAX_RULE_DEPTH, LeanParser, leanRefusal, parseExpression } from '../src/index.js';
import { LeanLexer } from '../src/lean-lexer.js';
import { expressions, wellFormed } from './lean-arbitraries.js';

const RUNS = Number(process.env.FC_RUNS ?? 10_000);
const GRAMMAR = readFileSync(new URL('../../../../grammar/svc-expr.langium', import.meta.url), 'utf8');

/** A node as plain data: properties and type, with the range from the lean offsets or the CST. */
function plain(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(plain);
    if (node === null || typeof node !== 'object') return node;
    const n = node as Record<string, unknown> & { $cstNode?: { offset: number; end: number }; $offset?: number; $end?: number };
    const out: Record<string, unknown> = { range: n.$offset !== undefined ? [n.$offset, n.$end] : [n.$cstNode?.offset, n.$cstNode?.end] };
    for (const [k, v] of Object.entries(n)) if (!k.startsWith('$') || k === '$type') out[k] = plain(v);
    return out;
}

function lean(parser: LeanParser, text: string): AstNode | undefined {
    const tokens = parser.tokenize(text);
    return tokens && parser.parse(tokens);
}

/** Langium's parse with a given set of services (no container links: the lean parser makes none). */
function langium(services: LangiumCoreServices, text: string): { ast: unknown; ok: boolean } {
    const r = services.parser.LangiumParser.parse(text);
    return { ast: r.value, ok: r.lexerErrors.length === 0 && r.parserErrors.length === 0 };
}

function sameAsLangium(parser: LeanParser, services: LangiumCoreServices, text: string): boolean {
    const mine = lean(parser, text);
    const theirs = langium(services, text);
    expect(mine !== undefined, `lean ${mine ? 'accepts' : 'refuses'} ${JSON.stringify(text)}`).to.equal(theirs.ok);
    if (mine) expect(plain(mine), JSON.stringify(text)).to.deep.equal(plain(theirs.ast));
    return theirs.ok;
}

function derived(services: LangiumCoreServices): LeanParser {
    const p = deriveLeanParser(services);
    if (!(p instanceof LeanParser)) throw new Error(`refused: ${p.refused}`);
    return p;
}

async function servicesFor(grammar: string): Promise<LangiumCoreServices> {
    return (await createServicesForGrammar({ grammar, parserConfig })) as unknown as LangiumCoreServices;
}

describe('lean parser', function () {
    this.timeout(600_000);
    const services = createSvcExprServices();
    const parser = derived(services);

    it('is derived for the grammar as it stands', () => {
        expect(leanRefusal()).to.equal(undefined);
    });

    it(`refuses exactly what Langium reports, and otherwise builds Langium's AST with its offsets (${RUNS} texts)`, () => {
        let accepted = 0;
        fc.assert(
            fc.property(expressions, (text) => {
                if (sameAsLangium(parser, services, text)) accepted++;
            }),
            { numRuns: RUNS, seed: 15 },
        );
        expect(accepted).to.be.greaterThan(RUNS / 10); // the comparison is not all refusals
    });

    it("lexes as Langium's lexer: the same token kinds at the same offsets", () => {
        const langiumLexer = services.parser.Lexer;
        fc.assert(
            fc.property(expressions, (text) => {
                const theirs = langiumLexer.tokenize(text);
                const mine = parser.tokenize(text);
                expect(mine !== undefined).to.equal(theirs.errors.length === 0);
                if (!mine) return;
                const names = mine.kinds.slice(0, -1).map((k) => parser.lexer.names[k]);
                expect(names).to.deep.equal(theirs.tokens.map((t) => t.tokenType.name));
                expect(mine.starts.slice(0, -1)).to.deep.equal(theirs.tokens.map((t) => t.startOffset));
            }),
            { numRuns: Math.ceil(RUNS / 5), seed: 15 },
        );
    });

    it('agrees on the cases that shaped the grammar', () => {
        const valid = [
            "a + b * 2 <= -c or not f(x, 'y', date'2024-01-01') and (g())",
            'not a < b and c',
            '- - 1 * 2',
            'order and andy or notable',
            "date'2024-01-01",
            "'open",
            'f()',
            '  a  ',
        ];
        const invalid = ['a < b < c', 'f(a,)', '', 'a # b', 'a = b', 'a +', 'not', '(a'];
        for (const text of valid) expect(sameAsLangium(parser, services, text), text).to.equal(true);
        for (const text of invalid) expect(sameAsLangium(parser, services, text), text).to.equal(false);
    });

    it('refuses nesting beyond its cap, and any depth, without throwing', () => {
        const within = 'not '.repeat(LEAN_MAX_RULE_DEPTH - 10) + 'a';
        expect(lean(parser, within)).to.not.equal(undefined);
        expect(lean(parser, 'not '.repeat(LEAN_MAX_RULE_DEPTH + 10) + 'a')).to.equal(undefined);
        expect(lean(parser, '('.repeat(200_000) + 'a' + ')'.repeat(200_000))).to.equal(undefined);
    });

    it('takes a 16 KiB operator chain without recursion trouble', () => {
        const text = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' + ');
        const ast = lean(parser, text) as unknown as { $type: string; op: string };
        expect(ast.$type).to.equal('BinaryExpr');
        expect(ast.op).to.equal('+');
    });

    it('gives the same AST through parseExpression as the compiler sees it', () => {
        const r = parseExpression("round(a / b, 2, 'half_up')", { link: false });
        expect(plain(lean(parser, "round(a / b, 2, 'half_up')"))).to.deep.equal(plain(r.ast));
    });
});

describe('lean lexer', () => {
    /** Every pattern tried in order at each position, the first match winning: what the table must equal. */
    function naive(patterns: Array<{ name: string; PATTERN: RegExp | string }>, text: string): string[] | undefined {
        const out: string[] = [];
        let at = 0;
        while (at < text.length) {
            const hit = patterns
                .map((p) => {
                    if (typeof p.PATTERN === 'string') return text.startsWith(p.PATTERN, at) ? { p, len: p.PATTERN.length } : undefined;
                    const re = new RegExp(p.PATTERN.source, 'y');
                    re.lastIndex = at;
                    const m = re.exec(text);
                    return m && m[0].length > 0 ? { p, len: m[0].length } : undefined;
                })
                .find((h) => h !== undefined);
            if (!hit) return undefined;
            out.push(hit.p.name);
            at += hit.len;
        }
        return out;
    }

    it('tries, at each character, every pattern that could match there (optional leads, groups, classes, escapes)', () => {
        const patterns = [
            { name: 'OPT', PATTERN: /x?y/ },
            { name: 'GROUP', PATTERN: /(?:ab|c)d/ },
            { name: 'ALT', PATTERN: /z|[0-3]+/ },
            { name: 'CAPTURE', PATTERN: /(e)f/ },
            { name: 'ESC', PATTERN: /\.\d/ },
            { name: 'STAR', PATTERN: /q*r/ },
            { name: 'KW', PATTERN: 'ab' },
            { name: 'ANY', PATTERN: /[a-z]/ },
            { name: 'DIGIT', PATTERN: /\d/ },
            { name: 'DOT', PATTERN: /\./ },
        ];
        const lexer = new LeanLexer(patterns);
        fc.assert(
            fc.property(fc.string({ unit: fc.constantFrom(...'xyabcdzefqr.0123456789'), maxLength: 16 }), (text) => {
                const mine = lexer.tokenize(text);
                expect(mine && mine.kinds.slice(0, -1).map((k) => lexer.names[k])).to.deep.equal(naive(patterns, text));
            }),
            { numRuns: Math.ceil(RUNS / 5), seed: 15 },
        );
    });
});

describe('lean parser derived from a changed grammar', function () {
    this.timeout(600_000);
    const RUNS_CHANGED = Math.max(50, Math.floor(RUNS / 10));

    it('follows swapped precedence levels (+ and - binding tighter than * and /)', async () => {
        const swapped = GRAMMAR.replace("op=('+' | '-')", 'op=(SUM_OPS)')
            .replace("op=('*' | '/')", "op=('+' | '-')")
            .replace('op=(SUM_OPS)', "op=('*' | '/')");
        expect(swapped).to.not.equal(GRAMMAR);
        const services = await servicesFor(swapped);
        const changed = derived(services);
        const top = lean(changed, 'a + b * c') as unknown as { op: string };
        expect(top.op).to.equal('*');
        expect((lean(derived(createSvcExprServices()), 'a + b * c') as unknown as { op: string }).op).to.equal('+');
        fc.assert(
            fc.property(wellFormed, (text) => {
                sameAsLangium(changed, services, text);
            }),
            { numRuns: RUNS_CHANGED, seed: 15 },
        );
    });

    it('follows a comparison level that now chains', async () => {
        const chaining = GRAMMAR.replace(
            "op=('==' | '!=' | '<' | '<=' | '>' | '>=') right=Sum)?",
            "op=('==' | '!=' | '<' | '<=' | '>' | '>=') right=Sum)*",
        );
        expect(chaining).to.not.equal(GRAMMAR);
        const services = await servicesFor(chaining);
        const changed = derived(services);
        expect(lean(changed, 'a < b < c')).to.not.equal(undefined);
        expect(lean(derived(createSvcExprServices()), 'a < b < c')).to.equal(undefined);
        fc.assert(
            fc.property(expressions, (text) => {
                sameAsLangium(changed, services, text);
            }),
            { numRuns: RUNS_CHANGED, seed: 15 },
        );
    });

    it('follows a new operator keyword and a new primary', async () => {
        const more = GRAMMAR.replace("op=('*' | '/')", "op=('*' | '/' | 'mod')").replace(
            '| {infer BooleanLiteral}',
            "| {infer ListExpr} '[' (items+=Or (',' items+=Or)*)? ']'\n    | {infer BooleanLiteral}",
        );
        const services = await servicesFor(more);
        const changed = derived(services);
        for (const text of ['a mod b', '[a, b mod 2] == [ ]', '[]', 'x mod']) sameAsLangium(changed, services, text);
        expect(lean(changed, '[1, 2]')).to.not.equal(undefined);
    });

    it('refuses, as a whole, a grammar with what it does not implement', async () => {
        const dataType = GRAMMAR.replace('{infer NameRef} name=ID', '{infer NameRef} name=QualifiedName').concat(
            "\nQualifiedName returns string: ID ('.' ID)*;\n",
        );
        const services = await servicesFor(dataType);
        const r = deriveLeanParser(services);
        expect(r)
            .to.have.property('refused')
            .that.matches(/data type/);
        // Langium still parses it: the compiler would simply use Langium for everything.
        expect(langium(services, 'a.b + 1').ok).to.equal(true);
        expect(services.Grammar.rules.some((rule) => GrammarAST.isParserRule(rule) && rule.name === 'QualifiedName')).to.equal(true);
    });
});
