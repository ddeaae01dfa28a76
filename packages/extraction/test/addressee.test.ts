// The person a letter is addressed to, for fields named by a role letters are sent to: the name the
// salutation greets, as the address block writes it in full. Letters written for the test (people,
// streets and numbers are made up).
import { expect } from 'chai';
import { wantsAddressee } from '../src/readers/heuristic-addressee.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const OFFER = compile({
    svc_schema: '1.0',
    name: 'offer_letter',
    fields: [
        { name: 'applicant_name', type: 'string' },
        { name: 'start_date', type: 'date' },
    ],
});

const HEAD = 'UNIVERSITY OF EASTMOOR\nAdmissions Office\n4 Castle Road, Eastmoor EM3 9QX\n\n';

describe('addressee: the person a letter greets', () => {
    it('a role letters are sent to asks for the addressee; other names do not', () => {
        const en = localeOf('en');
        expect(wantsAddressee('applicant_name', en)).to.equal(true);
        expect(wantsAddressee('tenantName', en)).to.equal(true);
        expect(wantsAddressee('supplier', en)).to.equal(false);
        expect(wantsAddressee('huurder', localeOf('nl'))).to.equal(true);
        expect(wantsAddressee('student_id', en)).to.equal(false); // the role's code, not the person
        // Owners, taxpayers, jurors and voters are written to as well.
        expect(['owner_name', 'taxpayer_name', 'jurorName', 'voter_name'].map((n) => wantsAddressee(n, en))).to.deep.equal([
            true,
            true,
            true,
            true,
        ]);
        expect(['eigenaar', 'belastingplichtige'].map((n) => wantsAddressee(n, localeOf('nl')))).to.deep.equal([true, true]);
        // Leaseholders, drivers and registered keepers too; not a patient (a vet's patient is the pet).
        expect(['leaseholder', 'driver', 'registered_keeper', 'patient_name'].map((n) => wantsAddressee(n, en))).to.deep.equal([
            true,
            true,
            true,
            false,
        ]);
        expect(wantsAddressee('tenant_address', en)).to.equal(false);
    });

    it('a letter to a child\'s parents: the parent is the addressee, the child the name above ("Aan de ouder(s)/verzorger(s) van …")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'beschikking',
            fields: [
                { name: 'ouder', type: 'string' },
                { name: 'leerling', type: 'string' },
            ],
        });
        const doc = [
            'gemeente Coevorden',
            'Kasteel 1  -  Postbus 2  -  7740 AA  Coevorden',
            '',
            'Aan de ouder(s)/verzorger(s) van Sem Jansen',
            'Dhr. K. Jansen',
            'Dorpsstraat 12',
            '7741 AB  Coevorden',
            '',
            'Geachte heer Jansen,',
            '',
            'Wij kennen uw zoon leerlingenvervoer toe.',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ ouder: 'Dhr. K. Jansen', leerling: 'Sem Jansen' });
        expect(wantsAddressee('parent_name', localeOf('en'))).to.equal(true);
    });

    it('a letter to a leaseholder names the leaseholder by its address block', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'demand', fields: [{ name: 'leaseholder', type: 'string' }] });
        const doc = `${HEAD}Mr Tobias Renwick\nFlat 3, Elm Court\nDerby DE1 2AB\n\nDear Mr Renwick,\n\nGround rent of £150.00 is due on 24 June 2025.\n`;
        expect((await readData(doc, schema)).leaseholder).to.equal('Mr Tobias Renwick');
    });

    it("an employer's letter to an employee names the employee by its address block (Dutch werknemer, medewerker)", async () => {
        const schema = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'employee_name', type: 'string' }] });
        const doc = `${HEAD}Mr Liam Cartwright-Boyle\n12 Sandpiper Way\nGrimsby\nDN34 5TL\n\nDear Liam,\n\nI am writing to invite you to a hearing.\n`;
        expect((await readData(doc, schema)).employee_name).to.equal('Mr Liam Cartwright-Boyle');
        const nl = compile({ svc_schema: '1.0', name: 'brief', fields: [{ name: 'werknemer', type: 'string' }] });
        const brief = `${HEAD}Dhr. P. de Vries\nKerkstraat 4\n1234 AB  Utrecht\n\nGeachte heer De Vries,\n\nHierbij nodigen wij u uit.\n`;
        expect((await readData(brief, nl, 'nl')).werknemer).to.equal('Dhr. P. de Vries');
    });

    it('reads the name in full from the address block the salutation greets by surname', async () => {
        const doc = `${HEAD}Ms Anjali Raman\nFlat 6, 41 Queen's Drive\nGlasgow G42 8DT\n\nDear Ms Raman,\n\nWe offer you a place starting on 22 September 2025.\n`;
        expect((await readData(doc, OFFER)).applicant_name).to.equal('Ms Anjali Raman');
    });

    it('a salutation by first name matches too, over lines between the name and its street', async () => {
        const doc = `${HEAD}April 8, 2025\n\nMr. Jordan T. Whitfield\nStudent ID: LSU-0094417\n3307 N. Frederick Ave\nMilwaukee, WI 53211\n\nDear Jordan,\n\nCongratulations!\n`;
        expect((await readData(doc, OFFER)).applicant_name).to.equal('Mr. Jordan T. Whitfield');
    });

    it('Dutch: titles, initials and a bracketed given name', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'brief', fields: [{ name: 'huurder', type: 'string' }] });
        const doc =
            'Woonstichting De Linde\nPostbus 12, 3500 AA Utrecht\n\nmevr. L.M. (Lotte) Jansen-Bakker\nKastanjelaan 5\n2267 AB Leidschendam\n\nGeachte mevrouw Jansen-Bakker,\n\nHierbij ontvangt u de huurverhoging.\n';
        expect((await readData(doc, schema, 'nl')).huurder).to.equal('mevr. L.M. (Lotte) Jansen-Bakker');
    });

    it('no name the salutation does not greet: "Dear Sir or Madam", a contact in the letterhead', async () => {
        const sir = `${HEAD}Ms Anjali Raman\nFlat 6, 41 Queen's Drive\n\nDear Sir or Madam,\n\nWe write about your application.\n`;
        expect((await readData(sir, OFFER)).applicant_name).to.not.equal('Ms Anjali Raman');
        const contact = `${HEAD}Mr Tom Price\n9 Mill Lane\n\nYour adviser:\nDr Helen Marsh\n\nDear Mr Price,\n\nWe write about your application.\n`;
        expect((await readData(contact, OFFER)).applicant_name).to.equal('Mr Tom Price');
    });

    it("the name in full beats the salutation's hint, which greets part of it", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'permit',
            fields: [{ name: 'holder', type: 'string', hints: ['Mevrouw', 'Beste mevrouw'] }],
        });
        const doc =
            'Gemeente Leiden\nPostbus 9100, 2300 PC Leiden\n\nMevrouw L.M. Koster\nKleverparkweg 12\n2023 AB Haarlem\n\nBeste mevrouw Koster,\n\nHierbij ontvangt u uw parkeervergunning.\n';
        expect((await readData(doc, schema, 'nl')).holder).to.equal('Mevrouw L.M. Koster');
    });

    it('reads the organisation under the greeted name for a field that asks for one', async () => {
        const letter = [
            'THE ASHCOMBE FOUNDATION',
            'Level 2, 40 Bedford Row, London WC1R 4LL',
            '',
            '2 September 2025',
            '',
            'Ms Adaeze Nwosu',
            'Director',
            'Riverside Young Makers CIC',
            'Unit 5, The Old Tannery',
            'Nottingham NG1 7EH',
            '',
            'Dear Ms Nwosu,',
            '',
            'I am delighted to let you know that the Trustees have agreed a grant of £29,700.',
        ].join('\n');
        const fields = (description: string) =>
            compile({ svc_schema: '1.0', name: 'grant', fields: [{ name: 'recipient', type: 'string', description }] });
        expect((await readData(letter, fields('Organisation receiving the grant'))).recipient).to.equal('Riverside Young Makers CIC');
        expect((await readData(letter, fields('Person the letter is sent to'))).recipient).to.equal('Ms Adaeze Nwosu');
    });

    it('a greeting by a full name names the addressee without an address block ("Hello Priya Raman,"), not a role or a first name', async () => {
        const mail = (greeting: string) =>
            [
                'From: Northfield Water <help@northfieldwater.example>',
                'Subject: Your leak repair appointment',
                '',
                `${greeting},`,
                '',
                'We have booked an engineer to look at the leak you reported.',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'repair', fields: [{ name: 'customer_name', type: 'string' }] });
        expect((await readData(mail('Hello Priya Raman'), schema)).customer_name).to.equal('Priya Raman');
        expect((await readData(mail('Dear Valued Customer'), schema)).customer_name).to.equal(null);
        expect((await readData(mail('Hi Priya'), schema)).customer_name).to.equal(null);
    });

    it("a plural role names the addressees, and a couple's line of titles and initials is one name line", async () => {
        const nl = localeOf('nl');
        expect(wantsAddressee('klanten', nl)).to.equal(true);
        expect(wantsAddressee('verhuurder', nl)).to.equal(false);
        const letter = [
            'HYPOTHEEKBANK ZUID',
            'Postbus 12, 5600 AA Eindhoven',
            '',
            '                         Dhr. J.W. Smeets en mevr. C.A. Smeets-Peeters',
            '                         Markt 4',
            '                         6211 CK  Maastricht',
            '',
            'Geachte heer en mevrouw Smeets,',
            '',
            'Hierbij ontvangt u uw jaaroverzicht.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'j', fields: [{ name: 'klanten', type: 'string' }] });
        expect((await readData(letter, schema, 'nl')).klanten).to.equal('Dhr. J.W. Smeets en mevr. C.A. Smeets-Peeters');
    });

    it("an e-mail's recipient header names the addressee the greeting greets", async () => {
        const mail = (greeting: string) =>
            [
                'From: Northline Rail <refunds@northlinerail.example>',
                'To: Priya Raman <priya.raman@example.com>',
                'Subject: Your refund',
                '',
                greeting,
                '',
                'Your refund of £54.60 has been approved.',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'customer_name', type: 'string' }] });
        expect((await readData(mail('Hi Priya,'), schema)).customer_name).to.equal('Priya Raman');
        // A greeting of someone else names no one from the header.
        expect((await readData(mail('Dear Sir or Madam,'), schema)).customer_name).to.equal(null);
    });

    it("a statement that greets nobody names its addressee by the address block's titled name line", async () => {
        const statement = [
            'Student Loans Company',
            '100 Bothwell Street, Glasgow G2 7JD',
            '',
            'Ms Anjali Rowntree-Pascoe                       Customer no:  1107 8843',
            'Flat 12, Orchard House',
            'Bath  BA2 3BQ',
            '',
            'ANNUAL STATEMENT',
            'Balance at 05/04/2025                                      £47,486.32',
        ].join('\n');
        const named = (name: string) => compile({ svc_schema: '1.0', name: 's', fields: [{ name, type: 'string' }] });
        expect((await readData(statement, named('borrower_name'))).borrower_name).to.equal('Ms Anjali Rowntree-Pascoe');
        // Not a child's name: a school writes to the parents about the pupil.
        const school = statement.replace('Ms Anjali Rowntree-Pascoe', 'Dr & Mrs R. Castellano');
        expect((await readData(school, named('pupil_name'))).pupil_name).to.not.equal('Dr & Mrs R. Castellano');
    });

    it("a warranty certificate's owner is the person it greets", async () => {
        const letter = [
            'Mrs Eleanor Fairbairn',
            '14 Mill Lane',
            'Totnes TQ9 5DG',
            '',
            'Dear Mrs Fairbairn,',
            '',
            'Your boiler is now under warranty.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'w', fields: [{ name: 'owner_name', type: 'string' }] });
        expect((await readData(letter, schema)).owner_name).to.equal('Mrs Eleanor Fairbairn');
    });

    it('"To:" before a titled name over who they are names the recipient, for a field that asks for the recipient', async () => {
        const notice = [
            'ENVIRONMENTAL PROTECTION ACT 1990 - ABATEMENT NOTICE',
            'Notice ref:   EH/NN/25/00318',
            '',
            'To:  Mr Adrian Kowalczyk-Dunn',
            '     the person responsible for the nuisance',
            '',
            "Premises:  14 Mangrove Close, Bishop's Stortford, Hertfordshire CM23 4RT",
        ].join('\n');
        const field = (name: string) => compile({ svc_schema: '1.0', name: 'n', fields: [{ name, type: 'string', nullable: true }] });
        expect((await readData(notice, field('recipient_name'))).recipient_name).to.equal('Mr Adrian Kowalczyk-Dunn');
        // (A party named by its role is not the header's: `building_owners`.)
        const { candidates } = await readCandidates(notice, field('building_owners'));
        expect(candidates.map((c) => c.quote)).to.not.include('Mr Adrian Kowalczyk-Dunn');
    });

    it('a field that asks for the first name takes the one name a salutation greets by ("Hi Graeme,")', async () => {
        const mail = [
            'From:    Parkwise Receipts <receipts@parkwise.example>',
            'To:      k.obi77@outlook.com',
            'Subject: Your parking receipt',
            '',
            'Hi Kemi,',
            '',
            'Thanks for parking with us. Here is your receipt.',
        ].join('\n');
        const first = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'customer_first_name', type: 'string' }] });
        expect(await readData(mail, first)).to.deep.equal({ customer_first_name: 'Kemi' });
        // (A field that asks for the whole name does not take a first name alone.)
        const whole = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'customer_name', type: 'string', nullable: true }] });
        expect(await readData(mail, whole)).to.deep.equal({ customer_name: null });
    });

    it('a `requester` is the letter\'s addressee, whose block may hold no address ("By email only")', async () => {
        const reply = [
            'WREXFORD BOROUGH COUNCIL',
            'Information Governance Team',
            'Civic Offices, Tanner Street, Wrexford WX4 1AA',
            '',
            'Mr Callum Brightwater',
            'By email only',
            '',
            'Our reference:   FOI-2025-1187',
            '',
            'Dear Mr Brightwater,',
        ].join('\n');
        expect((await readData(reply, strings('requester_name'))).requester_name).to.equal('Mr Callum Brightwater');
    });

    it('a role\'s label over the salutation writes the name it greets in full ("Applicant:   Ms Lucía Fernanda ORTEGA BALLESTEROS")', async () => {
        // (bench/user-docs/twentysixth has the decision letter this was seen in.)
        const letter = [
            'UK Visas and Immigration',
            '',
            'Applicant:             Ms Lucía Fernanda ORTEGA BALLESTEROS',
            'Date of birth:         19/07/1993',
            'Application date:      17/03/2026',
            '',
            'Dear Ms Ortega Ballesteros,',
            '',
            'Your application for entry clearance has been granted.',
        ].join('\n');
        expect((await readData(letter, strings('applicant'))).applicant).to.equal('Ms Lucía Fernanda ORTEGA BALLESTEROS');
        // A label that is no role letters are sent to names someone else ("FAO:" a customer's contact).
        const offer = [
            'Fernhill Energy Storage Ltd',
            'FAO: Mr Oluwaseun Adebayo',
            '',
            'Dear Mr Adebayo,',
            '',
            'We offer a connection.',
        ].join('\n');
        expect((await readData(offer, strings('customer'))).customer).to.not.equal('Mr Oluwaseun Adebayo');
    });
});
