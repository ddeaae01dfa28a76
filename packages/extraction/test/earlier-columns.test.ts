// Columns of an earlier or cumulative figure ("Last year   This year", "This period   Year to
// date", "Oude huur   Nieuwe huur"), and a short bracket that qualifies a label ("Annual premium
// (incl. IPT)"). Documents written for the test.
import { expect } from 'chai';
import { asksForEarlier } from '../src/readers/heuristic-columns.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readData, readResponse } from './support/read-data.js';

const money = (name: string, currency = 'GBP') => compile({ svc_schema: '1.0', name: 'doc', fields: [{ name, type: 'money', currency }] });

describe('earlier columns', () => {
    it("reads this year's figure, not last year's, under a bracket that qualifies the label", async () => {
        const renewal = [
            'RENEWAL NOTICE',
            '',
            'Your premium                               Last year          This year',
            'Annual premium (incl. IPT)                   £512.40            £568.08',
            'Monthly Direct Debit (x 12)                   £42.70             £47.34',
        ].join('\n');
        expect((await readData(renewal, money('annual_premium'))).annual_premium).to.deep.equal({ amount: '568.08', currency: 'GBP' });
    });

    it("reads this period's figure, not the year to date; Dutch: the new rent, not the old", async () => {
        const payslip =
            'PAYSLIP\n\n                         This period      Year to date\nGross pay                   3,250.00         9,750.00\n';
        expect((await readData(payslip, money('gross_pay', 'EUR'))).gross_pay).to.deep.equal({ amount: '3250.00', currency: 'EUR' });
        const huur =
            'HUURAANPASSING\n\n                      Oude huur       Nieuwe huur\nKale huur             € 812,40        € 841,80\n';
        expect((await readData(huur, money('kale_huur', 'EUR'), 'nl')).kale_huur).to.deep.equal({ amount: '841.80', currency: 'EUR' });
    });

    it("reads the latest date's column of figures, in either order; Dutch too", async () => {
        const statement = [
            'ANNUAL PENSION STATEMENT',
            '',
            'YOUR POT AT A GLANCE                          6 April 2024        5 April 2025',
            'Value of your pension pot                     £48,912.06          £57,304.88',
            'Transfer value                                £48,912.06          £57,304.88',
        ].join('\n');
        const pot = money('pot_value');
        expect((await readData(statement, pot)).pot_value).to.deep.equal({ amount: '57304.88', currency: 'GBP' });
        const swapped = statement.replace('6 April 2024        5 April 2025', '5 April 2025        6 April 2024');
        expect((await readData(swapped, pot)).pot_value).to.deep.equal({ amount: '48912.06', currency: 'GBP' });
        const jaar = 'JAAROVERZICHT\n\n                     31-12-2023      31-12-2024\nSaldo spaarrekening  € 4.120,00      € 5.310,50\n';
        expect((await readData(jaar, money('saldo', 'EUR'), 'nl')).saldo).to.deep.equal({ amount: '5310.50', currency: 'EUR' });
    });

    it("reads the line's own figure, not the one in brackets that details it", async () => {
        const vve = [
            'JAARAFREKENING SERVICEKOSTEN 2024',
            '',
            'Werkelijke kosten 2024                                                      3.664,29',
            'Door u betaalde voorschotten 2024 (12 x € 285,00)                             3.420,00',
            '                                                                            --------',
            'Bij te betalen                                                                244,29',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'v',
            fields: [{ name: 'betaalde_voorschotten', type: 'money', currency: 'EUR', hints: ['Voorschotten', 'betaald'] }],
        });
        expect((await readData(vve, schema, 'nl')).betaalde_voorschotten).to.deep.equal({ amount: '3420.00', currency: 'EUR' });
    });

    it('a field that asks for the earlier figure is not turned away from it', () => {
        expect(asksForEarlier('previous_premium', localeOf('en'))).to.equal(true);
        expect(asksForEarlier('ytd_gross', localeOf('en'))).to.equal(true);
        expect(asksForEarlier('annual_premium', localeOf('en'))).to.equal(false);
    });

    it('a short bracket between a label and its colon qualifies the label: "Policy excess (from schedule):  €150.00"', async () => {
        const claim = [
            'CLAIM FORM',
            '',
            'Invoice no.      Date           Amount (incl. VAT)',
            'LV-22871         08/01/2025     €   186.50',
            '                        Total   € 3,229.25',
            '',
            'Policy excess (from schedule):  €150.00',
        ].join('\n');
        const excess = compile({
            svc_schema: '1.0',
            name: 'claim',
            fields: [{ name: 'excess', type: 'money', currency: 'EUR', nullable: true }],
        });
        expect((await readData(claim, excess)).excess).to.deep.equal({ amount: '150.00', currency: 'EUR' });
    });

    it('a word and a bracket continuing a label keep its sense: "Weekly storage charge (3 containers):   £37.50"', async () => {
        const storage = [
            'STORAGE TERMS',
            '  Weekly storage charge (3 containers):      £37.50',
            '  Minimum period of storage:                 three months',
            '  Storage is invoiced 4-weekly in advance. The current rate of £12.50 per container',
            '  per week is reviewed each April.',
            '',
            'CHARGES PAID TODAY                                              £',
            '  Collection and transport to store (3 men, 1 vehicle)      640.00',
            '  Packing materials (wardrobe cartons, paper, tape)          86.50',
            "  First 4 weeks' storage in advance                         150.00",
            '                                                          --------',
            '  Total paid (all prices include VAT at 20%)                876.50',
        ].join('\n');
        // ("storage" is another field's word too: the label is the two words and what qualifies them.)
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [
                { name: 'weekly_storage', type: 'money', currency: 'GBP' },
                { name: 'min_storage_period', type: 'duration', basis: 'months' },
                { name: 'total_paid', type: 'money', currency: 'GBP' },
            ],
        });
        expect((await readData(storage, schema)).weekly_storage).to.deep.equal({ amount: '37.50', currency: 'GBP' });
    });

    it('an amount written twice on one row (unit price and total of one item) is one sighting, not two', async () => {
        const invoice = [
            'COMMERCIAL INVOICE / CN23',
            '',
            'Qty  Description                      HS code   Origin  Unit value   Total',
            ' 2   Hand-knitted wool scarf          6117.10   GB        £35.00    £70.00',
            ' 1   Hardback book "Yorkshire Walks"  4901.99   GB        £18.50    £18.50',
            ' 3   Stoneware mug, boxed             6912.00   GB        £12.00    £36.00',
            '                                                                 --------',
            'Total quantity: 6                       Total declared value:     £124.50',
        ].join('\n');
        const read = await readResponse(invoice, money('total_value'));
        expect(read.data.total_value).to.not.deep.equal({ amount: '18.50', currency: 'GBP' });
    });
});
