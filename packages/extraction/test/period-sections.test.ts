// A period named in a section under its heading: a Dutch decision letter's "Bezwaar" over "Dan kunt
// u binnen 6 weken … bezwaar maken" for `bezwaartermijn` (the compound's head "bezwaar" is its
// label, as "maand" is of "maandbedrag"). Documents written for the test; bench/user-docs has the
// letters these were seen in.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("a period under its section's heading", () => {
    const letter = [
        'BESCHIKKING HUURTOESLAG 2025',
        '',
        'Wijzigingen',
        'Verandert uw inkomen of uw huur? Geef dit dan binnen 4 weken door via',
        'Mijn toeslagen.',
        '',
        'Bezwaar',
        'Bent u het niet eens met deze beschikking? Dan kunt u binnen 6 weken na de',
        'datum van deze brief bezwaar maken via Mijn toeslagen.',
    ].join('\n');

    it('the heading labels the period in the paragraph under it, the compound named by its head', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'bezwaartermijn', type: 'duration', basis: 'days' }] });
        expect(await readData(letter, schema, 'nl')).to.deep.equal({ bezwaartermijn: 'P42D' });
    });

    it('not across a blank line, and not for a figure of another type', async () => {
        const apart = letter.replace('Bezwaar\nBent', 'Bezwaar\n\nBent');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'bezwaartermijn', type: 'duration', basis: 'days', nullable: true }],
        });
        expect((await readData(apart, schema, 'nl')).bezwaartermijn).to.not.equal('P42D');
    });
});
