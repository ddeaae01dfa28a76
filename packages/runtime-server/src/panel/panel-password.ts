// Passwords (docs/panel.md): scrypt from node:crypto (no native add-on to build, run on libuv's
// thread pool so the event loop stays free), encoded with its parameters so they can be raised later
// without invalidating stored hashes. Verification is constant-time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords are refused before hashing: scrypt's cost must not depend on attacker input. */
export const MAX_PASSWORD_LENGTH = 1024;
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
    const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
    return new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
    });
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, PARAMS);
    return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** False for a wrong password or a malformed hash; `null` hashes are checked against a dummy. */
export async function verifyPassword(password: string, encoded: string | null): Promise<boolean> {
    const parts = (encoded ?? DUMMY).split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    if (![N, r, p].every(Number.isSafeInteger) || N > 2 ** 20 || r > 32 || p > 16) return false;
    const expected = Buffer.from(parts[5]!, 'base64');
    const key = await derive(password, Buffer.from(parts[4]!, 'base64'), { N, r, p });
    return expected.length === key.length && timingSafeEqual(expected, key) && encoded !== null;
}

/** Hashed against when an email is unknown, so its answer takes as long as a wrong password's. */
const DUMMY = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/**
 * A password's length in characters: code points, at sign-up, sign-in and in the CLI alike (sign-in
 * once counted UTF-16 units, so 600 emoji could be set but never used to sign in).
 */
export function passwordLength(password: string): number {
    let n = 0;
    for (const _ of password) n++;
    return n;
}

/** A password the rules refuse, with the reason; undefined when acceptable. */
export function passwordProblem(password: string): string | undefined {
    const n = passwordLength(password);
    if (n < MIN_PASSWORD_LENGTH) return `A password has at least ${MIN_PASSWORD_LENGTH} characters.`;
    if (n > MAX_PASSWORD_LENGTH) return `A password has at most ${MAX_PASSWORD_LENGTH} characters.`;
    return undefined;
}
