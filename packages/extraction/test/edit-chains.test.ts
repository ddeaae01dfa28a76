// Edits in chains, across secret rotation, and never through the reader (docs/extraction.md).
import { expect } from 'chai';
import { countDocumentTokens } from '../src/extraction-engine.js';
import { createEditService, SessionEditService } from '../src/edits/edit-service.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { decodeSession, encodeSession, verifySession } from '../src/session/session-codec.js';
import { CONFLICT, EMOJI, INVOICE, extractWith, makeEngine, stored, type Extraction } from './support/edit-fixtures.js';
import { ring, engine, reader, edit, preview, rejected, replayed } from './support/edit-service-support.js';

describe('edits: chains, rotation, the reader', () => {
    it('a chain of 20 edits, each sent the previous response: revisions, ids and replay hold', async () => {
        let ex = await extractWith(engine, CONFLICT, INVOICE);
        const seen = new Set<string>(ex.response.mentions.map((m: any) => m.id));
        let bundles = 1;
        const quotes = [
            ['total', 'EUR 1,234.56'],
            ['total', 'EUR 1,243.56'],
            ['invoice_date', '5 February 2024'],
            ['invoice_number', 'INV-2024-0077'],
        ];
        for (let i = 0; i < 20; i++) {
            const before = ex;
            const step = i % 5;
            if (step === 0 || step === 1 || step === 3) {
                const [slot, quote] = quotes[i % quotes.length]!;
                ex = await edit(ex, { action: 'insert', candidate: { slot: slot!, quote: quote!, p: 0.4 + i / 100 } });
                expect(ex.active_bundles.at(-1)).to.equal(bundles++);
            } else if (step === 2) {
                ex = await edit(ex, { action: 'retract', bundle: ex.active_bundles.at(-1)! });
            } else {
                const m = ex.response.mentions.at(-1);
                const pv = await preview(ex, {
                    action: 'preview_reconciliation',
                    intent: `step ${i}`,
                    withdraw: [{ bundle: m.bundle, mention: Number(m.id) }],
                });
                expect(pv.revision).to.equal(before.revision);
                ex = await edit(ex, { action: 'reconcile', plan: pv.plan });
                expect(ex.response).to.deep.equal(pv.after);
            }
            expect(ex.revision).to.equal(before.revision + 1);
            for (const m of ex.response.mentions)
                if (!before.response.mentions.some((b: any) => b.id === m.id)) expect(seen.has(m.id), `id ${m.id} reused`).to.equal(false);
            for (const m of ex.response.mentions) seen.add(m.id);
            expect(ex.response).to.deep.equal(replayed(ex));
        }
        expect(ex.revision).to.equal(20);
        expect(ex.response.reconciliations.map((r: any) => r.revision)).to.deep.equal([5, 10, 15, 20]);
    });

    it('rotation: a session of the old secret verifies when it is listed second; new sessions are signed with the first', async () => {
        const old = secretRingOf(['old-secret']);
        const ex = await extractWith(makeEngine(old).engine, EMOJI, INVOICE);
        const rotated = createEditService({ secrets: secretRingOf(['new-secret', 'old-secret']) });
        const next = await rotated.edit(stored(ex, INVOICE), { action: 'retract', bundle: 0 });
        expect(next.object).to.equal('extraction');
        const session = (next as Extraction).session;
        expect(verifySession(session, secretRingOf(['new-secret']))).to.equal(true);
        expect(verifySession(session, old)).to.equal(false);
        const e = await rejected(
            stored(ex, INVOICE),
            { action: 'retract', bundle: 0 },
            createEditService({ secrets: secretRingOf(['new-secret']) }),
        );
        expect(e.details).to.equal(undefined);
    });

    it("never calls the reader, and carries the document's token count in the session", async () => {
        const ex = await extractWith(engine, CONFLICT, INVOICE);
        const calls = reader.calls;
        const one = await edit(ex, { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } });
        const pv = await preview(one, {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [{ bundle: 1, mention: Number(one.response.mentions.at(-1).id) }],
        });
        const two = await edit(one, { action: 'reconcile', plan: pv.plan });
        await edit(two, { action: 'retract', bundle: 0 });
        expect(reader.calls).to.equal(calls);
        const d = decodeSession(one.session, ring);
        expect(d.ok && d.payload.input_tokens).to.equal(countDocumentTokens(CONFLICT));
        // A session whose token count is signed is believed (the binding ties it to the document).
        if (!d.ok) return;
        const forged = encodeSession({ ...d.payload, input_tokens: 5 }, ring);
        const out = await new SessionEditService(ring).edit({ ...stored(one, INVOICE), session: forged }, { action: 'retract', bundle: 1 });
        expect((out as Extraction).usage.input_tokens).to.equal(5);
    });
});
