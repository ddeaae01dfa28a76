// A signature line signed for a party names the one who signs, not the party: "Signed for the
// Designer:   Iona Fraser, Director". Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const AGREEMENT = [
    'GARDEN DESIGN AGREEMENT',
    '',
    'Parties',
    '(1) FERN & FOLLY GARDENS LTD, a company registered in England (company number',
    '    08812345) whose registered office is at 4 Mill Yard, Stroud GL5 3AA',
    '    ("the Designer"); and',
    '(2) HOLLOWAY BARNS LIMITED, a company registered in England (company number',
    '    07733210) whose registered office is at The Barns, Painswick GL6 6QE ("the Client").',
    '',
    '1. The Designer shall prepare a planting plan for the Client.',
    '',
    'Signed for the Designer:  Rosa Lindqvist, Director        02/06/2025',
    'Signed for the Client:    Edward Holloway, Director       03/06/2025',
].join('\n');

describe('signature lines signed for a party', () => {
    it('give a party field not the one who signs for it', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [
                { name: 'designer', type: 'string', hints: ['the Designer'] },
                { name: 'client', type: 'string', hints: ['the Client'] },
            ],
        });
        const data = await readData(AGREEMENT, schema);
        expect(data.designer).to.not.match(/Lindqvist/);
        expect(data.client).to.not.match(/Holloway, Director/);
    });

    it('still give a field that asks for the one who signs', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'designer_signatory', type: 'string', hints: ['the Designer'] }],
        });
        expect((await readData(AGREEMENT, schema)).designer_signatory).to.match(/^Rosa Lindqvist/);
    });
});

describe('a hint that is part of no name', () => {
    it('a clause\'s heading is no name that ends with the hint: "6. Governing law"', async () => {
        const contract = [
            '5. Termination',
            '5.1 Either party may terminate on 30 days notice.',
            '',
            '6. Governing law',
            '6.1 This Agreement is governed by the law of Wales.',
        ];
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'governing_law', type: 'string', hints: ['Governing law'] }],
        });
        expect((await readData(contract.join('\n'), schema)).governing_law).to.not.equal('6. Governing law');
    });

    it('a line of two signature columns is no name block', async () => {
        const contract = [
            'Opdrachtgever',
            '  Naam:              mevr. C.A. Rietveld',
            '',
            'De Meern, 14 februari 2025',
            '',
            'Voor Groenwerk Hoveniers,              Opdrachtgever,',
            'B. Verbeek                             C.A. Rietveld',
        ];
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'opdrachtgever', type: 'string', hints: ['Opdrachtgever'] }],
        });
        expect(String((await readData(contract.join('\n'), schema, 'nl')).opdrachtgever)).to.not.match(/Groenwerk/);
    });
});
