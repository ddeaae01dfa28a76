// A party's name before its registered office and its role (documents written for the test;
// bench/user-docs/twentyfourth has the agreement these were seen in).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { partyNames } from '../src/readers/heuristic-parties.js';

describe('parties before their registered office', () => {
    const schema = compile({
        svc_schema: '1.0',
        name: 'supply',
        fields: [
            { name: 'grower', type: 'string', hints: ['Grower'] },
            { name: 'buyer', type: 'string', hints: ['Buyer'] },
        ],
    });

    it('a role after the office\'s address defines the name before the office ("whose registered office is at …")', async () => {
        const doc = [
            'APPLE SUPPLY AGREEMENT',
            '',
            'BETWEEN',
            '',
            '(1) ORCHARD HILL FRUIT LLP (registered number OC412201) whose registered',
            '    office is at Orchard Hill Farm, Ledbury HR8 1AB',
            '    (the "Grower"); and',
            '',
            '(2) WESTCOUNTRY CIDER COMPANY LTD (company number 09911233) whose registered',
            '    office is at The Press House, Taunton TA1 2CD',
            '    (the "Buyer").',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ grower: 'ORCHARD HILL FRUIT LLP', buyer: 'WESTCOUNTRY CIDER COMPANY LTD' });
    });

    it('an apposition\'s place before the office is no party: "…, a company registered in" / "England and Wales (company no. …)"', () => {
        const doc = [
            'This Agreement is made between:',
            '',
            '(1) MERCIAN BREWING CO. LIMITED, a company registered in',
            '    England and Wales (company no. 09117354) whose registered office is at Unit 3,',
            '    Longden Road, Shrewsbury SY3 9DW ("the Sponsor").',
        ].join('\n');
        const names = partyNames(new WindowText(doc, localeOf('en')), 0).map((p) => p.quote);
        expect(names).to.not.include('England and Wales');
    });

    it('a Dutch name before "statutair gevestigd te" and its role ("(hierna: de “Vennootschap”)")', async () => {
        const doc = [
            'Besluit van de algemene vergadering van aandeelhouders, buiten vergadering genomen',
            '(artikel 2:238 BW juncto artikel 19 van de statuten)',
            '',
            'BOSMAN BOUWBEDRIJF B.V.',
            'statutair gevestigd te Sneek, ingeschreven in het Handelsregister onder',
            'KvK-nummer 01234567 (hierna: de "Vennootschap")',
        ].join('\n');
        const nv = compile({ svc_schema: '1.0', name: 'besluit', fields: [{ name: 'vennootschap', type: 'string' }] });
        expect((await readData(doc, nv, 'nl')).vennootschap).to.equal('BOSMAN BOUWBEDRIJF B.V.');
        // And where it is established: "gevestigd te" labels `vestigingsplaats`.
        const plaats = compile({ svc_schema: '1.0', name: 'besluit', fields: [{ name: 'vestigingsplaats', type: 'string' }] });
        expect((await readData(doc, plaats, 'nl')).vestigingsplaats).to.equal('Sneek');
    });
});
