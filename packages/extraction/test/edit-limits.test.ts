// What a session may hold (docs/edits.md, "Limits"): every response quotes every active mention, so
// inserting a long quote again and again would make each answer larger than the last. The session's
// active mentions quote at most MAX_SESSION_QUOTED characters in all; past that an insert or a
// reconciliation's candidate is refused at the quote, and retracting a bundle makes room again.
import { expect } from 'chai';
import { MAX_SESSION_MENTIONS, MAX_SESSION_QUOTED, roomProblem, type EditState } from '../src/edits/edit-apply.js';
import { compile, extractWith, stored, type Extraction } from './support/edit-fixtures.js';
import { detailAt, edit, engine, rejected } from './support/edit-service-support.js';

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
        // A preview that would add the same candidate is refused the same way.
        const withdraw = [{ bundle: 1, mention: Number(ex.response.mentions.find((m: any) => m.bundle === 1).id) }];
        const p = await rejected(stored(ex, NOTES), {
            action: 'preview_reconciliation',
            intent: 'again',
            withdraw,
            candidate: insert.candidate,
        });
        expect(detailAt(p, ['edit', 'candidate', 'quote'])).to.include({ code: 'too_big' });
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
});
