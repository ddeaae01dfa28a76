import { expect } from 'chai';
import fc from 'fast-check';
import { lineColumn, offsetOfLineColumn, readJson } from '../src/json/json-reader.js';
import { findByPointer } from '../src/json/json-pointer.js';
import { toPlain, type JsonObject } from '../src/json/json-types.js';

const codes = (text: string, maxDepth?: number) => readJson(text, { maxDepth }).diagnostics.map((d) => `${d.code} ${d.pointer}`);

describe('readJson', () => {
    it('reads every kind of value with positions', () => {
        const text = '{"a": [1, "x", true, null], "b": {"c": -2.50e1}}';
        const r = readJson(text);
        expect(r.diagnostics).to.deep.equal([]);
        expect(toPlain(r.root!)).to.deep.equal({ a: [1, 'x', true, null], b: { c: -25 } });
        const c = findByPointer(r.root!, '/b/c')!.node;
        expect(c.kind === 'number' && c.raw).to.equal('-2.50e1');
        expect(text.slice(c.start, c.end)).to.equal('-2.50e1');
    });

    it('keeps a string node range with its quotes and decodes escapes', () => {
        const text = '{"k": "a\\"b\\u00e9\\ud83d\\udce6\\n"}';
        const r = readJson(text);
        const s = findByPointer(r.root!, '/k')!.node;
        expect(s.kind === 'string' && s.value).to.equal('a"bé📦\n');
        expect(text.slice(s.start, s.end)).to.equal('"a\\"b\\u00e9\\ud83d\\udce6\\n"');
    });

    it('reports a duplicate key at the later member and keeps both', () => {
        const r = readJson('{"fields": [{"name": "a", "name": "b"}]}');
        expect(r.diagnostics.map((d) => `${d.code} ${d.pointer}`)).to.deep.equal(['E-JSON-DUPKEY /fields/0/name']);
        const obj = findByPointer(r.root!, '/fields/0')!.node as JsonObject;
        expect(obj.members.map((m) => [m.key, m.duplicate])).to.deep.equal([
            ['name', false],
            ['name', true],
        ]);
        expect(toPlain(obj)).to.deep.equal({ name: 'a' });
    });

    it('flags every later member of a key as a duplicate, in small objects and large ones (property)', () => {
        // Small objects are scanned and larger ones use a Set (json-reader.ts): both must agree with a plain count.
        const keys = fc.array(fc.constantFrom('a', 'b', 'c', '__proto__', 'x y', 'é', ''), { maxLength: 30 });
        fc.assert(
            fc.property(keys, (ks) => {
                const text = `{"o": {${ks.map((k, i) => `${JSON.stringify(k)}: ${i}`).join(', ')}}}`;
                const r = readJson(text);
                const obj = findByPointer(r.root!, '/o')!.node as JsonObject;
                expect(obj.members.map((m) => m.duplicate)).to.deep.equal(ks.map((k, i) => ks.indexOf(k) < i));
                expect(r.diagnostics.length).to.equal(ks.filter((k, i) => ks.indexOf(k) < i).length);
            }),
            { numRuns: Math.max(100, Math.floor(Number(process.env.FC_RUNS ?? 10_000) / 10)) },
        );
    });

    it('judges numbers exactly: 1e400 is not representable, a long integer is kept as written', () => {
        expect(codes('{"x": 1e400}')).to.deep.equal(['E-JSON-NUMBER /x']);
        expect(codes('{"x": 1e-400}')).to.deep.equal(['E-JSON-NUMBER /x']);
        expect(codes('{"x": 0e-400}')).to.deep.equal([]);
        const r = readJson('[12345678901234567890123456789]');
        expect(r.diagnostics).to.deep.equal([]);
        const n = findByPointer(r.root!, '/0')!.node;
        expect(n.kind === 'number' && n.raw).to.equal('12345678901234567890123456789');
    });

    for (const [name, text] of [
        ['trailing comma in an array', '[1, 2,]'],
        ['trailing comma in an object', '{"a": 1,}'],
        ['a line comment', '{\n// c\n"a": 1}'],
        ['a block comment', '{"a": /* c */ 1}'],
        ['single quotes', "{'a': 1}"],
        ['a leading zero', '[01]'],
        ['a bare word', '[nope]'],
        ['text after the value', '{} {}'],
        ['an unterminated string', '{"a": "b'],
        ['a raw control character', '["a\tb"]'],
        ['a bad escape', '["\\x"]'],
        ['empty input', ''],
        ['a missing colon', '{"a" 1}'],
        ['a missing comma', '[1 2]'],
    ] as const) {
        it(`rejects ${name} with E-JSON-SYNTAX`, () => {
            const r = readJson(text);
            expect(r.root).to.equal(undefined);
            expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['E-JSON-SYNTAX']);
            expect(r.diagnostics[0]!.message).to.match(/line \d+, column \d+/);
        });
    }

    it('names the container being read and the line and column', () => {
        const r = readJson('{\n  "fields": [\n    1,\n  ]\n}');
        expect(r.diagnostics[0]).to.include({ code: 'E-JSON-SYNTAX', pointer: '/fields' });
        expect(r.diagnostics[0]!.message).to.contain('line 4, column 3');
    });

    it('counts "\\r\\n", "\\r" and "\\n" each as one line break, as editors do', () => {
        for (const eol of ['\n', '\r\n', '\r']) {
            const message = readJson(['{', '  "svc_schema": "1.0",', '  "name": x', '}'].join(eol)).diagnostics[0]!.message;
            expect(message, JSON.stringify(eol)).to.contain('line 3, column 11');
        }
        expect(readJson('{\r\n"a": 1,\r\r  "b": x}').diagnostics[0]!.message).to.contain('line 4, column 8');
        // An unclosed string: where it starts, on its own line.
        const unclosed = readJson('{\r  "a": "bc').diagnostics[0]!.message;
        expect(unclosed).to.contain('line 2, column 11').and.to.contain('starts at column 8');
        // Editors find the offset back by the same rule, at every offset of a text of mixed line ends.
        const text = 'a\r\nb\rc\n\r\r\nd\n';
        for (let offset = 0; offset <= text.length; offset++) {
            const { line, column } = lineColumn(text, offset);
            expect(offsetOfLineColumn(text, line, column), `${offset}`).to.equal(offset);
        }
        expect(lineColumn(text, text.indexOf('d'))).to.deep.equal({ line: 6, column: 1 });
    });

    it('counts columns in UTF-16 code units, as docs/schema-language.md says (an emoji 2, é 1)', () => {
        expect(readJson('{"a": "😀" x}').diagnostics[0]!.message).to.contain('line 1, column 12');
        expect(readJson('{"a": "é" x}').diagnostics[0]!.message).to.contain('line 1, column 11');
        expect(readJson('{"a": "e\u0301" x}').diagnostics[0]!.message).to.contain('line 1, column 12'); // e and a combining accent
    });

    it('allows exactly 64 open containers and rejects 65 without recursion', () => {
        expect(codes(`${'['.repeat(64)}${']'.repeat(64)}`)).to.deep.equal([]);
        expect(codes(`${'['.repeat(65)}${']'.repeat(65)}`).map((c) => c.split(' ')[0])).to.deep.equal(['E-JSON-SYNTAX']);
        // A million brackets: rejected at once, no stack overflow.
        expect(codes('['.repeat(1_000_000)).map((c) => c.split(' ')[0])).to.deep.equal(['E-JSON-SYNTAX']);
        expect(codes(`${'['.repeat(65)}${']'.repeat(65)}`, 65)).to.deep.equal([]);
    });

    it('escapes ~ and / in pointers', () => {
        const r = readJson('{"a/b": {"c~d": 1e999}}');
        expect(r.diagnostics.map((d) => d.pointer)).to.deep.equal(['/a~1b/c~0d']);
        expect(findByPointer(r.root!, '/a~1b/c~0d')).to.not.equal(undefined);
    });

    it('skips a leading byte-order mark and treats __proto__ as a plain key', () => {
        const r = readJson('\ufeff{"__proto__": {"polluted": 1}}');
        expect(r.diagnostics).to.deep.equal([]);
        const plain = toPlain(r.root!) as Record<string, unknown>;
        expect(Object.keys(plain)).to.deep.equal(['__proto__']);
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
});
