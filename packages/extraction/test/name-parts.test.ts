// A field's name written in part, as forms and letters label it (documents written for the test;
// bench/user-docs/twentieth has the ones these were seen in): a name of three words without its
// first or last ("Effective date:" for `salary_effective_date`), and a word of it after words that
// ask for a kind or a use ("Type of business:", "Use of premises:").
import { expect } from 'chai';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe("a field's name in part", () => {
    it('a name of three words or more labels without its first or last word ("Effective date:" for `salary_effective_date`)', async () => {
        const letter = [
            'As discussed, your base salary will increase as follows:',
            '',
            '    Current annual base salary:      $58,500.00',
            '    New annual base salary:          $61,000.00',
            '    Effective date:                  June 2, 2025 (first full pay period)',
            '',
            'You become eligible to enroll in the 401(k) plan with employer match from July 1, 2025.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'salary_effective_date', type: 'date' }] });
        expect((await readData(letter, schema)).salary_effective_date).to.equal('2025-06-02');
    });

    it('two words other names have each label together where no other name has them together ("Card downloaded:" for `card_download_date`)', async () => {
        const report = [
            'Driver card no.:   DB0K7M33918L2001            Card expiry: 11/03/2029',
            'Analysis period:   29/09/2025 to 26/10/2025   (4 weeks)',
            'Card downloaded:   28/10/2025',
            'Download cycle:    28 days     Next card download due: 25/11/2025',
        ].join('\n');
        const dmy = (name: string) => ({ name, type: 'date', date_order: 'dmy' });
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'driver_card_number', type: 'string' },
                dmy('card_download_date'),
                { name: 'download_interval', type: 'duration', basis: 'days' },
                dmy('next_download_due'),
            ],
            relations: [{ id: 'next', expr: 'next_download_due == card_download_date + download_interval' }],
        });
        const { data, candidates } = await readCandidates(report, schema);
        expect(data).to.include({ card_download_date: '2025-10-28', download_interval: 'P28D', next_download_due: '2025-11-25' });
        // Labelled by "Card downloaded" as a part of the name, not by its words one by one.
        const labelled = candidates.find((c) => c.field === 'card_download_date' && c.quote === '28/10/2025');
        expect(labelled?.features.context ?? 0).to.be.above(0.4);
    });

    it('a part is a label only where its ends are words of four letters or more, no stopwords ("per week" is none of `uren_per_week`)', () => {
        const phrases = (name: string, language: 'en' | 'nl') =>
            labelPhrases(compile({ svc_schema: '1.0', name: 's', fields: [{ name, type: 'date' }] }).fields[0]!, localeOf(language)).map(
                (p) => p.words.join(' '),
            );
        expect(phrases('salary_effective_date', 'en')).to.include('effective date');
        expect(phrases('uren_per_week', 'nl')).to.not.include('per week');
        expect(phrases('uren_per_week', 'nl')).to.not.include('uren per');
    });

    it('a bare preposition that introduces a first day ("from") labels less than a phrase of it ("starts on")', () => {
        const field = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'start_date', type: 'date' }] }).fields[0]!;
        const weight = (words: string) => labelPhrases(field, localeOf('en')).find((p) => p.words.join(' ') === words)?.weight ?? 0;
        expect(weight('from')).to.be.above(0);
        expect(weight('from')).to.be.below(weight('starts on'));
    });

    it('a name\'s word after words that ask for its kind labels the kind ("Type of business:" is no `business_name`)', async () => {
        const report = [
            'FOOD HYGIENE INSPECTION REPORT',
            'Type of business:   Restaurant / cafe / canteen (takeaway also operated)',
            'Section     Type                  Price',
            'Block 214   Standard Adult       £68.50',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'business_name', type: 'string' }] });
        expect((await readCandidates(report, schema)).candidates.map((c) => c.quote)).to.not.include('Restaurant / cafe / canteen');
        // A field that asks for the kind keeps the label.
        const kind = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'business_type', type: 'string' }] });
        expect((await readData(report, kind)).business_type).to.equal('Restaurant / cafe / canteen');
        // (A table's "Type" column beside "Price" asks for no kind of price.)
        const price = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'ticket_price', type: 'money', currency: 'GBP' }] });
        expect((await readData(report, price)).ticket_price).to.deep.equal({ amount: '68.50', currency: 'GBP' });
    });

    it('a hint of one word after words that ask for its use labels the use ("Use of premises:" is no `premises_name`)', async () => {
        const licence = [
            'PREMISES LICENCE SUMMARY',
            '',
            'Premises:            The Lantern Rooms',
            'Use of premises:     Bar / late-night venue (basement), offices (first floor)',
            'Licence holder:      Harbour Leisure Ltd',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'premises_name', type: 'string', hints: ['Premises'] }] });
        expect((await readCandidates(licence, schema)).candidates.map((c) => c.quote)).to.not.include('Bar / late-night venue (basement)');
        expect((await readData(licence, schema)).premises_name).to.equal('The Lantern Rooms');
    });
});
