// Two figures a document labels alike, the earlier and the later of a pair (documents written for
// the test; bench/user-docs/twentieth has the ones these were seen in): a portfolio's value at the
// period's start and end, a salary before and after a review; a count in words before what it counts.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const eur = (amount: string) => ({ amount, currency: 'EUR' });
const usd = (amount: string) => ({ amount, currency: 'USD' });

describe('figure pairs', () => {
    it('of a label\'s two values, the earlier field takes the first and the later the last ("beginwaarde", "eindwaarde")', async () => {
        const report = [
            '1. VERMOGENSVERLOOP',
            '   Waarde portefeuille per 01-07-2025          184.612,37',
            '   Stortingen                                    3.000,00',
            '   Waarde portefeuille per 30-09-2025          191.977,30',
        ].join('\n');
        const money = (name: string) => ({ name, type: 'money', currency: 'EUR', hints: ['Waarde portefeuille per'] });
        const schema = compile({ svc_schema: '1.0', name: 'k', fields: [money('beginwaarde'), money('eindwaarde')] });
        expect(await readData(report, schema, 'nl')).to.deep.equal({ beginwaarde: eur('184612.37'), eindwaarde: eur('191977.30') });
    });

    it('"previous" and "new" name the pair too, without hints ("Current …salary:" over "New …salary:")', async () => {
        const letter = [
            'As discussed, your base salary will increase as follows:',
            '    Current annual base salary:      $58,500.00',
            '    New annual base salary:          $61,000.00',
        ].join('\n');
        const money = (name: string) => ({ name, type: 'money', currency: 'USD' });
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [money('previous_salary'), money('new_salary')] });
        expect(await readData(letter, schema)).to.deep.equal({ previous_salary: usd('58500.00'), new_salary: usd('61000.00') });
    });

    it('a label of three values or more is no pair: the later field does not take prose\'s last ("your balance falls below $20.00")', async () => {
        const statement = [
            'ACCOUNT SUMMARY',
            '  Opening balance                                   $42.18',
            '  Plus top-ups                                      $80.00',
            '  Less trip charges (12 trips)                     -$84.74',
            '  Less account fees                                 -$0.55',
            '                                                  ---------',
            '  Closing balance                                   $36.89',
            '',
            'Auto top-up:       ON - $40.00 charged to Visa ending 7714 when',
            '                   your balance falls below $20.00',
        ].join('\n');
        const money = (name: string, hints: string[]) => ({ name, type: 'money', currency: 'USD', hints });
        const fields = [money('opening_balance', ['Opening balance']), money('closing_balance', ['Closing balance'])];
        const schema = compile({ svc_schema: '1.0', name: 's', fields });
        expect(await readData(statement, schema)).to.deep.equal({ opening_balance: usd('42.18'), closing_balance: usd('36.89') });
    });

    it('a count in words before what the field counts is a candidate ("drie maanden huur" for `aantal_maanden_huur`)', async () => {
        const garantie = 'onherroepelijk garant tot een bedrag van € 37.500,00, zijnde drie maanden huur inclusief btw.\n';
        const schema = compile({ svc_schema: '1.0', name: 'g', fields: [{ name: 'aantal_maanden_huur', type: 'integer', min: 0 }] });
        const { candidates } = await readCandidates(garantie, schema, 'nl');
        expect(candidates.map((c) => c.quote)).to.include('drie');
        // (Not a number word before another noun: "drie bomen".)
        const bomen = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'aantal_maanden', type: 'integer', min: 0 }] });
        expect((await readCandidates('Er staan drie bomen in de tuin.\n', bomen, 'nl')).candidates).to.deep.equal([]);
    });

    it('a range of two figures gives the earlier field its first and the later its second ("from $96,000 to $102,240")', async () => {
        const letter = 'Your annual base salary will increase from $96,000 to $102,240, an increase of 6.5%, effective April 1, 2025.\n';
        const money = (name: string) => ({ name, type: 'money', currency: 'USD' });
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [money('current_salary'), money('new_salary')] });
        expect(await readData(letter, schema)).to.deep.equal({ current_salary: usd('96000.00'), new_salary: usd('102240.00') });
    });

    it('a plural before how many are wanted is the counted noun ("Two witnesses aged 18 or over are required" for `witnesses_required`)', async () => {
        const licence = 'Witness 1:   ________   Witness 2:   ________\nTwo witnesses aged 18 or over are required.\n';
        const schema = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'witnesses_required', type: 'integer', min: 0 }] });
        expect((await readData(licence, schema)).witnesses_required).to.equal(2);
    });

    it('a count field whose name\'s noun the document never writes counts its description\'s noun (`rooms`, "Aantal kamers", in Dutch)', async () => {
        const aanbod = [
            'Woningtype:        tussenwoning, 4 kamers',
            'Woonoppervlakte:   96 m²',
            'Bouwjaar:          1994',
            'Huurprijs:         € 874,20',
        ].join('\n');
        const rooms = { name: 'rooms', type: 'integer', min: 1, description: 'Aantal kamers' };
        expect((await readData(aanbod, compile({ svc_schema: '1.0', name: 'w', fields: [rooms] }), 'nl')).rooms).to.equal(4);
        // (Not where another field's description counts the same noun: which count is whose is then unsaid.)
        const bedrooms = { name: 'bedrooms', type: 'integer', min: 0, description: 'Aantal kamers om te slapen' };
        const both = compile({ svc_schema: '1.0', name: 'w', fields: [rooms, bedrooms] });
        const { candidates } = await readCandidates(aanbod, both, 'nl');
        const four = candidates.find((c) => c.field === 'rooms' && c.quote === '4');
        expect(four?.features.context ?? 0).to.be.below(0.5);
    });

    it('a word right before a value marks it the earlier or the later of two ("now 05/09/2025 (previously 29/08/2025)")', async () => {
        const notice = [
            'VARIATION NOTICE',
            'Effect on the Date for Completion: extension of 5 working days.',
            '  Date for Completion now 05/09/2025 (previously 29/08/2025).',
            '  Monthly charge now £925.00 (was £880.00).',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'v',
            fields: [
                { name: 'original_completion_date', type: 'date', date_order: 'dmy' },
                { name: 'revised_completion_date', type: 'date', date_order: 'dmy' },
                { name: 'previous_monthly_charge', type: 'money', currency: 'GBP' },
            ],
        });
        expect(await readData(notice, schema)).to.deep.equal({
            original_completion_date: '2025-08-29',
            revised_completion_date: '2025-09-05',
            previous_monthly_charge: { amount: '880.00', currency: 'GBP' },
        });
    });

    it('a plural before a participle names what a count counts, and the participle after the noun says which count (`claims_received`)', async () => {
        const reply = [
            'A1. The exposed files held records for approximately 18,420 customers who placed',
            '    orders between 2021 and 2025.',
            'A2. 412 claims were received between 1 April 2024 and 31 March 2025.',
            'A3. 57 claims were paid; the remainder were repudiated.',
        ].join('\n');
        const count = (name: string) => ({ name, type: 'integer', min: 0 });
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [count('customers_affected'), count('claims_received')] });
        expect(await readData(reply, schema)).to.deep.equal({ customers_affected: 18420, claims_received: 412 });
    });

    it('so it does with a qualifier before the plural (`loyalty_points_earned`: "75 points earned", not "Points balance: 1,204")', async () => {
        // (bench/user-docs/twentythird has the receipt this was seen in.)
        const receipt = "Hartwell's Rewards: 75 points earned on this order. Points balance: 1,204.";
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'loyalty_points_earned', type: 'integer', min: 0 }] });
        expect(await readData(receipt, schema)).to.deep.equal({ loyalty_points_earned: 75 });
    });
});
