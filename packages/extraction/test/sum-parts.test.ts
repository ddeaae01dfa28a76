// Sums and their parts (documents written for the test; bench/user-docs/twentythird has the ones
// these were seen in): a sentence that opens on a whole ("Of the payments received, …") gives the
// amount of a part of it; a row's factors ("14 weeks x £719.00") are details of the row's total.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const gbp = (amount: string) => ({ amount, currency: 'GBP' });

describe('sums in sentences', () => {
    it('"Of the payments received, £150.00 was an overpayment": the amount is a part, not the payments received', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'statement',
            fields: [
                { name: 'opening_balance', type: 'money', currency: 'GBP' },
                { name: 'payments_received', type: 'money', currency: 'GBP' },
                { name: 'closing_balance', type: 'money', currency: 'GBP' },
            ],
            relations: [{ id: 'roll', expr: 'closing_balance == opening_balance - payments_received' }],
        });
        const doc = [
            'SUMMARY FOR THE PERIOD',
            'Opening balance at 01/01/2025                    £1,000.00',
            'Payments received (including overpayments)     - £400.00',
            'Closing balance at 31/12/2025                      £600.00',
            '',
            'Of the payments received, £150.00 was an overpayment which reduced your balance directly.',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({
            opening_balance: gbp('1000.00'),
            payments_received: gbp('400.00'),
            closing_balance: gbp('600.00'),
        });
        const { candidates } = await readCandidates(doc, schema);
        const part = candidates.find((c) => c.field === 'payments_received' && c.quote === '£150.00');
        expect(part?.features.context ?? 0).to.equal(0);
    });

    it('a label in a sentence that does not open on it still points at its amount ("Payments received, £400.00, cleared")', async () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'payments_received', type: 'money', currency: 'GBP' }] });
        const { data } = await readCandidates('Thank you. Payments received, £400.00, cleared on 3 March.', schema);
        expect(data).to.deep.equal({ payments_received: gbp('400.00') });
    });

    it("a row's factors are details of its total: a sum a count multiplies (a sum a percentage multiplies is none: rule-bounds.test.ts)", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'letter',
            fields: [
                { name: 'statutory_redundancy_pay', type: 'money', currency: 'GBP' },
                { name: 'enhanced_redundancy_pay', type: 'money', currency: 'GBP' },
            ],
        });
        const doc = [
            'Your payment is calculated as follows:',
            '',
            '   Statutory redundancy pay   14 weeks x £719.00 (statutory weekly cap)    £10,066.00',
            '   Enhanced redundancy pay    11 weeks x £1,042.50                         £11,467.50',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({
            statutory_redundancy_pay: gbp('10066.00'),
            enhanced_redundancy_pay: gbp('11467.50'),
        });
    });

    it("a product's cell between a row's label and its total is no distance: the label is the total's as if next to it", async () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'cleaning_contract', type: 'money', currency: 'GBP' }] });
        const doc = 'Cleaning contract      12 x £95.00         £1,140.00';
        const { data, candidates } = await readCandidates(doc, schema);
        expect(data).to.deep.equal({ cleaning_contract: gbp('1140.00') });
        // (As a label qualified by a word: 0.47; read as running text three words away it was 0.38.)
        expect(candidates.find((c) => c.quote === '£1,140.00')!.features.context!).to.be.above(0.43);
    });

    it('a rate field still takes the sum a count multiplies ("14 weeks x £719.00")', async () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'weekly_rate', type: 'money', currency: 'GBP' }] });
        const doc = 'Statutory redundancy pay   weekly rate: 14 weeks x £719.00    £10,066.00';
        expect(await readData(doc, schema)).to.deep.equal({ weekly_rate: gbp('719.00') });
    });
});

describe('sums per unit', () => {
    const schema = compile({
        svc_schema: '1.0',
        name: 'espp',
        fields: [
            { name: 'purchase_price', type: 'money', currency: 'USD', description: 'Price paid per share' },
            { name: 'total_available', type: 'money', currency: 'USD' },
        ],
    });
    const doc = [
        'OFFERING PERIOD DETAILS',
        'Fair market value on offering date: $48.62',
        'Lower of the two prices:            $48.62',
        'Plan discount:                      15%',
        'Purchase price per share:           $41.33',
        '',
        'Total available for purchase:       $6,842.30',
    ].join('\n');

    it('a price "paid per share" is no total: the largest labelled sum is not preferred', async () => {
        const { candidates } = await readCandidates(doc, schema);
        expect(candidates.filter((c) => c.field === 'purchase_price' && c.features.largest === 1)).to.have.length(0);
    });

    it('a label continued by the unit the field says ("Purchase price per share:") labels its value fully', async () => {
        const { data, candidates } = await readCandidates(doc, schema);
        expect(data).to.deep.include({ purchase_price: { amount: '41.33', currency: 'USD' } });
        const own = candidates.find((c) => c.field === 'purchase_price' && c.quote === '$41.33');
        const other = candidates.find((c) => c.field === 'purchase_price' && c.quote === '$48.62');
        expect(own!.features.context).to.be.greaterThan(other!.features.context!);
    });
});

describe('what a sum is counted without', () => {
    it('"BTW" alone is no label of `kosten_excl_btw`: the sum before tax is the costs\' row, the tax its own', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'rapport',
            fields: [
                { name: 'kosten_excl_btw', type: 'money', currency: 'EUR' },
                { name: 'btw', type: 'money', currency: 'EUR' },
                { name: 'totaal', type: 'money', currency: 'EUR' },
            ],
            relations: [{ id: 'som', expr: 'totaal == kosten_excl_btw + btw' }],
        });
        const doc = [
            'Kosten',
            'Bemonstering en analysepakket Zwemwater Basis                  € 240,00',
            'BTW 21%                                                         €  50,40',
            'Totaal                                                          € 290,40',
        ].join('\n');
        const eur = (amount: string) => ({ amount, currency: 'EUR' });
        expect(await readData(doc, schema, 'nl')).to.deep.equal({
            kosten_excl_btw: eur('240.00'),
            btw: eur('50.40'),
            totaal: eur('290.40'),
        });
    });
});

describe('labels in running text', () => {
    it('a label does not reach across a semicolon right before a value ("loss of deposit; 90 to 31 days")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [{ name: 'deposit_amount', type: 'money', currency: 'GBP', hints: ['Deposit'] }],
        });
        const doc = [
            '4. DEPOSIT AND PAYMENT',
            '   A non-refundable deposit of 25% of the estimated revenue, £3,150.00, is payable by',
            '   31 October 2025.',
            '',
            '5. CANCELLATION',
            '   More than 60 days before arrival - loss of deposit; 60 to 21 days - 50% of the',
            '   estimated revenue; 20 days or less - 100%.',
        ].join('\n');
        const { candidates } = await readCandidates(doc, schema);
        expect(candidates.find((c) => c.field === 'deposit_amount' && c.quote === '60')?.features.context ?? 0).to.equal(0);
    });
});
