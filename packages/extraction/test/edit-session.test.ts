// Sessions sent with an edit (docs/edits.md, docs/runtime-server.md): a changed character anywhere, a
// truncation, another secret, garbage, or a session made for another document, schema, language,
// options or reference is a 400 with a message and no details — never anything else.
import { createHmac } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { expect } from 'chai';
import fc from 'fast-check';
import { createEditService } from '../src/edits/edit-service.js';
import { ALTERED_SESSION, MISMATCHED_SESSION } from '../src/edits/edit-session.js';
import { EditRejectedError, type EditAction, type StoredExtraction } from '../src/edits/edit-types.js';
import { encodePlan } from '../src/edits/edit-plan.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { decodeSession, encodeSession, signToken } from '../src/session/session-codec.js';
import type { SessionPayload } from '../src/session/session-payload.js';
import { EMOJI, INVOICE, SUM, compile, extractWith, makeEngine, stored, type Extraction } from './support/edit-fixtures.js';

const ring = secretRingOf(['session-test-secret']);
const { engine } = makeEngine(ring);
const service = createEditService({ secrets: ring });
const RETRACT: EditAction = { action: 'retract', bundle: 0 };

/** The edit is refused with a message and no details (an EditRejectedError; anything else fails). */
async function refusedPlainly(s: StoredExtraction, action: EditAction = RETRACT): Promise<string> {
    try {
        await service.edit(s, action);
    } catch (e) {
        if (!(e instanceof EditRejectedError)) throw new Error(`not an EditRejectedError: ${String((e as Error)?.stack ?? e)}`);
        expect(e.details, JSON.stringify(e.details)).to.equal(undefined);
        expect(e.message).to.be.a('string').that.is.not.empty;
        return e.message;
    }
    throw new Error(`accepted: ${s.session.slice(0, 80)}`);
}

describe('edits: the session sent', () => {
    let base: Extraction;
    let s: StoredExtraction;
    before(async () => {
        base = await extractWith(engine, EMOJI, INVOICE, 'en', 'ref-1');
        s = stored(base, INVOICE);
    });

    it('is accepted unchanged', async () => {
        expect((await service.edit(s, RETRACT)).object).to.equal('extraction');
    });

    it('one character changed at every position (to two other characters each): refused', async () => {
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
        const token = base.session;
        for (let i = 0; i < token.length; i++) {
            for (const shift of [1, 29]) {
                const c = alphabet[(alphabet.indexOf(token[i]!) + shift) % alphabet.length]!;
                expect(await refusedPlainly({ ...s, session: token.slice(0, i) + c + token.slice(i + 1) })).to.equal(ALTERED_SESSION);
            }
        }
    });

    it('one bit flipped in every byte of the decoded segments: refused', async () => {
        const [prefix, body, mac] = base.session.split('.') as [string, string, string];
        for (const [which, seg] of [
            [1, body],
            [2, mac],
        ] as const) {
            const bytes = Buffer.from(seg, 'base64url');
            for (let i = 0; i < bytes.length; i++) {
                const b = Buffer.from(bytes);
                b[i]! ^= 1 << (i % 8);
                const parts = [prefix, body, mac];
                parts[which] = b.toString('base64url');
                await refusedPlainly({ ...s, session: parts.join('.') });
            }
        }
    });

    it('truncated at every length, or extended: refused', async () => {
        for (let n = 0; n < base.session.length; n++) await refusedPlainly({ ...s, session: base.session.slice(0, n) });
        await refusedPlainly({ ...s, session: `${base.session}A` });
        await refusedPlainly({ ...s, session: `${base.session}.` });
        await refusedPlainly({ ...s, session: `x${base.session}` });
    });

    it('garbage of any kind: refused, never thrown otherwise', async () => {
        await fc.assert(
            fc.asyncProperty(
                fc.oneof(
                    fc.string({ maxLength: 200 }),
                    fc.string({ unit: 'grapheme', maxLength: 60 }),
                    fc
                        .tuple(fc.base64String(), fc.base64String())
                        .map(([a, b]) => `v1.${a.replace(/[+/=]/g, '')}.${b.replace(/[+/=]/g, '')}`),
                    fc
                        .uint8Array({ maxLength: 64 })
                        .map((b) => `v1.${Buffer.from(b).toString('base64url')}.${Buffer.alloc(32).toString('base64url')}`),
                ),
                async (garbage) => {
                    if (garbage === base.session) return;
                    await refusedPlainly({ ...s, session: garbage });
                },
            ),
            { numRuns: 300 },
        );
        for (const weird of [undefined, null, 42, {}, []] as unknown[]) await refusedPlainly({ ...s, session: weird as string });
    });

    it('signed by another secret: refused', async () => {
        const other = await extractWith(makeEngine(secretRingOf(['someone-else'])).engine, EMOJI, INVOICE, 'en', 'ref-1');
        expect(await refusedPlainly({ ...s, session: other.session })).to.equal(ALTERED_SESSION);
    });

    it('made for another document, schema, language, options or reference: refused as not matching', async () => {
        const other = compile({
            svc_schema: '1.0',
            name: 'invoice',
            fields: [
                { name: 'invoice_number', type: 'string' },
                { name: 'invoice_date', type: 'date' },
                { name: 'total', type: 'money', currency: 'USD' },
            ],
        });
        for (const changed of [
            { document: `${EMOJI} ` },
            { document: EMOJI.replace('2024', '2025') },
            { schema: other },
            { schema: SUM },
            { language: 'nl' as const },
            { reference: null },
            { reference: 'ref-2' },
            { options: { on_conflict: 'withhold', fallback: 'quote-first' } as unknown as StoredExtraction['options'] },
        ]) {
            expect(await refusedPlainly({ ...s, ...changed }), JSON.stringify(Object.keys(changed))).to.equal(MISMATCHED_SESSION);
        }
    });

    it('a plan is no session, under the same secret', async () => {
        const plan = encodePlan({ v: 1, session: 'x', revision: 0, withdraw: [], candidate: null, intent: 'x' }, ring);
        await refusedPlainly({ ...s, session: plan });
        await refusedPlainly({ ...s, session: `v1.${plan.slice(3)}` });
    });

    it("any edit, however malformed (the engine API, without the server's validation): a result or an EditRejectedError", async () => {
        const action = fc.oneof(
            fc.record(
                {
                    action: fc.constantFrom('insert', 'retract', 'preview_reconciliation', 'reconcile', 'undo'),
                    candidate: fc.anything(),
                    bundle: fc.anything(),
                    plan: fc.anything(),
                    intent: fc.anything(),
                    withdraw: fc.anything(),
                },
                { requiredKeys: ['action'] },
            ),
            fc.record({
                action: fc.constant('insert'),
                candidate: fc.record(
                    {
                        slot: fc.constantFrom('total', 'invoice_date', 'x'),
                        quote: fc.oneof(fc.constantFrom('EUR 1,234.56', '3 January 2024', '😀', '\ud83d'), fc.string()),
                        p: fc.double(),
                        start: fc.oneof(fc.integer(), fc.double()),
                    },
                    { requiredKeys: [] },
                ),
            }),
            fc.record({
                action: fc.constant('preview_reconciliation'),
                intent: fc.string(),
                withdraw: fc.array(
                    fc.oneof(
                        fc.record({ bundle: fc.integer({ min: -1, max: 3 }), mention: fc.integer({ min: -1, max: 6 }) }),
                        fc.anything(),
                    ),
                    { maxLength: 4 },
                ),
            }),
            fc.anything(),
        );
        await fc.assert(
            fc.asyncProperty(action, async (a) => {
                try {
                    const out = await service.edit(s, a as EditAction);
                    expect(['extraction', 'reconciliation_preview']).to.include(out.object);
                } catch (e) {
                    if (!(e instanceof EditRejectedError)) throw new Error(`${JSON.stringify(a)}: ${String((e as Error)?.stack ?? e)}`);
                }
            }),
            { numRuns: 400 },
        );
    });

    it('validly signed but inconsistent payloads: refused, never a crash', async () => {
        const d = decodeSession(base.session, ring);
        if (!d.ok) throw new Error(d.reason);
        const p = d.payload;
        const m0 = p.bundles[0]!.mentions[0]!;
        const variants: Array<Partial<SessionPayload> | Record<string, unknown>> = [
            { active: [0, 5] },
            { active: [0, 0] },
            { withdrawn: [999] },
            { next_bundle: 0 },
            { next_mention: 0 },
            { bundles: [...p.bundles, { id: 0, mentions: [] }] },
            { bundles: [{ id: 0, mentions: [[m0[0], 7, m0[2], m0[3], m0[4]]] }] }, // no such field
            { bundles: [{ id: 0, mentions: [[m0[0], m0[1], m0[2], 100_000, m0[4]]] }] }, // beyond the document
            { bundles: [{ id: 0, mentions: [[m0[0], m0[1], m0[3], m0[2], m0[4]]] }] }, // end before start
            { bundles: [{ id: 0, mentions: [[m0[0], 1, m0[2], m0[3], m0[4]]] }] }, // the quote is not a date
            { bundles: [{ id: 0, mentions: [[m0[0], m0[1], m0[2], m0[3], 1]] }] }, // p = 1
            { reconciliations: [{ revision: 'x' }] },
            { revision: -1 },
            { v: 2 },
            { binding: 42 },
            { input_tokens: 1.5 },
        ];
        for (const v of variants) await refusedPlainly({ ...s, session: encodeSession({ ...p, ...v } as SessionPayload, ring) });
        for (const junk of [null, 'text', [1, 2], { v: 1 }]) await refusedPlainly({ ...s, session: signToken('v1', junk, ring) });
    });

    it('validly signed payloads with a member an edit never writes (one nested 100,000 levels deep): refused as altered', async () => {
        // An edit re-signs what it opened: the deep member made JSON.stringify overflow, a 500.
        const d = decodeSession(base.session, ring);
        if (!d.ok) throw new Error(d.reason);
        const text = JSON.stringify(d.payload);
        const deep = '['.repeat(100_000) + ']'.repeat(100_000);
        const record = (extra: string) => `{"revision":0,"intent":"x","withdraw":[{"bundle":0,"mention":0${extra}}],"bundle":null}`;
        for (const payload of [
            text.replace(
                '"reconciliations":[]',
                `"reconciliations":[{"revision":0,"intent":"x","withdraw":[],"bundle":null,"deep":${deep}}]`,
            ),
            text.replace('"reconciliations":[]', `"reconciliations":[${record(`,"deep":${deep}`)}]`),
            text.replace('{', `{"deep":${deep},`),
            text.replace('"bundles":[{', `"bundles":[{"deep":${deep},`),
            text.replace('{', '{"__proto__":{"polluted":1},'),
        ]) {
            expect(payload).to.not.equal(text);
            expect(await refusedPlainly({ ...s, session: rawToken(payload) })).to.equal(ALTERED_SESSION);
        }
        expect((await service.edit({ ...s, session: rawToken(text) }, RETRACT)).object).to.equal('extraction');
    });

    it('a counter at the last exact integer is refused; every session an edit answers can be opened again', async () => {
        const d = decodeSession(base.session, ring);
        if (!d.ok) throw new Error(d.reason);
        const p = d.payload;
        const insert: EditAction = { action: 'insert', candidate: { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 } };
        const at = (v: Partial<SessionPayload>) => ({ ...s, session: encodeSession({ ...p, ...v }, ring) });
        const max = Number.MAX_SAFE_INTEGER;
        // Revision 2^53 - 1 was answered as 2^53, which no later edit accepted.
        expect(await refusedPlainly(at({ revision: max }))).to.equal(ALTERED_SESSION);
        expect(await refusedPlainly(at({ revision: max }), insert)).to.equal(ALTERED_SESSION);
        expect(await refusedPlainly(at({ next_mention: max }), insert)).to.equal(ALTERED_SESSION);
        expect(await refusedPlainly(at({ next_bundle: max }), insert)).to.equal(ALTERED_SESSION);
        const last = (await service.edit(at({ revision: max - 1 }), RETRACT)) as Extraction;
        expect(last.revision).to.equal(max);
        const reopened = decodeSession(last.session, ring);
        expect(reopened.ok && reopened.payload.revision).to.equal(max);
        expect(await refusedPlainly({ ...s, session: last.session }, insert)).to.equal(ALTERED_SESSION);
    });
});

/** A session token of exactly `payload` (JSON text signToken could not write: too deep), under the test ring. */
function rawToken(payload: string): string {
    const signed = `v1.${deflateRawSync(Buffer.from(payload, 'utf8')).toString('base64url')}`;
    return `${signed}.${createHmac('sha256', ring.current).update(signed, 'utf8').digest('base64url')}`;
}
