// The panel (docs/panel.md), served under /panel/ by the same Fastify app as the API. One
// encapsulated plugin: the Fastify ecosystem's cookie, form-body, helmet (CSP and frame headers),
// CSRF and static plugins, then the panel's hooks in the judging order
//   per-IP limit (charged without a session) → session → per-account limit → (POST) Origin, then
//   CSRF token → the handler.
// The per-account limit is the account's own, shared with its API keys and MCP.
// The playground's Run and edits are the API's own extraction and edit routes registered again
// under /panel/api with the browser session as their principal, so they share every service.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import { ApiError, MESSAGES, pipelineUnavailable } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import type { Store } from '../store/store-types.js';
import type { PanelStore } from '../store/panel-store-types.js';
import { registerAccountRoutes } from './panel-account-routes.js';
import { registerPlaygroundRoutes } from './panel-playground.js';
import { sendPage, type PanelContext } from './panel-context.js';
import { html, type Assets } from './panel-html.js';
import { registerKeyRoutes } from './panel-key-routes.js';
import { PanelSessions } from './panel-sessions.js';
import { registerUsageRoutes } from './panel-usage.js';

/** The browser bundle built by @svc/panel-client (its package.json sits beside its dist/). */
export const ASSET_DIR = join(dirname(createRequire(import.meta.url).resolve('@svc/panel-client/package.json')), 'dist', 'assets');

/** Hashed asset names from the bundle's manifest (packages/panel-client/scripts/bundle.mjs). */
export function loadAssets(dir = ASSET_DIR): Assets {
    const file = join(dir, 'manifest.json');
    if (!existsSync(file)) throw new Error(`panel assets are not built (${file} missing); run npm run build`);
    const m = JSON.parse(readFileSync(file, 'utf8')) as Assets;
    return { script: `/panel/assets/${m.script}`, style: `/panel/assets/${m.style}`, icon: `/panel/assets/${m.icon}` };
}

const FORBIDDEN = 'Missing or invalid CSRF token or Origin.';

export function registerPanel(app: FastifyInstance, services: ServerServices): void {
    const store = services.store as Store & PanelStore;
    const ctx: PanelContext = { services, store, sessions: new PanelSessions(store, services.now), assets: loadAssets() };
    app.register(
        async (panel) => {
            panel.decorateRequest('panelAccountId', null);
            await panel.register(fastifyCookie);
            await panel.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
            await panel.register(fastifyHelmet, {
                contentSecurityPolicy: {
                    useDefaults: false,
                    directives: {
                        defaultSrc: ["'self'"],
                        scriptSrc: ["'self'"],
                        styleSrc: ["'self'"],
                        imgSrc: ["'self'"],
                        connectSrc: ["'self'"],
                        fontSrc: ["'self'"],
                        objectSrc: ["'none'"],
                        baseUri: ["'none'"],
                        formAction: ["'self'"],
                        frameAncestors: ["'none'"],
                    },
                },
                frameguard: { action: 'deny' },
                referrerPolicy: { policy: 'no-referrer' },
                hsts: false, // set by whoever terminates TLS; loopback HTTP must keep working
            });
            await panel.register(fastifyCsrf, {
                sessionPlugin: '@fastify/cookie',
                cookieOpts: { path: '/panel', sameSite: 'strict', httpOnly: true },
            });
            await panel.register(fastifyStatic, {
                root: ASSET_DIR,
                prefix: '/assets/',
                immutable: true,
                maxAge: '365d',
                // The bundle's .br and .gz files, made once at build time: no compression per request.
                preCompressed: true,
                index: false,
                list: false,
            });

            // As on the API: the per-IP limit is checked first and charged to requests without a
            // session (sign-in, sign-up, assets); a signed-in request counts against its account.
            panel.addHook('onRequest', async (request) => {
                if (request.url.startsWith('/panel/assets/')) return services.limiter.checkIp(request.ip); // no session needed
                await services.limiter.checkIpRoom(request.ip);
                request.panelAccountId = (await ctx.sessions.accountOf(request)) ?? null;
                if (request.panelAccountId === null) await services.limiter.checkIp(request.ip);
                else await services.limiter.checkPanel(request.panelAccountId, isRevoking(request));
            });
            panel.addHook('preHandler', (request, reply, done) => {
                if (request.method === 'GET' || request.method === 'HEAD') return done();
                if (!sameOrigin(request)) return done(new ApiError(403, 'forbidden', FORBIDDEN));
                panel.csrfProtection(request, reply, done);
            });
            panel.setErrorHandler((error: FastifyError, request, reply) => panelError(error, request, reply, ctx));
            panel.setNotFoundHandler((request, reply) => panelError(new ApiError(404, 'not_found', 'No such page.'), request, reply, ctx));

            registerAccountRoutes(panel, ctx);
            registerKeyRoutes(panel, ctx);
            registerUsageRoutes(panel, ctx);
            registerPlaygroundRoutes(panel, ctx);
        },
        { prefix: '/panel' },
    );
}

/** The keys page and Revoke: what an owner needs to revoke keys that use up the account's requests. */
function isRevoking(request: FastifyRequest): boolean {
    const route = request.routeOptions.url;
    return (request.method === 'GET' && route === '/panel/keys') || (request.method === 'POST' && route === '/panel/keys/:id/revoke');
}

/** A state-changing request must come from a page of this origin (a missing Origin fails too). */
function sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    return typeof origin === 'string' && origin === `${request.protocol}://${request.host}`;
}

/** Errors as pages, or in the API's JSON shape for the playground's routes; 5xx causes are logged (frames only). */
function panelError(error: ApiError | FastifyError, request: FastifyRequest, reply: FastifyReply, ctx: PanelContext): FastifyReply {
    const log = (x: unknown): void => {
        const err = x instanceof Error ? x : new Error(String(x));
        ctx.services.log.event('error', 'unexpected failure', {
            method: request.method,
            path: request.url.split('?')[0],
            error: err.name,
            stack: (err.stack ?? '')
                .split('\n')
                .slice(1, 12)
                .map((l) => l.trim()),
        });
    };
    let e: ApiError;
    if (error instanceof ApiError) {
        e = error;
        if (e.status >= 500 && e.cause !== undefined) log(e.cause);
    } else if ((error as unknown) instanceof DependencyUnavailableError) {
        // PostgreSQL or Redis out of reach: 503 as on the API (docs/deploy.md), never a 500.
        e = pipelineUnavailable(MESSAGES.dependencyUnavailable);
    } else if (error.code?.startsWith('FST_CSRF')) {
        e = new ApiError(403, 'forbidden', FORBIDDEN);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        e = new ApiError(400, 'invalid_request', 'The request is invalid.');
    } else {
        log(error);
        e = new ApiError(500, 'internal_error', 'Unexpected failure on the service side.');
    }
    if (request.url.startsWith('/panel/api/') || (request.headers.accept ?? '').startsWith('application/json')) {
        return reply.code(e.status).headers(e.headers).type('application/json; charset=utf-8').send(e.body());
    }
    return sendPage(
        reply.headers(e.headers),
        e.status,
        {
            title: e.status === 404 ? 'Not found' : 'Something went wrong',
            body: html`<p role="alert">${e.message}</p><p><a href="/panel/">Back to the panel</a></p>`,
        },
        ctx,
    );
}
