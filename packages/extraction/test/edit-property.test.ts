// Property: applying a previewed plan yields exactly the previewed `after` — after any history of
// edits, for any non-empty set of active mentions withdrawn, with or without a replacement candidate —
// and the preview's impact lists exactly the fields whose value changes.
import { expect } from 'chai';
import fc from 'fast-check';
import type { CompiledSchema } from '@svc/compiler';
import { createEditService } from '../src/edits/edit-service.js';
import type { Candidate, EditAction, ReconciliationPreview } from '../src/edits/edit-types.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { CONFLICT, INVOICE, RELATION, SUM, extractWith, makeEngine, stored, type Extraction } from './support/edit-fixtures.js';

const ring = secretRingOf(['property-secret']);
const { engine, reader } = makeEngine(ring);
const service = createEditService({ secrets: ring });

interface Case {
    name: string;
    schema: CompiledSchema;
    document: string;
    /** Quotes that ground as candidates of their slot. */
    pool: Array<[string, string]>;
}

const CASES: Case[] = [
    {
        name: 'invoice with two totals',
        schema: INVOICE,
        document: CONFLICT,
        pool: [
            ['total', 'EUR 1,234.56'],
            ['total', 'EUR 1,243.56'],
            ['invoice_date', '5 February 2024'],
            ['invoice_number', 'INV-2024-0077'],
        ],
    },
    {
        name: 'amounts with a relation',
        schema: SUM,
        document: RELATION,
        pool: [
            ['net', 'EUR 100.00'],
            ['vat', 'EUR 21.00'],
            ['total', 'EUR 121.00'],
            ['total', 'EUR 112.00'],
            ['net', 'EUR 21.00'],
            ['vat', 'EUR 100.00'],
        ],
    },
];

const step = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), p: fc.double({ min: 0.01, max: 0.99, noNaN: true }) }),
    fc.record({ kind: fc.constant('retract' as const), pick: fc.nat() }),
);

describe('edits: a previewed plan, applied, gives exactly the preview', () => {
    for (const c of CASES) {
        it(c.name, async () => {
            const first = await extractWith(engine, c.document, c.schema);
            const calls = reader.calls;
            const run = async (ex: Extraction, action: EditAction): Promise<Extraction | ReconciliationPreview> =>
                (await service.edit(stored(ex, c.schema), action)) as Extraction | ReconciliationPreview;
            await fc.assert(
                fc.asyncProperty(
                    fc.array(step, { maxLength: 4 }),
                    fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
                    fc.option(fc.record({ pick: fc.nat(), p: fc.double({ min: 0.01, max: 0.99, noNaN: true }) }), { nil: undefined }),
                    fc.string({ minLength: 1, maxLength: 40 }),
                    async (history, picks, replacement, intent) => {
                        let ex = first;
                        for (const s of history) {
                            if (s.kind === 'insert') {
                                const [slot, quote] = c.pool[s.pick % c.pool.length]!;
                                ex = (await run(ex, { action: 'insert', candidate: { slot, quote, p: s.p } })) as Extraction;
                            } else if (ex.active_bundles.length > 0) {
                                ex = (await run(ex, {
                                    action: 'retract',
                                    bundle: ex.active_bundles[s.pick % ex.active_bundles.length]!,
                                })) as Extraction;
                            }
                        }
                        const mentions = ex.response.mentions as Array<{ id: string; bundle: number }>;
                        if (mentions.length === 0) return;
                        const chosen = [...new Set(picks.map((i) => i % mentions.length))].map((i) => mentions[i]!);
                        const withdraw = chosen.map((m) => ({ bundle: m.bundle, mention: Number(m.id) }));
                        let candidate: Candidate | undefined;
                        if (replacement) {
                            const [slot, quote] = c.pool[replacement.pick % c.pool.length]!;
                            candidate = { slot, quote, p: replacement.p };
                        }
                        const pv = (await run(ex, {
                            action: 'preview_reconciliation',
                            intent,
                            withdraw,
                            ...(candidate ? { candidate } : {}),
                        })) as ReconciliationPreview;
                        expect(pv.object).to.equal('reconciliation_preview');
                        expect(pv.revision).to.equal(ex.revision);
                        const applied = (await run(ex, { action: 'reconcile', plan: pv.plan })) as Extraction;
                        expect(applied.revision).to.equal(ex.revision + 1);
                        expect(applied.response).to.deep.equal(pv.after);
                        const changed = c.schema.fields
                            .map((f) => f.name)
                            .filter(
                                (f) => JSON.stringify(ex.response.data[f] ?? null) !== JSON.stringify(applied.response.data[f] ?? null),
                            );
                        expect(Object.keys(pv.impact)).to.deep.equal(changed);
                        for (const f of changed)
                            expect(pv.impact[f]).to.deep.equal({
                                before: ex.response.data[f] ?? null,
                                after: applied.response.data[f] ?? null,
                            });
                    },
                ),
                { numRuns: 60 },
            );
            expect(reader.calls).to.equal(calls);
        });
    }
});
