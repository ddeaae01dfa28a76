// Where this session's rules stop (documents from a review that looked for their wrong values;
// each was read right, or as before, once the rule was narrowed): a form of labels over their
// values is no signature, a year of study is no period, a payslip's "due by" is no pay date, a sum
// a percentage multiplies is no detail, one figure is no value of two joined things, a spaced code
// after "#" is not cut, "Contactpersoon Stichting" names a person, "https:" labels nothing, and
// a part the field's other words name is the field's.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const schema = (...fields: object[]) => compile({ svc_schema: '1.0', name: 's', fields });
const str = (name: string, extra: object = {}) => ({ name, type: 'string', nullable: true, ...extra });
const gbp = (name: string, extra: object = {}) => ({ name, type: 'money', currency: 'GBP', nullable: true, ...extra });

describe('where the rules stop', () => {
    it('a form of labels over their values is no signature of a name over a role', async () => {
        const form = [
            'Meeting attendance',
            '',
            'Tenant',
            'Ms Rosa Klein',
            'Landlord',
            'Mr Colin Barr',
            'Agent',
            'Harbour Lettings Ltd',
        ].join('\n');
        expect(await readData(form, schema(str('landlord_name'), str('tenant_name'), str('agent_name')))).to.deep.equal({
            landlord_name: 'Mr Colin Barr',
            tenant_name: 'Ms Rosa Klein',
            agent_name: 'Harbour Lettings Ltd',
        });
    });

    it('a year of study is no period; a financial year may be written "FY25"', async () => {
        const enrolment = ['Programme:       BSc Computer Science', 'Year of study:   Year 2', 'Mode:            Full-time'].join('\n');
        expect((await readData(enrolment, schema(str('study_year', { hints: ['Year of study'] })))).study_year).to.equal('Year 2');
        const accounts = ['Company:          Orchard Bakes Ltd', 'Financial year:   FY25', 'Period end:       31 March 2025'].join('\n');
        expect((await readData(accounts, schema(str('financial_year')))).financial_year).to.equal('FY25');
    });

    it('a payslip\'s "due by" is no `pay_date`', async () => {
        const payslip = [
            'PAYSLIP',
            '',
            'Pay period:    March 2025',
            'Your student loan repayment is due by 19 April 2025.',
            'Net pay:       £2,104.55',
        ].join('\n');
        const { candidates } = await readCandidates(payslip, schema({ name: 'pay_date', type: 'date', nullable: true }));
        expect(candidates.some((c) => c.quote === '19 April 2025' && (c.features.context ?? 0) > 0)).to.equal(false);
    });

    it("a sum a percentage multiplies is no detail of the row's total", async () => {
        const apportionment = [
            'Service charge apportionment 2025',
            '',
            'Building insurance      £8,400.00 x 12.5%      £1,050.00',
            'Cleaning                £3,200.00 x 12.5%        £400.00',
        ].join('\n');
        const building = gbp('building_insurance', { description: 'Insurance premium for the whole building' });
        const { candidates } = await readCandidates(apportionment, schema(building));
        const base = candidates.find((c) => c.quote === '£8,400.00')!;
        const share = candidates.find((c) => c.quote === '£1,050.00')!;
        expect(base.features.heuristic!).to.be.at.least(share.features.heuristic!);
    });

    it('one figure is no value of two joined things ("VAT and duty:   £21.40" for `vat`)', async () => {
        const order = [
            'Items:                 £84.00',
            'Postage and packing:   £4.99',
            'VAT and duty:          £21.40',
            'Total:                 £110.39',
        ].join('\n');
        const { candidates } = await readCandidates(order, schema(gbp('vat')));
        expect(candidates.find((c) => c.quote === '£21.40')?.features.context ?? 0).to.be.below(0.5);
    });

    it('a spaced code after a hint\'s "#" is not cut at its first group', async () => {
        const order = ['Order confirmation', '', 'Tracking #  JD0148 2291 GB'].join('\n');
        const { candidates } = await readCandidates(order, schema(str('tracking_number', { hints: ['Tracking #'] })));
        expect(candidates.map((c) => c.quote)).to.not.include('JD0148');
    });

    it('"Contactpersoon Stichting Jan de Vries" names a person; "https:" labels nothing under "Website:"', async () => {
        const aanvraag = ['Subsidieaanvraag', '', 'Contactpersoon Stichting Jan de Vries', 'Telefoon:       06-12345678'].join('\n');
        const contact = (await readData(aanvraag, schema(str('contactpersoon_stichting')), 'nl')).contactpersoon_stichting;
        expect(contact ?? '').to.not.match(/^Stichting/);
        const card = ['Greenleaf Supplies Ltd', 'Website:', 'https://www.greenleafsupplies.co.uk', 'Phone:   0117 496 0000'].join('\n');
        const { candidates } = await readCandidates(card, schema(str('website')));
        expect(candidates.length).to.be.above(0);
    });

    it('a part the field\'s other words name is the field\'s ("Of the rent arrears, £450.00 remains outstanding")', async () => {
        const statement = ['Arrears statement', '', 'Of the rent arrears, £450.00 remains outstanding after your payment of 2 June.'].join(
            '\n',
        );
        const { candidates } = await readCandidates(statement, schema(gbp('arrears_outstanding', { hints: ['remains outstanding'] })));
        expect(candidates.find((c) => c.quote === '£450.00')?.features.context ?? 0).to.be.above(0);
    });
});
