// Where the second session of 2026-11-27's rules stop (short documents from a review that looked
// for their wrong values; each was read right, or as before, once the rule was narrowed).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { localeOf } from '../src/locale/locale-registry.js';

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

    it('a name\'s last word reads as a unit only when it is one: "Net pay" is `pay_total_net`\'s, not "Total pay"', async () => {
        const doc = ['Total pay          £2,400.00', 'Net pay            £1,860.00'].join('\n');
        const pay = schema({ name: 'pay_total_net', type: 'money', currency: 'GBP', hints: ['Net pay'] });
        expect((await readData(doc, pay)).pay_total_net).to.deep.equal(gbp('1860.00'));
        // (Without hints too: no "Total pay" phrase for it; "kg" is a unit.)
        const phrases = (name: string) =>
            labelPhrases(schema({ name, type: 'decimal' }).fields[0]!, localeOf('en')).map((p) => p.words.join(' '));
        expect([phrases('pay_total_net').includes('total pay'), phrases('nitrogen_total_kg').includes('total nitrogen')]).to.deep.equal([
            false,
            true,
        ]);
    });

    it('"Town or city:" is a label of both, no cell one heads for the other', async () => {
        const doc = ['Street:           27 Hawthorn Avenue', 'Town or city:     Sheffield'].join('\n');
        const place = schema({ name: 'town', type: 'string', nullable: true }, { name: 'city', type: 'string', nullable: true });
        expect((await readData(doc, place)).city).to.equal('Sheffield');
    });

    it('a Dutch "EN" in capitals is no standard: "2 VOLWASSENEN EN 3 KINDEREN"', async () => {
        const doc = ['REISGEZELSCHAP: 2 VOLWASSENEN EN 3 KINDEREN', 'Accommodatie: huisje 14'].join('\n');
        const { candidates } = await readCandidates(doc, schema({ name: 'aantal_kinderen', type: 'integer' }), 'nl');
        expect(candidates.map((c) => c.quote)).to.include('3');
        // (Nor a degree's "BS" before a year.)
        const cv = await readCandidates(
            'Education: University of Leeds\nGraduation year: BS 2019',
            schema({ name: 'graduation_year', type: 'integer' }),
        );
        expect(cv.candidates.map((c) => c.quote)).to.include('2019');
    });

    it('a form\'s single labels under "CONFIRMATION AND SIGNATURE" are no signatures\' row', async () => {
        const doc = [
            'A. CUSTOMER',
            '   Name:        Mrs Ella Frost',
            '',
            'D. CONFIRMATION AND SIGNATURE',
            '   Please check the details above carefully.',
            '   The order is binding once confirmed in writing.',
            '   Deliveries are made Monday to Friday only.',
            '   Customer:    Frost Interiors Ltd',
        ].join('\n');
        expect((await readData(doc, schema({ name: 'customer', type: 'string' }))).customer).to.equal('Frost Interiors Ltd');
    });

    it('a marked sum after a semicolon is the label\'s: "… under 25 years of age; £350"', async () => {
        const doc = [
            'Motor policy schedule',
            '',
            'Policyholder: Mr David Price',
            'Vehicle: Ford Focus, reg. AB12 CDE',
            'Compulsory excess for young drivers under 25 years of age; £350',
            'Annual premium: £612.40',
        ].join('\n');
        const policy = schema(
            { name: 'compulsory_excess', type: 'money', currency: 'GBP' },
            { name: 'annual_premium', type: 'money', currency: 'GBP' },
        );
        const { candidates } = await readCandidates(doc, policy);
        expect(candidates.find((c) => c.field === 'compulsory_excess' && c.quote === '£350')?.features.context ?? 0).to.be.greaterThan(0);
    });
});
