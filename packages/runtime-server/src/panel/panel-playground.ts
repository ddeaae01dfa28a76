// The playground page and the JSON routes behind it. Run and edits are the API's own extraction
// and edit routes, registered again under /panel/api with the browser session as principal: the
// same body checks, compiler, credit (402), extraction limit, engine and edit service as the API.
// A Run's answer also carries the credit left (header Svc-Credit-Reads), so the page's "(N left)"
// follows each run instead of staying at the number it was loaded with.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../http/api-errors.js';
import { registerEditRoute } from '../routes/edit-route.js';
import { registerExtractionRoute } from '../routes/extraction-route.js';
import { accountOrRedirect, sendPage, type PanelContext } from './panel-context.js';
import { html } from './panel-html.js';

export function registerPlaygroundRoutes(panel: FastifyInstance, ctx: PanelContext): void {
    panel.get('/playground', async (request, reply) => {
        const account = await accountOrRedirect(request, reply, ctx);
        if (!account) return reply;
        const body = html`<p class="hint">Diagnostics come from the compiler running in this page, as <code>svc check</code> reports them. Run spends reads from your credit (<span id="credit-left">${account.creditReads}</span> left); editing the result does not.</p>
<div id="playground" class="playground">
<section class="pane" aria-label="Editor and diagnostics">
<label for="schema">Schema</label>
<div class="editor"><div class="overlay" aria-hidden="true"></div><textarea id="schema" spellcheck="false" autocomplete="off" autocapitalize="off" wrap="off" aria-describedby="diag-summary"></textarea></div>
<p id="diag-summary" class="hint" role="status"></p>
<ul id="diagnostics" class="diagnostics" aria-label="Diagnostics"></ul>
</section>
<section class="pane" aria-label="Text to extract from">
<label for="language">Language</label>
<select id="language"><option value="en">English</option><option value="nl">Dutch</option></select>
<label for="document">Document</label>
<textarea id="document" spellcheck="false"></textarea>
<div class="run-row"><button type="button" id="run">Run</button><p id="run-status" role="status"></p></div>
<div id="run-error" role="alert"></div>
</section>
</div>
<section id="result" hidden aria-labelledby="result-title"></section>`;
        return sendPage(reply, 200, { title: 'Playground', signedIn: { email: account.email, current: 'playground' }, body }, ctx);
    });

    panel.register(
        async (api) => {
            api.addHook('onRequest', async (request) => {
                if (request.panelAccountId === null) throw new ApiError(401, 'unauthorized', 'Sign in to the panel first.');
                request.principal = { keyId: 'panel', keyPrefix: 'panel', accountId: request.panelAccountId };
            });
            api.addHook('onSend', async (request, reply, payload) => {
                if (request.routeOptions.url === '/panel/api/v1/extractions' && (reply.statusCode === 200 || reply.statusCode === 402))
                    await creditHeader(request.panelAccountId, reply, ctx);
                return payload;
            });
            registerExtractionRoute(api, ctx.services);
            registerEditRoute(api, ctx.services);
        },
        { prefix: '/api' },
    );
}

/** Sets the account's credit left on a Run's answer; the answer goes without it if the store fails. */
async function creditHeader(accountId: string | null, reply: FastifyReply, ctx: PanelContext): Promise<void> {
    if (accountId === null) return;
    try {
        const account = await ctx.store.getAccount(accountId);
        if (account) reply.header('svc-credit-reads', String(account.creditReads));
    } catch {
        // Only the page's hint goes stale; the extraction and its charge stand.
    }
}
