// Signed tokens `<prefix>.<base64url(deflateRaw(JSON))>.<base64url(HMAC-SHA256)>`. A session is the
// token of prefix `v1` (docs/edits.md); a reconciliation plan uses its own prefix (`p1`,
// edits/edit-plan.ts). The MAC covers the prefix and the payload segment, so any changed character
// fails verification and a token of one kind can never pass as the other, even under the same
// secrets. Verification tries every secret of the ring in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SecretRing } from './secret-ring.js';
import { isSessionPayload, type SessionPayload } from './session-payload.js';

export const SESSION_PREFIX = 'v1';
/** A token never inflates beyond this (a forged deflate bomb cannot pass the MAC, but be safe). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function mac(secret: string, signed: string): Buffer {
    return createHmac('sha256', secret).update(signed, 'utf8').digest();
}

/** Signs any JSON value as a token of `prefix` with the ring's signing secret. */
export function signToken(prefix: string, value: unknown, ring: SecretRing): string {
    const body = deflateRawSync(Buffer.from(JSON.stringify(value), 'utf8')).toString('base64url');
    const signed = `${prefix}.${body}`;
    return `${signed}.${mac(ring.current, signed).toString('base64url')}`;
}

/** True when `token` is a token of `prefix` whose signature verifies under some secret of the ring. */
export function verifyToken(prefix: string, token: string, ring: SecretRing): boolean {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== prefix || !SEGMENT.test(parts[1]!) || !SEGMENT.test(parts[2]!)) return false;
    const given = Buffer.from(parts[2]!, 'base64url');
    // Re-encoding must give the same text: base64url has several spellings of one final group.
    if (given.length !== 32 || given.toString('base64url') !== parts[2]) return false;
    const signed = `${parts[0]}.${parts[1]}`;
    let ok = false;
    for (const secret of ring.all) ok = timingSafeEqual(mac(secret, signed), given) || ok;
    return ok;
}

export type TokenOpen = { ok: true; value: unknown } | { ok: false; reason: 'signature' | 'payload' };

/** Verifies a token of `prefix` and parses its payload; never throws on malformed input. */
export function openToken(prefix: string, token: unknown, ring: SecretRing): TokenOpen {
    if (typeof token !== 'string' || !verifyToken(prefix, token, ring)) return { ok: false, reason: 'signature' };
    try {
        const json = inflateRawSync(Buffer.from(token.split('.')[1]!, 'base64url'), { maxOutputLength: MAX_PAYLOAD_BYTES }).toString(
            'utf8',
        );
        return { ok: true, value: JSON.parse(json) as unknown };
    } catch {
        return { ok: false, reason: 'payload' };
    }
}

export function encodeSession(payload: SessionPayload, ring: SecretRing): string {
    return signToken(SESSION_PREFIX, payload, ring);
}

/** True when `token`'s signature verifies under some secret of the ring. */
export function verifySession(token: string, ring: SecretRing): boolean {
    return verifyToken(SESSION_PREFIX, token, ring);
}

export type SessionDecode = { ok: true; payload: SessionPayload } | { ok: false; reason: string };

/** Verifies and decodes a session; never throws on malformed input. */
export function decodeSession(token: unknown, ring: SecretRing): SessionDecode {
    const opened = openToken(SESSION_PREFIX, token, ring);
    if (!opened.ok)
        return {
            ok: false,
            reason: opened.reason === 'signature' ? 'the session is not valid or has been altered' : 'the session payload is malformed',
        };
    if (!isSessionPayload(opened.value)) return { ok: false, reason: 'the session payload is malformed' };
    return { ok: true, payload: opened.value };
}
