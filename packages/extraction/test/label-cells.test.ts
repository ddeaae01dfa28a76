// A label cell that ends a row with its colon after a word or two ("To:   Your elector number:")
// heads the cell under it; a range of times is one value, not a code and its remark ("7am to
// 10pm"). Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';

describe('label cells and ranges in values', () => {
    it('a label cell that a word or two begin and its colon ends heads the cell under it', async () => {
        const card = [
            'NOTICE OF COLLECTION',
            '',
            'To:                                    Your customer number:',
            'MR DANIEL OKAFOR                       WST-4471-09',
            '14 Brook Lane',
            'Taunton TA1 2QE',
        ].join('\n');
        expect(await readData(card, strings('customer_number'))).to.deep.equal({ customer_number: 'WST-4471-09' });
        // Without its colon a cell is a remark, not a label ("Day pupil" under an address).
        const statement = [
            "ST BRENDAN'S SCHOOL",
            'Fees Office  ·  Abbey Road  ·  Sherborne  ·  Dorset DT9 3LQ',
            '',
            '                    FEES STATEMENT - SUMMER TERM 2026',
            '',
            'Statement date:   1 April 2026                    Account no:   SBS-11872',
            '',
            'Parent / guardian                                 Pupil',
            'Mr & Mrs T. Hale                                  Thomas Hale',
            'Mill Cottage                                      Year 9 (Form 9S)',
            'East Coker                                        Day pupil',
            'Yeovil BA22 9BT                                   Pupil no. 41102',
            '',
            ' Date        Description                                      Debit £     Credit £',
            ' 01/04/2026  Tuition, summer term                             7,185.00',
        ].join('\n');
        const pupil = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'pupil_name', type: 'string', hints: ['Pupil', 'Child'] }],
        });
        const read = await readCandidates(statement, pupil);
        expect(read.data).to.deep.equal({ pupil_name: 'Thomas Hale' });
        expect(read.candidates.map((c) => c.quote)).to.not.include('Pupil no. 41102');
    });

    it('reads a range of times after a label whole', async () => {
        const card = 'RECYCLING CENTRE\n\nOpening hours: 8am to 4pm\nClosed on bank holidays.\n';
        expect(await readData(card, strings('opening_hours'))).to.deep.equal({ opening_hours: '8am to 4pm' });
        const kaart = 'MILIEUSTRAAT\n\nOpeningstijden: 08.30u tot 16.00u\nGesloten op feestdagen.\n';
        expect(await readData(kaart, strings('openingstijden'), 'nl')).to.deep.equal({ openingstijden: '08.30u tot 16.00u' });
        // A code and a word about it still part: "INV-20388 dated 02.08.2024".
        expect(await readData('Invoice no.: INV-20388 dated 02.08.2024\n', strings('invoice_no'))).to.deep.equal({
            invoice_no: 'INV-20388',
        });
    });

    it('two blocks side by side under their labels: each label heads its column, not the next label', async () => {
        const contract = [
            'SUPPLY AND FITTING CONTRACT                        Contract no: BK-2210',
            '',
            'Client                                  Delivery address',
            'Mr Peter Hollis                         Unit 4, Riverside Park',
            '22 Station Road                         Marsh Lane',
            'Bath BA1 1AA                            Bristol BS3 4AB',
            '',
            'Date of contract:    12 May 2025',
        ].join('\n');
        expect((await readData(contract, strings('client'))).client).to.be.oneOf(['Mr Peter Hollis', 'Peter Hollis']);
        // The second block may hold label–value pairs of its own.
        const report = [
            'GREENLEAF PEST SERVICES LTD                         SERVICE REPORT',
            '',
            'Customer / Site                           Account',
            'The Old Mill Bakery                       Acct No:     GM-3318',
            '7 Bridge Street                           Contract:    Quarterly visits',
            'Ludlow SY8 1BP                            Technician:  Sam Price',
        ].join('\n');
        const site = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'site', type: 'string', hints: ['Customer / Site'] }] });
        expect(await readData(report, site)).to.deep.equal({ site: 'The Old Mill Bakery' });
        // Rows of label–value pairs keep their pairs: no first cell of theirs has a figure.
        const card = [
            'CONTACT CARD',
            '',
            'Name            Jane Doe',
            'Phone           0113 274 8810',
            'Email           jane.doe@example.org',
            'Town            Leeds',
        ].join('\n');
        expect(await readData(card, strings('name'))).to.deep.equal({ name: 'Jane Doe' });
    });

    it("a label whose line's rest, far from it, is another column's label and value reads the cell under it", async () => {
        const invoice = [
            '                                                   INVOICE',
            'Bill to:                                  Invoice no.   FS-10473',
            'Mr & Mrs R. Okafor                        Invoice date  21 Oct 2025',
            '4 Sandpiper Way                           Job date      18 Oct 2025',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'customer', type: 'string' }] });
        expect(await readData(invoice, schema)).to.deep.equal({ customer: 'Mr & Mrs R. Okafor' });
        // Near its label, the rest is the value ("Bill to:  Acme Ltd   Ref 7").
        expect(await readData('Bill to:  Acme Trading Ltd   Branch 7\n', schema)).to.deep.equal({ customer: 'Acme Trading Ltd' });
    });

    it('a label\'s value cell before a last cell that is a number\'s label and number ("Member   J. & A. Thurlow   Member no. M-10338")', async () => {
        const ticket = [
            'GRAIN INTAKE TICKET',
            '',
            'Member         P. & S. Hargreaves (Partnership)            Member no. M-20417',
            'Vehicle        AY19 KTR',
        ];
        const schema = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'member', type: 'string' }] });
        expect((await readData(ticket.join('\n'), schema)).member).to.equal('P. & S. Hargreaves (Partnership)');
    });

    it("a row's label of the name's first word yields to the next cell's label of its last; a word before the last in its cell names another kind", async () => {
        const record = [
            'Student:        Imogen Stackpole                Student ID: WFS-S-0284',
            'Aircraft:       G-WFSX          Type: Piper PA-28-161 Warrior II',
            'Departure:      Milbourne Airfield   Arrival: Milbourne Airfield',
            'Flight type:    DUAL (not solo)',
        ].join('\n');
        expect(await readData(record, strings('aircraft_type'))).to.deep.equal({ aircraft_type: 'Piper PA-28-161 Warrior II' });
        // Beside `aircraft_registration` "Aircraft:" weighs as "Type:" does; "DUAL" after "Flight type:" is no rival.
        const both = await readResponse(record, strings('aircraft_registration', 'aircraft_type'));
        expect(both.data.aircraft_type).to.equal('Piper PA-28-161 Warrior II');
        expect(both.fields.aircraft_type!.confidence).to.be.above(0.8);
        // Each way "DUAL" is read after "Flight type:" (the cell, its head before the bracket, a phrase) counts less than "Type:".
        const required = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'aircraft_type', type: 'string' }] });
        const { candidates } = await readCandidates(record, required);
        const dual = candidates.filter((c) => c.field === 'aircraft_type' && c.quote === 'DUAL').map((c) => c.features.context ?? 0);
        expect(Math.max(...dual)).to.be.below(0.33);
        // In prose a label's line is no cell: "governed by the laws of the State of Ohio" for `governing_law`.
        const lease = '5. Governing Law. This lease is governed by the laws of the State of Ohio.\n';
        expect((await readData(lease, strings('governing_law'))).governing_law).to.equal('Ohio');
    });

    it("a title row of two cells is no section's heading over the labels under it", async () => {
        const report = [
            'FENWRIGHT HOME & GARDEN LTD          STOCK RESULT - FULL STORE COUNT',
            'Report STK-R07  v3.1                 Report generated: 03/11/2025 07:42 GMT',
            '=============================================================================',
            'Store:            0147  Kettering Retail Park',
            'Store manager:    Delphine Okafor-Rowe',
            'Count date:       02/11/2025',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [
                { name: 'store_name', type: 'string' },
                { name: 'store_manager', type: 'string' },
                { name: 'count_date', type: 'date', date_order: 'dmy' },
            ],
        });
        const data = await readData(report, schema);
        expect(data.store_name).to.match(/Kettering Retail Park$/);
    });
});
