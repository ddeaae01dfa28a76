// Lines of forms that are not what they look like: a label paired with its value by dot leaders
// or a wide gap is no letterhead name, and a field named by the role a document is sent to asks
// for no letterhead. Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';

const company = (name: string, description: string) =>
    compile({ svc_schema: '1.0', name: 'c', fields: [{ name, type: 'string', nullable: true, description }] });

describe('form lines', () => {
    it('a label and its value joined by dot leaders or a wide gap are no letterhead name', async () => {
        const booking = [
            'MARSHFIELD MINIBUS HIRE',
            'Airport runs  *  Club outings  *  School trips',
            '',
            'BOOKING CONFIRMATION',
            '',
            'Group .............. Kettering Rambling Club',
            'Address ............ 12 Mill Road, Kettering NN16 8QZ',
            'Phone .............. 07700 900 312',
        ].join('\n');
        const read = await readCandidates(booking, company('operator', 'Company providing the minibus'));
        expect(read.candidates.map((c) => c.quote)).to.not.include('Group .............. Kettering Rambling Club');
        // The letterhead's name over it is the guess (heuristic-organisations.ts), the form's line none.
        expect(read.data).to.deep.equal({ operator: 'MARSHFIELD MINIBUS HIRE' });
        const bon = [
            'Loodgietersbedrijf Aalbers',
            '',
            'WERKBON',
            '',
            'Klant          Dhr. P. de Groot',
            'Adres          Kerkstraat 18, 7411 BM Deventer',
        ].join('\n');
        const gelezen = await readCandidates(bon, company('bedrijf', 'Installatiebedrijf dat de werkbon stuurt'), 'nl');
        expect(gelezen.candidates.map((c) => c.quote)).to.not.include('Klant          Dhr. P. de Groot');
    });

    it('a field named by the role a document is sent to takes no letterhead name', async () => {
        const quote = [
            'HOLLIN BRIDGE FREIGHT LTD',
            '4 Dockside Road, Goole DN14 5RT',
            'Tel 01405 760 221',
            '',
            'QUOTATION Q-20931',
            'Prepared for the warehouse manager at your site.',
        ].join('\n');
        const read = await readCandidates(quote, company('customer', 'Company the quote is for'));
        expect(read.candidates.map((c) => c.quote)).to.not.include('HOLLIN BRIDGE FREIGHT LTD');
        // The same letterhead still names the company that sends it.
        const sender = await readCandidates(quote, company('carrier', 'Company giving the quote'));
        expect(sender.data).to.deep.equal({ carrier: 'HOLLIN BRIDGE FREIGHT LTD' });
    });

    it("a section's number before its heading is no figure", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'p',
            fields: [
                { name: 'weekly_pocket_money', type: 'money', currency: 'GBP', nullable: true },
                { name: 'days_off', type: 'integer', nullable: true },
                { name: 'deposit', type: 'money', currency: 'GBP', nullable: true },
            ],
        });
        const placement = [
            'AU PAIR PLACEMENT',
            '',
            '3. Days off',
            'She will have two days off every week, normally the weekend.',
            '',
            '4. Pocket money',
            'We will pay pocket money every Friday into her account.',
            '',
            '(5) Deposit',
            'No deposit is asked.',
        ].join('\n');
        expect(await readData(placement, schema)).to.deep.equal({ weekly_pocket_money: null, days_off: null, deposit: null });
        // A figure after the heading still reads.
        const paid = placement.replace('We will pay pocket money every Friday', 'Pocket money: £120 a week, paid every Friday');
        expect((await readData(paid, schema)).weekly_pocket_money).to.deep.equal({ amount: '120.00', currency: 'GBP' });
    });

    it('a field that asks for one figure reads neither end of a range', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'repair_estimate', type: 'money', currency: 'USD', description: 'Estimated total cost of the repairs' }],
        });
        const report = [
            '3. PRICING (repairs only)',
            '   Ridge tile re-bedding                                       $1,150.00',
            '   Replace 3 cracked slates                                      $240.00',
            '   Lead flashing to chimney                                      $365.00',
            '   Moss removal                                                  $195.00',
            '                                                               ---------',
            '   Estimated repair total                                      $1,950.00',
            '',
            '   For comparison, a complete re-roof with reclaimed slate is',
            '   estimated at $14,800 - $17,200.',
            '',
            '4. GUARANTEE',
            '   Repairs carry a two-year workmanship guarantee.',
        ].join('\n');
        expect(await readData(report, schema)).to.deep.equal({ repair_estimate: { amount: '1950.00', currency: 'USD' } });
    });

    it('a figure with one decimal and no currency mark is a quantity, not an amount of money', async () => {
        const factuur = [
            'Loodgieter Brink',
            '',
            'FACTUUR 2025-118',
            '',
            'Omschrijving                          aantal    prijs    bedrag',
            'Voorrijkosten                           1       45,00     45,00',
            'Arbeidsloon per uur                     2,5     64,00    160,00',
            '                                     Totaal excl. btw  € 205,00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'f',
            fields: [{ name: 'uurtarief', type: 'money', currency: 'EUR', description: 'Arbeidsloon per uur' }],
        });
        expect(await readData(factuur, schema, 'nl')).to.deep.equal({ uurtarief: { amount: '64.00', currency: 'EUR' } });
    });

    it('a sum worked out on its line reads its result, not an operand', async () => {
        const contract = [
            'BOTENSTALLING DE WAAL',
            '',
            'Lengte boot    : 8,40 m',
            'Tarief         : € 55,00 per meter per seizoen',
            'Stallingsprijs : 8,40 x € 55,00 = € 462,00 voor het hele seizoen',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'stallingsprijs', type: 'money', currency: 'EUR' }] });
        expect(await readData(contract, schema, 'nl')).to.deep.equal({ stallingsprijs: { amount: '462.00', currency: 'EUR' } });
    });

    it('a sum worked out on its line reads its operand, not its result, for a field that asks for a rate', async () => {
        const besluit = [
            'BESLUIT KAPVERGUNNING',
            '',
            'Voor deze vergunning zijn leges verschuldigd:',
            '3 bomen x € 62,00 = € 186,00.',
            'U ontvangt hiervoor een aparte nota.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'k',
            fields: [
                { name: 'leges_per_boom', type: 'money', currency: 'EUR' },
                { name: 'leges_totaal', type: 'money', currency: 'EUR' },
            ],
        });
        expect(await readData(besluit, schema, 'nl')).to.deep.equal({
            leges_per_boom: { amount: '62.00', currency: 'EUR' },
            leges_totaal: { amount: '186.00', currency: 'EUR' },
        });
    });

    it("a dash is no label's colon in the letterhead's line of trades, nor before words in lower case", async () => {
        const quote = [
            'HILLCREST CLEARANCES LTD',
            'House & garage clearances - Somerset & Dorset',
            'Unit 4, Mill Lane, Yeovil BA20 1PQ',
            '',
            'QUOTATION',
        ].join('\n');
        const company = compile({
            svc_schema: '1.0',
            name: 'q',
            fields: [{ name: 'company', type: 'string', description: 'Clearance company giving the quote' }],
        });
        const read = await readCandidates(quote, company);
        expect(read.candidates.map((c) => c.quote)).to.not.include('Somerset & Dorset');
        const agreement = [
            'CLIMB MOBILITY LTD',
            'Unit 2, Hookstone Park, Harrogate HG2 7DB',
            '',
            'Stairlifts - rental, sales & servicing across Yorkshire',
            '',
            'Model - Acorn 130 curved stairlift',
        ].join('\n');
        const model = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'stairlift_model', type: 'string', nullable: true }] });
        expect(await readData(agreement, model)).to.deep.equal({ stairlift_model: 'Acorn 130 curved stairlift' });
    });

    it('two columns side by side are no address block of whole lines', async () => {
        const contract = [
            'HARBOUR ALARMS LLC',
            'Monitoring agreement',
            '',
            'Agreement date:  14 August 2025',
            'Account no:      HA-20931',
            '',
            'CUSTOMER                                 PREMISES MONITORED',
            'Lena Okafor                              418 Birch Hollow Rd',
            'Sam Okafor                               Brookfield, WI 53045',
            'Phone (262) 555-0147                     Cross street: Pine Ave',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [{ name: 'premises_address', type: 'string', description: 'Address of the monitored premises' }],
        });
        const read = await readCandidates(contract, schema);
        expect(read.candidates.map((c) => c.quote).filter((q) => q.includes('Lena Okafor'))).to.deep.equal([]);
    });

    it('so does a number\'s label: "Cancellation number   CXL-5521-0934" is no label of `account_number`, "Number" is', async () => {
        expect(await readData('  Cancellation number    CXL-5521-0934', strings('account_number'))).to.deep.equal({ account_number: null });
        expect(await readData('  Number    CXL-5521-0934', strings('account_number'))).to.deep.equal({ account_number: 'CXL-5521-0934' });
    });

    it('a word of the name after another word in its cell names another thing: "Current school:" is no `school_offered`', async () => {
        const letter = [
            'Child:           Ama Efua Asante-Lloyd',
            'Current school:  Cabot Primary School',
            '',
            'Offered:         Redland Green School',
        ].join('\n');
        expect(await readData(letter, strings('school_offered'))).to.deep.equal({ school_offered: 'Redland Green School' });
    });

    it('a compound whose head differs from the kind the field names counts as a qualified label ("Contracturen" for "verlofuren")', async () => {
        const letter = ['  Contracturen per week          36 uur', '  Verlof in deze periode         12 uur per week'].join('\n');
        const field = (description: string) =>
            compile({ svc_schema: '1.0', name: 'v', fields: [{ name: 'uren_per_week', type: 'integer', description }] });
        const context = async (description: string) =>
            (await readCandidates(letter, field(description), 'nl')).candidates.find((c) => c.quote === '36')!.features.context!;
        // The field's own kind of hours ("verlofuren") makes "Contracturen" another kind; a field
        // that names none keeps the compound whole.
        expect(await context('Aantal verlofuren per week')).to.be.below(await context('Aantal uren per week'));
    });

    it('a possessive labels what it owns when the label goes on to name it: "Patient\'s name", not "Employee\'s contributions"', async () => {
        const note = ["Patient's name     Mr Declan Fairhurst", 'Date of birth      19/11/1979'].join('\n');
        expect(await readData(note, strings('patient_name'))).to.deep.equal({ patient_name: 'Mr Declan Fairhurst' });
        const table = [
            "  NIC     Earnings at or     Earnings above LEL,   Employee's",
            '  table   above LEL, up to   up to and including   contributions',
            '  A       £6,396             £6,174                £1,224.80',
        ].join('\n');
        expect(await readData(table, strings('employee_name'))).to.deep.equal({ employee_name: null });
    });

    it('a section heading that ends with the name\'s word heads the line set in under it: "Licence holder", the name before its address', async () => {
        const doc = [
            'LICENCE TO OPERATE A HOUSE IN MULTIPLE OCCUPATION',
            '',
            'Licence holder',
            '    Ms Priya Natarajan, 4 Oak Bank, Leeds LS6 2AB',
            '',
            'Loaned equipment',
            '  Item no.   Description                 Serial no.',
            '  W-0708     Wheelchair, seat 45 cm      VRM-33871',
        ].join('\n');
        expect(await readData(doc, strings('holder', 'equipment'))).to.deep.equal({ holder: 'Ms Priya Natarajan', equipment: null });
    });

    it('a heading in capitals says whose "Naam" is, the name set in under it: `naam_dier` under "GEGEVENS VAN HET DIER"', async () => {
        const doc = [
            'Stichting Dierenopvang Het Baken',
            'Dijkweg 4, 8911 AA Leeuwarden  |  058 212 09 37',
            '',
            '                    ADOPTIECONTRACT  KAT',
            '                    contractnummer: A-2025-0502',
            '',
            'GEGEVENS VAN HET DIER',
            'Naam',
            '    Pluis',
            'Kleur',
            '    Rood-wit',
            '',
            'GEGEVENS VAN DE ADOPTANT',
            'Naam',
            '    mevr. A. de Vries',
        ].join('\n');
        expect((await readData(doc, strings('naam_dier'), 'nl')).naam_dier).to.equal('Pluis');
    });

    it('a form\'s numbered box in the next cell is no value: "7. Name and surname   MOTHER   8.(a) Place of birth"', async () => {
        const doc = [
            '7. Name and surname                MOTHER         8.(a) Place of birth',
            '   Rebecca Jane BELL                                 Taunton, Somerset',
        ].join('\n');
        expect((await readData(doc, strings('mother_name'))).mother_name).to.not.equal('8.(a) Place of birth');
        expect((await readData('Mother:   8 Elm Court\n', strings('mother_address'))).mother_address).to.equal('8 Elm Court');
    });

    it('a label with a bracketed plural ends the column before it: "Surname:  OYELARAN-HOBBS       First name(s):  Samuel Kayode"', async () => {
        const form = 'APPLICATION FOR EMPLOYMENT\n\nTitle:  Mr        Surname:  OYELARAN-HOBBS       First name(s):  Samuel Kayode\n';
        expect((await readData(form, strings('applicant_surname'))).applicant_surname).to.equal('OYELARAN-HOBBS');
        // The bracketed plural's ending stands between the label and its colon, and a role's kind of
        // name is labelled without the role.
        const schema = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'applicant_first_names', type: 'string' }] });
        expect((await readData(form, schema)).applicant_first_names).to.equal('Samuel Kayode');
        const couple = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'couple', type: 'string', hints: ['Name'] }] });
        expect((await readData('BOOKING FORM\n\nName(s):   Emily Carrow & Jonah Whitlock\n', couple)).couple).to.equal(
            'Emily Carrow & Jonah Whitlock',
        );
    });

    it("an e-mail address is no postal address, and has its '@': `email`, described as the applicant's email address", async () => {
        const form = [
            'SECTION 1 - PERSONAL DETAILS',
            'Address:          3 Coopers Row, Crowborough, East Sussex  TN6 1QE',
            'Email:            sam.hobbs@fastmail.co.uk',
            '',
            'SECTION 4 - QUALIFICATIONS & TRAINING',
            ' NVQ Level 3 Electrotechnical Services (2016)',
            ' IOSH Managing Safely (2022)',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'form',
            fields: [{ name: 'email', type: 'string', description: "applicant's email address" }],
        });
        expect((await readData(form, schema)).email).to.equal('sam.hobbs@fastmail.co.uk');
        const unlabelled = form.replace('Email:            sam.hobbs@fastmail.co.uk', 'Contact: via the agency');
        expect((await readData(unlabelled, schema)).email).to.equal(null);
    });

    it('a numbered section\'s heading that ends with the name heads the line set in under it: "3  LOCATIE VAN BESTEMMING / ONTVANGER"', async () => {
        const note = [
            'BEGELEIDINGSBRIEF VOOR HET VERVOER VAN AFVALSTOFFEN',
            '',
            '3  LOCATIE VAN BESTEMMING / ONTVANGER',
            '   Afvalverwerking Veluwe B.V.',
            '   Nijverheidsweg 88, 3881 LM  Putten',
            '',
            '6  VERVOERDER',
            '   Transportbedrijf Kleine-Wolters VOF, Ermelo',
            '   VIHB-nummer:             109764VIHB',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [
                { name: 'ontvanger', type: 'string' },
                { name: 'vervoerder', type: 'string' },
            ],
        });
        expect(await readData(note, schema, 'nl')).to.deep.equal({
            ontvanger: 'Afvalverwerking Veluwe B.V.',
            vervoerder: 'Transportbedrijf Kleine-Wolters VOF',
        });
    });

    it('a remark\'s label about a role is no label of it: "Opmerkingen ontvanger:", "Customer comments:"', async () => {
        const note = 'ONTVANGST\n   Opmerkingen ontvanger:     bijmenging gips < 5%, geaccepteerd\n';
        expect((await readData(note, strings('ontvanger'), 'nl')).ontvanger).to.equal(null);
        const card = 'JOB CARD\n\nCustomer comments:   happy with the work, thanks\n';
        expect((await readData(card, strings('customer'))).customer).to.equal(null);
        // A field that asks for the remark keeps its label.
        expect((await readData(card, strings('customer_comments'))).customer_comments).to.equal('happy with the work, thanks');
    });

    it('a Dutch compound is labelled by its head first and what it is of: "Adres installatie:" for `installatieadres`', async () => {
        const attest = [
            'ATTEST PERIODIEKE CONTROLE',
            'Datum controle:    17/10/2025',
            'EIGENAAR / EXPLOITANT',
            '  Naam:            Fam. De Wilde-Claeys',
            '  Adres installatie:  Kapelstraat 118, 9100 Sint-Niklaas',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [
                { name: 'installatieadres', type: 'string' },
                { name: 'controledatum', type: 'date', date_order: 'dmy' },
            ],
        });
        const response = await readResponse(attest, schema, 'nl');
        expect(response.data).to.deep.equal({ installatieadres: 'Kapelstraat 118, 9100 Sint-Niklaas', controledatum: '2025-10-17' });
        expect(response.fields.controledatum!.confidence).to.be.greaterThan(0.8);
        // So is a role's name: "Naam melder" for `melder`.
        const melding = 'GEGEVENS MELDING\n  Naam melder         J. Kuipers-Elzinga\n  E-mailadres         j.kuipers@ziggo.nl\n';
        expect(
            (await readData(melding, compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'melder', type: 'string' }] }), 'nl')).melder,
        ).to.equal('J. Kuipers-Elzinga');
    });
});
