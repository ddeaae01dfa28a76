// The new key across the redirect after Create key (docs/panel.md). POST /panel/keys answers 303 to
// GET /panel/keys, so reloading the page that shows the key asks for the page again instead of
// posting the form again (answering the POST with the page made a second key at each reload). The
// key rides the redirect in a cookie sealed with AES-256-GCM (a key derived from the session secret,
// which every instance shares) and bound to the account and browser session; the GET shows it and
// clears the cookie, so it is shown once and never stored in plain text, in the browser either.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, cookieOptions } from './panel-sessions.js';

export const NEW_KEY_COOKIE = 'svc_new_key';
/** Long enough to follow a redirect on a slow link; the GET clears it anyway. */
const MAX_AGE_MS = 60_000;
const IV = 12;
const TAG = 16;

function cipherKey(secret: string): Buffer {
    return Buffer.from(hkdfSync('sha256', secret, 'svc panel', 'new key shown once', 32));
}

/** What the sealed key is bound to: a cookie made for one account and browser session opens for no other. */
function binding(request: FastifyRequest, accountId: string): Buffer {
    return Buffer.from(`${accountId}\n${request.cookies[SESSION_COOKIE] ?? ''}`);
}

function options(request: FastifyRequest) {
    return { ...cookieOptions(request), path: '/panel/keys' };
}

/** Sets the cookie that carries `key` to the page the POST redirects to. */
export function sealNewKey(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    key: string,
    secret: string,
    now: number,
): void {
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', cipherKey(secret), iv);
    cipher.setAAD(binding(request, accountId));
    const body = Buffer.concat([cipher.update(JSON.stringify({ key, at: now }), 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    reply.setCookie(NEW_KEY_COOKIE, sealed, { ...options(request), maxAge: MAX_AGE_MS / 1000 });
}

/** The key the redirect carries, once: the cookie is cleared whatever it holds. Undefined without one. */
export function takeNewKey(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    secrets: readonly string[],
    now: number,
): string | undefined {
    const sealed = request.cookies[NEW_KEY_COOKIE];
    if (sealed === undefined) return undefined;
    reply.clearCookie(NEW_KEY_COOKIE, options(request));
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV + TAG || raw.length > 512) return undefined;
    for (const secret of secrets) {
        try {
            const decipher = createDecipheriv('aes-256-gcm', cipherKey(secret), raw.subarray(0, IV));
            decipher.setAAD(binding(request, accountId));
            decipher.setAuthTag(raw.subarray(IV, IV + TAG));
            const opened = JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8')) as {
                key: string;
                at: number;
            };
            return now - opened.at <= MAX_AGE_MS ? opened.key : undefined;
        } catch {
            // Sealed with another secret (rotated), for another session, or not by this service.
        }
    }
    return undefined;
}
