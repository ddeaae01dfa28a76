// The API keys page (docs/panel.md): list, create (the key shown once, in a read-only input with a
// copy button, on the page Create key redirects to: panel-new-key.ts), revoke after a confirmation
// page. Keys are made by the same key service as `svc keys create`, so the rules (name, expiry,
// scopes) are the CLI's.
import type { FastifyInstance } from 'fastify';
import { KeyRequestError, createKey } from '../auth/key-service.js';
import { SCOPES } from '../auth/scopes.js';
import type { Account, KeyRecord } from '../store/store-types.js';
import { shellQuote } from '../text/shell-quote.js';
import { accountOrRedirect, csrfToken, sendPage, type PanelContext } from './panel-context.js';
import { csrfField, html, type Safe } from './panel-html.js';
import { sealNewKey, takeNewKey } from './panel-new-key.js';

type Form = Record<string, string | string[] | undefined>;

export function keyState(k: KeyRecord, now: number): 'active' | 'expired' | 'revoked' {
    if (k.revokedAt !== null) return 'revoked';
    if (k.expiresAt !== null && Date.parse(k.expiresAt) <= now) return 'expired';
    return 'active';
}

const day = (iso: string | null | undefined, none: string): string => (iso ? iso.slice(0, 10) : none);
/** To the minute, UTC (`2026-01-05 10:04`): a key's last use is recorded once a minute (docs/panel-store.md). */
const minute = (iso: string | null, none: string): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : none);

/** Revoked and expired keys shown, the latest; older ones are listed by `svc keys list`. */
export const SHOWN_INACTIVE_KEYS = 50;

function keyTable(keys: KeyRecord[], olderInactive: number, csrf: string, now: number, email: string): Safe {
    if (keys.length === 0) return html`<p>No keys yet.</p>`;
    // Active keys are at most MAX_ACTIVE_KEYS; revoked ones accumulate, so only the latest are read and shown.
    const note = olderInactive
        ? html`<p class="hint">${olderInactive} older revoked or expired keys are not shown; <code>svc keys list --email ${shellQuote(email)}</code> lists every key.</p>`
        : '';
    // Active keys first: those are what a user comes to revoke, and up to 50 revoked ones may follow.
    const states = new Map(keys.map((k) => [k, keyState(k, now)]));
    const ordered = [...keys.filter((k) => states.get(k) === 'active'), ...keys.filter((k) => states.get(k) !== 'active')];
    const rows = ordered.map((k) => {
        const state = states.get(k)!;
        return html`<tr><th scope="row" id="key-${k.id}">${k.name}</th><td><code>${k.prefix}…</code></td><td>${k.scopes.join(', ')}</td><td class="date">${day(k.createdAt, '')}</td><td class="date">${day(k.expiresAt, 'never')}</td><td class="date">${minute(k.lastUsedAt, 'never')}</td><td><span class="state ${state}">${state}</span></td>
<td>${state !== 'active' ? '' : html`<form method="post" action="/panel/keys/${k.id}/revoke">${csrfField(csrf)}<button type="submit" class="danger" aria-describedby="key-${k.id}">Revoke</button></form>`}</td></tr>`;
    });
    return html`${note}<div class="scroll"><table><caption>Your API keys</caption><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used (UTC)</th><th scope="col">State</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function createForm(csrf: string, values: { name?: string; days?: string; scopes?: readonly string[] }, message?: string): Safe {
    const ticked = new Set(values.scopes ?? SCOPES);
    return html`<form method="post" action="/panel/keys" class="card">
<h2>Create a key</h2>
${csrfField(csrf)}
${message ? html`<p role="alert" class="error">${message}</p>` : ''}
<label for="key-name">Name</label>
<input id="key-name" name="name" required maxlength="64" value="${values.name ?? ''}">
<label for="key-days">Expires in days</label>
<input id="key-days" name="days" type="number" min="1" max="365" inputmode="numeric" value="${values.days ?? ''}" aria-describedby="days-hint">
<p class="hint" id="days-hint">1 to 365; leave empty for a key that never expires.</p>
<fieldset><legend>Scopes</legend>
${SCOPES.map((s) => html`<label class="check"><input type="checkbox" name="scopes" value="${s}"${ticked.has(s) ? html` checked` : ''}> ${s}</label>`)}
</fieldset>
<button type="submit">Create key</button>
</form>`;
}

function newKeyBox(key: string): Safe {
    return html`<section class="card new-key" aria-labelledby="new-key-title">
<h2 id="new-key-title">Your new key</h2>
<p>Copy it now: it is shown only this once.</p>
<div class="copy-row"><input id="new-key" aria-label="New key" readonly value="${key}" class="mono"><button type="button" data-copy="new-key">Copy</button></div>
<p class="hint" role="status" data-copy-status="new-key"></p>
</section>`;
}

export function registerKeyRoutes(panel: FastifyInstance, ctx: PanelContext): void {
    const { store, services } = ctx;
    const show = async (
        reply: Parameters<typeof sendPage>[0],
        account: Account,
        status: number,
        extra: { created?: string; form?: Parameters<typeof createForm>[1]; message?: string } = {},
    ) => {
        const csrf = csrfToken(reply);
        const now = services.now();
        const { keys, olderInactive } = await store.listKeysForPanel(account.id, new Date(now).toISOString(), SHOWN_INACTIVE_KEYS);
        const body = html`${extra.created ? newKeyBox(extra.created) : ''}${createForm(csrf, extra.created ? {} : (extra.form ?? {}), extra.message)}<h2>Keys</h2>${keyTable(keys, olderInactive, csrf, now, account.email)}`;
        return sendPage(reply, status, { title: 'API keys', signedIn: { email: account.email, current: 'keys' }, body }, ctx);
    };

    panel.get('/keys', async (request, reply) => {
        const account = await accountOrRedirect(request, reply, ctx);
        if (!account) return reply;
        return show(reply, account, 200, { created: takeNewKey(request, reply, account.id, services.secrets.all, services.now()) });
    });

    panel.post('/keys', async (request, reply) => {
        const account = await accountOrRedirect(request, reply, ctx);
        if (!account) return reply;
        const f = (request.body ?? {}) as Form;
        const name = typeof f.name === 'string' ? f.name.trim() : '';
        const days = typeof f.days === 'string' ? f.days.trim() : '';
        const scopes = f.scopes === undefined ? [] : Array.isArray(f.scopes) ? f.scopes : [f.scopes];
        const values = { name, days, scopes };
        if (days !== '' && !/^\d{1,3}$/.test(days))
            return show(reply, account, 400, { form: values, message: 'Expiry is 1 to 365 days, or empty for never.' });
        try {
            const created = await createKey(
                store,
                { email: account.email, name, scopes, expiresDays: days === '' ? undefined : Number(days) },
                services.now(),
            );
            // Redirected, so a reload asks for the page again and never makes another key.
            sealNewKey(request, reply, account.id, created.key, services.secrets.current, services.now());
            return reply.redirect('/panel/keys', 303);
        } catch (e) {
            if (e instanceof KeyRequestError)
                return show(reply, account, 400, { form: values, message: `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.` });
            throw e;
        }
    });

    panel.post<{ Params: { id: string } }>('/keys/:id/revoke', async (request, reply) => {
        const account = await accountOrRedirect(request, reply, ctx);
        if (!account) return reply;
        const key = await store.getKey(account.id, request.params.id);
        const notFound = (message: string) =>
            sendPage(
                reply,
                404,
                {
                    title: 'Not found',
                    signedIn: { email: account.email },
                    body: html`<p role="alert">${message}</p><p><a href="/panel/keys">Back to API keys</a></p>`,
                },
                ctx,
            );
        if (!key) return notFound('No such key.');
        // A revoked or expired key is refused already; revoking it again would only replace the key
        // epoch, emptying every instance's key cache, which any tenant could then do in a loop.
        const state = keyState(key, services.now());
        if (state !== 'active') return notFound(`This key is ${state}: there is nothing to revoke.`);
        if ((request.body as Form | undefined)?.confirm !== 'yes') {
            const csrf = csrfToken(reply);
            const body = html`<form method="post" action="/panel/keys/${key.id}/revoke" class="card narrow">${csrfField(csrf)}<input type="hidden" name="confirm" value="yes">
<p>Revoke <strong>${key.name}</strong> (<code>${key.prefix}…</code>)? Requests with it are refused from the next one on. This cannot be undone.</p>
<div class="actions"><button type="submit" class="danger">Revoke</button> <a href="/panel/keys">Cancel</a></div></form>`;
            return sendPage(reply, 200, { title: 'Revoke key', signedIn: { email: account.email, current: 'keys' }, body }, ctx);
        }
        await store.revokeKey(key.id);
        return reply.redirect('/panel/keys', 303);
    });
}
