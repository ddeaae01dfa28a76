// A payment card's last four digits, wherever the document writes the card masked: after the mask
// or "ending" ("VISA DEBIT  **** 6612", "Visa debit ending 4417"), for a field that asks for them.
// Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("a card's last four digits", () => {
    it('are read after a mask or "ending", for a field that asks for the last four', async () => {
        const receipt = [
            'BUREAU DE CHANGE RECEIPT',
            '   Paid by             MASTERCARD DEBIT  **** 0387',
            '   Rate                1.1642',
        ].join('\n');
        expect(await readData(receipt, strings('card_last4'))).to.deep.equal({ card_last4: '0387' });
        const passport = 'Fee paid:    £94.50\nPaid by:     Visa debit ending 5521\n';
        expect(await readData(passport, strings('card_last_four'))).to.deep.equal({ card_last_four: '5521' });
    });

    it('not for a field that asks for something else, nor four digits without a mask', async () => {
        const receipt = 'Thank you for your payment.\nPaid by:     Visa debit ending 5521\n';
        expect(await readData(receipt, strings('booking_ref'))).to.deep.equal({ booking_ref: null });
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'card_last_four', type: 'string', nullable: true }] });
        expect(await readData('Booking ref: 4471\nTotal: £12.00\n', schema)).to.deep.equal({ card_last_four: null });
    });
});
