// The Usage page (docs/panel.md): credit left, reads per day for 30 days, and this minute's counts
// against the four limits (read with Counters.peek, so looking does not count).
import type { FastifyInstance } from 'fastify';
import { shellQuote } from '../text/shell-quote.js';
import { accountOrRedirect, sendPage, type PanelContext } from './panel-context.js';
import { readsChart, fillDays } from './panel-chart.js';
import { html } from './panel-html.js';

export function registerUsageRoutes(panel: FastifyInstance, ctx: PanelContext): void {
    const { store, services } = ctx;
    panel.get('/usage', async (request, reply) => {
        const account = await accountOrRedirect(request, reply, ctx);
        if (!account) return reply;
        const now = services.now();
        const days = fillDays(await store.readsByDay(account.id, new Date(now - 29 * 86_400_000).toISOString().slice(0, 10)), now);
        // Unrevoked keys unexpired a window ago: one that expired since may have counts in this window.
        const keys = await store.listActiveKeys(account.id, new Date(now - services.config.limits.windowMs).toISOString());
        const base = await services.limiter.currentCounts({ accountId: account.id, ip: request.ip });
        // The per-key limit applies to each key: show the busiest one, all read at once (one MGET).
        const busiest = (await services.limiter.keyCounts(keys.map((k) => k.id))).reduce((a, b) => Math.max(a, b), 0);
        const l = services.config.limits;
        const rows: Array<[string, number, number]> = [
            ['Requests without a key or session from this IP address', base.ip, l.perIp],
            ['Requests with your busiest key', busiest, l.perKey],
            ['Requests of your account (API and panel)', base.account, l.perAccount],
            ['Extractions of your account', base.extractions, l.extractionsPerAccount],
        ];
        const body = html`<section class="card" aria-labelledby="credit-title"><h2 id="credit-title">Credit</h2>
<p class="big"><span id="credit-reads">${account.creditReads}</span> reads left</p>
<p>An extraction costs one read per 4,096-token window of its document; edits cost nothing.</p></section>
<section class="card"><h2>Reads per day</h2>${readsChart(days)}</section>
<section class="card"><h2>This minute</h2><div class="scroll"><table><thead><tr><th scope="col">Limit</th><th scope="col">Used</th><th scope="col">Per minute</th></tr></thead>
<tbody>${rows.map(([label, used, limit]) => html`<tr><th scope="row">${label}</th><td>${used}</td><td>${limit}</td></tr>`)}</tbody></table></div></section>
<section class="card" id="add-credit" aria-labelledby="add-credit-title"><h2 id="add-credit-title">Add credit</h2>
<p>Top-ups are paid through the payment provider, which confirms each payment to this service with a signed callback; the reads appear here as soon as it arrives. Write to your operator with the email <strong>${account.email}</strong> to buy reads. Operators can also add credit with <code>svc accounts credit --email ${shellQuote(account.email)} --reads N</code>.</p></section>`;
        return sendPage(reply, 200, { title: 'Usage', signedIn: { email: account.email, current: 'usage' }, body }, ctx);
    });
}
