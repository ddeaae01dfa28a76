// Uniform random base62 strings from crypto random bytes. A byte is used only when it is below 248
// (the largest multiple of 62 that fits in a byte), so `byte % 62` is unbiased: rejection sampling
// instead of a plain modulo, which would favour the first 8 characters.
import { randomBytes } from 'node:crypto';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LIMIT = 248; // 4 * 62

export function randomBase62(length: number): string {
    let out = '';
    while (out.length < length) {
        // Ask for a little more than needed: about 3% of bytes are rejected.
        const bytes = randomBytes(Math.ceil((length - out.length) * 1.1) + 4);
        for (const b of bytes) {
            if (b >= LIMIT) continue;
            out += BASE62[b % 62];
            if (out.length === length) break;
        }
    }
    return out;
}
