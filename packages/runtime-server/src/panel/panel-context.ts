// What every panel route module receives: the server's own services (one store, one limiter, one
// compiler, one engine), the session manager and the built asset names.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerServices } from '../server-module.js';
import type { Account, Store } from '../store/store-types.js';
import type { PanelStore } from '../store/panel-store-types.js';
import { page, type Assets, type PageOptions } from './panel-html.js';
import { isPlainLoopback, type PanelSessions } from './panel-sessions.js';

export interface PanelContext {
    services: ServerServices;
    store: Store & PanelStore;
    sessions: PanelSessions;
    assets: Assets;
}

declare module 'fastify' {
    interface FastifyRequest {
        /** The signed-in account of a panel request (set by the panel's session hook). */
        panelAccountId: string | null;
    }
}

const tokens = new WeakMap<FastifyReply, string>();

/** The response's CSRF token, made once (a second call would set a second secret cookie). */
export function csrfToken(reply: FastifyReply): string {
    let token = tokens.get(reply);
    if (token === undefined) {
        token = reply.generateCsrf({ secure: !isPlainLoopback(reply.request) });
        tokens.set(reply, token);
    }
    return token;
}

/** Sends a full page; pages are never cached (they may show a new key). */
export function sendPage(
    reply: FastifyReply,
    status: number,
    options: Omit<PageOptions, 'assets' | 'csrf'>,
    ctx: PanelContext,
): FastifyReply {
    const csrf = csrfToken(reply);
    return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page({ ...options, assets: ctx.assets, csrf }));
}

/** The signed-in account, or undefined after answering with a redirect to the sign-in page. */
export async function accountOrRedirect(request: FastifyRequest, reply: FastifyReply, ctx: PanelContext): Promise<Account | undefined> {
    const account = request.panelAccountId === null ? undefined : await ctx.store.getAccount(request.panelAccountId);
    if (!account) {
        void reply.redirect('/panel/sign-in', 303);
        return undefined;
    }
    return account;
}
