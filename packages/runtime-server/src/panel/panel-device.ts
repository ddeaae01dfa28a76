// A browser that has signed in to an account before (docs/panel.md, "Sign-in failures"). Each
// successful sign-in (and sign-up) sets a cookie naming the account, when it was set and an
// HMAC-SHA256 of both and of a digest of the account's password hash, under a key derived from the
// session secret (so any instance verifies it, and a rotated secret still does). During a lockout a
// browser holding it may still try its password: strangers who spend their share of the failures
// no longer lock the owner out. A new password makes every such cookie worthless; the cookie
// carries no secret and grants nothing but that try.
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions } from './panel-sessions.js';

export const DEVICE_COOKIE = 'svc_device';
/** How long a browser stays known after it last signed in. */
export const DEVICE_MAX_AGE_MS = 90 * 86_400_000;
const TAG = 32;

function tag(secret: string, accountId: string, issuedAt: string, passwordHash: string): Buffer {
    const key = Buffer.from(hkdfSync('sha256', secret, 'svc panel', 'known browser', 32));
    const password = createHash('sha256').update(passwordHash, 'utf8').digest();
    return createHmac('sha256', key).update(`${accountId}\n${issuedAt}\n`, 'utf8').update(password).digest();
}

function options(request: FastifyRequest) {
    // Sent only to the sign-in page and its post, where it is read.
    return { ...cookieOptions(request), path: '/panel/sign-in', maxAge: DEVICE_MAX_AGE_MS / 1000 };
}

/** Marks this browser as one that signed in to `accountId` (with the password whose hash is given). */
export function rememberDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    passwordHash: string,
    secret: string,
    now: number,
): void {
    const issuedAt = String(Math.floor(now / 1000));
    const value = `${accountId}.${issuedAt}.${tag(secret, accountId, issuedAt, passwordHash).toString('base64url')}`;
    reply.setCookie(DEVICE_COOKIE, value, options(request));
}

/** Whether `value` (the cookie as sent) marks a browser that signed in to `accountId` with its current password. */
export function isKnownDevice(
    value: string | undefined,
    accountId: string,
    passwordHash: string,
    secrets: readonly string[],
    now: number,
): boolean {
    if (value === undefined || value.length > 200) return false;
    const parts = value.split('.');
    if (parts.length !== 3 || parts[0] !== accountId || !/^\d{1,12}$/.test(parts[1]!)) return false;
    const issued = Number(parts[1]) * 1000;
    if (issued > now + 60_000 || now - issued > DEVICE_MAX_AGE_MS) return false;
    const given = Buffer.from(parts[2]!, 'base64url');
    if (given.length !== TAG || given.toString('base64url') !== parts[2]) return false;
    let ok = false;
    for (const secret of secrets) ok = timingSafeEqual(tag(secret, accountId, parts[1]!, passwordHash), given) || ok; // no early exit
    return ok;
}
