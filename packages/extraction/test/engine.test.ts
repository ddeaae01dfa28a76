import { expect } from 'chai';
import { compileSchemaText, type CompiledSchema } from '@svc/compiler';
import { createEngine } from '../src/engine-module.js';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { tokenizeWithOffsets } from '../src/windows/token-counter.js';
import type { ExtractionObject } from '../src/engine-types.js';
import { CodePointIndex } from '../src/grounding/code-points.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { decodeSession } from '../src/session/session-codec.js';
import { restoreMentions } from '../src/session/session-state.js';

function compile(schema: unknown): CompiledSchema {
    const r = compileSchemaText(JSON.stringify(schema));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.schema!;
}

const INVOICE = compile({
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}' },
        { name: 'invoice_date', type: 'date' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
});
const INVOICE_NL = compile({
    svc_schema: '1.0',
    name: 'factuur',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}', hints: ['Factuurnummer'] },
        { name: 'invoice_date', type: 'date', hints: ['Factuurdatum'] },
        { name: 'total', type: 'money', currency: 'EUR', hints: ['Totaal'] },
    ],
});
const SUM = compile({
    svc_schema: '1.0',
    name: 'amounts',
    fields: [
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'vat', type: 'money', currency: 'EUR' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
    relations: [{ id: 'sum', expr: 'total == net + vat' }],
});

const INVOICE_EN = [
    'ACME Office Supplies Ltd',
    'Invoice number: INV-2024-0042',
    'Invoice date: 3 January 2024',
    'Total: EUR 1,234.56',
    'Thank you for your business.',
].join('\n');
const INVOICE_NL_DOC = [
    'Bakkerij De Vries',
    'Factuurnummer: INV-2024-0042',
    'Factuurdatum: 3 januari 2024',
    'Totaal: € 1.234,56',
    'Bedankt voor uw bestelling.',
].join('\n');
const EMOJI = '🧾 Café Zoë — naïve façade 😀👍🏽\n' + INVOICE_EN;
const CONFLICT = [
    'Invoice number: INV-2024-0077',
    'Invoice date: 5 February 2024',
    'Total: EUR 1,234.56',
    '',
    'Payment is due within thirty days.',
    'Total: EUR 1,243.56',
].join('\n');
const RELATION = ['Net: EUR 100.00', 'VAT: EUR 21.00', 'Total: EUR 121.00', 'Total: EUR 112.00'].join('\n');
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' } as const;
const ring = secretRingOf(['engine-test']);
const engine = createEngine({ reader: 'heuristic', secrets: ring });

async function run(
    document: string,
    schema: CompiledSchema,
    language: 'en' | 'nl' = 'en',
    reference: string | null = null,
): Promise<ExtractionObject & { response: any }> {
    return (await engine.extract({ document, schema, language, reference, options: OPTIONS })) as ExtractionObject & { response: any };
}

describe('engine end to end (heuristic reader)', () => {
    it('returns the extraction object of docs/runtime-server.md', async () => {
        const ex = await run(EMOJI, INVOICE, 'en', 'order-4711/α');
        expect(ex.object).to.equal('extraction');
        expect(ex.reference).to.equal('order-4711/α');
        expect(ex.document).to.equal(EMOJI);
        expect(ex.options).to.deep.equal(OPTIONS);
        expect(ex.schema).to.deep.equal(INVOICE.normalized);
        expect(ex.active_bundles).to.deep.equal([0]);
        expect(ex.revision).to.equal(0);
        expect(ex.usage).to.deep.equal({ input_tokens: ex.usage.input_tokens, reads: 1, window_tokens: 4096 });
        expect(ex.response.svc_response).to.equal('1.0');
        expect(ex.response.schema_hash).to.equal(INVOICE.schemaHash);
        expect(ex.response.reconciliations).to.deep.equal([]);
        expect(Object.keys(ex.response)).to.deep.equal([
            'svc_response',
            'schema_hash',
            'data',
            'fields',
            'components',
            'mentions',
            'relations',
            'reconciliations',
        ]);
    });

    it('reads the English and the Dutch invoice', async () => {
        for (const [doc, schema, lang] of [
            [INVOICE_EN, INVOICE, 'en'],
            [INVOICE_NL_DOC, INVOICE_NL, 'nl'],
        ] as const) {
            const { data, fields } = (await run(doc, schema, lang)).response;
            expect(data).to.deep.equal({
                invoice_number: 'INV-2024-0042',
                invoice_date: '2024-01-03',
                total: { amount: '1234.56', currency: 'EUR' },
            });
            for (const f of ['invoice_number', 'invoice_date', 'total']) expect(fields[f].status).to.equal('found');
        }
    });

    it('gives code-point offsets that slice to the quote, string ids, and a session that restores them', async () => {
        const ex = await run(EMOJI, INVOICE);
        const doc = new CodePointIndex(EMOJI);
        const num = ex.response.mentions.find((m: any) => m.field === 'invoice_number');
        expect(num.start).to.equal(Array.from(EMOJI).join('').indexOf('INV') - 4); // four astral characters before
        for (const m of ex.response.mentions) {
            expect(typeof m.id).to.equal('string');
            expect(Array.from(EMOJI).slice(m.start, m.end).join('')).to.equal(m.quote);
        }
        const decoded = decodeSession(ex.session, ring);
        expect(decoded.ok).to.equal(true);
        if (!decoded.ok) return;
        const restored = restoreMentions(decoded.payload, INVOICE, doc, 'en');
        expect(restored.ok).to.equal(true);
        if (restored.ok) expect(restored.mentions.map((m) => String(m.id))).to.deep.equal(ex.response.mentions.map((m: any) => m.id));
    });

    it('is deterministic', async () => {
        const a = await run(EMOJI, INVOICE);
        const b = await run(EMOJI, INVOICE);
        expect(b.response).to.deep.equal(a.response);
        expect(b.session).to.equal(a.session);
    });

    it('two different totals: conflict, no value, both mentions in the conflict, repairs', async () => {
        const r = (await run(CONFLICT, INVOICE)).response;
        expect(r.fields.total.status).to.equal('conflict');
        expect(r.data.total).to.equal(null);
        const totals = r.mentions.filter((m: any) => m.field === 'total');
        const a = totals.find((m: any) => m.quote.includes('1,234.56'));
        const b = totals.find((m: any) => m.quote.includes('1,243.56'));
        const c = r.components.flatMap((x: any) => x.conflicts).find((x: any) => x.mentions.includes(a.id));
        expect(c.mentions).to.include(b.id);
        expect(c.repairs.length).to.be.greaterThan(0);
        expect(r.data.invoice_number).to.equal('INV-2024-0077');
        expect(r.data.invoice_date).to.equal('2024-02-05');
    });

    it('the relation total == net + vat settles a total read twice', async () => {
        const r = (await run(RELATION, SUM)).response;
        expect(r.fields.total.status).to.equal('found');
        expect(r.data).to.deep.equal({
            net: { amount: '100.00', currency: 'EUR' },
            vat: { amount: '21.00', currency: 'EUR' },
            total: { amount: '121.00', currency: 'EUR' },
        });
        expect(r.relations.sum).to.equal('holds');
        expect(r.fields.total.settled_by).to.deep.equal(['sum']);
    });

    it('a 40,000-character document takes several reads; values across windows are found', async () => {
        const SENTENCE = 'The quick brown fox jumps over the lazy dog near the quiet river bank. ';
        const doc = `${SENTENCE.repeat(560)}\nTotal: EUR 99.00`;
        const ex = await run(doc, INVOICE);
        expect(ex.usage.reads).to.be.greaterThan(1);
        expect(ex.usage.reads).to.be.at.least(Math.ceil(ex.usage.input_tokens / 4096));
        expect(ex.response.data.total).to.deep.equal({ amount: '99.00', currency: 'EUR' });
        expect(ex.warnings.some((w) => w.includes('invoice_number'))).to.equal(true);
    });

    it("reuses a plan's tokens for the extraction of the same scope only: another tenant's plan tokenizes again", async () => {
        let tokenized = 0;
        const engine = new Engine({
            reader: new HeuristicReader(),
            secrets: secretRingOf(['scope-test']),
            concurrency: 1,
            tokenize: (text) => {
                tokenized++;
                return tokenizeWithOffsets(text);
            },
        });
        const schema = compileSchemaText(
            JSON.stringify({ svc_schema: '1.0', name: 's', fields: [{ name: 'total', type: 'money', currency: 'EUR' }] }),
        ).schema!;
        const job = (scope: string) => ({
            document: 'Total: € 12,00',
            schema,
            language: 'nl' as const,
            reference: null,
            options: { on_conflict: 'withhold' as const, fallback: 'off' as const },
            scope,
        });
        engine.plan(job('account-a'));
        await engine.extract(job('account-a'));
        expect(tokenized).to.equal(1);
        engine.plan(job('account-b'));
        expect(tokenized).to.equal(2);
    });
});
