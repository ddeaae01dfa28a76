// The date of a short document: an invoice's date and its due date. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('invoice dates', () => {
    /** Each candidate's features, by its quote, for a `purchase_date` field. */
    const features = async (doc: string, language: 'en' | 'nl' = 'en'): Promise<Map<string, Record<string, number | undefined>>> => {
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'purchase_date', type: 'date' }] });
        return new Map((await readCandidates(doc, schema, language)).candidates.map((c) => [c.quote, c.features]));
    };

    it('an invoice date is not its due date, the later one (a page has no head and foot zones to date it)', async () => {
        // Before, the latest date "at the document's edge" won: a conflict in English, the due date at 0.89 in Dutch.
        const en = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'invoice_date', type: 'date' }] });
        const doc = 'Invoice date: 1 February 2024\nDue date: 2 March 2024\nInvoice number: INV-2024-0100\nTotal: 99.95 EUR\n';
        expect(await readData(doc, en)).to.deep.equal({ invoice_date: '2024-02-01' });
        const nl = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'invoice_date', type: 'date', hints: ['Factuurdatum'] }] });
        const factuur =
            'FACTUUR\n\nFactuurnummer: INV-2024-0042\nFactuurdatum: 3 januari 2024\nVervaldatum: 2 februari 2024\n\nTotaal: € 1.234,56\n';
        expect(await readData(factuur, nl, 'nl')).to.deep.equal({ invoice_date: '2024-01-03' });
    });

    it('a single date still dates a short document: only where a page writes several is the latest not its own', async () => {
        const single = await features('CORNER SHOP\n12/03/2024 10:41\nTOTAL 4.50\nTHANK YOU\n');
        expect(single.get('12/03/2024')).to.include({ latestEdge: 1, closing: 1 });
        const two = await features('Invoice date: 1 February 2024\nDue date: 2 March 2024\n');
        expect(two.get('2 March 2024')?.latestEdge, 'the latest of several').to.equal(0);
        expect(two.get('2 March 2024')?.closing, 'the last of several').to.equal(0);
        // In a longer document the zones are apart and the latest at an edge still counts.
        const long = await features(
            `Invoice date: 1 February 2024\n${'Terms and conditions apply to every order. '.repeat(30)}\nDue date: 2 March 2024\n`,
        );
        expect(long.get('2 March 2024')).to.include({ latestEdge: 1 });
    });

    it('a date something must happen by is no closing date ("due within 15 days (by March 29, 2025)")', async () => {
        const body = '  Tuning, pitch raise and regulation of a grand piano.\n'.repeat(36);
        const tail = '  Checks payable to Harbour Piano Service, or a transfer to our account.\n  Thank you for your custom.\n';
        const head = 'HARBOUR PIANO SERVICE\n\nINVOICE                          No. 2025-0090\n                  Date: March 14, 2025\n\n';
        const due = await features(`${head}${body}\nPAYMENT\n  Terms: due within 15 days (by March 29, 2025).\n${tail}`);
        expect(due.get('March 29, 2025')?.closing).to.equal(0);
        // The same place without the deadline's word: a signature's date closes the document.
        const signed = await features(`${head}${body}\nSigned for Harbour Piano Service, March 29, 2025.\n${tail}`);
        expect(signed.get('March 29, 2025')?.closing).to.equal(1);
        // Running text may break its line between the word and the date (Dutch "uiterlijk").
        const factuur = `FACTUUR 2025-0091\nDatum: 14 maart 2025\n\n${body}\nGraag betaling uiterlijk\n29 maart 2025.\n${tail}`;
        expect((await features(factuur, 'nl')).get('29 maart 2025')?.closing).to.equal(0);
    });

    it('"on or before" labels a deadline; a label inside a bracket that prose runs on after labels nothing past it', async () => {
        const order = [
            '                                   Claim Number     K7TR2M90',
            '                                   Date             3 November 2025',
            '',
            'IT IS ORDERED THAT you must pay the claimant £842.10 for debt (and',
            'interest to date of judgment) and costs, on or before 17 November 2025.',
        ].join('\n');
        const dates = compile({
            svc_schema: '1.0',
            name: 'j',
            fields: [
                { name: 'judgment_date', type: 'date', date_order: 'dmy', description: 'Date of the judgment' },
                { name: 'payment_deadline', type: 'date', date_order: 'dmy' },
            ],
            relations: [{ id: 'after', expr: 'payment_deadline > judgment_date' }],
        });
        expect(await readData(order, dates)).to.deep.equal({ judgment_date: '2025-11-03', payment_deadline: '2025-11-17' });
    });

    it('a hyphenated label is found as the compound a name writes whole ("Check-out date" for `checkout_date`)', async () => {
        const report = ['CHECK-OUT REPORT', '', 'Tenancy start:    01/09/2023', 'Check-out date:   28/08/2025'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'checkout_date', type: 'date', date_order: 'dmy' }] });
        expect((await readData(report, schema)).checkout_date).to.equal('2025-08-28');
    });

    it('a field named for paying by a day reads the day a payment falls due ("if it is paid by 28 October 2025")', async () => {
        // (bench/user-docs/twentythird has the decision this was seen in.)
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'discount_pay_by_date', type: 'date', date_order: 'dmy' }],
        });
        const letter = [
            'The Penalty Charge Notice was issued on 2 September 2025 at 14:22.',
            '',
            'As a gesture of goodwill, we will accept the reduced amount of £35.00 if it is paid by',
            '28 October 2025. After that date the full penalty charge of £70.00 will be due.',
        ].join('\n');
        expect((await readData(letter, schema)).discount_pay_by_date).to.equal('2025-10-28');
    });

    it("a section's heading over its paragraph labels a date in it, as a duration's does", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'uitbetaling_uiterlijk', type: 'date', date_order: 'dmy' }],
        });
        const brief = [
            'Uitbetaling',
            'Wij betalen de transitievergoeding uiterlijk op 30 april 2026 uit, samen met je eindafrekening.',
            '',
            'Wat moet je nog doen?',
            '- Je laptop en toegangspas lever je uiterlijk 27 februari 2026 in bij de receptie.',
        ].join('\n');
        expect((await readData(brief, schema, 'nl')).uitbetaling_uiterlijk).to.equal('2026-04-30');
    });

    it('an own-date label another field\'s name says is that field\'s: "date of issue" beside `issue_date` dates no invoice', async () => {
        const certificate = [
            '5. Remarks',
            '   Commercial invoice HPC-INV-20931 dated 20/10/2025',
            '   Customer purchase order 4500173926 dated 02/09/2025',
            '',
            '8. The undersigned authority certifies the goods described above.',
            '   Place and date of issue: Dudley, 21/10/2025',
        ].join('\n');
        const both = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'invoice_date', type: 'date', date_order: 'dmy' },
                { name: 'issue_date', type: 'date', date_order: 'dmy' },
            ],
        });
        expect(await readData(certificate, both)).to.deep.equal({ invoice_date: '2025-10-20', issue_date: '2025-10-21' });
        // (Alone, the invoice's field keeps the label: an invoice's date of issue is its date.)
        const alone = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'invoice_date', type: 'date', date_order: 'dmy' }] });
        const invoice = ['INVOICE HPC-INV-20931', 'Date of issue: 21/10/2025', 'Delivered 14/10/2025'].join('\n');
        expect((await readData(invoice, alone)).invoice_date).to.equal('2025-10-21');
    });
});
