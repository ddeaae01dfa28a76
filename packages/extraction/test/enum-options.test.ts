// Enum options as documents write them: a label in snake case is its words ("standing_order":
// "Standing order"), and an option a form's label points at outranks the window's unlabelled
// mentions of options (documents written for the test; bench/user-docs/seventeenth has the ones
// these were seen in).
import { expect } from 'chai';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('enum options', () => {
    it('reads a label in snake case as its words, in any case, hyphens or spaces between', () => {
        const type = { kind: 'enum' as const, labels: ['standing_order', 'uk_to_uk', 'plan_2', 'cash'], aliases: {} };
        const read = (q: string) => parseQuote(type, q, 'en')?.value;
        expect(['Standing order', 'standing-order', 'UK to UK', 'Plan 2', 'plan_2'].map(read)).to.deep.equal([
            'standing_order',
            'standing_order',
            'uk_to_uk',
            'plan_2',
            'plan_2',
        ]);
        // Words of a label, not a part of one.
        expect(['Standing', 'order', 'UK', 'Plan'].map(read)).to.deep.equal([undefined, undefined, undefined, undefined]);
    });

    it('finds a snake-case label as its words in a document', async () => {
        const lodging = ['LODGER AGREEMENT', 'Rent:               £650.00 per month', 'Payment method:     Standing order on the 1st'].join(
            '\n',
        );
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'rent_payment_method', type: 'enum', labels: ['cash', 'bank_transfer', 'standing_order'] }],
        });
        expect((await readData(lodging, schema)).rent_payment_method).to.equal('standing_order');
    });

    it("a form's labelled option outranks unlabelled mentions of other options", async () => {
        const card = [
            'ANWB Pechhulp Nederland - ledenadministratie',
            'Postbus 93200, Den Haag, Nederland',
            '',
            '  Pakket                 Pechhulp Nederland + Europa',
            '  Ingangsdatum           01-05-2025',
            '',
            'Met Pechhulp Nederland bent u in heel Nederland verzekerd van hulp.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'p',
            fields: [
                {
                    name: 'pakket',
                    type: 'enum',
                    labels: ['nederland', 'nederland_europa'],
                    aliases: { nederland_europa: ['Pechhulp Nederland + Europa'] },
                    hints: ['Pakket'],
                },
            ],
        });
        expect((await readData(card, schema, 'nl')).pakket).to.equal('nederland_europa');
    });

    it('the letterhead\'s line of what the business sells names no option: "Heating Oil - Agri Diesel" over the docket', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'docket',
            fields: [{ name: 'fuel', type: 'enum', labels: ['kerosene', 'agri_diesel'] }],
        });
        const doc = [
            'MORAN OILS LTD',
            'Home Heating Oil - Agri Diesel - Lubricants',
            'Main Street, Tuam, Co. Galway',
            '',
            'DELIVERY DOCKET               No. 0031145',
            '',
            'Product:     KEROSENE (home heating)',
            'Litres:      700',
        ].join('\n');
        expect((await readData(doc, schema)).fuel).to.equal('kerosene');
    });

    it("an option's words inside a label, before its colon, are no value; the value after the colon is", async () => {
        const report = ['Most serious infringement category this period:  SERIOUS', 'Status: Paid  Payment: card'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'worst_category', type: 'enum', labels: ['minor', 'serious', 'very_serious', 'most_serious'] },
                { name: 'status', type: 'enum', labels: ['paid', 'unpaid'] },
            ],
        });
        const { data, candidates } = await readCandidates(report, schema);
        expect(candidates.filter((c) => c.field === 'worst_category').map((c) => c.quote)).to.deep.equal(['SERIOUS']);
        expect(data).to.deep.equal({ worst_category: 'serious', status: 'paid' });
    });
});
