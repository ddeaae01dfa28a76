// The compile cache: bounded LRU, keyed by raw text and by canonical text (white space and escapes
// normalised, member order and numbers as written kept); an unfinished compiler is not remembered.
import { compileSchemaNode, readJson, type JsonNode } from '@svc/compiler';
import { expect } from 'chai';
import { LruCache } from '../src/engine/compile-cache.js';
import { SchemaCompiler, canonicalText } from '../src/engine/schema-compiler.js';

const node = (text: string): JsonNode => readJson(text).root!;
const NO_JSON = { diagnostics: [], offsets: [] };

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

    it('the same schema written differently compiles once; another order compiles again', () => {
        let calls = 0;
        const compiler = new SchemaCompiler(16, (...args) => {
            calls++;
            return compileSchemaNode(...args);
        });
        const a = '{"svc_schema": "1.0", "name": "a", "fields": [{"name": "x", "type": "string"}]}';
        const b = '{\n  "svc_schema" : "1.0",\n  "name" : "\\u0061",\n  "fields" : [ { "name" : "x", "type" : "string" } ]\n}';
        const first = compiler.compileNode(node(a), a, NO_JSON);
        expect(first.ok).to.equal(true);
        expect(compiler.compileNode(node(a), a, NO_JSON)).to.equal(first);
        expect(compiler.compileNode(node(b), b, NO_JSON)).to.equal(first);
        expect(calls).to.equal(1);
        const c = '{"name": "a", "svc_schema": "1.0", "fields": [{"name": "x", "type": "string"}]}';
        expect(compiler.compileNode(node(c), c, NO_JSON).schemaHash).to.equal(first.schemaHash);
        expect(calls).to.equal(2);
    });

    it("an unfinished compiler's empty failure is not cached", () => {
        let calls = 0;
        const compiler = new SchemaCompiler(16, () => {
            calls++;
            return { ok: false, errors: [], warnings: [], expressions: new Map() };
        });
        const t = '{"a": 1}';
        compiler.compileNode(node(t), t, NO_JSON);
        compiler.compileNode(node(t), t, NO_JSON);
        expect(calls).to.equal(2);
        expect(compiler.cached).to.equal(0);
    });
});
