// API keys (docs/runtime-server.md): `svc_` + 40 base62 characters. Only the SHA-256 digest and the
// first 12 characters are stored; the key itself exists only in the answer to `svc keys create`.
import { createHash } from 'node:crypto';
import { randomBase62 } from '../text/random-base62.js';

export const KEY_PREFIX = 'svc_';
export const KEY_BODY_LENGTH = 40;
export const KEY_PREFIX_LENGTH = 12;
export const KEY_PATTERN = /^svc_[0-9A-Za-z]{40}$/;

export interface GeneratedKey {
    key: string;
    prefix: string;
    hash: Buffer;
}

export function generateApiKey(): GeneratedKey {
    const key = KEY_PREFIX + randomBase62(KEY_BODY_LENGTH); // 40 * log2(62) ≈ 238 bits
    return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** SHA-256 suffices (no slow hash): keys are long random strings, not guessable passwords. */
export function hashApiKey(key: string): Buffer {
    return createHash('sha256').update(key, 'utf8').digest();
}
