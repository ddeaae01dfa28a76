// Date fields named without hints, as users write them: the name is all the author said. Running
// text introduces a term's first and last day ("commences on", "expires on": locale.dateLabels); a
// name's own word labels its field ("starts on" for `start_date`); a date when something ends or
// falls due takes no bare "Date:" and no place in the document as its own (a signature's date, an
// invoice's date); a range's first date starts a term and its second ends it (a label of the whole
// range, "between X and Y": date-ranges.test.ts).
// Documents written for the test.
import { expect } from 'chai';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { documentDate, notOwnDate } from '../src/readers/heuristic-terms.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const date = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'date', nullable: true, ...extra });
const schema = (...fields: object[]) => compile({ svc_schema: '1.0', name: 'dates', fields });

const LEASE = schema(date('start_date'), date('end_date'));
const CONTRACT = schema(date('agreement_date'), date('effective_date'), date('expiration_date'));
const SIGNED = '\n\nSigned:\nPeter Hall                 Maria Lopez\nDate: November 20, 2023    Date: November 21, 2023\n';

describe('date roles: date fields named without hints', () => {
    it('reads a term written in prose: "commences on", "expires on", "made and entered into on"', async () => {
        // [document, agreement, effective, expiration]
        const agreements = [
            [
                'SUPPLY AGREEMENT\n\nThis Supply Agreement is made and entered into on January 10, 2020.\n\n' +
                    'The term of this Agreement begins on February 1, 2020 and terminates on January 31, 2022.\n\n' +
                    'Signed on January 12, 2020.\n',
                '2020-01-10',
                '2020-02-01',
                '2022-01-31',
            ],
            [
                'CONSULTING AGREEMENT\n\nThis Agreement is entered into as of March 3, 2022 by and between Acme Corp. and Beta LLC.\n\n' +
                    '1. Term. This Agreement shall commence on April 1, 2022 and shall continue until March 31, 2025.\n\n' +
                    'ACME CORP.                      BETA LLC\nDate: March 3, 2022             Date: March 4, 2022\n',
                '2022-03-03',
                '2022-04-01',
                '2025-03-31',
            ],
        ];
        for (const [doc, agreement_date, effective_date, expiration_date] of agreements)
            expect(await readData(doc!, CONTRACT)).to.deep.equal({ agreement_date, effective_date, expiration_date });
    });

    it("takes a name's own word as its label: the lease's start and end, not the signatures' dates", async () => {
        const doc =
            'RESIDENTIAL LEASE\n\nTenant: Maria Lopez\n\n1. Term. The lease starts on January 1, 2024 and ends on December 31, 2024.' +
            SIGNED;
        expect(await readData(doc, LEASE)).to.deep.equal({ start_date: '2024-01-01', end_date: '2024-12-31' });
        // A word no list knows: "delivery" labels `delivery_date`, "payment" `payment_date`.
        const order = 'ORDER 5512\n\nThe delivery is scheduled for May 5, 2024, and the payment for June 1, 2024.\n';
        expect(await readData(order, schema(date('delivery_date'), date('payment_date')))).to.deep.equal({
            delivery_date: '2024-05-05',
            payment_date: '2024-06-01',
        });
    });

    it('leaves an end the document does not write missing, rather than taking a signature or invoice date', async () => {
        const lease = 'RESIDENTIAL LEASE\n\nTenant: Maria Lopez\nThe lease starts on January 1, 2024 and runs for twelve months.' + SIGNED;
        expect(await readData(lease, LEASE)).to.deep.equal({ start_date: '2024-01-01', end_date: null });
        const unsigned = 'LEASE\n\nTenant: Maria Lopez\nMonthly rent: $1,200.00\n\nSigned on November 20, 2023.\n';
        expect((await readData(unsigned, LEASE)).end_date).to.equal(null);
        const invoice = schema(date('invoice_date'), date('due_date'));
        const undated =
            'INVOICE 2024-117\n\nDate: March 1, 2024\nBill to: Globex Corp.\n\nTotal     EUR 1,200.00\n\nPayment within 30 days.\n';
        expect(await readData(undated, invoice)).to.deep.equal({ invoice_date: '2024-03-01', due_date: null });
        const dated = 'INVOICE 2024-117\n\nDate: March 1, 2024\nDue date: March 31, 2024\n\nTotal     EUR 1,200.00\n';
        expect(await readData(dated, invoice)).to.deep.equal({ invoice_date: '2024-03-01', due_date: '2024-03-31' });
    });

    it('reads the day a payment falls due as prose writes it: "Please pay by", "te betalen voor"', async () => {
        const invoice = schema(date('invoice_date'), date('due_date'));
        const en =
            'INVOICE 2024-117\n\nInvoice date: March 1, 2024\n\nTotal     EUR 1,200.00\n\nPlease pay by March 31, 2024 to IBAN NL91 ABNA 0417 1643 00.\n';
        expect(await readData(en, invoice)).to.deep.equal({ invoice_date: '2024-03-01', due_date: '2024-03-31' });
        const nl =
            'FACTUUR 2024-117\n\nFactuurdatum: 1 maart 2024\n\nTotaal     EUR 1.200,00\n\nGraag te betalen voor 31 maart 2024 op rekening NL91ABNA0417164300.\n';
        expect(await readData(nl, schema(date('factuurdatum'), date('vervaldatum')), 'nl')).to.deep.equal({
            factuurdatum: '2024-03-01',
            vervaldatum: '2024-03-31',
        });
    });

    it('reads a range: its first date starts the term, its second ends it', async () => {
        const lease =
            'LEASE\n\nThis lease is made on March 2, 2023.\n\nLease term: April 1, 2023 to March 31, 2024.\nRent: $950.00 per month.\n';
        expect(await readData(lease, LEASE)).to.deep.equal({ start_date: '2023-04-01', end_date: '2024-03-31' });
        const audit =
            'ENGAGEMENT LETTER\n\nWe will audit your accounts for the period from January 1, 2023 through December 31, 2023.\n\nSigned: March 2, 2024\n';
        expect(await readData(audit, schema(date('period_start'), date('period_end')))).to.deep.equal({
            period_start: '2023-01-01',
            period_end: '2023-12-31',
        });
        const huur = 'HUUROVEREENKOMST\n\nHuurder: J. Jansen\nHuurperiode: 1 april 2023 t/m 31 maart 2024\n';
        expect(Object.values(await readData(huur, schema(date('ingangsdatum'), date('einddatum')), 'nl'))).to.deep.equal([
            '2023-04-01',
            '2024-03-31',
        ]);
        // Two dates a clause apart are no range.
        const apart = 'LEASE\n\nThe keys were handed over on April 1, 2023, and the deposit was paid on March 31, 2023.\n';
        expect(await readData(apart, LEASE)).to.deep.equal({ start_date: null, end_date: null });
    });

    it("reads a range whose dates have an aside and a day's name between them", async () => {
        const hire = [
            'MARQUEE HIRE - INVOICE',
            '',
            'Customer: Ms Dana Whitlock                 Invoice date: 02/06/2025',
            '',
            'Hire period:  Thursday 12/06/2025 (set-up from 09:00) to',
            '              Monday 16/06/2025 (take-down from 14:00)',
            '',
            'Total due: £480.00',
        ].join('\n');
        const dates = schema(date('hire_start', { date_order: 'dmy' }), date('hire_end', { date_order: 'dmy' }));
        expect(await readData(hire, dates)).to.deep.equal({ hire_start: '2025-06-12', hire_end: '2025-06-16' });
        const verhuur = 'VERHUUR PARTYTENT\n\nPeriode: vrijdag 4 juli 2025 (opbouw vanaf 10.00 uur) tot en met maandag 7 juli 2025\n';
        expect(Object.values(await readData(verhuur, schema(date('begindatum'), date('einddatum')), 'nl'))).to.deep.equal([
            '2025-07-04',
            '2025-07-07',
        ]);
    });

    it('"Datum" labels a Dutch compound that asks for the document\'s own date, as "Date" labels `invoice_date`', async () => {
        const brief = [
            'Sociale Verzekeringsbank',
            'Postbus 1100, 6040 KC Roermond',
            '',
            'Datum       22 april 2025',
            'Kenmerk     KB/KR/1187342',
            '',
            'Geachte mevrouw Wouters,',
            '',
            'De eerste betaling ontvangt u op 3 juli 2025, samen met de kinderbijslag voor uw dochter.',
        ].join('\n');
        expect(await readData(brief, schema(date('briefdatum')), 'nl')).to.deep.equal({ briefdatum: '2025-04-22' });
    });

    it('reads a Dutch term, with Dutch and with English field names', async () => {
        const doc =
            'HUUROVEREENKOMST\n\nVerhuurder: P. de Vries\nHuurder: J. Jansen\n\n1. Duur. De huur gaat in op 1 februari 2024 en eindigt op 31 januari 2025.\n\nGetekend te Utrecht op 15 januari 2024.\n';
        const want = ['2024-02-01', '2025-01-31'];
        expect(Object.values(await readData(doc, schema(date('ingangsdatum'), date('einddatum')), 'nl'))).to.deep.equal(want);
        expect(Object.values(await readData(doc, LEASE, 'nl'))).to.deep.equal(want);
    });

    it('reads a Dutch start from its first occasion ("Eerste les   dinsdag 23 september 2025")', async () => {
        const mail = [
            'Datum:    vr 29 aug 2025, 14:07',
            '',
            'Beste Sanne,',
            '',
            'Je inschrijving voor de cursus Italiaans voor beginners is bevestigd.',
            '',
            '  Eerste les      dinsdag 23 september 2025',
            '  Laatste les     dinsdag 9 december 2025',
        ].join('\n');
        expect((await readData(mail, schema(date('startdatum')), 'nl')).startdatum).to.equal('2025-09-23');
    });

    it('reads the date a label says the document was issued, for a name that says only the kind of document', async () => {
        const quote = [
            'NORTHGATE FREIGHT SOLUTIONS LTD',
            '',
            'Quotation No:   NFS-Q-25-04417                  Date of issue:  11 March 2025',
            'Customer ref:   PO-REQ 8812                     Valid until:    10 April 2025',
            '',
            ...Array.from({ length: 12 }, () => '  Ocean freight LCL, Felixstowe - Rotterdam                  612.40'),
            '',
            'NOTES',
            '- Surcharges may be revised if the booking is made after 31 March 2025.',
        ].join('\n');
        expect((await readData(quote, schema(date('quote_date')))).quote_date).to.equal('2025-03-11');
        const brief = [
            'Gemeente Zuidhaven',
            'Dagtekening:   4 februari 2025',
            '',
            ...Array.from({ length: 12 }, () => 'U kunt bezwaar maken binnen zes weken na de dagtekening van deze brief.'),
            '',
            'Dit besluit is verzonden op verzoek; een kopie volgt op 28 februari 2025.',
        ].join('\n');
        expect((await readData(brief, schema(date('briefdatum')), 'nl')).briefdatum).to.equal('2025-02-04');
        const en = localeOf('en');
        const words = (name: string, hints: string[] = []) =>
            labelPhrases({ name, description: '', hints, type: { kind: 'date' } } as never, en).map((p) => p.words.join(' '));
        expect(words('quote_date')).to.include('date of issue');
        expect(words('due_date')).to.not.include('date of issue');
        expect(words('quote_date', ['Quote date'])).to.not.include('date of issue');
    });

    it('reads the date a section\'s heading names over a bare \'Date:\' ("APPOINTMENT" / "Date: …")', async () => {
        const confirmation = [
            'APPOINTMENT CONFIRMATION                         Printed: 02 Apr 2025 16:42',
            '',
            'Reference number:       IT-MAN-2504-118735',
            '',
            'APPOINTMENT',
            '-----------',
            'Date:                   Tuesday, 22 April 2025',
            'Time:                   10:45',
            '',
            'INTENDED TRAVEL',
            'Date of arrival:        12 June 2025',
        ].join('\n');
        expect((await readData(confirmation, schema(date('appointment_date')))).appointment_date).to.equal('2025-04-22');
        // Not across a line of other text.
        const prose = confirmation.replace('-----------', 'Please bring your passport and two photographs.');
        expect((await readData(prose, schema(date('appointment_date')))).appointment_date).to.not.equal('2025-04-22');
    });

    it('reads the start prose writes after "from" ("held a policy with us from 14 November 2019 until …")', async () => {
        const letter = [
            'Date:       6 January 2025',
            '',
            'Thank you for your request of 2 January 2025. We confirm that you held a private car',
            'insurance policy with us, as policyholder and main driver, from 14 November 2019 until',
            'the policy was cancelled at your request on 13 November 2024.',
        ].join('\n');
        expect((await readData(letter, schema(date('cover_start_date')))).cover_start_date).to.equal('2019-11-14');
    });

    it('gives these labels only to date fields without hints; hints say how the documents write it', () => {
        const phrases = (field: object, lang = 'en') =>
            new Map(
                labelPhrases(
                    { id: 0, description: '', nullable: true, hints: [], ...field } as never,
                    localeOf(lang),
                    new Set(['date']),
                ).map((p) => [p.words.join(' '), p]),
            );
        const start = phrases({ name: 'start_date', type: { kind: 'date' } });
        expect(start.get('commences on')?.kind).to.equal('name');
        const invoice = phrases({ name: 'invoice_date', type: { kind: 'date' } });
        expect(start.get('start')!.weight).to.be.greaterThan(invoice.get('date')!.weight);
        // A bare "Date" labels the document's own date only: not a start, not a payment's day.
        expect(start.has('date')).to.equal(false);
        expect(phrases({ name: 'first_payment_date', type: { kind: 'date' } }).has('date')).to.equal(false);
        const own = (name: string, lang = 'en') => documentDate({ name, description: '' } as never, localeOf(lang));
        expect(['invoice_date', 'date_signed', 'order_date'].map((n) => own(n))).to.deep.equal([true, true, true]);
        expect(['due_date', 'start_date', 'delivery_date'].map((n) => own(n))).to.deep.equal([false, false, false]);
        expect([own('factuurdatum', 'nl'), own('vervaldatum', 'nl')]).to.deep.equal([true, false]);
        // A notice, a Dutch decision or statement of account is dated as a letter is (not a certificate: a covering letter dates none).
        // (Nor an offer: a letter about "your offer of …, made on 11 June" is dated after it; a review found it.)
        expect(['notice_date', 'offer_date', 'certificate_date'].map((n) => own(n))).to.deep.equal([true, false, false]);
        expect([own('datum_besluit', 'nl'), own('datum_afrekening', 'nl'), own('beschikkingsdatum', 'nl')]).to.deep.equal([
            true,
            true,
            true,
        ]);
        const hinted = phrases({ name: 'start_date', type: { kind: 'date' }, hints: ['Commencement'] });
        expect(hinted.has('commences on')).to.equal(false);
        expect(hinted.get('start')!.weight).to.be.lessThan(start.get('start')!.weight);
        expect(phrases({ name: 'start_text', type: { kind: 'string' } }).has('commences on')).to.equal(false);
        // A field of an end takes no bare "Date"; a document's own date does.
        expect(phrases({ name: 'due_date', type: { kind: 'date' } }).has('date')).to.equal(false);
        expect(phrases({ name: 'invoice_date', type: { kind: 'date' } }).has('date')).to.equal(true);
        expect(phrases({ name: 'einddatum', type: { kind: 'date' } }, 'nl').has('eindigt op')).to.equal(true);
    });
});

describe('date roles: date fields named with hints', () => {
    it("reads a labelled due or end date, not the statement's own date at its head (the zones date only the document)", async () => {
        // bench/user-docs/fourth/en15_loan_statement.txt, as a user wrote it.
        const statement = [
            'Summit Ridge Credit Union',
            'P.O. Box 2290, Boise, ID 83701  |  Member Services 1-800-555-0177  |  summitridgecu.org',
            '',
            'AUTO LOAN STATEMENT',
            '',
            'Member:   Alicia M. Fernandez                   Statement Date:  April 18, 2025',
            '          611 W Hays St                          Member #:        0048812',
            '          Boise, ID 83702                        Loan #:          0048812-L04',
            '',
            'Collateral: 2022 Toyota RAV4 Hybrid XLE, VIN JTMRWRFV4ND117734',
            '',
            'LOAN SUMMARY',
            'Original loan amount ........ $32,500.00     Original loan date ..... June 2, 2022',
            'Interest rate (APR) ......... 5.49%          Term ................... 72 months',
            'Maturity date ............... June 2, 2028   Payments remaining ..... 38',
            '',
            'PAYMENT INFORMATION',
            'Payment due date ............................................ May 2, 2025',
            'Regular payment ................................................ $530.84',
            'Past due amount .................................................. $0.00',
            'Late charges ...................................................... $0.00',
            'TOTAL AMOUNT DUE ............................................... $530.84',
            '',
            'If payment is received after May 12, 2025, a late fee of $25.00 will be charged.',
            '',
            'ACTIVITY SINCE LAST STATEMENT',
            'Date         Description             Amount    Principal   Interest       Balance',
            '03/19/2025   Beginning balance                                          18,455.62',
            '04/02/2025   Payment - thank you     530.84       446.41      84.43     18,009.21',
            '04/18/2025   Ending balance                                             18,009.21',
            '',
            'Year-to-date interest paid: $341.27',
            'Interest paid in 2024 (reported on Form 1098): $1,148.90',
            '',
            'Want to pay off early? Call us for a 10-day payoff quote. There is no prepayment penalty.',
            'Federally insured by NCUA.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'loan_statement',
            fields: [
                { name: 'statement_date', type: 'date', hints: ['Statement Date'] },
                { name: 'maturity_date', type: 'date', hints: ['Maturity date'] },
                { name: 'payment_due_date', type: 'date', hints: ['Payment due date'] },
            ],
        });
        expect(await readData(statement, schema)).to.deep.equal({
            statement_date: '2025-04-18',
            maturity_date: '2028-06-02',
            payment_due_date: '2025-05-02',
        });
    });

    it("reads a labelled start date, not the signatures' dates at the foot; an agreement's effective date keeps the zones", async () => {
        const lease = [
            'EQUIPMENT LEASE AGREEMENT',
            'Agreement No. ELA-IE-21754',
            '',
            'SCHEDULE',
            '   Commencement date ............................ 1 September 2025',
            '   Primary period ............................... 48 months',
            '',
            ...Array.from(
                { length: 20 },
                (_, i) => `${i + 1}. The Lessee shall keep the Equipment insured and in good repair at its own cost.`,
            ),
            '',
            'For the Lessor                              For the Lessee',
            'Date: 14 August 2025                        Date: 12 August 2025',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'lease',
            fields: [{ name: 'commencement_date', type: 'date', hints: ['Commencement date'] }],
        });
        expect((await readData(lease, schema)).commencement_date).to.equal('2025-09-01');
        const en = localeOf('en');
        const own = (name: string) => !notOwnDate({ name, description: '', hints: ['x'] } as never, en);
        expect(['commencement_date', 'start_date', 'payment_due_date', 'maturity_date'].map(own)).to.deep.equal([
            false,
            false,
            false,
            false,
        ]);
        expect(['effective_date', 'agreement_date', 'signing_date'].map(own)).to.deep.equal([true, true, true]);
    });

    it("reads a hinted date of another event from its hint, not the signed slip's date at the foot", async () => {
        const letter = [
            'Dear Parent/Carer,',
            '',
            'The group will depart on Wednesday 14 May 2025 at 8:15am from the main gate and',
            'return on Friday 16 May 2025 in the afternoon. The cost of the trip is £145.00.',
            '',
            ...Array.from({ length: 12 }, () => 'Pupils will carry out river and woodland fieldwork during the stay.'),
            '',
            'CONSENT SLIP',
            'Pupil name: Oliver Pennington',
            'Signed: C. Pennington                                  Date: 21/03/2025',
        ].join('\n');
        const trip = compile({
            svc_schema: '1.0',
            name: 'trip',
            fields: [{ name: 'departure_date', type: 'date', hints: ['depart', 'Departure'] }],
        });
        expect((await readData(letter, trip)).departure_date).to.equal('2025-05-14');
        const own = (name: string, lang = 'en') => !notOwnDate({ name, description: '', hints: ['x'] } as never, localeOf(lang));
        expect(['departure_date', 'event_date', 'test_date'].map((n) => own(n))).to.deep.equal([false, false, false]);
        expect(['eerste_termijn', 'afleverdatum'].map((n) => own(n, 'nl'))).to.deep.equal([false, false]);
        expect(['purchase_date', 'letter_date', 'issue_date', 'signed_on'].map((n) => own(n))).to.deep.equal([true, true, true, true]);
        expect(['factuurdatum', 'uitspraakdatum', 'datum_verkoop'].map((n) => own(n, 'nl'))).to.deep.equal([true, true, true]);
    });

    it('a row\'s head labels the value after a cell of its type\'s word alone ("Signed (client)   P. Osei   Date   03/02/2025")', async () => {
        const form = [
            'DECLARATION',
            'I confirm the details above are correct.',
            '',
            'Signed (client)        P. Osei                     Date   03/02/2025',
            '',
            'FOR OFFICE USE',
            'Checked (compliance)   R. Varga                    Date   11/02/2025',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [
                { name: 'client_signed_date', type: 'date', date_order: 'dmy' },
                { name: 'compliance_checked_date', type: 'date', date_order: 'dmy' },
            ],
        });
        expect(await readData(form, schema)).to.deep.equal({ client_signed_date: '2025-02-03', compliance_checked_date: '2025-02-11' });
    });
});
