import { expect } from 'chai';
import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { decodeUtf8Strict, firstInvalidUtf8 } from '../src/json/utf8-decode.js';

describe('strict UTF-8 decoding of schema files', () => {
    it('accepts every well-formed string', () => {
        fc.assert(
            fc.property(fc.string({ unit: 'grapheme' }), (s) => firstInvalidUtf8(Buffer.from(s, 'utf8')) === -1),
            { numRuns: 2000 },
        );
    });

    it("agrees with Node's validator, and everything before the reported byte is well-formed", () => {
        fc.assert(
            fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
                const at = firstInvalidUtf8(bytes);
                if (at < 0) return isUtf8(bytes);
                return !isUtf8(bytes) && isUtf8(bytes.subarray(0, at)) && at < bytes.length;
            }),
            { numRuns: 5000 },
        );
    });

    it('refuses overlong forms, surrogates and truncated sequences with E-JSON-SYNTAX naming the offset', () => {
        expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xc0, 0xaf]))).to.equal(1); // overlong '/'
        expect(firstInvalidUtf8(Uint8Array.from([0xed, 0xa0, 0x80]))).to.equal(0); // a surrogate
        expect(firstInvalidUtf8(Uint8Array.from([0x61, 0x62, 0xe2, 0x82]))).to.equal(2); // cut short
        const r = decodeUtf8Strict(Uint8Array.from([0x7b, 0x0a, 0xff]));
        expect('error' in r && r.error.code).to.equal('E-JSON-SYNTAX');
        expect('error' in r && r.error.message).to.equal(
            'not valid UTF-8: byte 0xFF at byte offset 2 (line 2) does not begin or continue a character; save the file as UTF-8',
        );
    });
});
