// Sums and their parts in a statement's sentences (documents written for the test;
// bench/user-docs/twentythird has the one these were seen in): a sentence that opens on a whole
// ("Of the payments received, …") gives the amount of a part of it.
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
});
