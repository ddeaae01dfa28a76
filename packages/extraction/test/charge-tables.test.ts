// Tables of charges (documents written for the test; bench/user-docs/twentyfourth has the one these
// were seen in): a row says what its sum is charged on between its label and the sum ("8,452 GT @
// £0.412 per GT", "2 acts, Schedule C band 4"); the sum under the table's column of amounts is the
// label's, the count and the rate before it are details.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const gbp = (amount: string) => ({ amount, currency: 'GBP' });

const marina = compile({
    svc_schema: '1.0',
    name: 'marina_invoice',
    fields: [
        { name: 'mooring_fee', type: 'money', currency: 'GBP', hints: ['Mooring'] },
        { name: 'electricity', type: 'money', currency: 'GBP', hints: ['Electricity'] },
        { name: 'harbour_levy', type: 'money', currency: 'GBP', hints: ['Harbour levy'] },
        { name: 'total', type: 'money', currency: 'GBP' },
    ],
    relations: [{ id: 'sum', expr: 'total == mooring_fee + electricity + harbour_levy' }],
});

describe('tables of charges', () => {
    it('a row\'s count before "@" and a rate is a detail of the row\'s sum under "Amount (GBP)"', async () => {
        const doc = [
            'ITEM                      Basis                          Amount (GBP)',
            '---------------------------------------------------------------------',
            'Mooring, pontoon 3        12 nights @ £38.50 per night         462.00',
            'Electricity               1,240 units @ £0.35 per unit         434.00',
            'Harbour levy              1 vessel, tariff band 2               15.00',
            '---------------------------------------------------------------------',
            '                                              Total            911.00',
        ].join('\n');
        expect(await readData(doc, marina)).to.deep.equal({
            mooring_fee: gbp('462.00'),
            electricity: gbp('434.00'),
            harbour_levy: gbp('15.00'),
            total: gbp('911.00'),
        });
        // Not carried by the relation: the heuristic's own score puts the sum first in each row.
        const { candidates } = await readCandidates(doc, marina);
        for (const [field, sum] of [
            ['mooring_fee', '462.00'],
            ['electricity', '434.00'],
            ['harbour_levy', '15.00'],
        ]) {
            const mine = candidates.filter((c) => c.field === field);
            const top = mine.reduce((a, c) => (c.features.heuristic! > a.features.heuristic! ? c : a));
            expect(top.quote, field).to.equal(sum);
        }
    });

    it('a field that asks for a rate ("weekly_fee") reads the rate\'s cell, not the sum under the amounts ("4 wk   1,395.00   5,580.00")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'fees',
            fields: [
                { name: 'weekly_fee', type: 'money', currency: 'GBP' },
                { name: 'fees_total', type: 'money', currency: 'GBP' },
            ],
        });
        const doc = [
            'Description                                    Qty    Rate        Amount',
            '------------------------------------------------------------------------',
            'Residential care fee, single room              4 wk   1,395.00   5,580.00',
            '',
            'Fees total                                                       5,580.00',
        ].join('\n');
        expect((await readData(doc, schema))['weekly_fee']).to.deep.equal(gbp('1395.00'));
    });
});
