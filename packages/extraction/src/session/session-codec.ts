// `session` = `v1.<base64url(deflateRaw(payload JSON))>.<base64url(HMAC-SHA256)>` (runtime.md
// section 3). The MAC covers the version and the payload segment, so any changed character fails
// verification; verification tries every secret of the ring in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SecretRing } from './secret-ring.js';
import { isSessionPayload, type SessionPayload } from './session-payload.js';

const PREFIX = 'v1';
/** A session never inflates beyond this (a forged deflate bomb cannot pass the MAC, but be safe). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

function mac(secret: string, signed: string): Buffer {
    return createHmac('sha256', secret).update(signed, 'utf8').digest();
}

export function encodeSession(payload: SessionPayload, ring: SecretRing): string {
    const body = deflateRawSync(Buffer.from(JSON.stringify(payload), 'utf8')).toString('base64url');
    const signed = `${PREFIX}.${body}`;
    return `${signed}.${mac(ring.current, signed).toString('base64url')}`;
}

/** True when `token`'s signature verifies under some secret of the ring. */
export function verifySession(token: string, ring: SecretRing): boolean {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== PREFIX || !/^[A-Za-z0-9_-]+$/.test(parts[1]!) || !/^[A-Za-z0-9_-]+$/.test(parts[2]!)) return false;
    const given = Buffer.from(parts[2]!, 'base64url');
    // Re-encoding must give the same text: base64url has several spellings of one final group.
    if (given.length !== 32 || given.toString('base64url') !== parts[2]) return false;
    const signed = `${parts[0]}.${parts[1]}`;
    let ok = false;
    for (const secret of ring.all) ok = timingSafeEqual(mac(secret, signed), given) || ok;
    return ok;
}

export type SessionDecode = { ok: true; payload: SessionPayload } | { ok: false; reason: string };

/** Verifies and decodes a session; never throws on malformed input. */
export function decodeSession(token: unknown, ring: SecretRing): SessionDecode {
    if (typeof token !== 'string' || !verifySession(token, ring)) return { ok: false, reason: 'the session is not valid or has been altered' };
    const body = token.split('.')[1]!;
    try {
        const json = inflateRawSync(Buffer.from(body, 'base64url'), { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8');
        const payload: unknown = JSON.parse(json);
        if (!isSessionPayload(payload)) return { ok: false, reason: 'the session payload is malformed' };
        return { ok: true, payload };
    } catch {
        return { ok: false, reason: 'the session payload is malformed' };
    }
}
