// The edit service through the engine API (docs/edits.md): a round trip of every action, the
// 400s with their details, ids that only grow, chains of edits fed their own output, stale plans,
// key rotation, and no reader call ever.
import { expect } from 'chai';
import { countDocumentTokens } from '../src/extraction-engine.js';
import { createEditService, STALE_PLAN } from '../src/edits/edit-service.js';
import type { ReconciliationPreview } from '../src/edits/edit-types.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { CONFLICT, EMOJI, INVOICE, RELATION, SUM, cpIndexOf, extractWith, stored, type Extraction } from './support/edit-fixtures.js';
import { engine, edit, preview, rejected, detailAt, replayed } from './support/edit-service-support.js';

describe('edits: insert', () => {
    let base: Extraction;
    before(async () => {
        base = await extractWith(engine, EMOJI, INVOICE, 'en', 'order-7');
    });

    it('adds a quote as bundle 1 at code-point offsets: revision 1, reads 0, input_tokens of the document', async () => {
        const quote = '3 January 2024';
        const ex = await edit(base, { action: 'insert', candidate: { slot: 'invoice_date', quote, p: 0.9 } });
        expect(ex.revision).to.equal(1);
        expect(ex.active_bundles).to.deep.equal([0, 1]);
        expect(ex.usage).to.deep.equal({ input_tokens: countDocumentTokens(EMOJI), reads: 0, window_tokens: 4096 });
        expect(ex.session).to.not.equal(base.session);
        for (const k of ['document', 'schema', 'language', 'reference', 'options'] as const) expect(ex[k]).to.deep.equal(base[k]);
        const m = ex.response.mentions.find((x: any) => x.bundle === 1);
        expect(m).to.include({
            field: 'invoice_date',
            quote,
            start: cpIndexOf(EMOJI, quote),
            end: cpIndexOf(EMOJI, quote) + quote.length,
            p: 0.9,
        });
        expect(m.value).to.equal('2024-01-03');
        expect(ex.response.data.invoice_date).to.equal('2024-01-03');
        expect(ex.response).to.deep.equal(replayed(ex));
    });

    it('is new evidence even at the span of an existing mention: a new id, both listed', async () => {
        const old = base.response.mentions.find((m: any) => m.field === 'total');
        const ex = await edit(base, { action: 'insert', candidate: { slot: 'total', quote: old.quote, p: 0.3 } });
        const same = ex.response.mentions.filter((m: any) => m.start === old.start && m.end === old.end && m.field === 'total');
        expect(same.map((m: any) => m.bundle)).to.deep.equal([0, 1]);
        expect(Number(same[1].id)).to.be.greaterThan(Math.max(...base.response.mentions.map((m: any) => Number(m.id))));
    });

    it('start (code points) picks the occurrence; a start where the quote does not begin is refused at the quote', async () => {
        const doc = 'Total: EUR 5.00\n😀 Total again: EUR 5.00';
        const ex = await extractWith(engine, doc, INVOICE);
        const second = cpIndexOf(doc, 'EUR 5.00', doc.indexOf('again'));
        const first = await edit(ex, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 5.00', p: 0.5 } });
        expect(first.response.mentions.find((m: any) => m.bundle === 1).start).to.equal(cpIndexOf(doc, 'EUR 5.00'));
        const picked = await edit(ex, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 5.00', p: 0.5, start: second } });
        expect(picked.response.mentions.find((m: any) => m.bundle === 1)).to.include({ start: second, end: second + 8 });
        const e = await rejected(stored(ex, INVOICE), {
            action: 'insert',
            candidate: { slot: 'total', quote: 'EUR 5.00', p: 0.5, start: second + 1 },
        });
        detailAt(e, ['edit', 'candidate', 'quote']);
        const beyond = await rejected(stored(ex, INVOICE), {
            action: 'insert',
            candidate: { slot: 'total', quote: 'EUR 5.00', p: 0.5, start: 10_000 },
        });
        detailAt(beyond, ['edit', 'candidate', 'quote']);
    });

    it('refuses a quote not in the document, one that does not parse, and an unknown slot, with details', async () => {
        const s = stored(base, INVOICE);
        const missing = await rejected(s, { action: 'insert', candidate: { slot: 'invoice_date', quote: '4 January 2024', p: 0.9 } });
        expect(detailAt(missing, ['edit', 'candidate', 'quote']).code).to.equal('invalid_value');
        detailAt(await rejected(s, { action: 'insert', candidate: { slot: 'invoice_date', quote: 'Total', p: 0.9 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        // The field's keys count: the pattern of invoice_number, the currency of total.
        detailAt(await rejected(s, { action: 'insert', candidate: { slot: 'invoice_number', quote: 'INV-2024-004', p: 0.9 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        const slot = await rejected(s, { action: 'insert', candidate: { slot: 'due_date', quote: '3 January 2024', p: 0.9 } });
        expect(detailAt(slot, ['edit', 'candidate', 'slot']).values).to.deep.equal(['invoice_number', 'invoice_date', 'total']);
        detailAt(await rejected(s, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 1 } }), [
            'edit',
            'candidate',
            'p',
        ]);
    });

    it('refuses a date quoted with over 200 characters (MAX_TYPED_QUOTE), and takes it with fewer', async () => {
        const doc = `Invoice date: 3 January 2024${' '.repeat(250)}.\nTotal: EUR 5.00`;
        const ex = await extractWith(engine, doc, INVOICE, 'en', null);
        const long = `3 January 2024${' '.repeat(250)}`;
        detailAt(await rejected(stored(ex, INVOICE), { action: 'insert', candidate: { slot: 'invoice_date', quote: long, p: 0.9 } }), [
            'edit',
            'candidate',
            'quote',
        ]);
        const short = `3 January 2024${' '.repeat(100)}`;
        const ok = await edit(ex, { action: 'insert', candidate: { slot: 'invoice_date', quote: short, p: 0.9 } });
        expect(ok.response.data.invoice_date).to.equal('2024-01-03');
    });

    it("parses under the extraction's language", async () => {
        const doc = 'Factuurdatum: 3 januari 2024\nTotaal: € 1.234,56';
        const nl = await extractWith(engine, doc, INVOICE, 'nl');
        const ex = await edit(nl, { action: 'insert', candidate: { slot: 'total', quote: '€ 1.234,56', p: 0.8 } });
        expect(ex.response.mentions.find((m: any) => m.bundle === 1).value).to.deep.equal({ amount: '1234.56', currency: 'EUR' });
    });
});

describe('edits: retract', () => {
    let base: Extraction;
    before(async () => {
        base = await extractWith(engine, EMOJI, INVOICE);
    });

    it('withdraws every mention of the bundle: revision 1, fields missing', async () => {
        const ex = await edit(base, { action: 'retract', bundle: 0 });
        expect(ex.revision).to.equal(1);
        expect(ex.active_bundles).to.deep.equal([]);
        expect(ex.response.mentions).to.deep.equal([]);
        for (const f of ['invoice_number', 'invoice_date', 'total']) {
            expect(ex.response.fields[f].status).to.equal('missing');
            expect(ex.response.data[f]).to.equal(null);
        }
        expect(ex.usage.reads).to.equal(0);
    });

    it('refuses a bundle not in active_bundles (never made, or retracted) at ["edit","bundle"]', async () => {
        detailAt(await rejected(stored(base, INVOICE), { action: 'retract', bundle: 7 }), ['edit', 'bundle']);
        const gone = await edit(base, { action: 'retract', bundle: 0 });
        detailAt(await rejected(stored(gone, INVOICE), { action: 'retract', bundle: 0 }), ['edit', 'bundle']);
    });

    it('ids only grow: after retracting bundle 1 the next insert is bundle 2 with a new mention id', async () => {
        const one = await edit(base, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } });
        const none = await edit(one, { action: 'retract', bundle: 1 });
        expect(none.active_bundles).to.deep.equal([0]);
        const two = await edit(none, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } });
        expect(two.active_bundles).to.deep.equal([0, 2]);
        const ids = (x: Extraction): number[] => x.response.mentions.map((m: any) => Number(m.id));
        const newId = ids(two).find((id) => !ids(base).includes(id))!;
        expect(newId).to.be.greaterThan(Math.max(...ids(one)));
    });
});

describe('edits: preview_reconciliation and reconcile', () => {
    const INTENT = 'The second total is a typing error';
    let conflict: Extraction;
    let wrong: any;
    before(async () => {
        conflict = await extractWith(engine, CONFLICT, INVOICE);
        wrong = conflict.response.mentions.find((m: any) => m.quote.includes('1,243.56'));
    });

    it('previews: revision unchanged, impact only for changed values, after = the reconciled response', async () => {
        expect(conflict.response.fields.total.status).to.equal('conflict');
        const withdraw = [{ bundle: wrong.bundle, mention: Number(wrong.id) }];
        const pv = await preview(conflict, { action: 'preview_reconciliation', intent: INTENT, withdraw });
        expect(Object.keys(pv)).to.deep.equal(['object', 'intent', 'withdraw', 'revision', 'after', 'impact', 'plan']);
        expect(pv).to.include({ intent: INTENT, revision: 0 });
        expect(pv.withdraw).to.deep.equal(withdraw);
        expect(pv.plan).to.match(/^p1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
        expect(pv.impact).to.deep.equal({ total: { before: null, after: { amount: '1234.56', currency: 'EUR' } } });
        const after = pv.after as any;
        expect(after.fields.total.status).to.equal('found');
        expect(after.reconciliations).to.deep.equal([{ revision: 1, intent: INTENT, withdraw, bundle: null }]);

        const rec = await edit(conflict, { action: 'reconcile', plan: pv.plan });
        expect(rec.revision).to.equal(1);
        expect(rec.usage.reads).to.equal(0);
        expect(rec.response).to.deep.equal(pv.after);
        expect(rec.active_bundles).to.deep.equal([0]);
        expect(rec.response.mentions.some((m: any) => m.id === wrong.id)).to.equal(false);
        expect(rec.response).to.deep.equal(replayed(rec));
    });

    it('a repair of the response can be posted unchanged', async () => {
        const repair = conflict.response.components.flatMap((c: any) => c.conflicts).flatMap((c: any) => c.repairs)[0];
        const pv = await preview(conflict, { action: 'preview_reconciliation', intent: 'repair', withdraw: repair.withdraw });
        const rec = await edit(conflict, { action: 'reconcile', plan: pv.plan });
        for (const [field, value] of Object.entries(repair.outcome)) expect(rec.response.data[field]).to.deep.equal(value);
    });

    it('with a replacement candidate: a new bundle recorded in the reconciliation', async () => {
        const withdraw = conflict.response.mentions
            .filter((m: any) => m.field === 'total')
            .map((m: any) => ({ bundle: m.bundle, mention: Number(m.id) }));
        const candidate = { slot: 'total', quote: 'EUR 1,243.56', p: 0.7 };
        const pv = await preview(conflict, { action: 'preview_reconciliation', intent: 'the later total is right', withdraw, candidate });
        expect(pv.impact).to.deep.equal({ total: { before: null, after: { amount: '1243.56', currency: 'EUR' } } });
        const rec = await edit(conflict, { action: 'reconcile', plan: pv.plan });
        expect(rec.active_bundles).to.deep.equal([0, 1]);
        expect(rec.response.reconciliations).to.deep.equal([{ revision: 1, intent: 'the later total is right', withdraw, bundle: 1 }]);
        expect(rec.response).to.deep.equal(pv.after);
        // The reconciliation's bundle can be retracted like any other; the record stays.
        const back = await edit(rec, { action: 'retract', bundle: 1 });
        expect(back.response.data.total).to.equal(null);
        expect(back.response.reconciliations).to.have.length(1);
    });

    it('refuses withdraw entries that do not name an active mention of their bundle, one detail each', async () => {
        const m0 = conflict.response.mentions[0];
        const e = await rejected(stored(conflict, INVOICE), {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [
                { bundle: 0, mention: Number(m0.id) }, // fine
                { bundle: 3, mention: Number(m0.id) }, // bundle not active
                { bundle: 0, mention: 999 }, // no such mention
                { bundle: 0, mention: Number(m0.id) }, // listed twice
            ],
        });
        expect(e.details!.map((d) => d.path)).to.deep.equal([
            ['edit', 'withdraw', 1],
            ['edit', 'withdraw', 2],
            ['edit', 'withdraw', 3],
        ]);
        const pv = await preview(conflict, {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [{ bundle: 0, mention: Number(wrong.id) }],
        });
        const rec = await edit(conflict, { action: 'reconcile', plan: pv.plan });
        const again = await rejected(stored(rec, INVOICE), {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [{ bundle: 0, mention: Number(wrong.id) }],
        });
        expect(detailAt(again, ['edit', 'withdraw', 0]).message).to.match(/withdrawn/);
        const cand = await rejected(stored(conflict, INVOICE), {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [{ bundle: 0, mention: 0 }],
            candidate: { slot: 'total', quote: 'EUR 9.99', p: 0.5 },
        });
        detailAt(cand, ['edit', 'candidate', 'quote']);
    });

    it('a plan is stale on another extraction, another revision, after any edit, or altered: 400 without details', async () => {
        const withdraw = [{ bundle: 0, mention: Number(wrong.id) }];
        const pv = await preview(conflict, { action: 'preview_reconciliation', intent: INTENT, withdraw });
        const staleOn = async (ex: Extraction, plan = pv.plan): Promise<void> => {
            const e = await rejected(stored(ex, INVOICE), { action: 'reconcile', plan });
            expect(e.message).to.equal(STALE_PLAN);
            expect(e.details).to.equal(undefined);
        };
        const reconciled = await edit(conflict, { action: 'reconcile', plan: pv.plan });
        await staleOn(reconciled); // the same plan again
        await staleOn(await edit(conflict, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } })); // revision 1
        await staleOn(await extractWith(engine, `${CONFLICT}\n`, INVOICE)); // another extraction, same revision 0
        await staleOn(await extractWith(engine, CONFLICT, INVOICE, 'en', 'other-ref'));
        // Every character of the plan changed in turn.
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
        for (let i = 0; i < pv.plan.length; i++) {
            const c = alphabet[(alphabet.indexOf(pv.plan[i]!) + 1) % alphabet.length]!;
            await staleOn(conflict, pv.plan.slice(0, i) + c + pv.plan.slice(i + 1));
        }
        await staleOn(conflict, pv.plan.slice(0, -1));
        await staleOn(conflict, conflict.session); // a session is no plan
        const otherKey = createEditService({ secrets: secretRingOf(['another-secret', 'edit-test-secret']) });
        const foreign = (await otherKey.edit(stored(conflict, INVOICE), {
            action: 'preview_reconciliation',
            intent: INTENT,
            withdraw,
        })) as ReconciliationPreview;
        await staleOn(conflict, foreign.plan); // signed by a secret this service does not hold
        // and the plan itself is still good on its extraction
        expect((await edit(conflict, { action: 'reconcile', plan: pv.plan })).revision).to.equal(1);
    });

    it('a violation settled by the relation, previewed and applied', async () => {
        const rel = await extractWith(engine, RELATION, SUM);
        const m = rel.response.mentions.find((x: any) => x.quote === 'EUR 121.00');
        const pv = await preview(
            rel,
            { action: 'preview_reconciliation', intent: 'net and vat are right', withdraw: [{ bundle: 0, mention: Number(m.id) }] },
            SUM,
        );
        const rec = await edit(rel, { action: 'reconcile', plan: pv.plan }, SUM);
        expect(rec.response).to.deep.equal(pv.after);
        expect(Object.keys(pv.impact)).to.deep.equal(
            Object.keys(pv.impact).filter((f) => JSON.stringify(rel.response.data[f]) !== JSON.stringify((pv.after as any).data[f])),
        );
    });
});
