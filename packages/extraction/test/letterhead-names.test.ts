// Letterheads, senders and names as users' letters write them (documents written for the test;
// bench/user-docs/fourteenth and fifteenth have the ones these were seen in): a company named
// after a street, an e-mail's sender, "<KIND> OF <Place>", a department's line under the name, a
// title's full stop, and a sum of money that is no name.
import { expect } from 'chai';
import { letterheadLine } from '../src/readers/heuristic-address.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('letterhead names', () => {
    it('a letterhead name may hold a street word when a legal form ends it, over a "Registered in …, company number" line', async () => {
        const advice = [
            'HERON LANE ENGINEERING LIMITED',
            'Registered in England and Wales, company number 08812734',
            '14 Quayside Road, Bristol BS1 6DF',
            '',
            'REMITTANCE ADVICE',
            '',
            'Supplier:      Pellow Fasteners',
            'Amount paid:   £1,240.00',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'remittance', fields: [{ name: 'company', type: 'string' }] });
        expect((await readData(advice, schema)).company).to.equal('HERON LANE ENGINEERING LIMITED');
    });

    it("an e-mail's sender names its issuer, without the department its name ends with", async () => {
        const mail = [
            'From: Harbourline Ferries Bookings <bookings@harbourline.example>',
            'To: j.okoro@example.com',
            'Subject: Your crossing is confirmed',
            '',
            'Thank you for booking with us. Your crossing from Pembroke to Rosslare',
            'on 14 June 2025 is confirmed for 2 adults and 1 car.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'ferry', fields: [{ name: 'company', type: 'string' }] });
        expect((await readData(mail, schema)).company).to.equal('Harbourline Ferries');
        const nl = ['Van: Tuincentrum De Linde Klantenservice <service@delinde.example>', 'Onderwerp: Je bestelling', '', 'Hoi Jan,'].join(
            '\n',
        );
        const winkel = compile({ svc_schema: '1.0', name: 'bestelling', fields: [{ name: 'winkel', type: 'string' }] });
        expect((await readData(nl, winkel, 'nl')).winkel).to.equal('Tuincentrum De Linde');
    });

    it('a sum of money starts no name ("Previous valuation: £5,400.00 (this office, March 2021)" for `client_name`)', async () => {
        const valuation = [
            'Valuation ref:   HB/V/25/0112',
            'Prepared for:    Mr Oliver Penhale',
            '',
            "A gentleman's 18ct gold signet ring, engraved with a family crest.",
            '',
            'Previous valuation: £1,250.00 (this office, June 2019)',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'valuation',
            fields: [{ name: 'client_name', type: 'string', description: 'Client the valuation was prepared for' }],
        });
        expect((await readData(valuation, schema)).client_name).to.not.equal('£1,250.00 (this office, June 2019)');
        const candidates = (await readCandidates(valuation, schema)).candidates.map((c) => c.quote);
        expect(candidates).to.not.include('£1,250.00 (this office, June 2019)');
    });

    it('a letterhead "<KIND> OF <Place>" names the kind ("UNIVERSITY OF NORTHBRIDGE" for `university`)', async () => {
        const offer = (head: string) =>
            [
                head,
                'Admissions Office',
                'Castle Road, Northbridge NB4 7TT',
                '',
                'Dear Ama,',
                '',
                'We are pleased to offer you a place.',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'offer', fields: [{ name: 'university', type: 'string' }] });
        expect((await readData(offer('UNIVERSITY OF EAST WESSEX'), schema)).university).to.equal('UNIVERSITY OF EAST WESSEX');
        // A title that runs on is no name.
        expect((await readData(offer('UNIVERSITY OF THE YEAR AWARD TO THE FACULTY'), schema)).university).to.equal(null);
    });

    it('the letterhead name over a department\'s line is the name, not the department ("Dispute Resolution")', async () => {
        const letter = (under: string) =>
            [
                'HARGREAVE MOSS SOLICITORS',
                under,
                '2 Park Square East, Leeds LS1 2NE',
                '',
                'Mr Dean Farrow',
                '14 Mill Lane',
                'Otley LS21 1AB',
                '',
                'Dear Mr Farrow,',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'firm', type: 'string' }] });
        expect((await readData(letter('Private Client Department'), schema)).firm).to.equal('HARGREAVE MOSS SOLICITORS');
        // A company's own name under a trading name stays the name (receipts: "CITY MILK" over "… SDN BHD").
        expect((await readData(letter('Hargreave Moss Legal Ltd'), schema)).firm).to.equal('Hargreave Moss Legal Ltd');
    });

    it('a title\'s full stop ends no name ("Capt. Hamish MacRury"), and a bracketed remark after a wide gap is no part of the value', async () => {
        const certificate = (who: string) =>
            [
                '    Candidate           Ms Adaeze Okafor',
                `    Instructor          ${who}`,
                '    Principal           Deborah Fenwick-Lowe',
                '',
            ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'course',
            fields: [{ name: 'instructor', type: 'string', hints: ['Instructor'] }],
        });
        expect((await readData(certificate('Capt. Ruaridh Munro   (Yachtmaster Instructor)'), schema)).instructor).to.equal(
            'Capt. Ruaridh Munro',
        );
        expect((await readData(certificate('Revd. Ruaridh Munro'), schema)).instructor).to.equal('Revd. Ruaridh Munro');
        // Two spaces before the bracket: one cell, the remark with it (as before).
        const permit = compile({ svc_schema: '1.0', name: 'permit', fields: [{ name: 'pitch', type: 'string', hints: ['Pitch'] }] });
        expect((await readData('  Pitch         F-21  (Food Court, row F)\n', permit)).pitch).to.be.oneOf([
            'F-21',
            'F-21  (Food Court, row F)',
        ]);
    });

    it("the field's whole name ending a name in capitals is that name's, no label of the line under it", async () => {
        const statement = (head: string) =>
            [
                `${head}                         EXPLANATION OF BENEFITS`,
                'PO Box 1180, Salem, OR 97308',
                '',
                'Member:   Ana Lucero',
                '',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'eob', fields: [{ name: 'health_plan', type: 'string' }] });
        expect((await readData(statement('WILLAMETTE VALLEY HEALTH PLAN'), schema)).health_plan).to.equal('WILLAMETTE VALLEY HEALTH PLAN');
        // An article alone before it makes a heading, over the value.
        const agreement = [
            'THE EMPLOYER                              THE APPRENTICE',
            'Harlow Joinery Ltd                        Jamie Reeve',
            '',
        ].join('\n');
        const employer = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'employer', type: 'string' }] });
        expect((await readData(agreement, employer)).employer).to.equal('Harlow Joinery Ltd');
    });

    it('a banner\'s ornaments are no part of the name: "~~~ CROWN CURRENCY EXCHANGE ~~~"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'receipt',
            fields: [{ name: 'bureau', type: 'string', description: 'shop that sold the currency' }],
        });
        const doc = [
            '        ~~~ THISTLE CURRENCY EXCHANGE ~~~',
            '         4 Market Street, Edinburgh EH1 1DE',
            '',
            '   CUSTOMER RECEIPT',
            '   Receipt no:   EDN-02-1177',
        ].join('\n');
        expect((await readData(doc, schema)).bureau).to.equal('THISTLE CURRENCY EXCHANGE');
    });

    it('a certificate\'s ornaments around a name are no part of it ("~ BRITISH SHOTOKAN KARATE FEDERATION ~")', async () => {
        const certificate = [
            '        ~ BRITISH SHOTOKAN KARATE FEDERATION ~',
            '          Affiliated to the English Karate Federation',
            '',
            '                 CERTIFICATE OF GRADE',
            '',
            'Association:   • Northern Budo Society •',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'federation', type: 'string' },
                { name: 'association', type: 'string' },
            ],
        });
        expect(await readData(certificate, schema)).to.deep.equal({
            federation: 'BRITISH SHOTOKAN KARATE FEDERATION',
            association: 'Northern Budo Society',
        });
    });

    it('a letterhead\'s name ends with its legal form where a dash goes on with what it does ("Pluxee Belgium NV - Dienstencheques Vlaanderen")', async () => {
        const statement = [
            'Pluxee Belgium NV - Dienstencheques Vlaanderen',
            'Boulevard du Souverain 165, 1160 Brussel  |  02 547 54 95',
            '',
            'OVERZICHT VAN UW DIENSTENCHEQUES-REKENING',
        ].join('\n');
        const fields = [{ name: 'uitgever', type: 'string', description: 'Bedrijf dat de dienstencheques uitgeeft' }];
        const schema = compile({ svc_schema: '1.0', name: 'd', fields });
        expect((await readData(statement, schema, 'nl')).uitgever).to.equal('Pluxee Belgium NV');
        // A dash inside a name without a legal form before it keeps the whole ("Hart - Long Centrum").
        const clinic = statement.replace('Pluxee Belgium NV - Dienstencheques Vlaanderen', 'Hart - Long Centrum Brussel');
        expect((await readData(clinic, schema, 'nl')).uitgever).to.equal('Hart - Long Centrum Brussel');
    });

    it('an e-mail sent from a department names no business; the letterhead over an Irish Eircode does ("Data Protection Office")', async () => {
        const mail = [
            'From: Data Protection Office <dataprotection@lunasatelecom.ie>',
            'To: Ciarán Mac Giolla Phádraig <ciaran.macgp@eircom.net>',
            'Subject: Your Subject Access Request',
            '',
            'Lúnasa Telecom DAC',
            'Data Protection Office, Block C, Eastpoint Business Park, Dublin 3, D03 W2K6',
            '',
            'Dear Mr Mac Giolla Phádraig,',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'm',
            fields: [{ name: 'controller_name', type: 'string', hints: ['Data controller', 'company'] }],
        });
        const { data, candidates } = await readCandidates(mail, schema);
        expect(candidates.map((c) => c.quote)).to.not.include('Data Protection Office');
        expect(data.controller_name).to.equal('Lúnasa Telecom DAC');
    });

    it('an accreditation\'s label and number is no name ("UKAS Testing Laboratory No. 2871" under the letterhead)', async () => {
        const record = [
            'HOLMFIRTH ENVIRONMENTAL LABORATORIES                    SAMPLE RECEIPT',
            'UKAS Testing Laboratory No. 4410                        Ref.  HEL-22817',
            '',
            'Client:            Pennine Water Ltd',
        ];
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'lab_name', type: 'string', hints: ['Laboratories', 'Laboratory'] }],
        });
        const { data, candidates } = await readCandidates(record.join('\n'), schema);
        const quotes = candidates.map((c) => c.quote);
        expect(quotes).to.not.include('UKAS Testing Laboratory No. 4410');
        expect(quotes).to.not.include('UKAS Testing Laboratory');
        expect(data.lab_name).to.equal('HOLMFIRTH ENVIRONMENTAL LABORATORIES');
    });

    it('a post-office box is no name: not under a hint that ends the letterhead\'s name ("Lending Services")', async () => {
        const statement = [
            'Brookfield Lending Services                      LOAN STATEMENT',
            'P.O. Box 88120, Omaha, NE 68108                  Statement date: 03/31/2025',
            '',
            'Borrower:          Dana K. Ruiz',
        ];
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'lender_name', type: 'string', hints: ['Lending Services'] }],
        });
        const { candidates } = await readCandidates(statement.join('\n'), schema);
        expect(candidates.map((c) => c.quote)).to.not.include('P.O. Box 88120, Omaha, NE 68108');
        // A field that asks for an address still reads one after its label.
        const address = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'payment_address', type: 'string', hints: ['Send payments to'] }],
        });
        const slip = [...statement, 'Send payments to:  P.O. Box 4410, Omaha, NE 68103'].join('\n');
        expect((await readData(slip, address)).payment_address).to.equal('P.O. Box 4410, Omaha, NE 68103');
    });

    it('an e-mail\'s sender without the department before a dash or after the name ("Receipts"), and a signature\'s letterhead before its address', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'company', type: 'string' }] });
        const receipt = [
            'From: Kestrel Parking Receipts <receipts@kestrelparking.example>',
            'Subject: Your parking receipt',
            '',
            'Hi Ana,',
        ];
        expect((await readData(receipt.join('\n'), schema)).company).to.equal('Kestrel Parking');
        const booking = [
            'From:     Reservations – The Old Granary <reservations@oldgranary.example>',
            'Subject:  Your table on Friday',
            '',
            'Hi Sam, your table for six is booked for 8pm.',
            '',
            'Best,',
            'Marta',
            '',
            '--',
            'Marta Silva | Restaurant Manager',
            'The Old Granary · 3 Mill Lane, Stamford PE9 2AB',
        ];
        const { data, candidates } = await readCandidates(booking.join('\n'), schema);
        expect(candidates.map((c) => c.quote)).to.not.include('Marta Silva | Restaurant Manager');
        expect(data.company).to.equal('The Old Granary');
    });

    it('a letterhead\'s name may end with its legal form in lower case ("Severn Vale Water Services plc")', async () => {
        const letter = [
            '                                         Severn Vale Water Services plc',
            '                                         Customer Relations',
            '                                         PO Box 2210',
            '                                         Gloucester GL1 9ZZ',
            '',
            '                                         0345 611 4420',
            '',
            'Mr Idris Vaughan',
            '14 Bell Rise',
            'Tewkesbury',
            'GL20 5AB',
            '',
            'Our reference:    SV-2025-40817',
        ].join('\n');
        expect(letterheadLine('Severn Vale Water Services plc')).to.equal(true);
        expect(letterheadLine('Severn vale water services plc')).to.equal(false);
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'company_name', type: 'string', description: 'The company that wrote the letter' }],
        });
        const { data, candidates } = await readCandidates(letter, schema);
        expect(candidates.map((c) => c.quote)).to.include('Severn Vale Water Services plc');
        expect(data.company_name).to.equal('Severn Vale Water Services plc');
    });

    it("a `consultancy` asks for an organisation: the report's letterhead", async () => {
        const report = [
            'AQUA-TERRA ADVIES B.V.',
            'Stationsweg 8, 6711 PM Ede  |  0318 44 12 90',
            '',
            'VERKENNEND BODEMONDERZOEK',
            'Locatie: Dorpsstraat 3, 6731 AB Otterlo',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'consultancy', type: 'string', description: 'Adviesbureau dat het onderzoek uitvoerde' }],
        });
        expect((await readData(report, schema, 'nl')).consultancy).to.equal('AQUA-TERRA ADVIES B.V.');
    });

    it("a `manufacturer` or a `publisher_name` asks for an organisation: the specification's or the statement's letterhead", async () => {
        const spec = [
            'HAVERBROOK BAKEHOUSE LTD                       FINISHED PRODUCT SPECIFICATION',
            'Mill Yard, Station Road, Settle BD24 9AB       Page 1 of 2',
            '',
            'Product name ........ Stem Ginger & Oat Cookies',
            'Customer ............ Greenlane Farm Shops (own label)',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'manufacturer', type: 'string' }] });
        expect((await readData(spec, schema)).manufacturer).to.equal('HAVERBROOK BAKEHOUSE LTD');
        // A field that only describes itself so is no letterhead's: `make`, "Vehicle manufacturer".
        const certificate = ['ATF RECYCLING LTD', 'Unit 3, Canal Road, Leeds LS12 2PL', '', 'Vehicle make:   Ford'].join('\n');
        const make = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'make', type: 'string', description: 'Vehicle manufacturer' }],
        });
        expect((await readData(certificate, make)).make).to.equal('Ford');
    });

    it("an `aanbestedende_dienst` asks for an organisation: the tender letter's letterhead", async () => {
        const brief = [
            'Gemeente Maasterwolde',
            'Afdeling Inkoop en Contractmanagement',
            'Postbus 180, 6040 AD Maasterwolde',
            '',
            'Groenbedrijf Van Lieshout B.V.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'g', fields: [{ name: 'aanbestedende_dienst', type: 'string' }] });
        expect((await readData(brief, schema, 'nl')).aanbestedende_dienst).to.equal('Gemeente Maasterwolde');
    });

    it('the letterhead\'s line under the name that says what it is names the kind ("Laboratorium voor …" for `laboratorium`)', async () => {
        const report = [
            'Waterlab Oost B.V.',
            'Laboratorium voor water- en bodemanalyse',
            'Industrieweg 4, 7400 AA Deventer  ·  0570 123 456',
            '',
            '                              ANALYSERAPPORT',
            '',
            'Opdrachtgever:       Camping De Hooiberg',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'laboratorium', type: 'string' }] });
        expect((await readData(report, schema, 'nl')).laboratorium).to.equal('Waterlab Oost B.V.');
    });
});
