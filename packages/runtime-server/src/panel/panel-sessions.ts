// Browser sessions (docs/panel.md): a random 256-bit id in an HttpOnly, SameSite=Strict cookie;
// the store keeps only its SHA-256, so a leaked database cannot be replayed as cookies. A new id is
// issued at every sign-in (no fixation) and the row is deleted at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PanelStore } from '../store/panel-store-types.js';

export const SESSION_COOKIE = 'svc_session';
export const IDLE_MS = 12 * 3_600_000;
export const ABSOLUTE_MS = 7 * 86_400_000;
/** lastSeenAt is written at most this often per session (one write a minute, not one a request). */
const TOUCH_EVERY_MS = 60_000;

export function sessionHash(id: string): Buffer {
    return createHash('sha256').update(id, 'utf8').digest();
}

/** Secure unless the page is served over plain HTTP to a loopback host (local development). */
export function isPlainLoopback(request: FastifyRequest): boolean {
    if (request.protocol !== 'http') return false;
    const host = request.hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function cookieOptions(request: FastifyRequest) {
    return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: !isPlainLoopback(request) };
}

export class PanelSessions {
    constructor(
        private readonly store: PanelStore,
        private readonly now: () => number,
    ) {}

    /** Starts a session for the account; any session the browser had is ended first. */
    async start(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
        await this.end(request, reply);
        const id = randomBytes(32).toString('base64url');
        await this.store.createPanelSession(sessionHash(id), accountId, new Date(this.now()).toISOString());
        reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions(request), maxAge: ABSOLUTE_MS / 1000 });
    }

    /** The signed-in account, or undefined (no cookie, unknown, idle or too old: the row is dropped). */
    async accountOf(request: FastifyRequest): Promise<string | undefined> {
        const id = request.cookies[SESSION_COOKIE];
        if (!id || id.length > 100) return undefined;
        const hash = sessionHash(id);
        const found = await this.store.findPanelSession(hash);
        if (!found) return undefined;
        const t = this.now();
        if (t - Date.parse(found.lastSeenAt) > IDLE_MS || t - Date.parse(found.createdAt) > ABSOLUTE_MS) {
            await this.store.deletePanelSession(hash);
            return undefined;
        }
        if (t - Date.parse(found.lastSeenAt) > TOUCH_EVERY_MS) await this.store.touchPanelSession(hash, new Date(t).toISOString());
        return found.accountId;
    }

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        const id = request.cookies[SESSION_COOKIE];
        if (id && id.length <= 100) await this.store.deletePanelSession(sessionHash(id));
        if (id !== undefined) reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    }
}
