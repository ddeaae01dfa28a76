// The amount to pay on invoices written for the test: labels of the amount due, a subtotal written
// as one word, and amounts counted with or without a part ("excl. btw").
import { expect } from 'chai';
import { localeOf } from '../src/locale/locale-registry.js';
import { withDueLabels } from '../src/readers/heuristic-totals.js';
import { amountSpans } from '../src/readers/heuristic-spans.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { compile, SUM } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const money = (currency: string) => (amount: string) => ({ amount, currency });
const eur = money('EUR');
const usd = money('USD');

describe('invoice totals', () => {
    it('"Amount due" and "Te betalen" label a total that has no hints, not the subtotal above them', async () => {
        const total = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'total', type: 'money', currency: 'USD' }] });
        expect(await readData('Subtotal: $100.00\nTax: $21.00\nAmount due: $121.00\n', total)).to.deep.equal({ total: usd('121.00') });
        const totaal = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'totaal', type: 'money', currency: 'EUR' }] });
        const doc = 'Subtotaal: € 100,00\nBTW 21%: € 21,00\nTe betalen: € 121,00\n';
        expect(await readData(doc, totaal, 'nl')).to.deep.equal({ totaal: eur('121.00') });
    });

    it('a total without hints: "Totaal incl. BTW" names one value however many a column headed "Totaal" holds; "30 dagen" is no amount', async () => {
        const doc = [
            'Installatiebedrijf Van Leeuwen B.V.',
            '',
            'FACTUUR F2024-1187',
            '',
            'Omschrijving                                   Aantal   Prijs        Totaal',
            'Intergas Xtreme 36 CW5 combiketel                   1   1.895,00     1.895,00',
            'Montage en inbedrijfstelling (uren)                 6      62,50       375,00',
            'Afvoermateriaal en klein materiaal                  1     148,30       148,30',
            '',
            '                                        Totaal excl. BTW           2.418,30',
            '                                        BTW 21%                      507,84',
            '                                        Totaal incl. BTW           2.926,14',
            '',
            'Gelieve het totaalbedrag binnen 30 dagen over te maken.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'totaal', type: 'money', currency: 'EUR' }] });
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ totaal: eur('2926.14') });
        // The number of a period is no amount, even after the total's word.
        const term = 'FACTUUR 17\n\nAdvieswerk                     EUR 120,00\n\nGelieve het totaalbedrag binnen 30 dagen over te maken.\n';
        expect(await readData(term, schema, 'nl')).to.deep.equal({ totaal: eur('120.00') });
    });

    it('a year is no amount where the document marks its amounts: "Voorschot zorgtoeslag 2025" beside "€ 1.476"', async () => {
        const brief = [
            'Belastingdienst/Toeslagen',
            '',
            'Datum                    12 december 2024',
            'Onderwerp                Voorschot zorgtoeslag 2025',
            '',
            'U krijgt in 2025 een voorschot zorgtoeslag.',
            '',
            'Uw voorschot',
            'U krijgt een voorschot zorgtoeslag van € 1.476 voor het jaar 2025. Dat is € 123 per',
            'maand. Wij betalen het voorschot rond de 20e van de maand.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'z',
            fields: [{ name: 'voorschot_per_jaar', type: 'money', currency: 'EUR' }],
        });
        expect(await readData(brief, schema, 'nl')).to.deep.equal({ voorschot_per_jaar: eur('1476.00') });
        // Without a marked amount, a bare number may be one.
        const bare = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'bedrag', type: 'money', currency: 'EUR' }] });
        expect(await readData('Bon 17\n\nBedrag: 2000\n', bare, 'nl')).to.deep.equal({ bedrag: eur('2000.00') });
    });

    it('a tax is not the amount its rate is charged on: "BTW 9% over 10,86   0,98", "VAT 20% on £450.00   £90.00"', async () => {
        const btw = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'btw', type: 'money', currency: 'EUR' }] });
        const bon = 'SUPERMARKT DE VERSHOEK\n\nTOTAAL          11,84\nPIN             11,84\n\nBTW   9%  over 10,86       0,98\n';
        expect(await readData(bon, btw, 'nl')).to.deep.equal({ btw: eur('0.98') });
        const vat = compile({ svc_schema: '1.0', name: 'v', fields: [{ name: 'vat', type: 'money', currency: 'GBP' }] });
        const invoice = 'INVOICE 88\n\nJoinery work         £450.00\nVAT 20% on £450.00   £90.00\nTotal                £540.00\n';
        expect((await readData(invoice, vat)).vat).to.deep.equal({ amount: '90.00', currency: 'GBP' });
    });

    it('a number written many times is a count, no more the field\'s for it: "Tafel 6" over three "1 x" lines', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'k', fields: [{ name: 'tafel', type: 'integer' }] });
        const bon =
            'RESTAURANT DE LINDE\n\nTafel 6                  Bon 20418\n\n1 x Saté van de haas             22,50\n1 x Vegetarische burger          17,95\n1 x Cola                          3,40\n';
        expect(await readData(bon, schema, 'nl')).to.deep.equal({ tafel: 6 });
    });

    it('the labels of the amount due serve only a field that asks for a sum and has no hints of its own', () => {
        const en = localeOf('en');
        const field = (name: string, hints: string[] = []) => ({ name, hints, description: '' });
        const due = (name: string, hints?: string[]) => withDueLabels(field(name, hints), en, []).map((p) => p.words.join(' '));
        expect(due('total')).to.include('amount due');
        expect(due('total', ['Grand Total'])).to.deep.equal([]);
        expect(due('supplier')).to.deep.equal([]);
    });

    it('a subtotal written as one word ("Subtotaal") is a partial sum, even when it is the largest amount', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'totaal', type: 'money', currency: 'EUR', hints: ['Totaal'] }],
        });
        const doc = 'Subtotaal: € 130,00\nKorting: € 9,00\nTotaal: € 121,00\n';
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ totaal: eur('121.00') });
    });

    it('"Inc" before a label is a company\'s legal form, not "incl.": "ACME Inc Total" still labels the total', async () => {
        const total = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'total', type: 'money', currency: 'USD' }] });
        expect(await readData('Items: $4.00\nACME Inc Total: $5.00\n', total)).to.deep.equal({ total: usd('5.00') });
    });

    it('the full stop of "incl." ends no sentence: "Total incl. VAT" labels the amount at the end of its line', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'total', type: 'money', currency: 'EUR', hints: ['Total'] }],
        });
        const doc =
            'INVOICE\nItem                     Amount\nPaper                  EUR 900.00\nVAT 21%                 EUR 189.00\nTotal incl. VAT        EUR 1,089.00\n';
        expect(await readData(doc, schema)).to.deep.equal({ total: eur('1089.00') });
    });

    it('a sign before the currency is the amount\'s: a credit note\'s "-EUR 50.00" is minus fifty', async () => {
        const total = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'total', type: 'money', currency: 'EUR' }] });
        expect(await readData('CREDIT NOTE\nTotal: -EUR 50.00\n', total)).to.deep.equal({ total: eur('-50.00') });
        expect(await readData('CREDIT NOTE\nTotal: -€50.00\n', total)).to.deep.equal({ total: eur('-50.00') });
        // A hyphen inside a word is no sign.
        expect(await readData('Total: ABC-EUR 50.00\n', total)).to.deep.equal({ total: eur('50.00') });
    });

    it('an amount in accounting parentheses is negative, in a column, after a label or a mark; never in prose', async () => {
        const total = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'total', type: 'money', currency: 'EUR' }] });
        for (const line of ['Total: EUR (50.00)', 'Total: (EUR 50.00)', 'Total:      (50.00)', 'Total\n(50.00)'])
            expect(await readData(`CREDIT NOTE CN-7\n\n${line}\n`, total), line).to.deep.equal({ total: eur('-50.00') });
        // A written-out sum repeated in figures is no negative.
        const fee = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'fee', type: 'money', currency: 'USD', hints: ['fee of'] }] });
        const prose = 'The Buyer shall pay a fee of One Thousand Dollars ($1,000.00) on signing.\n';
        expect(await readData(prose, fee)).to.deep.equal({ fee: usd('1000.00') });
        const spans = amountSpans(prose, 'en', true).map((s) => s.quote);
        expect(spans).to.include('$1,000.00').and.not.include('($1,000.00)');
        // Nor where wrapped prose puts the figures at the start of the next line.
        const wrapped =
            'FOR VALUE RECEIVED, the Borrower promises to pay the principal sum of Eighty-Five Thousand Dollars\n' +
            '($85,000.00), together with interest on the unpaid principal balance.\n';
        expect(amountSpans(wrapped, 'en', true).map((s) => s.quote))
            .to.include('$85,000.00')
            .and.not.include('($85,000.00)');
    });

    it('reads a quote in accounting parentheses as a negative amount, and no double negative', () => {
        const type = { kind: 'money', currency: 'EUR', scale: 2 } as const;
        const read = (q: string): string | undefined =>
            (parseQuote(type as never, q, 'en')?.json as { amount: string } | undefined)?.amount;
        expect(read('(50.00)')).to.equal('-50.00');
        expect(read('EUR (1,250.00)')).to.equal('-1250.00');
        expect(read('(EUR 50.00)')).to.equal('-50.00');
        expect(read('(€ 0.00)')).to.equal('0.00');
        expect(read('(-50.00)')).to.equal(undefined);
        expect(read('-(50.00)')).to.equal(undefined);
        expect(read('(USD 50.00)')).to.equal(undefined);
    });

    it('"excl. btw" and "incl. btw" do not label the VAT: the amounts they label are counted without or with it', async () => {
        // Before, "Bedrag excl. btw" labelled its € 100,00 as the VAT, and net and VAT were swapped (the sum still held).
        const nl = 'Bedrag excl. btw: € 100,00\nBTW 21%: € 21,00\nTotaal incl. btw: € 121,00\n';
        expect(await readData(nl, SUM, 'nl')).to.deep.equal({ net: eur('100.00'), vat: eur('21.00'), total: eur('121.00') });
        const en = 'Amount excl. VAT: EUR 100.00\nVAT 21%: EUR 21.00\nAmount incl. VAT: EUR 121.00\n';
        expect(await readData(en, SUM)).to.deep.equal({ net: eur('100.00'), vat: eur('21.00'), total: eur('121.00') });
    });

    it('"(before rebate)" does not label the rebate either: the amount it labels is counted without it', async () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'rebate', type: 'money', currency: 'GBP' }] });
        const letter = [
            'SETTLEMENT FIGURE',
            '',
            '  Payments remaining                          19',
            '  Balance outstanding (before rebate)         £6,480.00',
            '  Less rebate of charges for early payment    £402.50 CR',
            '                                              ----------',
            '  SETTLEMENT AMOUNT                           £6,077.50',
        ].join('\n');
        expect(await readData(letter, schema)).to.deep.equal({ rebate: { amount: '402.50', currency: 'GBP' } });
    });

    it('a tax\'s amount takes no label of the amount to pay: `vat_amount` is no "BALANCE DUE"', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'vat_amount', type: 'money', currency: 'GBP' }] });
        const invoice = [
            'CALL-OUT INVOICE                                   No. LS-2291',
            '',
            ' 1   Emergency call-out, first hour                    85.00       85.00',
            ' 1   Replacement euro cylinder                          42.00       42.00',
            '--------------------------------------------------------------------------',
            '                                              Subtotal               127.00',
            '                                              VAT @ 20%               25.40',
            '                                              TOTAL                  152.40',
            '                                              Paid on site            50.00',
            '                                              BALANCE DUE            102.40',
        ].join('\n');
        expect(await readData(invoice, schema)).to.deep.equal({ vat_amount: { amount: '25.40', currency: 'GBP' } });
    });

    it('a field whose description asks for the sum before tax is labelled "Subtotal", not "TOTAL"', async () => {
        const net = compile({
            svc_schema: '1.0',
            name: 'q',
            fields: [{ name: 'net_total', type: 'money', currency: 'GBP', description: 'Total before VAT' }],
        });
        const quote = [
            'QUOTATION                                         Ref: HG-Q-118',
            ' 1   Fell conifer and remove arisings                       £  640.00',
            ' 2   Grind stump                                             £  180.00',
            '                                         Subtotal             £820.00',
            '                                         VAT @ 20%            £164.00',
            '                                         TOTAL                £984.00',
        ].join('\n');
        expect(await readData(quote, net)).to.deep.equal({ net_total: { amount: '820.00', currency: 'GBP' } });
        // A name that says which sum is its own label: a subtotal before a discount is not it.
        const totaal = compile({
            svc_schema: '1.0',
            name: 'o',
            fields: [{ name: 'totaal_excl_btw', type: 'money', currency: 'EUR', description: 'Totaal na korting, exclusief btw' }],
        });
        const order = [
            'T610  Partytent 6 x 10 m, wit                  1    425,00    425,00',
            '      Transport (zone 1)                       1     45,00     45,00',
            '                                                             ---------',
            '                                     Subtotaal                 470,00',
            '                                     Korting vereniging 10%    -47,00',
            '                                                             ---------',
            '                                     Totaal excl. btw          423,00',
            '                                     Btw 21%                    88,83',
            '                                     Totaal incl. btw          511,83',
        ];
        expect(await readData(order.join('\n'), totaal, 'nl')).to.deep.equal({ totaal_excl_btw: eur('423.00') });
    });

    it('a sum of money ends before a rate\'s unit after a slash ("$150.00/hr"); a count and a code do not', async () => {
        const quotes = (text: string, money: boolean): string[] => amountSpans(text, 'en', money).map((s) => s.quote);
        expect(quotes('Extra hours: $150.00/hr (after-hours $225.00/hr), ref 12/05', true)).to.deep.equal(['$150.00', '$225.00']);
        expect(quotes('Extra hours: $150.00/hr', false)).to.deep.equal([]);
        expect(amountSpans('Huur: € 2,50/dag', 'nl', true).map((s) => s.quote)).to.deep.equal(['€ 2,50']);
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'additional_hourly_rate', type: 'money', currency: 'USD', description: 'Rate for hours beyond the block' }],
        });
        const order = ['Monthly retainer (22 users @ $135.00)     $2,970.00', 'Additional hours beyond included block: $150.00/hr'];
        expect(await readData(order.join('\n'), schema)).to.deep.equal({ additional_hourly_rate: usd('150.00') });
    });

    it('a deduction printed with its minus sign is read as the sum a field of a deposit or discount asks for', async () => {
        const booking = [
            'PAWS & CLAWS GROOMING - BOOKING',
            '',
            '  Full groom, large dog                               $85.00',
            '  Early-bird discount                                -$10.00',
            '  Deposit paid online (Apr 2)                        -$25.00',
            '  Fee adjustment                                      -$5.00',
            '                                                   --------',
            '  Balance due at drop-off                             $45.00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [
                { name: 'deposit_paid', type: 'money', currency: 'USD' },
                { name: 'discount', type: 'money', currency: 'USD' },
                { name: 'fee_adjustment', type: 'money', currency: 'USD' },
            ],
        });
        // A field that asks for no deduction keeps the sign.
        expect(await readData(booking, schema)).to.deep.equal({
            deposit_paid: usd('25.00'),
            discount: usd('10.00'),
            fee_adjustment: usd('-5.00'),
        });
        // So does one that says its value is negative ("amount of the credit memo (negative)").
        const negative = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'discount', type: 'money', currency: 'USD', description: 'early-bird discount (negative)' }],
        });
        expect((await readData(booking, negative)).discount).to.deep.equal(usd('-10.00'));
    });

    it("a sum quoted per unit before its row's total is a detail of the total, for a field that asks for no rate", async () => {
        const booking = [
            '  Kamerprijs            € 98,00 per nacht           € 294,00',
            '  Toeristenbelasting    € 3,10 p.p.p.n.             €  18,60',
            '                                                   ---------',
            '  Totaalbedrag                                      € 312,60',
        ].join('\n');
        const eur = (name: string) => ({ name, type: 'money', currency: 'EUR' });
        const schema = compile({ svc_schema: '1.0', name: 'b', fields: [eur('toeristenbelasting'), eur('prijs_per_nacht')] });
        const data = await readData(booking, schema, 'nl');
        expect(data.toeristenbelasting).to.deep.equal({ amount: '18.60', currency: 'EUR' });
        // A field that asks for the rate keeps it.
        expect(data.prijs_per_nacht).to.deep.equal({ amount: '98.00', currency: 'EUR' });
    });

    it('neither a sum a relation subtracts nor the sum it is taken from takes the labels of the amount to pay', async () => {
        const invoice = [
            '                                   Subtotal                   360.00',
            '                                   VAT @ 20%                   72.00',
            '                                   TOTAL                      432.00',
            '                                   Paid on the day (card)     100.00',
            '                                   BALANCE DUE                332.00',
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({
            svc_schema: '1.0',
            name: 'i',
            fields: [gbp('total'), gbp('amount_paid'), gbp('balance_due')],
            relations: [{ id: 'balance', expr: 'balance_due == total - amount_paid' }],
        });
        expect(await readData(invoice, schema)).to.deep.equal({
            total: money('GBP')('432.00'),
            amount_paid: money('GBP')('100.00'),
            balance_due: money('GBP')('332.00'),
        });
    });

    it('a sum paid is labelled by its receipt: "Payment rec\'d", "Reeds ontvangen"', async () => {
        const invoice = [
            ' DESCRIPTION                          AMOUNT',
            ' Hook-up fee                         $125.00',
            ' Winching                            $190.00',
            '                      TOTAL DUE      $315.00',
            "                      Payment rec'd  $100.00",
            '                      BALANCE DUE    $215.00',
        ].join('\n');
        const usd = (name: string) => ({ name, type: 'money', currency: 'USD' });
        const schema = compile({
            svc_schema: '1.0',
            name: 'i',
            fields: [usd('total_due'), usd('amount_paid'), usd('balance_due')],
            relations: [{ id: 'balance', expr: 'balance_due == total_due - amount_paid' }],
        });
        expect((await readData(invoice, schema)).amount_paid).to.deep.equal(money('USD')('100.00'));
        const nota = ['Ouderbijdrage 2025-2026                 € 362,50', 'Reeds ontvangen: aanbetaling            € 150,00'].join('\n');
        const dutch = compile({ svc_schema: '1.0', name: 'n', fields: [{ name: 'bedrag_betaald', type: 'money', currency: 'EUR' }] });
        expect((await readData(nota, dutch, 'nl')).bedrag_betaald).to.deep.equal(eur('150.00'));
    });

    it('a part of a sum the relations add up takes no label of the amount to pay ("Total amount payable" is not `loan_amount`)', async () => {
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({
            svc_schema: '1.0',
            name: 'pledge',
            fields: [gbp('loan_amount'), gbp('interest_total'), gbp('repay_total')],
            relations: [{ id: 'repay', expr: 'repay_total == loan_amount + interest_total' }],
        });
        const doc = [
            'LOAN DETAILS',
            '  Amount of credit (paid to you in cash)        £500.00',
            '  Duration of agreement                         6 months',
            '  Total charge for credit                       £120.00',
            '  Total amount payable                          £620.00',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({
            loan_amount: money('GBP')('500.00'),
            interest_total: money('GBP')('120.00'),
            repay_total: money('GBP')('620.00'),
        });
    });
});
