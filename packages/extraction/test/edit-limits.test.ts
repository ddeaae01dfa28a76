// What a session may hold (docs/edits.md, "Limits"): every response quotes every active mention, so
// inserting a long quote again and again would make each answer larger than the last. The session's
// active mentions quote at most MAX_SESSION_QUOTED characters in all; past that an insert or a
// reconciliation's candidate is refused at the quote, and retracting a bundle makes room again.
import { expect } from 'chai';
import { MAX_SESSION_MENTIONS, MAX_SESSION_QUOTED, roomProblem, type EditState } from '../src/edits/edit-apply.js';
import { MAX_EDIT_DETAILS } from '../src/edits/edit-types.js';
import type { ReconciliationPreview } from '../src/edits/edit-types.js';
import { CONFLICT, INVOICE, compile, extractWith, firstPassOf, stored, type Extraction } from './support/edit-fixtures.js';
import { detailAt, edit, engine, preview, rejected, ring } from './support/edit-service-support.js';

const NOTES = compile({ svc_schema: '1.0', name: 'notes', fields: [{ name: 'note', type: 'string' }] });
const LINE = 'lorem ipsum dolor sit amet '.repeat(1850).trim(); // about 50,000 characters
const DOCUMENT = `Note: ${LINE}\n`;

describe('edits: limits of a session', () => {
    it('refuses an insert past the quoted characters a session may hold, at the quote; a retract makes room', async function () {
        this.timeout(120_000);
        let ex: Extraction = await extractWith(engine, DOCUMENT, NOTES);
        const insert = { action: 'insert' as const, candidate: { slot: 'note', quote: LINE, p: 0.5 } };
        const quoted = (e: Extraction): number => e.response.mentions.reduce((n: number, m: any) => n + [...m.quote].length, 0);
        let accepted = 0;
        while (quoted(ex) + LINE.length <= MAX_SESSION_QUOTED) {
            ex = await edit(ex, insert, NOTES);
            accepted++;
        }
        expect(accepted).to.be.greaterThan(10);
        const e = await rejected(stored(ex, NOTES), insert);
        const d = detailAt(e, ['edit', 'candidate', 'quote']);
        expect(d).to.include({ code: 'too_big', maximum: MAX_SESSION_QUOTED });
        // The largest answer stays bounded: a few megabytes.
        expect(JSON.stringify(ex.response).length).to.be.below(4 * MAX_SESSION_QUOTED);
        // A reconciliation that would add the same candidate is refused the same way, unless its
        // withdrawals make the room (one copy for another: no growth).
        const withdraw = [{ bundle: 1, mention: Number(ex.response.mentions.find((m: any) => m.bundle === 1).id) }];
        const p = await preview(ex, { action: 'preview_reconciliation', intent: 'again', withdraw, candidate: insert.candidate }, NOTES);
        expect(p.after.mentions).to.have.length(ex.response.mentions.length);
        const freed = await edit(ex, { action: 'retract', bundle: 1 }, NOTES);
        const again = await edit(freed, insert, NOTES);
        expect(again.revision).to.equal(freed.revision + 1);
    });

    it('refuses a mention past the number of active mentions a session may hold', () => {
        const mention = { field: 0, start: 0, end: 1, quote: 'N', p: 0.5, parsed: { json: 'N', key: 'N' } };
        const state = (n: number) =>
            ({ payload: {}, mentions: Array.from({ length: n }, (_, id) => ({ ...mention, id, bundle: id })) }) as unknown as EditState;
        expect(roomProblem(state(MAX_SESSION_MENTIONS - 1), mention as never, ['edit', 'candidate', 'quote'])).to.equal(undefined);
        expect(roomProblem(state(MAX_SESSION_MENTIONS), mention as never, ['edit', 'candidate', 'quote'])).to.include({
            code: 'too_big',
            maximum: MAX_SESSION_MENTIONS,
        });
    });

    /** Previews and applies a reconciliation; returns the reconciled extraction. */
    async function reconciled(ex: Extraction, withdraw: number[], quote: string): Promise<Extraction> {
        const pv: ReconciliationPreview = await preview(
            ex,
            {
                action: 'preview_reconciliation',
                intent: 'fewer copies',
                withdraw: withdraw.map((mention) => ({ bundle: 0, mention })),
                candidate: { slot: 'note', quote, p: 0.9 },
            },
            NOTES,
        );
        return edit(ex, { action: 'reconcile', plan: pv.plan }, NOTES);
    }

    it('counts a reconciliation’s quoted characters after its withdrawals: replacing two long quotes by one is no growth', async () => {
        // 20 copies of LINE: one more would pass the cap.
        const copies = Math.floor(MAX_SESSION_QUOTED / LINE.length);
        expect((copies + 1) * LINE.length).to.be.above(MAX_SESSION_QUOTED);
        const ex = firstPassOf(
            DOCUMENT,
            NOTES,
            Array.from({ length: copies }, () => ['note', 6, LINE, 0.5] as const),
            ring,
        );
        const after = await reconciled(ex, [0, 1], LINE);
        expect(after.response.mentions).to.have.length(copies - 1);
        // Withdrawing a short quote does not make room for a long one.
        const short = firstPassOf(
            DOCUMENT,
            NOTES,
            [...Array.from({ length: copies }, () => ['note', 6, LINE, 0.5] as const), ['note', 6, 'lorem', 0.5] as const],
            ring,
        );
        const e = await rejected(stored(short, NOTES), {
            action: 'preview_reconciliation',
            intent: 'one more',
            withdraw: [{ bundle: 0, mention: copies }],
            candidate: { slot: 'note', quote: LINE, p: 0.9 },
        });
        expect(detailAt(e, ['edit', 'candidate', 'quote'])).to.include({ code: 'too_big', maximum: MAX_SESSION_QUOTED });
    });

    it('counts a reconciliation’s mentions after its withdrawals: at the cap, one withdrawn makes room for its replacement', async () => {
        const full = firstPassOf(
            DOCUMENT,
            NOTES,
            Array.from({ length: MAX_SESSION_MENTIONS }, () => ['note', 6, 'lorem', 0.5] as const),
            ring,
        );
        const after = await reconciled(full, [0], 'lorem ipsum');
        expect(after.response.mentions).to.have.length(MAX_SESSION_MENTIONS);
        expect(after.response.mentions.at(-1).quote).to.equal('lorem ipsum');
        // An insert into the full session is still refused.
        const e = await rejected(stored(after, NOTES), { action: 'insert', candidate: { slot: 'note', quote: 'lorem', p: 0.5 } });
        expect(detailAt(e, ['edit', 'candidate', 'quote'])).to.include({ code: 'too_big', maximum: MAX_SESSION_MENTIONS });
    });

    it('lists at most MAX_EDIT_DETAILS details of a long withdraw list, and counts them all in the message', async () => {
        // One detail per bad entry made 10,000 entries a megabyte of answer.
        const ex = await extractWith(engine, CONFLICT, INVOICE);
        const withdraw = Array.from({ length: 5000 }, (_, i) => ({ bundle: 7 + i, mention: i }));
        const e = await rejected(stored(ex, INVOICE), { action: 'preview_reconciliation', intent: 'x', withdraw });
        expect(e.details).to.have.length(MAX_EDIT_DETAILS);
        expect(e.details!.map((d) => d.path[2])).to.deep.equal(Array.from({ length: MAX_EDIT_DETAILS }, (_, i) => i));
        expect(e.message).to.include('5000 problems; the first 100 are listed');
        const few = await rejected(stored(ex, INVOICE), { action: 'preview_reconciliation', intent: 'x', withdraw: withdraw.slice(0, 3) });
        expect(few.details).to.have.length(3);
        expect(few.message).to.equal('the edit cannot be applied to this extraction');
    });

    it('a withdraw entry whose numbers name nothing (1e300, 2^53) is a wrong value, like any unknown id', async () => {
        const ex = await extractWith(engine, CONFLICT, INVOICE);
        const m0 = Number(ex.response.mentions[0].id);
        const e = await rejected(stored(ex, INVOICE), {
            action: 'preview_reconciliation',
            intent: 'x',
            withdraw: [
                { bundle: 1e300, mention: m0 },
                { bundle: 0, mention: 2 ** 53 },
            ],
        });
        expect(detailAt(e, ['edit', 'withdraw', 0])).to.include({
            code: 'invalid_value',
            message: 'bundle 1e+300 is not in active_bundles',
        });
        expect(detailAt(e, ['edit', 'withdraw', 1])).to.include({ code: 'invalid_value' });
    });
});
