// A field whose name asks for the most or the least of a range of figures (`maximum_salaris`,
// `fee_estimate_max`, `min_order`) takes that end of a range the text writes ("between £6,500 and
// £9,000", "£6,500 - £9,000", "tussen € 3.450 en € 4.780"), not the other. Documents written for
// the test.
import { expect } from 'chai';
import { boundPart } from '../src/readers/heuristic-bounds.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const money = (currency: string, ...names: string[]) =>
    compile({
        svc_schema: '1.0',
        name: 'r',
        fields: names.map((name) => ({ name, type: 'money', currency })),
    });

describe('ranges of figures', () => {
    it('reads the end of a range the name asks for, in English and Dutch', async () => {
        const letter = [
            '3. Our fees',
            'Because the work depends on the assets and on matters outside our control, we are not',
            'able to offer a fixed fee. Based on what you have told us, we estimate that our fees',
            'will be between £6,500 and £9,000 plus VAT at 20%. We will tell you at once if this',
            'estimate is likely to be exceeded.',
        ].join('\n');
        const fees = compile({
            svc_schema: '1.0',
            name: 'f',
            fields: [{ name: 'fee_estimate_max', type: 'money', currency: 'GBP', hints: ['estimate', 'fees will be between'] }],
        });
        expect((await readData(letter, fees)).fee_estimate_max).to.deep.equal({ amount: '9000.00', currency: 'GBP' });
        const brief = [
            'Een eventueel tweede gesprek staat gepland in week 12, met een rondleiding op een van',
            'onze projecten. Bij een positieve uitkomst kan een assessment deel uitmaken van de',
            'procedure.',
            '',
            'Ter informatie: de functie is op basis van 40 uur per week. Het salaris ligt tussen',
            '€ 3.450 en € 4.780 bruto per maand (schaal 8, cao Metaal & Techniek), afhankelijk',
            'van opleiding en ervaring, exclusief 8% vakantietoeslag.',
        ].join('\n');
        expect(await readData(brief, money('EUR', 'maximum_salaris'), 'nl')).to.deep.equal({
            maximum_salaris: { amount: '4780.00', currency: 'EUR' },
        });
        const dash = 'QUOTE\n\nEstimated cost:   £1,200 - £1,450\n';
        expect(await readData(dash, money('GBP', 'max_cost'))).to.deep.equal({ max_cost: { amount: '1450.00', currency: 'GBP' } });
    });

    it('asks for an end only by the words of the name', () => {
        const field = (name: string) => ({ name, description: '', hints: [] }) as never;
        expect(
            ['maximum_salaris', 'fee_estimate_max', 'min_order', 'salary'].map((n) => boundPart(field(n), localeOf('nl'))),
        ).to.deep.equal([1, 1, 0, undefined]);
    });

    it('a phrase of the end a field asks for brings in its figure, in a sentence of its name ("ten minste drie (3)", "no more than 12")', async () => {
        const deed = [
            '1. Het bestuur van de stichting bestaat uit ten minste drie (3) en ten',
            '   hoogste zeven (7) leden. Het bestuur stelt het aantal bestuursleden vast.',
            '2. Bestuursleden worden benoemd voor een periode van ten hoogste vier (4)',
            '   jaren en zijn terstond herbenoembaar.',
        ].join('\n');
        const count = (name: string) => ({ name, type: 'integer', min: 1 });
        const schema = compile({ svc_schema: '1.0', name: 'd', fields: [count('min_bestuursleden'), count('max_bestuursleden')] });
        const { data, candidates } = await readCandidates(deed, schema, 'nl');
        expect(data).to.deep.equal({ min_bestuursleden: 3, max_bestuursleden: 7 });
        // A period's count after the phrase is none: "ten hoogste vier (4) jaren".
        const years = candidates.find((c) => c.field === 'max_bestuursleden' && c.quote === '4');
        expect(years?.features.context ?? 0).to.be.below(0.5);
        const rules = 'Occupancy: the property may be occupied by no more than 4 persons, and guests may stay for at most 14 nights.';
        const guests = compile({ svc_schema: '1.0', name: 'r', fields: [count('max_persons')] });
        expect((await readData(rules, guests)).max_persons).to.equal(4);
    });

    it('a Dutch change "van X naar Y" is a pair of the earlier and the later figure', async () => {
        const verslag = [
            'EINDOORDEEL:  goed',
            '',
            'Gevolgen',
            'Toekenning periodieke verhoging per 1 januari 2026: ja (trede 7 naar 8).',
            'Bruto maandsalaris bij voltijd (36 uur): van EUR 3.214,00 naar EUR 3.318,00.',
            '',
            'Verzuim in de beoordelingsperiode: 6 kalenderdagen (2 meldingen).',
        ].join('\n');
        const schema = money('EUR', 'salaris_oud', 'salaris_nieuw');
        expect(await readData(verslag, schema, 'nl')).to.deep.equal({
            salaris_oud: { amount: '3214.00', currency: 'EUR' },
            salaris_nieuw: { amount: '3318.00', currency: 'EUR' },
        });
    });
});
