// Names under which a role stands, as letters and certificates sign them: "Jennifer Riley" over
// "Partner", a row of signatures with each name over its role, a firm's name over what it is
// ("ASHCOMBE & RILEY LLP" over "Solicitors"). A hint that names the role labels the name above
// it, and is no part of it. Documents written for the test.
import { expect } from 'chai';
import { nameAbove } from '../src/readers/heuristic-names.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { localeOf } from '../src/locale/locale-registry.js';

const hinted = (name: string, ...hints: string[]) => ({ name, type: 'string', nullable: true, hints });
const schema = (...fields: object[]) => compile({ svc_schema: '1.0', name: 'names', fields });

const LETTER = [
    'ASHCOMBE & RILEY LLP',
    'Solicitors',
    '4 Cathedral Close, Exeter EX1 1EZ',
    '',
    'Dear Mrs McAllister,',
    '',
    'Thank you for instructing us in the administration of your late husband’s estate.',
    '',
    'Yours sincerely,',
    '',
    'Jennifer Riley',
    'Partner',
    'Ashcombe & Riley LLP',
].join('\n');

const CERTIFICATE = [
    'FIRST AID AT WORK - CERTIFICATE OF COMPETENCE',
    '',
    'This is to certify that Daniel Frost has completed the course.',
    '',
    '   ______________________                      ______________________',
    '   Gareth Lumb                                 Rachel Okafor',
    '   Instructor / Assessor                       Centre Manager',
].join('\n');

describe('names under which a role stands', () => {
    it('reads the signer over the role a hint names, not the name and its role as one', async () => {
        const data = await readData(LETTER, schema(hinted('responsible_lawyer', 'Partner'), hinted('firm_name', 'Solicitors')));
        expect(data).to.deep.equal({ responsible_lawyer: 'Jennifer Riley', firm_name: 'ASHCOMBE & RILEY LLP' });
    });

    it('reads the name under the closing, not the name and the role under it, where both are hints', async () => {
        const notice = [
            'If you have any questions, please call the number above.',
            '',
            'Yours sincerely,',
            '',
            '',
            'Janet Morrow',
            "Coroner's Officer",
            'on behalf of HM Senior Coroner, Mr Jonathan Heald',
        ].join('\n');
        const data = await readData(notice, schema(hinted('coroners_officer', "Coroner's Officer", 'Yours sincerely')));
        expect(data).to.deep.equal({ coroners_officer: 'Janet Morrow' });
    });

    it('reads the name in the role’s column of a row of signatures', async () => {
        const data = await readData(CERTIFICATE, schema(hinted('instructor', 'Instructor'), hinted('centre_manager', 'Centre Manager')));
        expect(data).to.deep.equal({ instructor: 'Gareth Lumb', centre_manager: 'Rachel Okafor' });
    });

    it('takes no caption, heading in capitals or legal form for a role', () => {
        const form = [
            'Date: 02/18/2025          Teresa Ruiz                       ____________________',
            '                          Plaintiff types or prints name    Plaintiff signs here',
            'PASARAYA BORONG PINTAR',
            'SDN BHD',
            'Jane Smith',
            'PARTNER',
        ].join('\n');
        const win = new WindowText(form, localeOf('en'));
        const at = (word: string, from = 0) => {
            const start = form.indexOf(word, from);
            return nameAbove(win, start, start + word.length);
        };
        expect(at('Plaintiff')).to.equal(undefined);
        expect(at('SDN BHD')).to.equal(undefined);
        expect(at('PARTNER')).to.equal(undefined);
    });

    it('a role\'s line under a name signs with it: the company under the role is not the role\'s ("Data Protection Officer")', async () => {
        const letter = ['Yours sincerely,', '', 'Aoife Brannigan', 'Data Protection Officer', 'Lúnasa Telecom DAC'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'dpo_name', type: 'string', hints: ['Data Protection Officer', 'DPO'] }],
        });
        expect((await readData(letter, schema)).dpo_name).to.equal('Aoife Brannigan');
    });

    it('the name under "For and on behalf of" a party is who signs; not in two signature blocks side by side', async () => {
        const notice = [
            'Please sign and return a copy of this notice within 30 days.',
            '',
            'For and on behalf of Lumenforge Robotics Ltd',
            '',
            '   Dominic Ferreira-Lund',
            '   Director                                       16 February 2026',
            '',
            'I accept the Option on the terms of this notice and the rules of the Plan.',
            '   Signed: ___________________________   Date: _______________',
        ].join('\n');
        expect((await readData(notice, strings('signed_by'))).signed_by).to.equal('Dominic Ferreira-Lund');
        const both = [
            'Signed for and on behalf of                 Signed for and on behalf of',
            'the Organiser                               the Sponsor',
            '',
            'H. Osei                                     C. Breen',
        ].join('\n');
        expect((await readData(both, strings('sponsor_signatory'))).sponsor_signatory).to.equal(null);
    });

    it("a party's name under its section's heading with a bracket; the signing section's labels name its signers (\"E. VERKLARING EN ONDERTEKENING\")", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'vervoersbewijs',
            fields: [
                { name: 'leverancier', type: 'string' },
                { name: 'afnemer', type: 'string' },
            ],
        });
        const doc = [
            'A. LEVERANCIER (vervoer vanaf)',
            '   Naam:                     Melkveebedrijf De Groot',
            '   Adres:                    Dijkweg 3, 8701 AB Bolsward',
            '',
            'B. AFNEMER (vervoer naar)',
            '   Naam:                     Loonbedrijf Wiersma',
            '   Adres:                    Kade 9, 9001 CD Grou',
            '',
            'C. VERKLARING EN ONDERTEKENING',
            '   Ondergetekenden verklaren dat dit vervoersbewijs naar waarheid is',
            '   ingevuld en dat de gegevens tijdig worden',
            '   gemeld.',
            '',
            '   Leverancier:   T. de Groot          Afnemer:   S. Wiersma',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ leverancier: 'Melkveebedrijf De Groot', afnemer: 'Loonbedrijf Wiersma' });
    });
});
