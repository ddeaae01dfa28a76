// A form printed as boxes, its columns parted by bars: a label that heads its box has its value in
// the same box on the next line. Documents written for the test (bench/user-docs/twentysixth has
// the consignment note these were seen in).
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const NOTE = [
    'INTERNATIONALE VRACHTBRIEF                                            CMR',
    '-------------------------------------------------------------------------------',
    '1  Afzender (naam, adres, land)          | 16 Vervoerder (naam, adres, land)',
    '   Zuivelcoöperatie De Vechtstreek U.A.  |    Transportbedrijf Gebr. Van Dam B.V.',
    '   Hollandbaan 4                         |    Transportweg 60',
    '-------------------------------------------------------------------------------',
    '2  Geadresseerde (naam, adres, land)     | 17 Opvolgende vervoerders',
    '   Frischdienst Rheinland GmbH           |    -',
    '-------------------------------------------------------------------------------',
    '22 Handtekening en stempel afzender:   A. Verweij (expeditie)',
    '23 Handtekening en stempel vervoerder: chauffeur R. Koster',
].join('\n');

describe('a form of boxes', () => {
    it("a box's label, its number before it and a bracket after it, has its value under it in its box", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'cmr',
            fields: [
                { name: 'afzender', type: 'string', hints: ['Afzender'] },
                { name: 'ontvanger', type: 'string', hints: ['Geadresseerde'] },
                { name: 'vervoerder', type: 'string' },
            ],
        });
        expect(await readData(NOTE, schema, 'nl')).to.deep.equal({
            afzender: 'Zuivelcoöperatie De Vechtstreek U.A.',
            ontvanger: 'Frischdienst Rheinland GmbH',
            vervoerder: 'Transportbedrijf Gebr. Van Dam B.V.',
        });
    });

    it('a box of labelled lines is a section: its first line is no value of the heading', async () => {
        const report = [
            'PATIENT                                  | SPECIMEN',
            'Name:    WHITAKER, JOANNE M              | Accession:   SCL-25-3318406',
            'MRN:     004471928                       | Received:    05/06/2025 11:15',
        ].join('\n');
        expect((await readData(report, strings('patient'))).patient).to.not.match(/^Name:/);
    });
});
