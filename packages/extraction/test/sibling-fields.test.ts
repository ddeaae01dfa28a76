// Sibling fields: two fields whose names differ by an earlier and a later word only
// (`current_lease_end`, `new_lease_end`). A label both share speaks of the one whose word its
// sentence gives (documents written for the test; bench/user-docs/twentythird has the one these
// were seen in).
import { expect } from 'chai';
import { localeOf } from '../src/locale/locale-registry.js';
import { excludedWords, siblingsOf } from '../src/readers/heuristic-siblings.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const letter = [
    'Dear Priya and Samuel,',
    '',
    'Thank you for making The Marlowe your home. Your current lease for Unit 5C expires on',
    'January 31, 2026, and we would love for you to stay. If you sign a 12-month renewal, your new',
    'lease will run from February 1, 2026 through January 31, 2027.',
].join('\n');

describe('sibling fields', () => {
    it("a shared label speaks of the sibling its sentence names: the current lease's end, the new lease's end", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'renewal',
            fields: [
                { name: 'current_lease_end', type: 'date' },
                { name: 'new_lease_end', type: 'date' },
            ],
        });
        expect(await readData(letter, schema)).to.deep.equal({ current_lease_end: '2026-01-31', new_lease_end: '2027-01-31' });
    });

    it("a sibling's word in another clause of the sentence gives the label to neither", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'renewal',
            fields: [
                { name: 'original_lease_end', type: 'date', nullable: true },
                { name: 'new_lease_end', type: 'date', nullable: true },
            ],
        });
        const letter = 'We confirm that the original lease is extended and the lease expires on 31 January 2028.';
        const { candidates } = await readCandidates(letter, schema);
        expect(
            candidates.some((c) => c.field === 'new_lease_end' && c.quote === '31 January 2028' && (c.features.context ?? 0) > 0),
        ).to.equal(true);
    });

    it('only an earlier and a later word make siblings: `effective_date` and `expiration_date` name two things', () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [
                { name: 'effective_date', type: 'date' },
                { name: 'expiration_date', type: 'date' },
                { name: 'old_rate', type: 'decimal' },
                { name: 'new_rate', type: 'decimal' },
                { name: 'new_date', type: 'string' },
            ],
        });
        const siblings = siblingsOf(schema.fields, localeOf('en'));
        // (`new_date`, of another type, has no sibling: alone, it is told from the older versions.)
        expect([...siblings.keys()].sort()).to.deep.equal([2, 3, 4]);
        expect(siblings.get(2)).to.deep.equal({ own: 'old', others: new Set(['new']) });
        expect(siblings.get(4)?.own).to.equal('new');
    });

    it('a label of the word a field\'s name negates is not its label: "Contestable works" is no `non_contestable_charge`', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'offer',
            fields: [
                { name: 'contestable_charge', type: 'money', currency: 'GBP' },
                { name: 'non_contestable_charge', type: 'money', currency: 'GBP' },
            ],
        });
        const doc = [
            'Connection charges (excluding VAT)',
            '   Contestable works                                  £84,200.00',
            '   Non-contestable works (incl. reinforcement share)  £31,950.00',
        ].join('\n');
        const { data, candidates } = await readCandidates(doc, schema);
        expect(data).to.deep.equal({
            contestable_charge: { amount: '84200.00', currency: 'GBP' },
            non_contestable_charge: { amount: '31950.00', currency: 'GBP' },
        });
        const plain = candidates.find((c) => c.field === 'non_contestable_charge' && c.quote === '£84,200.00');
        expect(plain?.features.context ?? 0).to.equal(0);
    });

    it('two things of one kind the names\' first words tell apart are siblings: "the balance is payable no later than" is no `deposit_due_date`', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'booking',
            fields: [
                { name: 'deposit_due_date', type: 'date', nullable: true },
                { name: 'balance_due_date', type: 'date', nullable: true },
            ],
        });
        const letter = [
            'To secure the date we require a non-refundable deposit of €1,500.00, to be paid by',
            '11 March 2025. Bank details are on the attached invoice, and the balance is payable',
            'no later than 15 August 2025, two weeks before the event.',
        ].join('\n');
        expect(await readData(letter, schema)).to.deep.equal({ deposit_due_date: '2025-03-11', balance_due_date: '2025-08-15' });
        expect([...siblingsOf(schema.fields, localeOf('en')).keys()].sort()).to.deep.equal([0, 1]);
    });

    it('a label after "next" or "previous" speaks of another occurrence: "DATE OF NEXT MEETING" is no `meeting_date`', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'minutes', fields: [{ name: 'meeting_date', type: 'date' }] });
        const minutes = [
            'MINUTES of a meeting of the PLANNING COMMITTEE held in the Council Chamber,',
            'Town Hall, Ashby on Wednesday 5 March 2025 at 7.00 pm',
            '',
            '9.  DATE OF NEXT MEETING',
            '',
            '    The next meeting was noted as Wednesday',
            '    2 April 2025 at 7.00 pm.',
        ].join('\n');
        expect((await readData(minutes, schema)).meeting_date).to.equal('2025-03-05');
    });

    it('a field alone with a version word is told from what the other version words qualify; not by a place in a period', async () => {
        const minutes = [
            'The landlord has offered a new five-year lease of the warehouse at a',
            'rent of GBP 14,500 per annum (previous rent GBP 13,200). The Board agreed.',
        ].join('\n');
        const rent = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'new_rent_pa', type: 'money', currency: 'GBP' }] });
        expect((await readData(minutes, rent)).new_rent_pa).to.deep.equal({ amount: '14500.00', currency: 'GBP' });
        expect([...siblingsOf(rent.fields, localeOf('en')).values()]).to.deep.equal([
            { own: 'new', others: new Set(['previous', 'prior', 'old', 'original']) },
        ]);
        const brief = ['Uw tijdvak', 'Het huidige tijdvak van uw erfpachtrecht loopt tot en met 15-04-2043.'].join('\n');
        const einde = compile({ svc_schema: '1.0', name: 'e', fields: [{ name: 'einde_tijdvak', type: 'date' }] });
        expect((await readData(brief, einde, 'nl')).einde_tijdvak).to.equal('2043-04-15');
        expect(siblingsOf(einde.fields, localeOf('nl')).size).to.equal(0);
    });

    it('a label near a word the description sets apart ("…, not the passport") is not the field\'s; a word in the value\'s aside is', async () => {
        const cos = [
            'CoS details',
            '  Expiry date .................. 16/12/2025',
            '',
            'Worker details',
            '  Passport number .............. GF418273   Expiry 11/06/2031',
        ].join('\n');
        const description = 'Expiry of the certificate itself, not the passport';
        const expiry = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'cos_expiry', type: 'date', date_order: 'dmy', description }],
        });
        expect((await readData(cos, expiry)).cos_expiry).to.equal('2025-12-16');
        expect(excludedWords(expiry.fields, localeOf('en')).get(0)).to.deep.equal(new Set(['passport']));
        const order = ['Event: Spring dinner', 'Guaranteed nos.:  84 (expected 90; final numbers due 72 hours before)'].join('\n');
        const guests = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'guaranteed_guests', type: 'integer', description: 'Guaranteed number, not the expected number' }],
        });
        expect((await readData(order, guests)).guaranteed_guests).to.equal(84);
    });

    it('a name label qualified in its cell yields to the same label plain on its line: "Site manager:" over "Asst. site manager:"', async () => {
        const report = [
            'Project:          Riverside Quarter Phase 2 - Block C',
            'Contract no.:     RQ2-C-2024-07            Report no.: 143',
            'Site manager:     Gareth Mulholland        Asst. site manager: Dean Fairbairn',
            'Date:             Wednesday 22/10/2025',
        ].join('\n');
        const manager = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'site_manager', type: 'string' }] });
        expect((await readData(report, manager)).site_manager).to.equal('Gareth Mulholland');
    });

    it('a word set apart matches its other forms and reaches a row\'s earlier cell: "not the signing date" bars "Signed: …   Date:"', async () => {
        const report = [
            'Date:             Wednesday 22/10/2025     Programme week: 37 of 74',
            '',
            'Signed: G. Mulholland                                   Date: 23/10/2025',
        ].join('\n');
        const description = 'The day the diary covers, not the signing date';
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'report_date', type: 'date', date_order: 'dmy', description }],
        });
        const { candidates } = await readCandidates(report, schema);
        expect(candidates.find((c) => c.quote === '23/10/2025')?.features.context ?? 0).to.equal(0);
        expect(candidates.find((c) => c.quote === '22/10/2025')?.features.context ?? 0).to.be.greaterThan(0);
    });

    it('"current" is no version against "new": a statement\'s current balance is its new one', async () => {
        const statement = [
            'Previous balance                 £512.40',
            'Payments received               -£200.00',
            'New balance                      £434.12',
        ].join('\n');
        const current = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'current_balance', type: 'money', currency: 'GBP' }] });
        expect((await readData(statement, current)).current_balance).to.deep.equal({ amount: '434.12', currency: 'GBP' });
    });

    it('a description sets apart only after "not" and an article; a form label with its colon is a cell of its own', async () => {
        const quote = ['Delivery charge: £45.00          Price: £1,200.00'].join('\n');
        const description = 'Price of the goods, not including delivery or VAT';
        const price = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'price', type: 'money', currency: 'GBP', description }] });
        expect((await readData(quote, price)).price).to.deep.equal({ amount: '1200.00', currency: 'GBP' });
        const lease = 'Date of signing: 01/02/2025          Start date: 01/03/2025';
        const start = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [
                { name: 'start_date', type: 'date', date_order: 'dmy', description: 'First day of the lease (not the date of signing)' },
            ],
        });
        expect((await readData(lease, start)).start_date).to.equal('2025-03-01');
        const cover = ['Vehicle:   Ford Focus 1.0 EcoBoost', 'Policyholder and main driver:   Mr Adam Smith'].join('\n');
        const holder = compile({
            svc_schema: '1.0',
            name: 'h',
            fields: [{ name: 'policyholder', type: 'string', description: 'Who holds the policy, not necessarily the main driver' }],
        });
        expect((await readData(cover, holder)).policyholder).to.equal('Mr Adam Smith');
    });

    it('a label on two lines takes the one whose head label says a word of the description ("IMO number of the receiving ship")', async () => {
        const note = [
            'Delivering barge:     MTB "Maasstroom 7"               IMO No.: 9381022',
            'Receiving vessel:     MV NORDIC TERN                   IMO No.: 9702154',
            'Port / location:      Rotterdam, Maasvlakte anchorage 5B',
        ].join('\n');
        const description = 'IMO number of the receiving ship';
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'vessel_imo', type: 'string', pattern: '[0-9]{7}', description }],
        });
        expect((await readData(note, schema)).vessel_imo).to.equal('9702154');
    });
});
