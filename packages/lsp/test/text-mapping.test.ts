// Range mapping: compiler spans (UTF-8 bytes of the decoded expression) → document offsets through
// JSON escapes → positions in UTF-16, UTF-8 and UTF-32.
import { expect } from 'chai';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { compileSchemaText } from '@svc/compiler';
import { PositionEncoder, StringMap } from '../src/index.js';
import { width, type Encoding } from './test-text.js';

/** fast-check runs per property (FC_RUNS overrides, as in the compiler's tests). */
const RUNS = Number(process.env.FC_RUNS ?? 10_000);

/** JSON string literal of `value` with each code unit written raw or as \uXXXX, by `escapeMask`. */
function encodeWith(value: string, escapeMask: boolean[]): string {
    let out = '"';
    for (let i = 0; i < value.length; i++) {
        const ch = value[i]!;
        const code = value.charCodeAt(i);
        const forced = ch === '"' || ch === '\\' || code < 0x20;
        if (escapeMask[i % escapeMask.length] || forced) {
            const short: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '/': '\\/' };
            out += short[ch] && !escapeMask[i % escapeMask.length] ? short[ch] : `\\u${code.toString(16).padStart(4, '0')}`;
        } else {
            out += ch;
        }
    }
    return out + '"';
}

describe('StringMap: decoded spans back to the source', () => {
    const source = 'x = "a\\n\\"b\\u00e9c\\ud83d\\ude00d€"';
    const map = new StringMap(source, source.indexOf('"'));

    it('decodes like JSON.parse', () => {
        expect(map.value).to.equal(JSON.parse(source.slice(source.indexOf('"'))));
    });

    it('maps the byte span of each character to the text of its escape', () => {
        const expected = ['a', '\\n', '\\"', 'b', '\\u00e9', 'c', '\\ud83d\\ude00', 'd', '€'];
        let byte = 0;
        const got: string[] = [];
        for (const ch of map.value) {
            const len = Buffer.byteLength(ch, 'utf8');
            const [s, e] = map.sourceRangeOfSpan([byte, byte + len]);
            got.push(source.slice(s, e));
            byte += len;
        }
        expect(got).to.deep.equal(expected);
    });

    it('maps the empty span at the end to the closing quote, and offsets inside an escape to its character', () => {
        const end = Buffer.byteLength(map.value, 'utf8');
        expect(map.sourceRangeOfSpan([end, end])).to.deep.equal([source.length - 1, source.length - 1]);
        const inEscape = source.indexOf('u00e9') + 2;
        expect(map.value[map.decodedIndex(inEscape)]).to.equal('é');
    });

    for (const unit of ['grapheme', 'binary'] as const)
        it(`holds for any string (${unit}) and any choice of escapes (property)`, () => {
            fc.assert(
                fc.property(fc.string({ unit, maxLength: 24 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), (value, mask) => {
                    const literal = encodeWith(value, mask);
                    const m = new StringMap(literal, 0);
                    expect(m.value).to.equal(value);
                    let byte = 0;
                    for (const ch of value) {
                        const len = Buffer.byteLength(ch, 'utf8');
                        const [s, e] = m.sourceRangeOfSpan([byte, byte + len]);
                        expect(JSON.parse(`"${literal.slice(s, e)}"`)).to.equal(ch);
                        byte += len;
                    }
                }),
                { numRuns: RUNS },
            );
        });
});

describe('PositionEncoder: positions in the negotiated encoding', () => {
    const text = 'a€b\n😀 é "x"\r\nlast 𝄞 line';
    const doc = TextDocument.create('file:///t', 'json', 1, text);

    for (const encoding of ['utf-16', 'utf-8', 'utf-32'] as Encoding[]) {
        it(`${encoding}: position and offset agree with a plain count, at every code point`, () => {
            const enc = new PositionEncoder();
            enc.encoding = encoding;
            const offsets: number[] = [];
            for (let i = 0; i <= text.length; i++) {
                const c = text.charCodeAt(i - 1);
                if (i > 0 && c >= 0xd800 && c <= 0xdbff) continue; // inside a pair
                if (text[i - 1] === '\r' && text[i] === '\n') continue; // inside a CRLF
                offsets.push(i);
            }
            const batch = enc.positions(doc, offsets);
            offsets.forEach((o, k) => {
                const line = text.slice(0, o).split(/\r?\n/).length - 1;
                const lineStart = Math.max(text.lastIndexOf('\n', o - 1) + 1, 0);
                const want = { line, character: width(text.slice(lineStart, o), encoding) };
                expect(enc.position(doc, o), `offset ${o}`).to.deep.equal(want);
                expect(batch[k]).to.deep.equal(want);
                expect(enc.offset(doc, want)).to.equal(o);
            });
        });
    }

    it('clamps a position past the end of a line to the line end, and one inside a character to its start', () => {
        const enc = new PositionEncoder();
        enc.encoding = 'utf-8';
        expect(enc.offset(doc, { line: 0, character: 99 })).to.equal(3);
        expect(enc.offset(doc, { line: 0, character: 2 })).to.equal(1); // the middle of €
    });

    it('moves a UTF-16 position between the halves of a surrogate pair to the pair, but applies a change there as sent', () => {
        const enc = new PositionEncoder();
        const pair = text.indexOf('😀');
        const middle = { line: 1, character: 1 }; // between \ud83d and \ude00
        expect(enc.offset(doc, middle)).to.equal(pair);
        expect(enc.offset(doc, { line: 1, character: 2 })).to.equal(pair + 2);
        expect(enc.changeOffset(doc, middle)).to.equal(pair + 1); // the client's buffer counts it so
    });
});

describe('compiler spans to editor ranges on non-ASCII schemas', () => {
    // An unknown name after escapes and multi-byte text: the span is bytes of the decoded string.
    const text =
        '{"svc_schema": "1.0", "name": "t", "fields": [{"name": "b", "type": "string"}], "relations": [{"id": "r", "expr": "b == \'\\u00e9t\\u00e9 \\ud83d\\ude00 \\"q\\"\' and nope"}]}';

    it('the span, mapped, covers exactly the name in the source', () => {
        const result = compileSchemaText(text);
        const d = result.errors.find((e) => e.code === 'E-NAME-UNKNOWN');
        expect(d, JSON.stringify(result.errors)).to.not.equal(undefined);
        const node = text.indexOf('"b == ');
        const [s, e] = new StringMap(text, node).sourceRangeOfSpan(d!.span!);
        expect(text.slice(s, e)).to.equal('nope');
    });
});
