// Where the second session of 2026-11-27's rules stop (short documents from a review that looked
// for their wrong values; each was read right, or as before, once the rule was narrowed).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const schema = (...fields: object[]) => compile({ svc_schema: '1.0', name: 's', fields });
const gbp = (amount: string) => ({ amount, currency: 'GBP' });

describe('where the rules stop (2)', () => {
    it('a marked sum before "x" and a count is the row\'s own, not a count: "Instalment   £245.50 x 24   5,892.00"', async () => {
        const doc = ['Instalment   £245.50 x 24   5,892.00', 'Total payable               6,692.00'].join('\n');
        expect((await readData(doc, schema({ name: 'instalment', type: 'money', currency: 'GBP' }))).instalment).to.deep.equal(
            gbp('245.50'),
        );
    });

    it('only a person\'s head loses its bracket before a comma: "Tennis elbow (lateral epicondylitis), right arm"', async () => {
        const doc = ['FIT NOTE', 'Patient: Mrs Andrea Kowalski', 'Condition: Tennis elbow (lateral epicondylitis), right arm'].join('\n');
        expect((await readData(doc, schema({ name: 'condition', type: 'string' }))).condition).to.equal(
            'Tennis elbow (lateral epicondylitis)',
        );
    });

    it('"no later than" in a sentence about something else is no due date\'s label', async () => {
        const doc = ['Balance due: 15 August 2025', '', 'Cancellations must be notified in writing no later than 1 August 2025.'].join(
            '\n',
        );
        expect((await readData(doc, schema({ name: 'balance_due_date', type: 'date' }))).balance_due_date).to.equal('2025-08-15');
    });

    it('"your letter of 2 July" does not date `letter_date`, this letter\'s', async () => {
        const doc = [
            'Halden & Price Solicitors',
            '',
            '14 July 2025',
            '',
            'Dear Mr Whitlock,',
            '',
            'Thank you for your letter of 2 July 2025 regarding the fence.',
        ].join('\n');
        const letter = schema({ name: 'letter_date', type: 'date' });
        expect((await readData(doc, letter)).letter_date).to.equal('2025-07-14');
    });

    it('a count\'s name with its colon is a form\'s label: "Groep 7  Aantal leerlingen: 26"', async () => {
        const doc = ['ROOSTERWIJZIGING', 'Groep 7  Aantal leerlingen: 26', 'Lokaal: 12'].join('\n');
        expect((await readData(doc, schema({ name: 'aantal_leerlingen', type: 'integer' }), 'nl')).aantal_leerlingen).to.equal(26);
    });

    it('"The undersigned confirms …" over a form\'s labels makes no signing section of them', async () => {
        const doc = [
            'TEMPORARY EVENT NOTICE',
            'Premises: Village Hall, Church Lane, Bampton',
            "Premises user's agent: Cotswold Events Ltd",
            'Event: Summer beer festival, 12-13 July 2025',
            '',
            'The undersigned confirms that the details above are correct.',
            'Premises user: Mr Neil Archer',
        ].join('\n');
        expect((await readData(doc, schema({ name: 'premises_user', type: 'string' }))).premises_user).to.not.equal(
            'Village Hall, Church Lane, Bampton',
        );
    });

    it('a line above that is no prose gives a sibling no word: "Mobile   07700 900123" over "Phone   01904 612 330"', async () => {
        const doc = ['Mobile         07700 900123', 'Phone          01904 612 330'].join('\n');
        const phones = schema(
            { name: 'home_phone_number', type: 'string', hints: ['Phone'] },
            { name: 'mobile_phone_number', type: 'string', hints: ['Mobile'] },
        );
        expect(await readData(doc, phones)).to.deep.equal({ home_phone_number: '01904 612 330', mobile_phone_number: '07700 900123' });
    });

    it('a standard\'s number is no measure: "Zuurgraad (pH)   NEN-EN-ISO 10523   7,6"', async () => {
        const doc = ['ANALYSERAPPORT DRINKWATER', '', 'Zuurgraad (pH)            NEN-EN-ISO 10523     7,6'].join('\n');
        const { candidates } = await readCandidates(doc, schema({ name: 'ph', type: 'decimal', hints: ['pH'] }), 'nl');
        expect(candidates.map((c) => c.quote)).to.not.include('10523');
    });

    it('a hint is the user\'s own words, negated or not: "Benefits not taxable" labels `non_taxable_benefits`', async () => {
        const doc = [
            'Taxable benefits                     £4,120.00',
            'Benefits not taxable (exempt)          £640.00',
            'Total benefits                       £4,760.00',
        ].join('\n');
        const benefits = schema({ name: 'non_taxable_benefits', type: 'money', currency: 'GBP', hints: ['Benefits not taxable'] });
        expect((await readData(doc, benefits)).non_taxable_benefits).to.deep.equal(gbp('640.00'));
    });
});
