// A heading over a name's label reads the name the label heads: "SWIMMER" over "Name   Oliver
// Hollings", "(contractant)" over "Naam" over the name. Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe("a heading over a name's label", () => {
    it('reads the cell after "Name" on the line under the heading, not the label', async () => {
        const page = [
            'Hillside Leisure Centre  |  Gymnastics',
            '',
            'Booking reference        HLC-GY-20417',
            '',
            'GYMNAST',
            'Name                     Maisie Tranter',
            'Date of birth            02/03/2017',
            '',
            'PARENT',
            'First name               Joanne',
        ].join('\n');
        expect(await readData(page, strings('gymnast_name'))).to.deep.equal({ gymnast_name: 'Maisie Tranter' });
        // The label may stand alone on its line, over the name.
        const form = ['ENTRY FORM', '', 'GYMNAST', 'Name', 'Maisie Tranter', 'Club', 'Hillside GC'].join('\n');
        expect(await readData(form, strings('gymnast_name'))).to.deep.equal({ gymnast_name: 'Maisie Tranter' });
        // Dutch compounds of "naam" are labels of a name too.
        const inschrijving = ['Inschrijfnummer           TS-2025-118', '', 'Deelnemer', 'Voornaam                  Lotte', ''].join('\n');
        expect((await readData(inschrijving, strings('deelnemer'), 'nl')).deelnemer).to.not.equal('Voornaam');
    });

    it("reads the line under a name's label alone on its line, not the label", async () => {
        const contract = [
            'HUURCONTRACT OPSLAGBOX                     Contractnr. OB-2025-0912',
            '',
            'Gegevens huurder (contractant)',
            'Naam',
            '    de heer P.J. Verhoef',
            'Adres',
            '    Dorpsstraat 14, 3871 AB Hoevelaken',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'opslag',
            fields: [{ name: 'contractant', type: 'string', hints: ['huurder (contractant)'] }],
        });
        expect((await readData(contract, schema, 'nl')).contractant).to.be.oneOf(['de heer P.J. Verhoef', 'P.J. Verhoef']);
    });

    it('a heading that says whose name labels the "Name:" line under it: "OWNER / PRINCIPAL" for `owner_name`', async () => {
        const form = [
            'SECTION 2 - OWNER / PRINCIPAL',
            'Name:  Rachel A. Lindqvist          Title: Managing Member    Ownership: 100%',
            'Home Address: 509 Beaver Ave, Des Moines, IA 50310',
        ].join('\n');
        expect(await readData(form, strings('owner_name'))).to.deep.equal({ owner_name: 'Rachel A. Lindqvist' });
    });

    it('a heading that says whose name labels a "Name" row whose gap serves as its colon: "CONTACT FOR ORDERS" for `contact_name`', async () => {
        const form = [
            'SECTION A – COMPANY DETAILS',
            'Company name              HARROWFIELD JOINERY LTD',
            '',
            'SECTION B – CONTACT FOR ORDERS AND PAYMENTS',
            'Name                      DEEPA RAGHAVAN',
            'Position                  ACCOUNTS SUPERVISOR',
        ].join('\n');
        expect(await readData(form, strings('contact_name'))).to.deep.equal({ contact_name: 'DEEPA RAGHAVAN' });
    });

    it('a short section title that names a role heads the "Naam" line under it, unless the name runs over more lines', async () => {
        const form = (under: string[]) =>
            ['VERKLARING HUURWONING', '', 'Gegevens verhuurder', ...under, 'Telefoon:              020 - 612 40 88', ''].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'v', fields: [{ name: 'verhuurder', type: 'string' }] });
        const one = ['Naam / bedrijf:        Woonbeheer Amstelland B.V.', 'Adres:                 Keizersgracht 12, 1015 CR Amsterdam'];
        expect((await readData(form(one), schema, 'nl')).verhuurder).to.equal('Woonbeheer Amstelland B.V.');
        // A surname with its first names on the next line, two numbered names: no value of the role.
        const split = ['Naam:                  Bakker', 'Voornamen:             Jan Pieter'];
        expect((await readData(form(split), schema, 'nl')).verhuurder).to.equal(null);
        const two = ['Naam verhuurder 1:     Jan Bakker', 'Naam verhuurder 2:     Els Bakker-Vos'];
        expect((await readData(form(two), schema, 'nl')).verhuurder).to.equal(null);
    });

    it('a role\'s one-word hint heads the "Naam:" line under its section title as the role\'s name does', async () => {
        const contract = [
            'ONDERHOUDSCONTRACT TUIN',
            '',
            'Opdrachtgever',
            '  Naam:              dhr. P.J. Wolters',
            '  Adres:             Dorpsstraat 8, 3451 AB Vleuten',
            '',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'tuin', fields: [{ name: 'klant', type: 'string', hints: ['Opdrachtgever'] }] });
        expect((await readData(contract, schema, 'nl')).klant).to.be.oneOf(['dhr. P.J. Wolters', 'P.J. Wolters']);
    });

    it('a title\'s full stop in a labelled value ends no sentence ("Klant:   fam. J.H. ter Horst")', async () => {
        const offer = [
            'Offertedatum:    10-03-2025',
            'Klant:           fam. R.P. van Dongen',
            'Adres:           Esweg 4, 7462 PB Rijssen',
            '',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'offerte', fields: [{ name: 'klant', type: 'string' }] });
        expect((await readData(offer, schema, 'nl')).klant).to.be.oneOf(['fam. R.P. van Dongen', 'R.P. van Dongen']);
    });

    it('a label that names an alternative after a slash ends at the colon after it ("Parent / carer:")', async () => {
        const form = [
            'Child:                     Isla Fenwick',
            'Parent / carer:            Joanna Pike',
            'Start date:                1 September 2025',
            '',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'childcare', fields: [{ name: 'parent_name', type: 'string' }] });
        expect((await readData(form, schema)).parent_name).to.equal('Joanna Pike');
    });

    it('a label in the closing lines where parties sign counts less than the same label in the body', async () => {
        const body = [
            'FIETSLEASE-OVEREENKOMST',
            '',
            'Werknemer:        dhr. T. (Thijs) Brouwer',
            'Werkgever:        Bakker Bouwtechniek B.V.',
            '',
            ...Array.from(
                { length: 14 },
                (_, i) => `${i + 1}. De werknemer gebruikt de fiets voor woon-werkverkeer en privé, zoals artikel ${i + 1} bepaalt.`,
            ),
            '',
            'Aldus overeengekomen en getekend,',
            '',
            'Werknemer: T. Brouwer                 Werkgever: namens Bakker Bouwtechniek B.V.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'lease', fields: [{ name: 'werknemer', type: 'string' }] });
        expect((await readData(body, schema, 'nl')).werknemer).to.equal('dhr. T. (Thijs) Brouwer');
        const context = async (quote: string) =>
            (await readCandidates(body, schema, 'nl')).candidates.find((c) => c.quote === quote)?.features.context;
        expect(await context('T. Brouwer')).to.be.below((await context('dhr. T. (Thijs) Brouwer'))!);
    });

    it('a given name in brackets after initials is part of the name ("J.P. (Jeroen) Smits")', async () => {
        const contract = [
            'Ondergetekenden:',
            '',
            '1. Kwispel & Co, gevestigd te Utrecht, hierna te noemen "de uitlaatservice",',
            '',
            'en',
            '',
            '2. De heer R.A. (Rob) Verbeek, wonende Biltstraat 12, 3572 BP Utrecht,',
            '   hierna te noemen "de eigenaar",',
            '',
            'komen het volgende overeen:',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'uitlaat', fields: [{ name: 'eigenaar', type: 'string' }] });
        expect((await readData(contract, schema, 'nl')).eigenaar).to.be.oneOf(['R.A. (Rob) Verbeek', 'De heer R.A. (Rob) Verbeek']);
    });

    it('a list of people is the lead for one name, the whole list for a field that asks for names', async () => {
        const report = ['CHECK-OUT REPORT', '', 'Tenant(s):     Mr Owen Pryce, Ms Dana Whitlock', 'Check-out:     28/08/2025'].join('\n');
        const read = async (name: string) =>
            (await readData(report, compile({ svc_schema: '1.0', name: 'r', fields: [{ name, type: 'string' }] })))[name];
        expect(await read('tenant_names')).to.equal('Mr Owen Pryce, Ms Dana Whitlock');
        expect(await read('tenant')).to.equal('Mr Owen Pryce');
    });

    it('a name ends before a comma and a number\'s label ("Sgt. L. Bramwell, Badge #2207")', async () => {
        const citation = ['NOTICE TO APPEAR', '  Officer:       Sgt. L. Bramwell, Badge #2207', '  Court date:    11/04/2025'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'officer_name', type: 'string', hints: ['Officer'] }] });
        expect((await readData(citation, schema)).officer_name).to.equal('Sgt. L. Bramwell');
    });

    it('a participle in the name is no label where only a noun of its stem stands: "Injury:" labels no `injured_person`', async () => {
        const form = [
            'SECTION B - WHAT HAPPENED',
            '  Injury:        Scald to right forearm, approx. 8 cm x 4 cm',
            '  Body part:     Right forearm',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'injured_person', type: 'string' }] });
        expect((await readCandidates(form, schema)).candidates.map((c) => c.quote)).to.deep.equal([]);
        // The verb itself still labels: "Expect payment by" for `expected_payment`.
        const award = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'expected_payment', type: 'date', date_order: 'dmy' }] });
        expect((await readData('BUG BOUNTY AWARD\n\nExpect payment by: 21/10/2025\n', award)).expected_payment).to.equal('2025-10-21');
    });

    it('a word joined by a hyphen labels from its first part: "E-mail" in a row of cells for `contact_email`', async () => {
        const form = [
            'SECTION 4 - ACCOUNTS CONTACT',
            'Name                      DEEPA RAGHAVAN',
            'Telephone                 0117 496 0384',
            'E-mail                    ap@harrowfield-joinery.co.uk',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'contact_email', type: 'string' }] });
        expect((await readData(form, schema)).contact_email).to.equal('ap@harrowfield-joinery.co.uk');
    });

    it('"Shipper" and "Consignee" label who sends and who receives, as customs forms write them', async () => {
        const form = [
            'CUSTOMS DECLARATION CN23',
            'Shipper:        Ruth Abernethy, 4 Mill Lane, Kendal LA9 4QR, GB',
            'Consignee:      Callum Abernethy, 220 Pine Street, Apt 5, Portland OR 97204, US',
            'Contents:       Gift - knitted jumpers (2)',
        ].join('\n');
        expect(await readData(form, strings('sender', 'recipient'))).to.deep.equal({
            sender: 'Ruth Abernethy',
            recipient: 'Callum Abernethy',
        });
    });

    it('a word of the field\'s name, or of a sibling\'s that shares a word with it, is no value: "Home" under "Team"', async () => {
        const report = [
            'HOME:  Brackenbury Athletic FC              2',
            'AWAY:  Old Carthusians Wanderers AFC        3',
            'Half-time score: 1 - 1',
            '',
            'CAUTIONS (YELLOW CARDS)',
            ' Min   Team   Player               Shirt   Code   Offence',
            " 38    Home   Liam O'Driscoll        6     C1     Unsporting behaviour",
            ' 61    Away   Joel Ferreira         10     C2     Dissent by word or action',
            ' 77    Away   Harvey Tindall         4     C3     Persistent infringement',
        ].join('\n');
        // (Not nullable: a nullable field keeps no candidate this weak.)
        const teams = compile({
            svc_schema: '1.0',
            name: 't',
            fields: [
                { name: 'home_team', type: 'string' },
                { name: 'away_team', type: 'string' },
            ],
        });
        const { candidates } = await readCandidates(report, teams);
        expect(candidates.filter((c) => /^(?:home|away)$/i.test(c.quote))).to.deep.equal([]);
        expect(await readData(report, teams)).to.deep.equal({
            home_team: 'Brackenbury Athletic FC',
            away_team: 'Old Carthusians Wanderers AFC',
        });
    });

    it('after the field\'s own whole label, a sibling\'s word is a value: "Account type:   Savings"', async () => {
        const form = ['Account type:            Savings', 'Savings account number:  40-11-22 81736251'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [
                { name: 'account_type', type: 'string' },
                { name: 'savings_account_number', type: 'string' },
            ],
        });
        expect((await readData(form, schema)).account_type).to.equal('Savings');
    });

    it('a word of a value\'s type alone is no string value, whatever labels it ("Date", "Naam"); a shift\'s "Day" is', async () => {
        const proof = [
            '13  Position with, or relation to,      Credit Controller',
            '    creditor',
            '-------------------------------------------------------------------------------',
            '14  Date                                 18 March 2025',
        ].join('\n');
        const creditor = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'creditor_name', type: 'string' }] });
        expect((await readCandidates(proof, creditor)).candidates.map((c) => c.quote)).to.not.include('Date');
        const rota = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'shift', type: 'string' }] });
        expect((await readData('Shift:   Day\nHours:   7.5\n', rota)).shift).to.equal('Day');
    });

    it('a numbered section\'s heading says whose "Name:" follows ("Section 1 - Employee", "Section 6 - …")', async () => {
        // (bench/user-docs/twentysixth has the overtime form this was seen in.)
        const form = [
            'OVERTIME AUTHORISATION AND CLAIM',
            '',
            'Section 1 - Employee',
            'Name:                 Sean McAllister              Payroll no.:   0048823',
            'Job title:            Multi-skilled Operative      Grade:         Band 4',
            '',
            'Section 6 - Authorisation by manager / budget holder',
            'Name:     Gillian Moss, Estates Maintenance Manager',
            'Signed:   G. Moss                                        Date:  02/07/2026',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'ot',
            fields: [
                { name: 'employee', type: 'string' },
                { name: 'authorised_by', type: 'string', description: 'Manager or budget holder who signed section 6' },
            ],
        });
        const read = await readData(form, schema);
        expect(read.employee).to.equal('Sean McAllister');
        expect(read.authorised_by).to.not.equal('Sean McAllister');
    });
});
