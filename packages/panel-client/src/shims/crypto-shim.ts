// node:crypto's createHash('sha256') for the browser bundle (the compiler hashes schemas with it);
// @noble/hashes is audited and small.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export function createHash(algorithm: string) {
    if (algorithm !== 'sha256') throw new Error(`unsupported hash ${algorithm}`);
    const parts: Uint8Array[] = [];
    const hash = {
        update(data: string | Uint8Array) {
            parts.push(typeof data === 'string' ? new TextEncoder().encode(data) : data);
            return hash;
        },
        digest(encoding: 'hex') {
            if (encoding !== 'hex') throw new Error(`unsupported digest encoding ${encoding}`);
            const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
            let at = 0;
            for (const p of parts) {
                all.set(p, at);
                at += p.length;
            }
            return bytesToHex(sha256(all));
        },
    };
    return hash;
}
