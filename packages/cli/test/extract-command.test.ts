// `svc extract` end to end on the examples (English and Dutch invoices, a contract, a lease), through the
// CLI's main with captured output.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from './check-golden.test.js';

interface Extraction {
    object: string;
    language: string;
    document: string;
    revision: number;
    session: string;
    usage: { reads: number; input_tokens: number; window_tokens: number };
    response: {
        data: Record<string, unknown>;
        fields: Record<string, { status: string }>;
        relations: Record<string, string>;
        mentions: Array<{ quote: string; start: number; end: number }>;
    };
}

async function extract(schema: string, file: string, language?: string): Promise<Extraction> {
    const r = await runCli(['extract', '--schema', schema, ...(language ? ['--language', language] : []), '--json', file]);
    expect(r.code, r.stderr).to.equal(0);
    const list = JSON.parse(r.stdout) as Extraction[];
    expect(list).to.have.length(1);
    return list[0]!;
}

function offsetsSliceToQuotes(x: Extraction): void {
    const cps = Array.from(x.document);
    for (const m of x.response.mentions) expect(cps.slice(m.start, m.end).join('')).to.equal(m.quote);
}

describe('svc extract on the examples', function () {
    this.timeout(30_000);

    it('English invoice: number, dates, term, amounts and a percentage rate; every relation holds', async () => {
        const x = await extract('examples/invoice-en.svc.json', 'examples/invoice-en.txt');
        expect(x.object).to.equal('extraction');
        expect(x.revision).to.equal(0);
        expect(x.session).to.match(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        expect(x.usage.reads).to.equal(1);
        expect(x.response.data).to.deep.include({
            invoice_number: 'INV-20417',
            issue_date: '2024-03-04',
            due_date: '2024-04-03',
            payment_term: 'P30D',
            net_amount: { amount: '900.00', currency: 'EUR' },
            vat_rate: '21.00',
            vat_amount: { amount: '189.00', currency: 'EUR' },
            total_amount: { amount: '1089.00', currency: 'EUR' },
        });
        expect(x.response.relations).to.deep.equal({ total: 'holds', vat: 'holds', due_after_issue: 'holds', term: 'holds' });
        offsetsSliceToQuotes(x);
    });

    it('Dutch invoice (language nl): Dutch dates, amounts and a term in days', async () => {
        const x = await extract('examples/factuur-nl.svc.json', 'examples/factuur-nl.txt', 'nl');
        expect(x.language).to.equal('nl');
        expect(x.response.data).to.deep.include({
            factuurnummer: '2024-0193',
            factuurdatum: '2024-02-12',
            vervaldatum: '2024-02-26',
            betalingstermijn: 'P14D',
            subtotaal: { amount: '260.00', currency: 'EUR' },
            btw: { amount: '54.60', currency: 'EUR' },
            totaal: { amount: '314.60', currency: 'EUR' },
        });
        expect(x.response.relations.totaal).to.equal('holds');
        offsetsSliceToQuotes(x);
    });

    it('contract: durations in words, a month term settled by the expiry relation', async () => {
        const x = await extract('examples/contract-en.svc.json', 'examples/contract-en.txt');
        expect(x.response.data).to.deep.include({
            effective_date: '2024-01-15',
            initial_term: 'P24M',
            expiration_date: '2026-01-14',
            renewal_term: 'P12M',
            notice_period: 'P60D',
            monthly_fee: { amount: '4500.00', currency: 'USD' },
        });
        expect(x.response.relations.term_end).to.equal('holds');
    });

    it('lease: a schema with one hint reads a lease written in prose (parties by their roles, the term, the law)', async () => {
        const x = await extract('examples/lease-en.svc.json', 'examples/lease-en.txt');
        expect(x.response.data).to.deep.include({
            landlord: 'Margaret A. Collins',
            tenant: 'Daniel Ruiz and Priya Ruiz',
            start_date: '2024-09-01',
            end_date: '2025-08-31',
            monthly_rent: { amount: '1675.00', currency: 'USD' },
            security_deposit: { amount: '2500.00', currency: 'USD' },
            notice_period: 'P60D',
            governing_law: 'Ohio',
        });
        offsetsSliceToQuotes(x);
    });

    it('exits 1 on a schema that does not compile and 2 on a missing document', async () => {
        const bad = await runCli(['extract', '--schema', 'examples/broken-invoice.svc.json', 'examples/invoice-en.txt']);
        expect(bad.code).to.equal(1);
        expect(bad.stderr + bad.stdout).to.contain('E-CURRENCY');
        const missing = await runCli(['extract', '--schema', 'examples/invoice-en.svc.json', 'nope.txt']);
        expect(missing.code).to.equal(2);
    });

    it("shows a document's control, bidi and zero-width characters by code point in the text output, exactly in --json", async () => {
        const dir = mkdtempSync(join(tmpdir(), 'svc-extract-escape-'));
        try {
            const doc = join(dir, 'hostile.txt');
            const schema = join(dir, 'order.svc.json');
            writeFileSync(schema, '{"svc_schema":"1.0","name":"t","fields":[{"name":"supplier","type":"string","hints":["Supplier"]}]}');
            writeFileSync(doc, 'ORDER\n\nSupplier: Acme\u001b[31m\u202e Trading\u200b Ltd\n');
            const text = await runCli(['extract', '--schema', schema, doc]);
            expect(text.code, text.stderr).to.equal(0);
            // eslint-disable-next-line no-control-regex -- a raw ESC is what must not be there
            expect(text.stdout).to.not.match(/[\u001b\u202e\u200b]/);
            // One form for every such character: C0 controls too, not JSON's `\u001b`.
            expect(text.stdout).to.contain('"Acme\\u{1B}[31m\\u{202E} Trading\\u{200B} Ltd"');
            const json = await runCli(['extract', '--schema', schema, '--json', doc]);
            const list = JSON.parse(json.stdout) as Extraction[];
            expect(list[0]!.response.data.supplier).to.equal('Acme\u001b[31m\u202e Trading\u200b Ltd');
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
