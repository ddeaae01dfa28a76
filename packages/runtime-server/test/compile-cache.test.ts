// The compile cache: bounded LRU, keyed by raw text and by canonical text (white space and escapes
// normalised, member order and numbers as written kept); an unfinished compiler is not remembered.
import { compileSchemaNode, readJson, type JsonNode } from '@svc/compiler';
import { expect } from 'chai';
import fc from 'fast-check';
import { LruCache } from '../src/engine/compile-cache.js';
import { SchemaCompiler, canonicalText, canonicalTextOf } from '../src/engine/schema-compiler.js';

const node = (text: string): JsonNode => readJson(text).root!;
const NO_JSON = { diagnostics: [], offsets: [] };
const ACCT = 'acct_0000000000000001';

describe('compile cache', () => {
    it('LRU: evicts the least recently used entry, by count and by weight', () => {
        const c = new LruCache<number>(2, 10);
        c.set('a', 1, 1);
        c.set('b', 2, 1);
        expect(c.get('a')).to.equal(1);
        c.set('c', 3, 1);
        expect(c.get('b')).to.equal(undefined);
        expect(c.get('a')).to.equal(1);
        c.set('d', 4, 10);
        expect(c.size).to.equal(1);
        c.set('e', 5, 11); // heavier than the whole cache: not kept
        expect(c.get('e')).to.equal(undefined);
    });

    it('canonical text keeps member order, duplicates and numbers as written', () => {
        expect(canonicalText(node('{ "b" : 1.50, "a": [ "\\u0041", true, null ], "b": 2 }'))).to.equal(
            '{"b":1.50,"a":["A",true,null],"b":2}',
        );
    });

    it('canonical text read off the source equals the one built from the tree, however the JSON is written', () => {
        // JSON text with random white space between tokens, and strings written plainly or with escapes.
        const ws = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
        const str = fc.oneof(
            fc.string({ unit: 'grapheme' }),
            fc.constantFrom('tab\there', 'quote"', 'back\\slash', '\u2028', '😀', 'é', '/'),
        );
        const writeString = (v: string, escaped: boolean): string =>
            escaped
                ? `"${v
                      .split('')
                      .map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
                      .join('')}"`
                : JSON.stringify(v);
        const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
            v: fc.oneof(
                { depthSize: 'small', withCrossShrink: true },
                fc.tuple(str, fc.boolean()).map(([v, e]) => writeString(v, e)),
                fc.constantFrom('1.50', '-0', '1e400', '2E-3', 'true', 'false', 'null'),
                fc.array(fc.tuple(ws, tie('v'), ws)).map((xs) => `[${xs.map((x) => x.join('')).join(',')}]`),
                fc
                    .array(fc.tuple(ws, str, fc.boolean(), ws, ws, tie('v'), ws))
                    .map((ms) => `{${ms.map(([a, k, e, b, c, v, d]) => `${a}${writeString(k, e)}${b}:${c}${v}${d}`).join(',')}}`),
            ),
        })).v;
        fc.assert(
            fc.property(value, ws, ws, (v, before, after) => {
                const text = `{"schema":${before}${v}${after}}`;
                const root = readJson(text).root;
                if (root?.kind !== 'object') return;
                const schema = root.members[0]!.value;
                expect(canonicalTextOf(schema, text)).to.equal(canonicalText(schema));
            }),
            { numRuns: 500 },
        );
    });

    it('the same schema written differently is compiled until its second sighting, then remembered; another order compiles again', () => {
        let calls = 0;
        const compiler = new SchemaCompiler(16, (...args) => {
            calls++;
            return compileSchemaNode(...args);
        });
        const a = '{"svc_schema": "1.0", "name": "a", "fields": [{"name": "x", "type": "string"}]}';
        const b = '{\n  "svc_schema" : "1.0",\n  "name" : "\\u0061",\n  "fields" : [ { "name" : "x", "type" : "string" } ]\n}';
        expect(compiler.compileNode(node(a), a, NO_JSON, ACCT).ok).to.equal(true);
        // Remembered on its second sighting (SchemaCompiler's Sightings), then never compiled again.
        const second = compiler.compileNode(node(a), a, NO_JSON, ACCT);
        expect(calls).to.equal(2);
        expect(compiler.compileNode(node(a), a, NO_JSON, ACCT)).to.equal(second);
        expect(compiler.compileNode(node(b), b, NO_JSON, ACCT)).to.equal(second);
        expect(calls).to.equal(2);
        const c = '{"name": "a", "svc_schema": "1.0", "fields": [{"name": "x", "type": "string"}]}';
        expect(compiler.compileNode(node(c), c, NO_JSON, ACCT).schemaHash).to.equal(second.schemaHash);
        expect(calls).to.equal(3);
    });

    it('a schema seen once leaves no result behind; the one that comes back is remembered', () => {
        const compiler = new SchemaCompiler(16);
        const text = (i: number): string => `{"svc_schema": "1.0", "name": "s${i}", "fields": [{"name": "x", "type": "string"}]}`;
        for (let i = 0; i < 40; i++) expect(compiler.compileNode(node(text(i)), text(i), NO_JSON, ACCT).ok).to.equal(true);
        expect(compiler.cached).to.equal(0);
        compiler.compileNode(node(text(7)), text(7), NO_JSON, ACCT);
        expect(compiler.cached).to.equal(2); // its raw and canonical keys
    });

    it("another account's compile of a schema never hits the first account's entry, nor its expressions", () => {
        const scopes: (string | undefined)[] = [];
        const compiler = new SchemaCompiler(16, (...args) => {
            scopes.push(args[2]?.reuseScope);
            return compileSchemaNode(...args);
        });
        const t =
            '{"svc_schema": "1.0", "name": "a", "fields": [{"name": "n", "type": "integer"}], "relations": [{"id": "r", "expr": "n > 0"}]}';
        const [a, b] = ['acct_AAAAAAAAAAAAAAAA', 'acct_BBBBBBBBBBBBBBBB'];
        // An extraction compiles its schema twice (plan, then read): the second sighting keeps it.
        compiler.compileNode(node(t), t, NO_JSON, a);
        const kept = compiler.compileNode(node(t), t, NO_JSON, a);
        expect(compiler.compileNode(node(t), t, NO_JSON, a)).to.equal(kept);
        expect(scopes).to.deep.equal([a, a]);
        // Account b compiles it itself, twice before its own entry answers; the compiler reuses
        // expressions only within b's scope.
        expect(compiler.compileNode(node(t), t, NO_JSON, b)).not.to.equal(kept);
        const keptB = compiler.compileNode(node(t), t, NO_JSON, b);
        expect(compiler.compileNode(node(t), t, NO_JSON, b)).to.equal(keptB);
        expect(scopes).to.deep.equal([a, a, b, b]);
        expect(keptB.schemaHash).to.equal(kept.schemaHash);
    });

    it("an unfinished compiler's empty failure is not cached", () => {
        let calls = 0;
        const compiler = new SchemaCompiler(16, () => {
            calls++;
            return { ok: false, errors: [], warnings: [], expressions: new Map() };
        });
        const t = '{"a": 1}';
        compiler.compileNode(node(t), t, NO_JSON, ACCT);
        compiler.compileNode(node(t), t, NO_JSON, ACCT);
        expect(calls).to.equal(2);
        expect(compiler.cached).to.equal(0);
    });
});
