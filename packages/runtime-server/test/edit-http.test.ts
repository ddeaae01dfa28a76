// POST /v1/extractions/edit with the real engine and edit service of @svc/extraction, in process
// (docs/runtime-server.md, docs/edits.md): every action over HTTP, chains fed their own output,
// sessions tampered with (a 400 without details, never a 500), stale plans, key rotation across
// servers, no reader call and no credit for an edit.
import { expect } from 'chai';
import { Engine, HeuristicReader, secretRingOf, verifySession, type Reader, type ReaderInput } from '@svc/extraction';
import { call, newKey, startTestServer, type Res, type TestServer } from './test-server.js';

const SCHEMA = {
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}' },
        { name: 'invoice_date', type: 'date' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
};
const INVOICE = '🧾 Café Zoë 😀👍🏽\nInvoice number: INV-2024-0042\nInvoice date: 3 January 2024\nTotal: EUR 1,234.56\nThank you.';
const CONFLICT =
    'Invoice number: INV-2024-0077\nInvoice date: 5 February 2024\nTotal: EUR 1,234.56\n\nPayment is due within thirty days.\nTotal: EUR 1,243.56';
const UNLIMITED = { perKey: 100_000, perAccount: 100_000, perIp: 100_000, extractionsPerAccount: 100_000 };

class CountingReader implements Reader {
    readonly name = 'counting';
    calls = 0;
    private readonly inner = new HeuristicReader();
    read(input: ReaderInput) {
        this.calls++;
        return this.inner.read(input);
    }
}

async function serverWith(secrets: string[]): Promise<{ t: TestServer; key: string; reader: CountingReader; email: string }> {
    const reader = new CountingReader();
    const engine = new Engine({ reader, secrets: secretRingOf(secrets), concurrency: 1 });
    // editor undefined: the server builds the edit service with @svc/extraction's createEditService.
    const t = await startTestServer({
        config: { sessionSecrets: secrets },
        limits: UNLIMITED,
        overrides: { engine, editor: undefined, env: {} },
    });
    const k = await newKey(t, { credit: 1000 });
    return { t, key: k.key, reader, email: k.email };
}

function ok(r: Res): any {
    expect(r.status, r.text.slice(0, 600)).to.equal(200);
    return r.json;
}

function plain400(r: Res): string {
    expect(r.status, r.text.slice(0, 300)).to.equal(400);
    expect(r.json.error.code).to.equal('invalid_request');
    expect(r.json.error.message).to.be.a('string').that.is.not.empty;
    expect(r.json.error, r.text).not.to.have.property('details');
    return r.json.error.message;
}

function detail400(r: Res, path: Array<string | number>): any {
    expect(r.status, r.text.slice(0, 300)).to.equal(400);
    expect(r.json.error.code).to.equal('invalid_request');
    const d = (r.json.error.details ?? []).find((x: any) => JSON.stringify(x.path) === JSON.stringify(path));
    expect(d, `no detail at ${JSON.stringify(path)}: ${r.text}`).to.be.an('object');
    expect(d.message).to.be.a('string');
    return d;
}

describe('POST /v1/extractions/edit (real edit service, in process)', () => {
    let s: Awaited<ReturnType<typeof serverWith>>;
    const extract = async (document: string, extra: Record<string, unknown> = {}): Promise<any> =>
        ok(await call(s.t, 'POST', '/v1/extractions', { key: s.key, body: { document, schema: SCHEMA, ...extra } }));
    const edit = (extraction: unknown, change: unknown, server = s): Promise<Res> =>
        call(server.t, 'POST', '/v1/extractions/edit', { key: server.key, body: { extraction, edit: change } });

    before(async () => {
        s = await serverWith(['http-edit-secret']);
    });
    after(async () => {
        await s.t.stop();
    });

    it('the server wires the edit service of @svc/extraction', () => {
        expect(s.t.server.services.editor).to.not.equal(undefined);
    });

    it('every action round-trips over HTTP; edits use no credit and never call the reader', async () => {
        const base = await extract(INVOICE, { reference: 'r-1' });
        const conflict = await extract(CONFLICT);
        const calls = s.reader.calls;
        const credit = (await s.t.server.services.store.findAccountByEmail(s.email))!.creditReads;

        const ins = ok(await edit(base, { action: 'insert', candidate: { slot: 'invoice_date', quote: '3 January 2024', p: 0.9 } }));
        expect(ins).to.include({ object: 'extraction', revision: 1, reference: 'r-1' });
        expect(ins.active_bundles).to.deep.equal([0, 1]);
        expect(ins.usage).to.deep.equal({ input_tokens: base.usage.input_tokens, reads: 0, window_tokens: 4096 });
        expect(ins.response.mentions.find((m: any) => m.bundle === 1)).to.include({
            start: Array.from(INVOICE.slice(0, INVOICE.indexOf('3 January'))).length,
        });

        const ret = ok(await edit(ins, { action: 'retract', bundle: 1 }));
        expect(ret.revision).to.equal(2);
        expect(ret.active_bundles).to.deep.equal([0]);
        expect(ret.response.data).to.deep.equal(base.response.data);

        const wrong = conflict.response.mentions.find((m: any) => m.quote === 'EUR 1,243.56');
        const withdraw = [{ bundle: wrong.bundle, mention: Number(wrong.id) }];
        const pv = ok(await edit(conflict, { action: 'preview_reconciliation', intent: 'typo', withdraw }));
        expect(pv).to.include({ object: 'reconciliation_preview', revision: 0, intent: 'typo' });
        expect(pv.impact).to.deep.equal({ total: { before: null, after: { amount: '1234.56', currency: 'EUR' } } });
        const rec = ok(await edit(conflict, { action: 'reconcile', plan: pv.plan }));
        expect(rec.revision).to.equal(1);
        // Made without a reference, it holds null and is edited as it was answered (docs/runtime-server.md).
        expect([conflict.reference, rec.reference]).to.deep.equal([null, null]);
        expect(rec.response).to.deep.equal(pv.after);
        expect(rec.response.reconciliations).to.deep.equal([{ revision: 1, intent: 'typo', withdraw, bundle: null }]);

        // Only the members an edit reads need be sent.
        const { document, schema, language, reference, options, session } = ins;
        expect(
            ok(await edit({ document, schema, language, reference, options, session }, { action: 'retract', bundle: 0 })).revision,
        ).to.equal(2);

        expect(s.reader.calls).to.equal(calls);
        expect((await s.t.server.services.store.findAccountByEmail(s.email))!.creditReads).to.equal(credit);
    });

    it('the 400s with details: quote, slot, bundle, withdraw entry', async () => {
        const base = await extract(INVOICE);
        detail400(await edit(base, { action: 'insert', candidate: { slot: 'invoice_date', quote: '4 January 2024', p: 0.9 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        detail400(await edit(base, { action: 'insert', candidate: { slot: 'invoice_date', quote: 'Thank you', p: 0.9 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        detail400(await edit(base, { action: 'insert', candidate: { slot: 'nope', quote: 'Thank you', p: 0.9 } }), [
            'edit',
            'candidate',
            'slot',
        ]);
        detail400(await edit(base, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.9, start: 3 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        detail400(await edit(base, { action: 'retract', bundle: 7 }), ['edit', 'bundle']);
        detail400(
            await edit(base, {
                action: 'preview_reconciliation',
                intent: 'x',
                withdraw: [
                    { bundle: 0, mention: 0 },
                    { bundle: 0, mention: 99 },
                ],
            }),
            ['edit', 'withdraw', 1],
        );
        const p1 = detail400(await edit(base, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 1 } }), [
            'edit',
            'candidate',
            'p',
        ]);
        expect(p1).to.include({ code: 'too_big', inclusive: false });
    });

    it('a chain of 20 edits over HTTP, each sent the previous response', async () => {
        let ex = await extract(CONFLICT);
        for (let i = 0; i < 20; i++) {
            const prev = ex;
            if (i % 4 === 3) {
                const m = ex.response.mentions.at(-1);
                const pv = ok(
                    await edit(ex, {
                        action: 'preview_reconciliation',
                        intent: `step ${i}`,
                        withdraw: [{ bundle: m.bundle, mention: Number(m.id) }],
                    }),
                );
                ex = ok(await edit(ex, { action: 'reconcile', plan: pv.plan }));
                expect(ex.response).to.deep.equal(pv.after);
            } else if (i % 4 === 2) {
                ex = ok(await edit(ex, { action: 'retract', bundle: ex.active_bundles.at(-1) }));
            } else {
                ex = ok(
                    await edit(ex, {
                        action: 'insert',
                        candidate: { slot: 'total', quote: i % 2 ? 'EUR 1,243.56' : 'EUR 1,234.56', p: 0.5 },
                    }),
                );
            }
            expect(ex.revision).to.equal(prev.revision + 1);
            expect(ex.usage.reads).to.equal(0);
        }
        expect(ex.revision).to.equal(20);
        expect(ex.response.reconciliations).to.have.length(5);
    });

    it('a session changed anywhere, truncated, or from another document or schema: 400 without details, never 500', async () => {
        const base = await extract(INVOICE);
        const token: string = base.session;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
        for (let i = 0; i < token.length; i++) {
            const c = alphabet[(alphabet.indexOf(token[i]!) + 7) % alphabet.length]!;
            plain400(await edit({ ...base, session: token.slice(0, i) + c + token.slice(i + 1) }, { action: 'retract', bundle: 0 }));
        }
        for (let n = 1; n < token.length; n += 5)
            plain400(await edit({ ...base, session: token.slice(0, n) }, { action: 'retract', bundle: 0 }));
        for (const garbage of ['v1..', 'v1.a.b', '.', 'x'.repeat(5000), `v1.${'A'.repeat(100)}.${'A'.repeat(43)}`, '\u0000', '😀']) {
            plain400(await edit({ ...base, session: garbage }, { action: 'retract', bundle: 0 }));
        }
        plain400(await edit({ ...base, document: `${base.document}\nNote: paid in cash.` }, { action: 'retract', bundle: 0 }));
        plain400(await edit({ ...base, schema: { ...SCHEMA, name: 'other' } }, { action: 'retract', bundle: 0 }));
        plain400(await edit({ ...base, language: 'nl' }, { action: 'retract', bundle: 0 }));
        plain400(await edit({ ...base, reference: 'changed' }, { action: 'retract', bundle: 0 }));
        // the stored schema as returned (normalised, defaults filled in) is the same schema
        ok(await edit(base, { action: 'retract', bundle: 0 }));
        const missing = await edit({ document: base.document, schema: base.schema }, { action: 'retract', bundle: 0 });
        expect(detail400(missing, ['extraction', 'session']).code).to.equal('invalid_type');
    });

    it('a plan applied to another extraction or revision, or altered: 400 "stale plan" without details', async () => {
        const conflict = await extract(CONFLICT);
        const m = conflict.response.mentions.find((x: any) => x.quote === 'EUR 1,243.56');
        const pv = ok(
            await edit(conflict, { action: 'preview_reconciliation', intent: 'typo', withdraw: [{ bundle: 0, mention: Number(m.id) }] }),
        );
        const rec = ok(await edit(conflict, { action: 'reconcile', plan: pv.plan }));
        expect(plain400(await edit(rec, { action: 'reconcile', plan: pv.plan }))).to.match(/stale plan/);
        const moved = ok(await edit(conflict, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } }));
        expect(plain400(await edit(moved, { action: 'reconcile', plan: pv.plan }))).to.match(/stale plan/);
        const other = await extract(`${CONFLICT}\n`);
        expect(plain400(await edit(other, { action: 'reconcile', plan: pv.plan }))).to.match(/stale plan/);
        const altered = pv.plan.slice(0, 10) + (pv.plan[10] === 'A' ? 'B' : 'A') + pv.plan.slice(11);
        expect(plain400(await edit(conflict, { action: 'reconcile', plan: altered }))).to.match(/stale plan/);
        plain400(await edit(conflict, { action: 'reconcile', plan: conflict.session }));
        plain400(await edit({ ...conflict, session: pv.plan }, { action: 'retract', bundle: 0 }));
    });

    it('rotation: another server with the new secret first and the old second accepts old sessions and signs with the new', async () => {
        const base = await extract(INVOICE);
        const rotated = await serverWith(['new-secret', 'http-edit-secret']);
        const fresh = await serverWith(['new-secret']);
        try {
            const out = ok(await edit(base, { action: 'retract', bundle: 0 }, rotated));
            expect(verifySession(out.session, secretRingOf(['new-secret']))).to.equal(true);
            expect(verifySession(out.session, secretRingOf(['http-edit-secret']))).to.equal(false);
            ok(await edit(out, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } }, fresh));
            plain400(await edit(base, { action: 'retract', bundle: 0 }, fresh)); // the old secret is gone there
            plain400(await edit(out, { action: 'retract', bundle: 0 })); // and this server never had the new one
        } finally {
            await rotated.t.stop();
            await fresh.t.stop();
        }
    });

    it('a rolling rotation in three steps (old,new then new,old then new) never breaks an edit between two instances', async () => {
        // Instances restarted one by one: at each step, one instance still has the ring before and one the ring after.
        const rings = [['http-edit-secret'], ['http-edit-secret', 'new-secret'], ['new-secret', 'http-edit-secret'], ['new-secret']];
        for (let step = 1; step < rings.length; step++) {
            const before = await serverWith(rings[step - 1]!);
            const after = await serverWith(rings[step]!);
            try {
                for (const [from, to] of [
                    [before, after],
                    [after, before],
                ]) {
                    const made = ok(
                        await call(from!.t, 'POST', '/v1/extractions', { key: from!.key, body: { document: INVOICE, schema: SCHEMA } }),
                    );
                    ok(await edit(made, { action: 'retract', bundle: 0 }, to));
                }
            } finally {
                await before.t.stop();
                await after.t.stop();
            }
        }
        // The two-step procedure (new,old straight after old) breaks: the restarted instance signs
        // with a secret the other cannot verify yet.
        const old = await serverWith(['http-edit-secret']);
        const early = await serverWith(['new-secret', 'http-edit-secret']);
        try {
            const made = ok(
                await call(early.t, 'POST', '/v1/extractions', { key: early.key, body: { document: INVOICE, schema: SCHEMA } }),
            );
            plain400(await edit(made, { action: 'retract', bundle: 0 }, old));
        } finally {
            await old.t.stop();
            await early.t.stop();
        }
    });
});
