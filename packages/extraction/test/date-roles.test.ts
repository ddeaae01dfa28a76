// Date fields named without hints, as users write them: the name is all the author said. Running
// text introduces a term's first and last day ("commences on", "expires on": locale.dateLabels); a
// name's own word labels its field ("starts on" for `start_date`); a date when something ends or
// falls due takes no bare "Date:" and no place in the document as its own (a signature's date, an
// invoice's date); a range's first date starts a term and its second ends it. Fields with hints
// read as before: the labelled sets' output is unchanged.
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

    it('reads a Dutch term, with Dutch and with English field names', async () => {
        const doc =
            'HUUROVEREENKOMST\n\nVerhuurder: P. de Vries\nHuurder: J. Jansen\n\n1. Duur. De huur gaat in op 1 februari 2024 en eindigt op 31 januari 2025.\n\nGetekend te Utrecht op 15 januari 2024.\n';
        const want = ['2024-02-01', '2025-01-31'];
        expect(Object.values(await readData(doc, schema(date('ingangsdatum'), date('einddatum')), 'nl'))).to.deep.equal(want);
        expect(Object.values(await readData(doc, LEASE, 'nl'))).to.deep.equal(want);
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

describe("date roles: the document's own date", () => {
    it('a letter\'s date alone on a line of its head, or after its place, outranks a date its text calls "dated"', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'letter_date', type: 'date' }] });
        const en = [
            'Northwind Analytics, Inc.',
            '400 Pine Street, Seattle, WA 98101',
            '',
            'March 3, 2025',
            '',
            'Dear Ms. Ruiz,',
            '',
            "I'm pleased to let you know that your base salary will increase to $102,240.00, effective",
            'April 1, 2025. All other terms of your employment remain as set out in your offer letter',
            'dated August 22, 2022.',
        ].join('\n');
        expect((await readData(en, schema)).letter_date).to.equal('2025-03-03');
        const nl = [
            'Incassobureau Domstad B.V.',
            'Postbus 2100, 3500 GC Utrecht',
            '',
            'Utrecht, 9 september 2025',
            '',
            'Geachte heer Boukhari,',
            '',
            'Kunt u niet in één keer betalen? Neem dan vóór 23 september 2025 contact met ons op.',
        ].join('\n');
        expect(
            (await readData(nl, compile({ svc_schema: '1.0', name: 'brief', fields: [{ name: 'letter_date', type: 'date' }] }), 'nl'))
                .letter_date,
        ).to.equal('2025-09-09');
    });

    it('a date another label names at the foot ("Uw volgende afspraak:") is not the document\'s own', async () => {
        // bench/user-docs/third/nl02_zorgnota.txt, as a user wrote it.
        const nota = [
            'Fysiotherapie Lindenhof',
            'praktijk voor fysiotherapie en manuele therapie',
            'Lindenlaan 3, 6711 KB Ede  |  0318 - 55 41 20  |  info@fysiolindenhof.nl',
            'AGB-code praktijk 04-012345  |  KvK 09172834  |  IBAN NL18 RABO 0312 4477 90',
            '',
            '                                                  NOTA',
            '                                                  Notadatum:   4 april 2025',
            '                                                  Notanummer:  2025-0412',
            '                                                  Debiteurnr:  D-3381',
            'Dhr. S. (Sander) Veldkamp',
            'Bosrand 17',
            '6717 HG Ede',
            '',
            'Patiënt:       S. Veldkamp, geb. 02-11-1978',
            'Verzekeraar:   Zilveren Kruis, basisverzekering (geen aanvullende dekking fysiotherapie)',
            'Verwijzing:    huisarts dr. A. Mulder, d.d. 27-02-2025',
            'Behandelaar:   J. Kortenhorst, fysiotherapeut/manueel therapeut (BIG 19053221604)',
            '',
            'Behandeldatum   Prestatie                                    Code     Bedrag',
            '04-03-2025      Screening, intake en onderzoek               1864     € 52,00',
            '06-03-2025      Reguliere zitting fysiotherapie              1000     € 41,50',
            '13-03-2025      Reguliere zitting fysiotherapie              1000     € 41,50',
            '20-03-2025      Zitting manuele therapie                     1200     € 52,50',
            '27-03-2025      Zitting manuele therapie                     1200     € 52,50',
            '                                                                    ----------',
            '                                                   Totaal            € 240,00',
            '',
            'Deze nota is vrijgesteld van btw (art. 11 lid 1 sub g Wet OB).',
            '',
            'Omdat u geen aanvullende verzekering voor fysiotherapie heeft, kunnen wij deze nota niet',
            'rechtstreeks bij uw zorgverzekeraar declareren. Wij verzoeken u het totaalbedrag binnen',
            '30 dagen na notadatum over te maken op bovenstaand IBAN onder vermelding van het',
            'notanummer. U kunt de nota eventueel zelf indienen bij uw verzekeraar.',
            '',
            'Uw volgende afspraak: donderdag 10 april 2025 om 08:45 uur.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'nota', fields: [{ name: 'invoice_date', type: 'date' }] });
        expect((await readData(nota, schema, 'nl')).invoice_date).to.equal('2025-04-04');
    });
});

describe('date roles: date fields named with hints', () => {
    it("a hint heading a date's cell on a booking beats the date of issue at its head", async () => {
        const terms = Array.from(
            { length: 22 },
            (_, i) => `${i + 1}. The booking terms apply to every traveller named above; see the conditions, clause ${i + 1}.`,
        );
        const booking = [
            'SUNWARD HOLIDAYS LTD            ATOL 11921',
            'BOOKING CONFIRMATION',
            '',
            'Booking reference:  SWH-448214',
            'Date of issue:      12 February 2025',
            'Lead passenger:     Mr Daniel Okoro',
            '',
            'FLIGHTS',
            'Outbound   Sat 14 June 2025   LGW 06:40 -> FAO 09:25   Flight EZY8931',
            'Return     Sat 28 June 2025   FAO 10:10 -> LGW 12:55   Flight EZY8932',
            '',
            'Final payment by:   15 April 2025',
            '',
            ...terms,
        ].join('\n');
        expect(booking.length).to.be.within(2000, 3000); // a short form, past the 2,000 characters of the zones' own rule
        const schema = compile({
            svc_schema: '1.0',
            name: 'booking',
            fields: [{ name: 'departure_date', type: 'date', hints: ['Outbound', 'Departure'] }],
        });
        expect((await readData(booking, schema)).departure_date).to.equal('2025-06-14');
    });

    it('a deadline\'s word in the name ("pay_by_date") asks for no date of the document\'s own', async () => {
        const letter = [
            'Thornfield Lettings',
            '22 High Street, Stockport SK1 1EG',
            '',
            'Date: 14 October 2024',
            'Tenancy ref: TL/BRK/0220',
            '',
            'Dear Ms Dawes,',
            '',
            'Our records show that the rent for the above property is in arrears. Your rent of',
            '£875.00 per calendar month is payable in advance on the 1st of each month under the',
            'terms of your assured shorthold tenancy. The following payments have not been received:',
            'the rent due in August was part paid, and the rents due in September and October were',
            'not received at all, so that the arrears at the date of this letter are £2,225.00.',
            '',
            'Please pay the full amount of £2,225.00 by 28 October 2024 to the account shown on your',
            'tenancy agreement, quoting your tenancy ref. If you cannot pay in full, contact us to',
            'agree a repayment arrangement before that date.',
            '',
            'If the arrears are not cleared or an arrangement agreed, we may serve notice seeking',
            'possession under Section 8 of the Housing Act 1988, and any court costs would be added',
            'to the amount you owe. Free and impartial advice is available from Citizens Advice.',
            '',
            'Yours sincerely,',
            '',
            'Gareth Pryce',
            'Property Manager',
        ].join('\n');
        expect(letter.length).to.be.above(1000); // long enough for its head and foot to date it
        const schema = compile({
            svc_schema: '1.0',
            name: 'arrears',
            fields: [
                { name: 'letter_date', type: 'date', hints: ['Date'] },
                { name: 'pay_by_date', type: 'date', hints: ['Please pay the full amount', 'pay by'] },
            ],
        });
        expect(await readData(letter, schema)).to.deep.equal({ letter_date: '2024-10-14', pay_by_date: '2024-10-28' });
        const description = compile({
            svc_schema: '1.0',
            name: 'x',
            fields: [{ name: 'signed_on', type: 'date', description: 'Date signed by both parties', hints: ['Date'] }],
        });
        expect(notOwnDate(description.fields[0]!, localeOf('en'))).to.equal(false); // "by" counts in the name only
        expect(notOwnDate(schema.fields[1]!, localeOf('en'))).to.equal(true);
    });

    it("a hint that labels a date outright beats the signature's date at a short form's foot", async () => {
        const estimate = [
            'BLUEBONNET RELOCATION CO.',
            'Estimate #: BR-24-06518                    Date of estimate: 04/22/2025',
            '',
            'Requested pickup date: 06/09/2025',
            'Delivery spread:       06/13/2025 - 06/17/2025',
            '',
            'Estimated weight: 8,400 lbs             Total estimate: $10,094.48',
            '',
            'Packing materials and labour are included. Items of extraordinary value must be',
            'declared in writing before loading; the carrier is not liable for undeclared items.',
            'Storage in transit is charged per hundredweight per day after the delivery spread.',
            'Claims for loss or damage must be filed in writing within nine months of delivery.',
            'A binding not-to-exceed estimate cannot increase unless the shipper adds services or',
            'items; the final price is the lower of the estimate and the actual weight charge.',
            'A deposit of $1,000.00 secures the pickup date and is applied to the final invoice.',
            '',
            'I accept this estimate and the terms on its reverse, and I have received the booklet',
            '"Your Rights and Responsibilities When You Move".',
            '',
            'Shipper signature: Alicia Delgado                  Date: 05/02/2025',
            'Carrier representative: Trevor Haynes, Move Coordinator',
        ].join('\n');
        expect(estimate.length).to.be.within(1000, 2000); // zones count, and the form is short
        const schema = compile({
            svc_schema: '1.0',
            name: 'moving_estimate',
            fields: [{ name: 'move_date', type: 'date', hints: ['Requested pickup date', 'Move date'] }],
        });
        expect((await readData(estimate, schema)).move_date).to.equal('2025-06-09');
    });

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
});
