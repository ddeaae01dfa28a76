// The browser bundle replaces two Node APIs the compiler uses; these must agree with Node exactly,
// or the playground's spans (UTF-8 byte offsets) and schema hashes would differ from `svc check`.
import { createHash as nodeHash } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { Buffer as ShimBuffer } from '../src/shims/buffer-shim.js';
import { createHash as shimHash } from '../src/shims/crypto-shim.js';

describe("browser shims of the compiler's Node dependencies", () => {
    it('Buffer.byteLength counts UTF-8 bytes as Node does, lone surrogates included', () => {
        fc.assert(
            fc.property(fc.string({ unit: 'binary' }), (s) => {
                expect(ShimBuffer.byteLength(s)).to.equal(Buffer.byteLength(s, 'utf8'));
                expect(Buffer.compare(Buffer.from(ShimBuffer.from(s)), Buffer.from(s, 'utf8'))).to.equal(0);
            }),
            { numRuns: 3000 },
        );
        expect(ShimBuffer.byteLength('\ud800')).to.equal(3);
        expect(ShimBuffer.byteLength('€𝄞')).to.equal(7);
    });

    it('createHash("sha256") gives Node\'s hex digest, in one update or several', () => {
        fc.assert(
            fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 }), (parts) => {
                const a = shimHash('sha256');
                const b = nodeHash('sha256');
                for (const p of parts) {
                    a.update(p);
                    b.update(p, 'utf8');
                }
                expect(a.digest('hex')).to.equal(b.digest('hex'));
            }),
            { numRuns: 2000 },
        );
        expect(() => shimHash('md5')).to.throw('unsupported hash md5');
    });
});
