// Amounts whose labels carry asides, as users' payment records print them (documents written for
// the test; bench/user-docs/twentieth and eleventh have the ones these were seen in): a long
// bracket between a row's label and its amount, a label word after "excl." on the line above a
// wrapped label, a percentage that is no sum of money, a measure in another unit, and a
// bracket of a total's parts.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const money = (name: string, description?: string) => ({ name, type: 'money', currency: 'USD', ...(description ? { description } : {}) });

describe('row asides', () => {
    it("a long bracket between a row's label and its amount qualifies the label; the bracket's own figures are none of its", async () => {
        const record = [
            '  Description                                          Amount',
            '  Mileage (42 mi round trip @ $0.70)                   $29.40',
            '  Parking (Ramp C, receipt attached, validated)        $12.00',
            '  TOTAL PAID THIS VISIT                                $41.40',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [money('mileage'), money('parking')] });
        const { data, candidates } = await readCandidates(record, schema);
        expect(data).to.deep.equal({ mileage: usd('29.40'), parking: usd('12.00') });
        const context = (quote: string) => candidates.find((c) => c.field === 'mileage' && c.quote === quote)?.features.context ?? 0;
        expect(context('$29.40')).to.be.above(0.5);
        expect(context('$0.70')).to.be.below(0.3);
    });

    it('a label word after "excl." ending the line above a wrapped label names what the sum leaves out', async () => {
        const record = [
            '  Mileage reimbursement                                $29.40',
            '',
            'Study compensation received to date (Visits 1-4, excl.',
            'reimbursements):    $300.00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [money('mileage_reimbursement', 'Travel mileage reimbursement'), money('compensation_to_date')],
        });
        const { candidates } = await readCandidates(record, schema);
        const wrapped = candidates.find((c) => c.field === 'mileage_reimbursement' && c.quote === '$300.00');
        expect(wrapped?.features.context ?? 0).to.be.below(0.6);
        expect((await readData(record, schema)).mileage_reimbursement).to.deep.equal(usd('29.40'));
    });

    it('a sum of money is no percentage ("Agency commission   -$13,845.00" for `agencyCommissionPercent`)', async () => {
        const order = [
            'Agency:     Summit & Vale Partners (agency of record; 15% commission)',
            '',
            '                                         Gross sponsorship   $92,300.00',
            '                                         Agency commission   -$13,845.00',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'o', fields: [{ name: 'agencyCommissionPercent', type: 'decimal' }] });
        const { candidates } = await readCandidates(order, schema);
        expect(candidates.map((c) => c.quote)).to.not.include('13,845.00');
        expect((await readData(order, schema)).agencyCommissionPercent).to.equal('15');
    });

    it('a whole number a field asks for as a percentage is read before its sign ("Accu State of Health: 91%")', async () => {
        const report = [
            'INLEVERRAPPORT',
            'Kilometerstand:        48.210 km',
            'Accu State of Health:  91%',
            'Schade:                geen',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'battery_health_percent', type: 'integer', min: 0, max: 100 }],
        });
        expect(await readData(report, schema, 'nl')).to.deep.equal({ battery_health_percent: 91 });
    });

    it('a measure in another unit is no value of a field whose name says its unit ("162 cm" for `gewicht_kg`)', async () => {
        const overview = [
            'MEDICATIEOVERZICHT',
            'Lengte / gewicht:                 162 cm / onbekend',
            'Allergie:                         penicilline',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'm',
            fields: [{ name: 'gewicht_kg', type: 'decimal', nullable: true, hints: ['gewicht'] }],
        });
        expect((await readCandidates(overview, schema, 'nl')).candidates.map((c) => c.quote)).to.not.include('162');
        // Its own unit still reads.
        const weighed = overview.replace('162 cm / onbekend', '162 cm / 58 kg');
        expect((await readData(weighed, schema, 'nl')).gewicht_kg).to.equal('58');
    });

    it('a hint in a row\'s bracket that sums parts speaks of the row\'s head ("Totaal   (8 fondsen + liquiditeiten)   191.977,30")', async () => {
        const overzicht = [
            '   Categorie                 Fonds                              Waarde     Weging',
            '   Liquiditeiten             Geldrekening                       2.311,54    1,2%',
            '                                                             ----------  ------',
            '   Totaal                    (8 fondsen + liquiditeiten)      191.977,30  100,0%',
        ].join('\n');
        const fields = [{ name: 'liquiditeiten', type: 'money', currency: 'EUR', hints: ['Liquiditeiten', 'Geldrekening'] }];
        const schema = compile({ svc_schema: '1.0', name: 'b', fields });
        const { candidates } = await readCandidates(overzicht, schema, 'nl');
        const total = candidates.find((c) => c.quote === '191.977,30');
        expect(total?.features.context ?? 0).to.be.below(0.5);
        expect((await readData(overzicht, schema, 'nl')).liquiditeiten).to.deep.equal({ amount: '2311.54', currency: 'EUR' });
    });

    it("a rate quoted per unit in a row's aside is the value of a field that asks for that rate, and the row's total is not", async () => {
        const charges = [
            'CHARGES',
            '  Aircraft (tacho 1.1 hr @ £215.00/hr wet)               £236.50',
            '  Instructor fee (briefing + flight)                      £48.00',
            '                                                       ----------',
            '  Lesson total                                           £284.50',
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [gbp('aircraft_rate_per_hour'), gbp('instructor_fee'), gbp('lesson_total')],
        });
        expect(await readData(charges, schema)).to.deep.equal({
            aircraft_rate_per_hour: { amount: '215.00', currency: 'GBP' },
            instructor_fee: { amount: '48.00', currency: 'GBP' },
            lesson_total: { amount: '284.50', currency: 'GBP' },
        });
        // A sum per another unit than the field's is still the row's detail: "€ 0,55 per m²" is no rent per year.
        const lease = [
            'Jaarlijkse kosten',
            '  Tuinhuur per jaar (€ 0,55 per m²)                           € 110,00',
            '  Waterbijdrage                                              € 35,00',
        ].join('\n');
        const eur = { name: 'tuinhuur_per_jaar', type: 'money', currency: 'EUR' };
        const rent = compile({ svc_schema: '1.0', name: 'l', fields: [eur, { ...eur, name: 'waterbijdrage' }] });
        expect((await readData(lease, rent, 'nl')).tuinhuur_per_jaar).to.deep.equal({ amount: '110.00', currency: 'EUR' });
    });

    it('what a sum per unit comes to in its sentence is the value of a field that asks for no rate, labelled as the sum is', async () => {
        const fees = [
            '3.1 The Producer shall pay the Owner a shoot day fee of £1,800.00 per shoot',
            '    day, being £10,800.00 for the 6 shoot days.',
            '3.2 Preparation and strike days are charged at £600.00 per day, being',
            '    £1,800.00 for the 3 such days.',
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({ svc_schema: '1.0', name: 'f', fields: [gbp('shoot_day_fee'), gbp('prep_and_strike_fees')] });
        expect(await readData(fees, schema)).to.deep.equal({
            shoot_day_fee: { amount: '1800.00', currency: 'GBP' },
            prep_and_strike_fees: { amount: '1800.00', currency: 'GBP' },
        });
        const brief = 'De inzet wordt gerekend tegen € 45,00 per uur, zijnde € 360,00 voor de werkdag.';
        const eur = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'kosten_inzet', type: 'money', currency: 'EUR' }] });
        expect((await readData(brief, eur, 'nl')).kosten_inzet).to.deep.equal({ amount: '360.00', currency: 'EUR' });
    });
});
