// Rows of cells, as statements, payslips and particulars print them: a label's value is the next
// cell ("Sort code   40-22-17   Account number   61839204"), a value read after a colon ends at a
// wide gap where a code ends or a bracket opens, a label at the end of a row labels the cell under
// it, and such a row is no prose whose last name runs on into the next line. Documents written for
// the test (bench/user-docs/third has the documents these were seen in).
import { expect } from 'chai';
import { headerRow, pairedCell } from '../src/readers/heuristic-lines.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readData, readResponse } from './support/read-data.js';

const STATEMENT = [
    'NORTHGATE BANK PLC',
    '',
    'Account name     DR WHITCOMBE',
    'Sort code        40-22-17              Account number   61839204',
    'IBAN             GB71 NTHB 4022 1761 8392 04        BIC  NTHBGB2L',
    '',
    'Closing balance  £3,962.01',
].join('\n');

describe('rows of label–value cells', () => {
    it('reads each label of a row of pairs as the label of the next cell', async () => {
        const data = await readData(STATEMENT, strings('sort_code', 'account_number', 'bic'));
        expect(data).to.deep.equal({ sort_code: '40-22-17', account_number: '61839204', bic: 'NTHBGB2L' });
    });

    it('reads a payslip row whose left half is a name and right half a pair, also in Dutch', async () => {
        const slip = [
            'Bakkerij Van der Wiel B.V.',
            '',
            'Werknemer      M.J. (Marieke) Hoogendoorn          Personeelsnr    1047',
            'Adres          Kanaalstraat 88-bis                 Functie         Productieleider',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'loonstrook',
            fields: [
                { name: 'personeelsnummer', type: 'string', hints: ['Personeelsnr'] },
                { name: 'functie', type: 'string', nullable: true },
            ],
        });
        expect(await readData(slip, schema, 'nl')).to.deep.equal({ personeelsnummer: '1047', functie: 'Productieleider' });
    });

    it("takes a party from a list of particulars, its name before the bracket of its company's number", async () => {
        const lease = [
            'THIS LEASE is dated 17 March 2025',
            '',
            '1.  Landlord        CALDER VALE PROPERTIES LIMITED (company number 08811342) whose',
            '                    registered office is at 9 Park Row, Leeds LS1 4AP',
            '',
            '2.  Tenant          MOORLAND COFFEE ROASTERS LTD (company number 12990471) whose',
            '                    registered office is at 2 Old Gate, Hebden Bridge HX7 8JP',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'lease',
            fields: [
                { name: 'landlord', type: 'string', hints: ['Landlord'] },
                { name: 'tenant', type: 'string', hints: ['Tenant'] },
            ],
        });
        expect(await readData(lease, schema)).to.deep.equal({
            landlord: 'CALDER VALE PROPERTIES LIMITED',
            tenant: 'MOORLAND COFFEE ROASTERS LTD',
        });
    });

    it("pairs no cells of a table's header, nor a clause's heading with its first sentence", () => {
        const header = 'Date      Code   Description        Tooth  Provider        Fee';
        expect(pairedCell(header, header.indexOf('Provider'), header.indexOf('Provider') + 8)).to.equal(undefined);
        expect(pairedCell(header, 0, 4)).to.equal(undefined);
        const clause = '      23.   Governing Law.  This Agreement shall be governed and construed according to the law of Tennessee.';
        const at = clause.indexOf('Governing');
        expect(pairedCell(clause, at, at + 'Governing Law'.length)).to.equal(undefined);
        const row = 'Sort code        40-22-17              Account number   61839204';
        expect(pairedCell(row, 0, 9)).to.deep.equal([17, 25]);
    });
});

describe('a label–value pair before one more cell', () => {
    it('pairs the label that starts its line with a value that has a figure', async () => {
        const line = 'Certificate number     PMS-C-2025-11482                            Page 1 of 2';
        expect(pairedCell(line, 0, 18)).to.deep.equal([23, 39]);
        expect(pairedCell('Description   Hours   Rate', 0, 11)).to.equal(undefined);
        const doc = `CERTIFICATE OF CALIBRATION\n\n${line}\nDate of issue          24 June 2025\n`;
        expect((await readData(doc, strings('certificate_number'))).certificate_number).to.equal('PMS-C-2025-11482');
    });
});

describe('a value on its label’s line ends at a wide gap', () => {
    it('where a code ends, or a bracket opens; a name keeps words a wide gap apart', async () => {
        const summons =
            'SMALL CLAIMS\n\nCase Number:  SCV-25-004187                      FILED\n\nPatient: Emily Kowalczyk   (DOB 06/14/2012)\n';
        expect(await readData(summons, strings('case_number', 'patient'))).to.deep.equal({
            case_number: 'SCV-25-004187',
            patient: 'Emily Kowalczyk',
        });
        expect((await readData('ACME Ltd\n\nSold To: Globex     Corporation\n', strings('sold_to'))).sold_to).to.equal(
            'Globex Corporation',
        );
    });

    it('before an address or a word in lower case, and a code before its bracket', async () => {
        const tenants = [
            'TENANT(S)',
            '  Lead tenant:     Ms Hannah Okafor        h.okafor@mailbox.org      07712 604 118',
            '  Joint tenant:    Mr Daniel Reyes         dreyes88@gmail.com        07845 221 907',
        ].join('\n');
        expect((await readData(tenants, strings('lead_tenant'))).lead_tenant).to.equal('Ms Hannah Okafor');
        const installer = 'INSTALLER\nEngineer:          Tom Pryce\nGas Safe reg. no:  571203 (business)\n';
        const gas = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [{ name: 'gas_safe_number', type: 'string', hints: ['Gas Safe reg. no'] }],
        });
        expect((await readData(installer, gas)).gas_safe_number).to.equal('571203');
    });

    it('before a cell with a figure: a name does not run on into the next column’s date', async () => {
        const order = [
            'CLIENT                                     EVENT',
            'Brightwater Analytics, Inc.                Q1 All-Hands Luncheon',
            'Contact: Naomi Castellanos,                Thursday, March 6, 2025',
            '         Office Manager                    Service 11:30 AM - 1:30 PM',
        ].join('\n');
        expect((await readData(order, strings('contact'))).contact).to.equal('Naomi Castellanos');
    });
});

describe('a label at the end of a row', () => {
    it('labels the one cell under it on the next line', async () => {
        const doc = [
            'SUPERIOR COURT OF CALIFORNIA',
            '',
            'Case Number:  SCV-25-004187                      FILED',
            '                                                 FEB 19 2025',
            '                                                 Clerk of the Superior Court',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'summons',
            fields: [{ name: 'filing_date', type: 'date', nullable: true, hints: ['FILED'] }],
        });
        const { data, fields } = await readResponse(doc, schema);
        expect(data.filing_date).to.equal('2025-02-19');
        // Read as labelled: a date under no label is reported found but unsure (about 1 in 3).
        expect(fields.filing_date!.confidence).to.be.greaterThan(0.5);
    });

    it('ends a name after it at the line: the next line of a row of cells is an address, not more name', async () => {
        const order = [
            'TRI-COUNTY AUTO & TIRE                                   REPAIR ORDER #  RO-25-06131',
            '4815 Route 9, Freehold, NJ 07728                         Page 1 of 1',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'repair',
            fields: [{ name: 'repair_order_number', type: 'string', hints: ['REPAIR ORDER #'] }],
        });
        expect((await readData(order, schema)).repair_order_number).to.equal('RO-25-06131');
    });
});

describe('a label alone on its line, without hints', () => {
    it('heads the first cell of the line below, a word of the name in capitals too; a bracket may qualify a label', async () => {
        const ticket = [
            'Dear Ms Okonkwo,',
            '',
            '  BOOKING REFERENCE (PNR):  X7KQ2P',
            '  E-TICKET NUMBER:          157-2418803391',
            '',
            'PASSENGER',
            '  OKONKWO/ADAEZE MS        Adult        Frequent flyer: MA 4471902 (Silver)',
        ].join('\n');
        expect(await readData(ticket, strings('booking_reference', 'passenger_name'))).to.deep.equal({
            booking_reference: 'X7KQ2P',
            passenger_name: 'OKONKWO/ADAEZE MS',
        });
    });
});

describe('forms: dot leaders, a label ending a row, a heading over labelled lines, brackets with numbers', () => {
    it('reads values after dot leaders and under a heading whose line below is labelled', async () => {
        const form = [
            'ATTENDEE',
            '   Name ............ Priya Raghunathan',
            '   Company ......... Helix Biometrics, Inc.',
            '',
            'VESSEL',
            '  Name: SEA ANEMONE II              Type: sailing yacht',
        ].join('\n');
        expect(await readData(form, strings('company', 'vessel_name'))).to.deep.equal({
            company: 'Helix Biometrics Inc.', // one spelling of a company: the comma before its legal form folded
            vessel_name: 'SEA ANEMONE II',
        });
    });

    it('reads the cell under a label that ends a row of cells, not under a clause heading after its number', async () => {
        const declaration =
            'Box 2   Exporter\n        Shenzhen Lumatek Electronics Co., Ltd\n\nBox 8   Importer\n        Brightwell Home Supplies Ltd\n';
        expect((await readData(declaration, strings('importer'))).importer).to.equal('Brightwell Home Supplies Ltd');
        // With both cells as hints, the second is the first's value no more than its own.
        const hinted = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'importer', type: 'string', hints: ['Importer', 'Box 8'] }],
        });
        const withAddress = `${declaration}        Unit 4, Kingsway Business Park, Rochdale OL16 4NW\n`;
        expect((await readData(withAddress, hinted)).importer).to.equal('Brightwell Home Supplies Ltd');
        const clause = '10.4              Governing Law\n\nThis Agreement  will be governed by the law of British  Columbia.\n';
        expect((await readData(clause, strings('governing_law'))).governing_law).to.not.match(/will be governed/);
    });

    it('ends a name or a code before a bracket with a number in it, not before a name of its own', async () => {
        const doc =
            'Child: Freya Carter (DOB 14 June 2022)\nZaaknummer: Z2025-004187 (Omgevingsloket: 9921834)\nWerknemer: M.J. (Marieke) Hoogendoorn\n';
        expect(await readData(doc, strings('child', 'zaaknummer', 'werknemer'))).to.deep.equal({
            child: 'Freya Carter',
            zaaknummer: 'Z2025-004187',
            werknemer: 'M.J. (Marieke) Hoogendoorn',
        });
    });
});

describe('two labels over two values in their columns', () => {
    it('reads each label’s value in its column of the next line, when the first is a figure or code', async () => {
        const certificate = [
            'MOT test certificate',
            '',
            'Vehicle registration mark           Make and model',
            'FN16 UWT                            FORD FIESTA ZETEC',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'mot',
            fields: [
                { name: 'registration', type: 'string', hints: ['Vehicle registration mark'] },
                { name: 'model', type: 'string', hints: ['Make and model'] },
            ],
        });
        expect(await readData(certificate, schema)).to.deep.equal({ registration: 'FN16 UWT', model: 'FORD FIESTA ZETEC' });
    });

    it('not a row of label–value pairs, whose next line starts with a label again', () => {
        expect(headerRow('Vehicle registration mark           Make and model', 'FN16 UWT                            FORD FIESTA')).to.equal(
            true,
        );
        expect(headerRow('Name          Jane Doe', 'Phone         0113 274 8810')).to.equal(false);
        expect(headerRow('Name          Jane Doe', 'Acme 2 Ltd')).to.equal(false);
        // Labels with their colons before values are pairs, however many; labels alone are a header.
        const pairs = ' Customer:   Halvorsen Marine Supply Co.       Name:   Dana Whitfield';
        expect(headerRow(pairs, ' Address:    2140 Harbor View Dr               Title:  Controller')).to.equal(false);
        expect(headerRow('BILL TO:          SHIP TO:', 'Acme Ltd          Beta Corp')).to.equal(true);
    });
});

describe('a value with a colon of its own', () => {
    it('is the value where the lines around write their values in its column, not the next label', async () => {
        const pledge = [
            'Backer name:         Priya Raman',
            'Project:             Tidewater: A Cooperative Board Game of Coastal Rescue',
            'Creator:             Saltmarsh Games LLC, Portland, Maine',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'project_name', type: 'string', hints: ['Project'] }] });
        expect((await readData(pledge, schema)).project_name).to.equal('Tidewater: A Cooperative Board Game of Coastal Rescue');
        // A label past the values' column is the next column's ("Vendor:          Ship to:").
        const order = 'Vendor:     Ship to:\nAcme Ltd    Beta Corp\nRef:        PO-4471\n';
        expect((await readData(order, strings('vendor'))).vendor).to.equal('Acme Ltd');
    });
});

describe('a hint alone on its line', () => {
    it('heads the line below when it has two words or more, not in capitals', async () => {
        const certificate = [
            'MOT test certificate',
            '',
            'Expiry date',
            '7 April 2026',
            '',
            'MOT test number',
            '4172 8839 0514',
            '',
            'Testing station number: V41187',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'm',
            fields: [{ name: 'test_number', type: 'string', hints: ['MOT test number'] }],
        });
        expect((await readData(certificate, schema)).test_number).to.equal('4172 8839 0514');
    });
});

describe('a row of label–value pairs under a row of headings', () => {
    it('reads each label’s own value, not the next row’s label', async () => {
        const order = [
            ' CUSTOMER INFORMATION                          BILLING CONTACT',
            ' Customer:   Halvorsen Marine Supply Co.       Name:   Dana Whitfield',
            ' Address:    2140 Harbor View Dr               Title:  Controller',
            ' Phone:      (253) 555-0187                    Phone:  (253) 555-0142',
        ].join('\n');
        expect((await readData(order, strings('customer_name'))).customer_name).to.equal('Halvorsen Marine Supply Co.');
    });
});

describe('a label and its value under a heading', () => {
    it('reads the value cell, not the label cell, under a heading that names the field', async () => {
        const rental = [
            'PACIFIC COAST CAR RENTAL                                  RENTAL AGREEMENT',
            '',
            'RENTER                                          VEHICLE',
            'Name       HOLLOWAY, MARCUS D                   Unit #       48217',
            'Address    915 Elm Ridge Ct                     Plate        WA CKT8841',
        ].join('\n');
        expect((await readData(rental, strings('renter_name'))).renter_name).to.equal('HOLLOWAY, MARCUS D');
        const lab = [
            'PATIENT                                  | SPECIMEN',
            'Name:    WHITAKER, JOANNE M              | Accession:   SCL-25-3318406',
        ].join('\n');
        expect((await readData(lab, strings('patient_name'))).patient_name).to.equal('WHITAKER, JOANNE M');
        // Two headings over two values: each its own.
        const parties = 'BILL TO             SHIP TO\nAcme Ltd            Beta Corp\n';
        expect(await readData(parties, strings('bill_to', 'ship_to'))).to.deep.equal({ bill_to: 'Acme Ltd', ship_to: 'Beta Corp' });
    });
});

describe('a label with its value on its line', () => {
    const FOLIO = [
        '                                 GUEST FOLIO',
        '',
        'Linden Pharma Ltd                                  Room Type     : Superior Double',
        '27 Kingsbridge Road                                Arrival       : 09-Mar-2025',
        '                                                   Guests        : 1',
        '                                                   Rate Code     : CORP-LP',
    ].join('\n');

    it('names nothing on the next line, and a number is no name', async () => {
        expect((await readData(FOLIO, strings('guest_name'))).guest_name).to.equal(null);
        // A field that asks for no name takes the number.
        expect((await readData(FOLIO, strings('guests'))).guests).to.equal('1');
    });
});

describe('a heading over a cell that repeats its word', () => {
    it('reads the cell after that label', async () => {
        const gym = [
            'LIDMAATSCHAP',
            '',
            'Abonnement',
            '  Abonnementsvorm       All-in Plus (alle clubs, groepslessen, sauna)',
            '  Ingangsdatum          1 april 2025',
        ].join('\n');
        expect((await readData(gym, strings('abonnement'), 'nl')).abonnement).to.equal('All-in Plus (alle clubs, groepslessen, sauna)');
        // A first cell that is the value stays the value ("PASSENGER" over "OKONKWO/ADAEZE MS   Adult").
        const ticket = 'E-TICKET\n\nPASSENGER\nOKONKWO/ADAEZE MS        Adult        Frequent flyer: none\n';
        expect((await readData(ticket, strings('passenger_name'))).passenger_name).to.equal('OKONKWO/ADAEZE MS');
    });
});

describe('a letterhead line of items', () => {
    it('gives a label no value past a bullet or bar', async () => {
        const receipt = [
            'HARBOR LIGHT FOOD BANK',
            '512 Wharf Street  •  Portland, ME 04101  •  (207) 555-0133',
            'A 501(c)(3) nonprofit organization  •  Federal Tax ID (EIN) 46-2817730',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'organization', type: 'string', nullable: true, hints: ['nonprofit organization'] }],
        });
        expect((await readData(receipt, schema)).organization).to.not.equal('Federal Tax ID');
        const bar = receipt.replace(/•/g, '|');
        expect((await readData(bar, schema)).organization).to.not.equal('Federal Tax ID');
    });
});

describe('a title before a name', () => {
    it('ends no sentence: the whole name after a label is the value', async () => {
        const sale = 'KOPER\nNaam:          Dhr. R.J. (Rutger) Veldkamp\nAdres:         Hoofdweg 212\n';
        const schema = compile({ svc_schema: '1.0', name: 'k', fields: [{ name: 'koper', type: 'string', hints: ['Koper', 'Naam'] }] });
        expect((await readData(sale, schema, 'nl')).koper).to.equal('Dhr. R.J. (Rutger) Veldkamp');
        const english = 'BUYER\nName:   Mr. Tobias Renner\n';
        expect((await readData(english, strings('buyer_name'))).buyer_name).to.equal('Mr. Tobias Renner');
    });

    it('a value cell\'s abbreviation in a bracket ends no sentence ("Winter wheat (cv. Harlow)")', async () => {
        const line = '  Crop                 Winter wheat (cv. Harlow)   Growth stage: GS31-32';
        expect(pairedCell(line, 2, 6)).to.deep.equal([23, 48]);
        const record = ['  Field                Long Acre (F07)            Field area: 14.1 ha', line].join('\n');
        expect((await readData(record, strings('crop'))).crop).to.equal('Winter wheat (cv. Harlow)');
    });
});
