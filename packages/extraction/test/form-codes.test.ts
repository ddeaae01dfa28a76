// Codes and names behind a form's label layouts (the users' nineteenth set, 2026-11-27): a square
// bracket and a star before the colon, a code before a bracket, references as codes and "Our ref:",
// a Dutch label's "of" word after it, a title line's number. Documents written for the test; split
// from label-codes.test.ts.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const hinted = (fields: Record<string, unknown>[]) => compile({ svc_schema: '1.0', name: 'doc', fields });

describe('codes and names behind form labels', () => {
    it('a label in square brackets and a form\'s star before the colon: "Bank Identificatie [BIC]*:   ABNANL2A"', async () => {
        const form = [
            'Rekeningnummer [IBAN]:       NL91 ABNA 0417 1643 00',
            'Bank Identificatie [BIC]*:   ABNANL2A',
            'Woonplaats*:  Utrecht',
        ].join('\n');
        const schema = hinted([
            { name: 'bic', type: 'string', hints: ['BIC'] },
            { name: 'woonplaats', type: 'string' },
        ]);
        expect(await readData(form, schema, 'nl')).to.deep.equal({ bic: 'ABNANL2A', woonplaats: 'Utrecht' });
    });

    it('a number\'s code ends before a bracket, not at a comma inside it: "C4417  (refrigerated, tri-axle)"', async () => {
        const sheet = 'DRIVER WALKAROUND CHECK\n\nDriver:  Tomasz Wrobel\nTrailer no.:  C4417  (refrigerated, tri-axle)\n';
        const schema = hinted([{ name: 'trailer_number', type: 'string', hints: ['Trailer no.'] }]);
        expect((await readData(sheet, schema)).trailer_number).to.equal('C4417');
    });

    it('a reference is a code: "Our ref:" labels `matter_reference`, "Matter:  Purchase of …" does not; "Job ref:" labels no `police_crime_reference`', async () => {
        const statement = [
            'HARGREAVES & MOSS LLP',
            '',
            '                         COMPLETION STATEMENT',
            '',
            'Matter:          Purchase of 17 Lavender Hill Mews, Frome, Somerset BA11 2RT',
            'Our ref:         HM/CONV/25-0937/OT         Fee earner: Louise Carver',
        ].join('\n');
        const matter = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'matter_reference', type: 'string' }] });
        expect((await readData(statement, matter)).matter_reference).to.equal('HM/CONV/25-0937/OT');
        const unlabelled = statement.replace('Our ref:         HM/CONV/25-0937/OT', 'Fee earner:      Louise Carver');
        expect((await readData(unlabelled, matter)).matter_reference).to.equal(null);
        // A reference who is a person is read as a name: "name of the referee".
        const referee = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'character_reference', type: 'string', description: 'name of the referee' }],
        });
        expect((await readData('APPLICATION\n\nCharacter reference:   Mrs Gillian Prothero\n', referee)).character_reference).to.equal(
            'Mrs Gillian Prothero',
        );
        const job = 'KEYSAFE LOCKSMITHS\n\nJob ref:       JOB/56120                    Account:        CASH\n';
        const police = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'police_crime_reference', type: 'string', nullable: true }],
        });
        expect((await readData(job, police)).police_crime_reference).to.equal(null);
    });

    it('Dutch writes what a label is of after it: "Kenteken trekker:   52-BLT-8" for `kenteken`', async () => {
        const note = '6  VERVOERDER\n   VIHB-nummer:             109764VIHB\n   Kenteken trekker:        52-BLT-8\n';
        const schema = hinted([{ name: 'kenteken', type: 'string', description: 'kenteken van het voertuig' }]);
        expect((await readData(note, schema, 'nl')).kenteken).to.equal('52-BLT-8');
    });

    it('a title line that names the kind numbers it: "DELIVERY DOCKET / INVOICE   No. 0048817" for `docket_no`', async () => {
        const docket = 'KILBRIDE FUELS LTD\n\n  DELIVERY DOCKET / INVOICE            No. 0048817\n\nProduct:   Kerosene\n';
        const schema = compile({ svc_schema: '1.0', name: 'd', fields: [{ name: 'docket_no', type: 'string' }] });
        expect((await readData(docket, schema)).docket_no).to.equal('0048817');
        const brief = 'BEGELEIDINGSBRIEF VOOR HET VERVOER VAN AFVALSTOFFEN        Nr. BGB-2025-114208\n';
        const nl = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'briefnummer', type: 'string' }] });
        expect((await readData(brief, nl, 'nl')).briefnummer).to.equal('BGB-2025-114208');
        // Not a line that names only part of the kind: the letterhead's charity is no recipient's.
        const letter = 'Oakfield Community Trust\nRegistered charity no. 1093377\n\nDear Ms Patel,\n';
        const recipient = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'recipient_charity_number', type: 'string' }],
        });
        expect((await readCandidates(letter, recipient)).candidates.map((c) => c.quote)).to.not.include('1093377');
    });

    it('a word of the field\'s name inside a value before a code that ends it gives the code ("Vehicle:   Toyota RAV4, NSW rego CJX-41T")', async () => {
        const statement = ['Account number:    3018 7742 09', 'Vehicle:           Toyota RAV4, NSW rego CJX-41T'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'vehicle_rego', type: 'string' }] });
        const { candidates } = await readCandidates(statement, schema);
        expect(candidates.map((c) => c.quote))
            .to.include('CJX-41T')
            .and.not.include('Toyota RAV4, NSW rego CJX-41T');
    });

    it('a case number goes on in capitals and figures after its first code ("zaaknummer 11204588 CV EXPL 25-3107,")', async () => {
        const exploot =
            'bij vonnis van de kantonrechter te Arnhem, gewezen op 16 april 2025 onder zaaknummer 11204588 CV EXPL 25-3107,\ntussen partijen.\n';
        const schema = compile({
            svc_schema: '1.0',
            name: 'e',
            fields: [{ name: 'zaaknummer', type: 'string', description: 'Zaaknummer van het vonnis' }],
        });
        expect((await readData(exploot, schema, 'nl')).zaaknummer).to.equal('11204588 CV EXPL 25-3107');
        // (Or its bracket's end: "d.d. 12 augustus 2025 (zaaknummer 10948221 CV EXPL 25-3307)".)
        const brief = 'op grond van een vonnis van de rechtbank, d.d. 12 augustus 2025\n(zaaknummer 10948221 CV EXPL 25-3307).\n';
        expect((await readData(brief, schema, 'nl')).zaaknummer).to.equal('10948221 CV EXPL 25-3307');
        // (Not words in capitals without a figure after them: "INV-20388 PAID IN FULL".)
        const paid = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'invoice_number', type: 'string' }] });
        expect((await readData('Invoice number INV-20388 PAID IN FULL\n', paid)).invoice_number).to.equal('INV-20388');
    });

    it('a vehicle\'s registration after its label in running text, in up to three groups ("registration WV18 KXP.", "kenteken R-482-NX")', async () => {
        const letter = 'This confirms 5 years of no claims on the policy for the vehicle with registration WV18 KXP. Named drivers: one.\n';
        const schema = compile({ svc_schema: '1.0', name: 'n', fields: [{ name: 'vehicle_registration', type: 'string' }] });
        expect((await readData(letter, schema)).vehicle_registration).to.equal('WV18 KXP');
        const huur = 'De parkeerplaats is uitsluitend bestemd voor de auto met kenteken R-482-NX van de huurder.\n';
        const kenteken = compile({ svc_schema: '1.0', name: 'h', fields: [{ name: 'kenteken', type: 'string' }] });
        expect((await readData(huur, kenteken, 'nl')).kenteken).to.equal('R-482-NX');
        // (Not prose after the word: "registration no longer required".)
        const prose = 'Your registration no longer needs renewing.\n';
        expect((await readCandidates(prose, schema)).candidates).to.deep.equal([]);
    });

    it('a word of a number field\'s name labels the code one space after it ("site licence SMD/WAR/0147 (…)"), not a year', async () => {
        const receipt = [
            'HALLOWAY SKIP HIRE LTD',
            'Waste carrier licence CBDU418207 (Environment Agency)',
            'Permit EPR/KB3391QX, Unit 2 Foundry Road, Preston PR1 4GT',
            '',
            'Contract 2025 terms apply.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'carrier_licence_number', type: 'string' },
                { name: 'permit_number', type: 'string' },
                { name: 'contract_number', type: 'string', nullable: true },
            ],
        });
        expect(await readData(receipt, schema)).to.deep.equal({
            carrier_licence_number: 'CBDU418207',
            permit_number: 'EPR/KB3391QX',
            contract_number: null,
        });
    });

    it('a code alone in its cell after a label may have a bracket after it ("VIN 2HKRW2H53HH612884 (checked against V5C)")', async () => {
        const check = ['VEHICLE CHECK', 'VIN 2HKRW2H53HH612884 (checked against V5C)', 'Mileage 48,210'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'v', fields: [{ name: 'vin', type: 'string' }] });
        expect(await readData(check, schema)).to.deep.equal({ vin: '2HKRW2H53HH612884' });
    });

    it('"reg" abbreviates registration: a vehicle\'s plate before a bracket, a VAT number after a country\'s letters', async () => {
        const ticket = [
            'Seller:         Ms Aled Hughes',
            'Vehicle reg:    LN71 XRC (Vauxhall Vivaro, silver)',
            'Weighed by:     J. Moss',
        ].join('\n');
        const plate = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'vehicle_registration', type: 'string' }] });
        expect(await readData(ticket, plate)).to.deep.equal({ vehicle_registration: 'LN71 XRC' });
        const receipt = 'Thank you for your order. Coldharbour Cycles Ltd, VAT reg. no. GB 927 3316 48.\n';
        const vat = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'vat_registration_number', type: 'string' }] });
        expect(await readData(receipt, vat)).to.deep.equal({ vat_registration_number: 'GB 927 3316 48' });
    });

    it('an English `child_name` labels a Dutch "Kind:"', async () => {
        const factuur = ['FACTUUR KINDEROPVANG', 'Kind:              Daan Visser (geb. 14-02-2022)', 'Periode:           maart 2025'].join(
            '\n',
        );
        const schema = compile({ svc_schema: '1.0', name: 'k', fields: [{ name: 'child_name', type: 'string' }] });
        expect(await readData(factuur, schema, 'nl')).to.deep.equal({ child_name: 'Daan Visser' });
    });

    it('an English `report_number` labels a Dutch "Rapportnr.", and a word of the description inside the value labels no code of it', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'report_number', type: 'string', description: 'Rapportnummer, zonder versie' }],
        });
        const title = ['INSPECTIERAPPORT GEVEL                      Rapportnr.  GI-2025-00417', 'Opdrachtgever:   VvE De Linde'].join('\n');
        const bare = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'report_number', type: 'string' }] });
        expect(await readData(title, bare, 'nl')).to.deep.equal({ report_number: 'GI-2025-00417' });
        const versioned = [
            'INSPECTIERAPPORT GEVEL',
            '',
            'Rapportnummer:   GI-2025-00418, versie 2.1',
            'Datum rapport:   3 maart 2025',
        ].join('\n');
        const { data, candidates } = await readCandidates(versioned, schema, 'nl');
        expect(candidates.map((c) => c.quote)).to.not.include('2.1');
        expect(data).to.deep.equal({ report_number: 'GI-2025-00418' });
    });

    it('"Reg. No." labels a `registration_number`, abbreviations both, and a number in thousands with commas is its code', async () => {
        const certificate = ['Reg. No. 7,812,336', 'Registered Jul. 08, 2025', 'Int. Cl.: 30'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'registration_number', type: 'string' }] });
        expect(await readData(certificate, schema)).to.deep.equal({ registration_number: '7,812,336' });
    });

    it('one digit alone is no value of a field that asks for a number ("U staat op nummer 1 van de kandidatenlijst")', async () => {
        const mail = [
            'Van:        Woonstichting Het Anker <verhuur@hetanker-wonen.nl>',
            'Aan:        j.devries@gmail.com',
            'Datum:      maandag 3 maart 2025 10:02',
            'Onderwerp:  Aanbieding woning Molenweg 4, Zwolle (advertentie 2025-0712)',
            '',
            'Beste heer De Vries,',
            '',
            'Goed nieuws! U staat op nummer 1 van de kandidatenlijst voor onderstaande woning.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'w',
            fields: [{ name: 'advert_number', type: 'string', description: 'Nummer van de advertentie' }],
        });
        expect((await readCandidates(mail, schema, 'nl')).candidates.map((c) => c.quote)).to.not.include('1');
    });

    it('an abbreviation with "No" and a colon after it labels its word\'s field ("Reg No:      NU21 KXD" for `vehicle_registration`)', async () => {
        const invoice = ['WINDSCREEN REPLACEMENT', 'Make/model:  Ford Focus Zetec', 'Reg No:      LK70 TWB', 'Mileage:     41,220'].join(
            '\n',
        );
        const schema = compile({ svc_schema: '1.0', name: 'w', fields: [{ name: 'vehicle_registration', type: 'string' }] });
        expect(await readData(invoice, schema)).to.deep.equal({ vehicle_registration: 'LK70 TWB' });
    });

    it('a hint of one word labels the code one space after it in running text, for a field that asks for a number', async () => {
        const letter = 'We supplied the goods on 30 days credit. Invoice RBT-40218 dated 2 June 2025 remains unpaid.\n';
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'invoice_number', type: 'string', hints: ['Invoice'] }] });
        expect(await readData(letter, schema)).to.deep.equal({ invoice_number: 'RBT-40218' });
        const notice = 'Your plan (account WX-55102-C) renews on 3 March 2026.\n';
        const account = compile({ svc_schema: '1.0', name: 'n', fields: [{ name: 'account_id', type: 'string', hints: ['account'] }] });
        expect(await readData(notice, account)).to.deep.equal({ account_id: 'WX-55102-C' });
    });

    it('a code is no plain word: "Net" of "Net weight" is no `hs_code`', async () => {
        // (bench/user-docs/twentyfifth has the certificate of origin this was seen in.)
        const certificate = [
            'CERTIFICATE OF ORIGIN',
            '',
            'Description of goods                          Quantity',
            '  Centrifugal pump spare parts, impellers,    24 cases',
            '  pressure tested, HS code 8413 91 00            Net weight   4,212 kg',
        ].join('\n');
        const code = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'hs_code', type: 'string' }] });
        expect((await readData(certificate, code)).hs_code).to.not.equal('Net');
        // A code in capitals or in lower case of two letters is one.
        const order = 'ORDER\n\nPromo code:   WELCOME\nLanguage code:   en\n';
        const codes = compile({
            svc_schema: '1.0',
            name: 'o',
            fields: [
                { name: 'promo_code', type: 'string' },
                { name: 'language_code', type: 'string' },
            ],
        });
        expect(await readData(order, codes)).to.deep.equal({ promo_code: 'WELCOME', language_code: 'en' });
    });
});
