// Statements, forms and invoices as users' exports print them (documents written for the test;
// bench/user-docs/fourteenth has the ones these were seen in): a row whose text wraps over
// indented lines, a form's many zeros, prose over a row of cells, a sum named with its tax
// counted in, ordinals and currency marks set apart in a column.
import { expect } from 'chai';
import { localeOf } from '../src/locale/locale-registry.js';
import { amountSpans } from '../src/readers/heuristic-spans.js';
import { asksForTax } from '../src/readers/heuristic-totals.js';
import { bracketDetail } from '../src/readers/heuristic-columns.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';
import { fieldUnit } from '../src/readers/heuristic-units.js';

const money = (currency: string) => (amount: string) => ({ amount, currency });
const eur = money('EUR');

describe('statement rows', () => {
    it('a row whose text wraps over indented lines is labelled by its first line; a description\'s "Total interest" asks for no document total', async () => {
        const claim = [
            'The amount now claimed is made up as follows:',
            '',
            '    Principal debt (invoice KTS-11927)                      £4,860.00',
            '    Statutory interest under the Late Payment of',
            '      Commercial Debts (Interest) Act 1998, at 12.75%',
            '      a year from 14 June to 8 October 2025 (117 days)        £198.63',
            '    Fixed-sum compensation                                   £70.00',
            '                                                           ----------',
            '    TOTAL DUE                                               £5,128.63',
            '',
            'Interest continues to accrue at the daily rate of £1.70.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'claim',
            fields: [
                { name: 'principal_debt', type: 'money', currency: 'GBP' },
                {
                    name: 'interest_claimed',
                    type: 'money',
                    currency: 'GBP',
                    description: 'Total interest claimed up to the date of the letter',
                },
                { name: 'compensation', type: 'money', currency: 'GBP' },
                { name: 'total_claimed', type: 'money', currency: 'GBP', hints: ['TOTAL DUE'] },
            ],
            relations: [{ id: 'total', expr: 'total_claimed == principal_debt + interest_claimed + compensation' }],
        });
        expect(await readData(claim, schema)).to.deep.equal({
            principal_debt: money('GBP')('4860.00'),
            interest_claimed: money('GBP')('198.63'),
            compensation: money('GBP')('70.00'),
            total_claimed: money('GBP')('5128.63'),
        });
    });

    it('a heading over rows is no row that wraps: "Interest and charges" does not label the row under it', async () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'interest', type: 'money', currency: 'GBP' }] });
        const context = async (doc: string) =>
            (await readCandidates(doc, schema)).candidates.find((c) => c.quote === '£25.00')?.features.context;
        const row = '  Late payment fee                     £25.00';
        // A row among rows, its text over two lines, then the same text as a heading over a row.
        expect(
            await context(
                `  Opening balance                     £100.00\n  Interest and charges\n    on the account, July${row.slice(22)}\n`,
            ),
        ).to.be.above(0);
        expect((await context(`Account summary\nInterest and charges\n${row}\n`)) ?? 0).to.equal(0);
    });

    it("a form's zeros are empty entries, not a repeated sum; prose does not run on into a row of cells set in under it", async () => {
        const p60 = [
            'Pay and Income Tax details',
            '                                               Pay                Tax deducted',
            '  In this employment *                     £27,880.00               £4,101.80',
            '  Total for year                           £37,292.50               £4,944.40',
            '',
            "Employee's widows & orphans/life assurance contributions in this employment: £0.00",
            '',
            "Statutory payments included in the pay 'In this employment' figure above",
            '  SMP £0.00     SPP £0.00     SAP £0.00     ShPP £0.00     SPBP £0.00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'p60',
            fields: [{ name: 'pay_this_employment', type: 'money', currency: 'GBP', hints: ['In this employment'] }],
        });
        const { candidates } = await readCandidates(p60, schema);
        const at = (quote: string, from = 0) => candidates.find((c) => c.at === p60.indexOf(quote, from))!;
        // Six zeros are neither repeated nor one sum seen six times: they count once, at their best,
        // below the pay the row labels.
        const zeros = candidates.filter((c) => c.quote === '£0.00');
        expect(zeros.length).to.be.above(1);
        for (const z of zeros) expect(z.features.repeat ?? 0).to.equal(0);
        expect(at('£27,880.00').features.support).to.equal(1);
        for (const z of zeros) expect(z.features.support).to.be.below(1);
        // The label in the prose line above labels no cell of the row under it (but one at its margin).
        const statutory = p60.split('\n').slice(7, 9).join('\n');
        const context = async (doc: string) =>
            (await readCandidates(doc, schema)).candidates.find((c) => c.at === doc.indexOf('£0.00'))!.features.context ?? 0;
        expect(await context(statutory)).to.equal(0);
        expect(await context(statutory.replace('\n  SMP', '\nSMP'))).to.be.above(0);
    });

    it('`totaal_incl_btw` asks for the sum with the tax, not the tax: "TOTAAL TE BETALEN" labels it (no relation needed)', async () => {
        const invoice = [
            'SCHILDERSBEDRIJF DE GROOT',
            '',
            'Omschrijving                                  Aantal   Prijs        Bedrag',
            'Kozijnen voorzijde schuren en lakken              1   € 640,00    €   640,00',
            'Dakgoot behandelen                                1   € 180,50    €   180,50',
            '',
            '                                   Totaal excl. btw           €   820,50',
            '                                   Btw 21%                    €   172,31',
            '                                   -------------------------------------',
            '                                   TOTAAL TE BETALEN          €   992,81',
            '',
            'Graag binnen 14 dagen betalen.',
        ].join('\n');
        const eur2 = (name: string, description: string) => ({ name, type: 'money', currency: 'EUR', description });
        const schema = compile({
            svc_schema: '1.0',
            name: 'factuur',
            fields: [
                eur2('bedrag_excl_btw', 'Totaalbedrag exclusief btw'),
                eur2('btw_bedrag', 'Bedrag aan btw'),
                eur2('totaal_incl_btw', 'Totaal te betalen inclusief btw'),
                { name: 'betaaltermijn', type: 'duration', basis: 'days' },
            ],
        });
        expect(await readData(invoice, schema, 'nl')).to.deep.equal({
            bedrag_excl_btw: eur('820.50'),
            btw_bedrag: eur('172.31'),
            totaal_incl_btw: eur('992.81'),
            betaaltermijn: 'P14D',
        });
        const nl = localeOf('nl');
        const en = localeOf('en');
        expect(['btw_bedrag', 'totaal_incl_btw', 'bedrag_excl_btw'].map((name) => asksForTax({ name }, nl))).to.deep.equal([
            true,
            false,
            false,
        ]);
        expect(['vat_amount', 'total_inc_vat', 'amount_excl_vat', 'net_before_tax'].map((name) => asksForTax({ name }, en))).to.deep.equal([
            true,
            false,
            false,
            false,
        ]);
    });

    it('a currency mark set apart in a column is the amount\'s ("€    65,00"); an ordinal is no sum ("2e termijn", "3rd")', () => {
        const rows = [
            '  Afvalheffing                     €    65,00',
            '  2e termijn (restant)             € 1.478,80',
            'the 3rd instalment of £200',
        ].join('\n');
        expect(amountSpans(rows, 'nl', true).map((s) => [s.quote, !!s.marked])).to.deep.equal([
            ['€    65,00', true],
            ['€ 1.478,80', true],
            ['£200', true],
        ]);
        // A count may be a rank: "2nd choice" is 2 for an integer field.
        expect(amountSpans('my 2nd choice', 'en', false).map((s) => s.quote)).to.deep.equal(['2']);
    });

    it('a row of two cells: the label cell\'s words qualify its label, no prose between ("1e termijn (aanbetaling), uiterlijk …   € 600,00")', async () => {
        const row = '  1e termijn (aanbetaling), uiterlijk 15-01-2025                 €   600,00';
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'aanbetaling', type: 'money', currency: 'EUR', hints: ['aanbetaling'] }],
        });
        const context = async (doc: string) =>
            (await readCandidates(doc, schema, 'nl')).candidates.find((c) => c.quote.endsWith('600,00'))!.features.context!;
        // The same words as prose, the amount one space on, fade the label's pull.
        const prose = row.replace(/ {3,}€ {3}/, ' € ').trim();
        expect(await context(row)).to.be.above(await context(prose));
        expect(await context(row)).to.be.closeTo(0.7 * 0.75, 0.001);
    });

    it('a count followed by the thing a count field counts is its value ("12 payments"); not a bound ("max. 150 guests")', async () => {
        const letter = [
            'You pay by monthly Direct Debit. We will collect 12 payments from the',
            'account below.',
            '   Payment 1          1 April 2025                    £14.56',
            '   Payments 2 to 12   1 May 2025 to 1 March 2026      £14.54 each',
        ].join('\n');
        const count = (name: string) => compile({ svc_schema: '1.0', name: 'c', fields: [{ name, type: 'integer', nullable: true }] });
        expect(await readData(letter, count('number_of_payments'))).to.deep.equal({ number_of_payments: 12 });
        expect(await readData('The hall holds max. 150 guests seated.', count('guest_count'))).to.deep.equal({ guest_count: null });
        // A name of one noun counts it: `adults` and `children` in "2 adults, 3 children, 1 dog".
        const party = ['Booking ref:  CC-22817', 'Nights:       7', 'Party:        2 adults, 3 children, 1 dog'].join('\n');
        const both = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'adults', type: 'integer' },
                { name: 'children', type: 'integer' },
            ],
        });
        expect(await readData(party, both)).to.deep.equal({ adults: 2, children: 3 });
    });

    it('a word of the name right before a word of tax names that tax ("Income Tax" is no label of `total_income`)', async () => {
        const calc = [
            'Total income received                        £61,250.00',
            'Income Tax charged                            £9,870.40',
            '',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'calc', fields: [{ name: 'total_income', type: 'money', currency: 'GBP' }] });
        const candidates = (await readCandidates(calc, schema)).candidates;
        expect(candidates.find((c) => c.quote === '£9,870.40')?.features.context ?? 0).to.equal(0);
        expect(candidates.find((c) => c.quote === '£61,250.00')?.features.context).to.be.above(0);
    });

    it('a sum a relation subtracts is read without the minus sign a statement deducts it with', async () => {
        const statement = [
            'ACCOUNT SUMMARY',
            'Previous balance            £1,248.37',
            'Payments and credits         -£900.00',
            'New purchases                 £612.84',
            'Interest charged               £14.92',
            'New balance                   £976.13',
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const fields = ['previous_balance', 'payments_received', 'new_purchases', 'interest_charged', 'new_balance'].map(gbp);
        const expr = 'new_balance == previous_balance - payments_received + new_purchases + interest_charged';
        const schema = compile({ svc_schema: '1.0', name: 'card', fields, relations: [{ id: 'balance', expr }] });
        const data = await readData(statement, schema);
        expect(data.payments_received).to.deep.equal(money('GBP')('900.00'));
        expect(data.new_balance).to.deep.equal(money('GBP')('976.13'));
        // A field no relation subtracts keeps the sign it is printed with.
        const added = compile({ svc_schema: '1.0', name: 'card', fields: [gbp('payments_received')] });
        expect((await readData(statement, added)).payments_received).to.deep.equal(money('GBP')('-900.00'));
    });

    it('a figure in a bracket right after a figure is its detail ("6 (waarvan 1 urgent)"); a sum of money in one is not', async () => {
        const report = [
            'Totaal aantal gebreken: 6 (waarvan 1 urgent)',
            'Sleutels:       9 stuks overhandigd (3 voordeur, 3 achterdeur, 3 berging)',
        ].join('\n');
        const count = (name: string) => compile({ svc_schema: '1.0', name: 'r', fields: [{ name, type: 'integer' }] });
        expect((await readData(report, count('aantal_gebreken'), 'nl')).aantal_gebreken).to.equal(6);
        expect((await readData(report, count('aantal_sleutels'), 'nl')).aantal_sleutels).to.equal(9);
        // A sum of money in a bracket after a count is none of the count's details.
        const hire = 'Hire period:   14 days (extra days charged at £6.00 per day + VAT)';
        const win = new WindowText(hire, localeOf('en'));
        const six = amountSpans(hire, 'en', true).find((a) => a.quote === '£6.00')!;
        expect(bracketDetail(win, six)).to.equal(false);
        const keys = 'Sleutels:   9 stuks (3 voordeur)';
        const three = { start: keys.indexOf('3'), end: keys.indexOf('3') + 1, quote: '3' };
        expect(bracketDetail(new WindowText(keys, localeOf('nl')), three)).to.equal(true);
        // The bracket may close on the next line, the figure after it.
        const excess = '   Less: policy excess (compulsory £250,\n         voluntary £200)          -£450.00';
        const part = amountSpans(excess, 'en', true).find((a) => a.quote === '£250')!;
        expect(bracketDetail(new WindowText(excess, localeOf('en')), part)).to.equal(true);
    });

    it('a sum in a bracket right after a sum is its detail, and a date in a label says when ("rent from 1 October 2025:")', async () => {
        const letter = [
            'CHARGES FOR YEAR ONE',
            '   Plot rent (half plot, pro-rated 7 months)            £38.50',
            '   Water charge                                          £6.00',
            '',
            '   Full annual rent from 1 October 2025:  £66.00  (full plot £132.00)',
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({ svc_schema: '1.0', name: 'plot', fields: [gbp('full_annual_rent')] });
        expect((await readData(letter, schema)).full_annual_rent).to.deep.equal({ amount: '66.00', currency: 'GBP' });
        const line = 'Full annual rent:  £66.00  (full plot £132.00)';
        const full = amountSpans(line, 'en', true).find((a) => a.quote === '£132.00')!;
        expect(bracketDetail(new WindowText(line, localeOf('en')), full)).to.equal(true);
        // Not a sum in a bracket after a count ("14 days (… £6.00 per day)", above).
    });

    it('a number in the unit a field\'s name says is as good as labelled ("6.5 m" for `fabric_metres`)', async () => {
        const quote = [
            'QUOTATION 2025-118',
            '  Re-upholster two-seater sofa, labour                   £520.00',
            '  Fabric: Linwood velvet, Moss          6.5 m           £292.50',
            '  Deposit to order fabric (30%)                          £409.14',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'q', fields: [{ name: 'fabric_metres', type: 'decimal' }] });
        expect((await readData(quote, schema)).fabric_metres).to.equal('6.5');
        const run = 'Entry: Riverside Fun Run, 5 km, Sunday 14 September. Fee £12.00, 2 adults.';
        const km = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'distance_km', type: 'integer' }] });
        expect((await readData(run, km)).distance_km).to.equal(5);
        // A printer's paper weight: "170 grs" for `paper_weight_gsm`.
        const proof = ['DRUKPROEF', 'Oplage:           5.000 stuks', 'Papier:           170 grs silk mc, mat gelamineerd'].join('\n');
        const gsm = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'paper_weight_gsm', type: 'integer', min: 0 }] });
        expect((await readData(proof, gsm, 'nl')).paper_weight_gsm).to.equal(170);
        // Tonnes, not a sum of money the name's hint labels ("At the Contracted Quantity … £38,425.00").
        const grapes = 'The Winery shall buy 12.5 tonnes (the "Contracted Quantity"). At the Contracted Quantity the value is £33,125.00.';
        const t = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'contracted_tonnes', type: 'decimal', hints: ['Contracted Quantity'] }],
        });
        expect((await readData(grapes, t)).contracted_tonnes).to.equal('12.5');
        expect([fieldUnit({ name: 'price_per_tonne' } as never), fieldUnit({ name: 'tonnes_delivered' } as never)?.[0]]).to.deep.equal([
            undefined,
            't',
        ]);
    });

    it('a word of the name inside a row\'s bracket of words labels nothing: "Sales tax (… less trade-in allowance)"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'sale',
            fields: [{ name: 'trade_in_allowance', type: 'money', currency: 'USD' }],
        });
        const doc = [
            'TRADE-IN:  2016 HONDA CIVIC EX',
            '   Trade-in allowance                                   $9,200.00',
            '',
            'PRICE',
            ' 1. Cash price of vehicle                                 $27,450.00',
            ' 2. Sales tax (7.5% on line 1 less trade-in allowance)     $1,368.75',
        ].join('\n');
        const { candidates } = await readCandidates(doc, schema);
        expect(candidates.find((c) => c.quote === '$1,368.75')?.features.context ?? 0).to.be.below(0.1);
        // A bracket that repeats its row's word, or a short one, keeps its label: "Booking fee (per ticket)   3".
        const count = compile({ svc_schema: '1.0', name: 'refund', fields: [{ name: 'ticket_count', type: 'integer' }] });
        const row = [
            'REFUND',
            '  Item                          Qty    Price     Total',
            '  Booking fee (per ticket)        3    £2.75     £8.25',
            '  Ticket protection (optional)    1    £6.90     £6.90',
        ].join('\n');
        expect((await readData(row, count)).ticket_count).to.equal(3);
    });

    it('a label in running text labels nothing past the end of its sentence: "… above your work allowance." over "£382.80"', async () => {
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({ svc_schema: '1.0', name: 'uc', fields: [gbp('take_home_pay'), gbp('work_allowance')] });
        const doc = [
            'What we will take off',
            '',
            'Earnings',
            '  Your take-home pay for this period was £1,100.00 (reported by',
            '  your employer). Your work allowance is £404.00.',
            '  We take off 55p for every £1 you earn above your work allowance.',
            '                                                               £382.80',
        ].join('\n');
        const { candidates } = await readCandidates(doc, schema);
        const context = (quote: string) => candidates.find((c) => c.field === 'work_allowance' && c.quote === quote)?.features.context ?? 0;
        expect(context('£382.80')).to.be.below(0.1);
        expect(context('£404.00')).to.be.above(0.5);
    });

    it('a name ending with a part\'s letter is labelled by the part: "Part A" for `fee_part_a`, "Part B" for `fee_part_b`', async () => {
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({ svc_schema: '1.0', name: 'licence', fields: [gbp('fee_part_a'), gbp('fee_part_b')] });
        const doc = [
            'Licence fee',
            '    Part A (application and processing)               £410.00',
            '    Part B (compliance and enforcement)               £375.00',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ fee_part_a: money('GBP')('410.00'), fee_part_b: money('GBP')('375.00') });
    });

    it('a rate\'s base before the row\'s sum is a detail, and a row wraps under one whose sum has a spaced mark ("€ 4.812,50")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'nota',
            fields: [
                { name: 'courtage', type: 'money', currency: 'EUR' },
                { name: 'promotiekosten', type: 'money', currency: 'EUR' },
            ],
        });
        const doc = [
            'NOTA                                          Notanummer: 2025-0112',
            '',
            'Betreft: verkoop Verlengde Hoogstraat 12 te Zwolle',
            '         Verkocht voor € 412.000,- k.k.',
            '',
            'Omschrijving                                              Bedrag',
            'Courtage 1,20% over € 412.000,00                      € 4.944,00',
            'Promotiekosten (Funda Plus, fotografie, plattegrond,',
            '  360°-tour, bord)                                      €   795,00',
            '                                                      ------------',
            'Subtotaal excl. btw                                   € 5.739,00',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ courtage: eur('4944.00'), promotiekosten: eur('795.00') });
    });
});
