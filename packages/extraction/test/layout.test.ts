// Label–value pairing that survives layout: wide gaps, tab stops, right-aligned columns,
// multi-column headers and labels split from their values across lines. Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readData as data } from './support/read-data.js';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const ORDER = compile({
    svc_schema: '1.0',
    name: 'order',
    fields: [
        { name: 'subtotal', type: 'money', currency: 'USD', hints: ['Subtotal'] },
        { name: 'shipping', type: 'money', currency: 'USD', hints: ['Shipping'] },
        { name: 'total', type: 'money', currency: 'USD', hints: ['Total'] },
    ],
});

describe('layout: labels and values apart', () => {
    it('a wide gap (24+ spaces) between each label and its value keeps every value on its line', async () => {
        const gap = ' '.repeat(30);
        const doc = `PURCHASE ORDER\nSubtotal:${gap}$4,799.94\nShipping:${gap}$95.00\nTotal:${gap}$4,894.94\n`;
        expect(await data(doc, ORDER)).to.deep.equal({ subtotal: usd('4799.94'), shipping: usd('95.00'), total: usd('4894.94') });
    });

    it('tab stops between labels and values', async () => {
        const doc = 'INVOICE\nSubtotal:\t\t\t\t$120.00\nShipping:\t\t\t\t$8.50\nTotal:\t\t\t\t\t$128.50\n';
        expect(await data(doc, ORDER)).to.deep.equal({ subtotal: usd('120.00'), shipping: usd('8.50'), total: usd('128.50') });
    });

    it('right-aligned amounts in a column far from their labels', async () => {
        const row = (label: string, amount: string) => `${label}${' '.repeat(50 - label.length - amount.length)}${amount}`;
        const doc = ['STATEMENT', row('Subtotal', '$1,020.00'), row('Shipping', '$15.00'), row('Total', '$1,035.00')].join('\n');
        expect(await data(doc, ORDER)).to.deep.equal({ subtotal: usd('1020.00'), shipping: usd('15.00'), total: usd('1035.00') });
    });

    it('a header row over several columns names the value under each', async () => {
        const doc = [
            'ORDER SUMMARY',
            '',
            'Subtotal        Shipping        Total',
            '$310.00         $12.00          $322.00',
            '',
            'Thank you.',
        ].join('\n');
        expect(await data(doc, ORDER)).to.deep.equal({ subtotal: usd('310.00'), shipping: usd('12.00'), total: usd('322.00') });
    });

    it('a row of column labels names the cell under each: "Vendor:      Ship to:"', async () => {
        const parties = strings('vendor', 'ship_to');
        const want = { vendor: 'Contoso Office Supply', ship_to: 'Fabrikam Ltd.' };
        const spaced =
            'PURCHASE ORDER                     PO-20931\n\nVendor:                      Ship to:\n' +
            'Contoso Office Supply        Fabrikam Ltd.\n14 Elm Road                  88 Harbor Way\n\nTotal:     $2,039.00\n';
        expect(await data(spaced, parties)).to.deep.equal(want);
        // Tab-separated cells seldom line up: the k-th cell under the k-th label.
        const tabbed = 'PURCHASE ORDER PO-20931\n\nVendor:\tShip to:\nContoso Office Supply\tFabrikam Ltd.\n14 Elm Road\t88 Harbor Way\n';
        expect(await data(tabbed, parties)).to.deep.equal(want);
        // Labels in capitals without colons make a row of column labels too.
        const caps =
            'INVOICE BH-2024-0117\n\nVENDOR                                    SHIP TO\nContoso Office Supply                     Fabrikam Ltd.\n';
        expect(await data(caps, parties)).to.deep.equal(want);
        // A name read after a label ends before the next column's label on its line.
        const folio = strings('guest_name');
        const guest = 'THE GRANVILLE HOTEL - GUEST FOLIO\n\nGuest: Mr. Kenji Watanabe                Room: 1412 (King Deluxe)\n';
        expect((await data(guest, folio)).guest_name).to.equal('Mr. Kenji Watanabe');
        // A row of three labels or more in title case over a row of as many cells with figures.
        const reminder = strings('factuurnummer');
        const table = 'AANMANING\n\nFactuurnummer        Factuurdatum      Bedrag\nF-2024-0315          12-05-2024        € 486,40\n';
        expect((await data(table, reminder)).factuurnummer).to.equal('F-2024-0315');
        // A label alone on its line still takes the whole line under it.
        expect((await data('PURCHASE ORDER PO-20931\n\nVendor:\nContoso Office Supply Ltd.\n', parties)).vendor).to.equal(
            'Contoso Office Supply Ltd.',
        );
    });

    it('a line of two cells, a label and its value, needs no colon; labels abbreviate "number"', async () => {
        const schema = strings('invoice_number', 'customer', 'description');
        const doc =
            'INVOICE\n\nInvoice no.   BD-2024-0311\nCustomer      Harbor Coffee Co.\n\n' +
            'Description                 Hours     Rate      Amount\nLogo redesign                  12    €85.00   €1,020.00\n';
        // A table's header row is no label and value ("Description" is not "Hours"): its cell below is.
        expect(await data(doc, schema)).to.deep.equal({
            invoice_number: 'BD-2024-0311',
            customer: 'Harbor Coffee Co.',
            description: 'Logo redesign',
        });
    });

    it("a name or code that starts a label's line, before what is said of it; an address keeps its parts", async () => {
        const schema = strings('supplier', 'customer', 'employee', 'original_invoice', 'address');
        const doc =
            'CREDIT NOTE CN-00451\n\nSupplier: Bouwbedrijf Kok & De Wit V.O.F., Hoofdweg 201, 9641 AL Veendam\n' +
            'Customer: Alpine Sports GmbH, Innsbruck\nEmployee: Fatima El Amrani, living in Roermond\n' +
            'Original invoice: INV-20388 dated 02.08.2024\nAddress: Hoofdweg 201, 9641 AL Veendam\n';
        expect(await data(doc, schema)).to.deep.equal({
            supplier: 'Bouwbedrijf Kok & De Wit V.O.F.',
            customer: 'Alpine Sports GmbH',
            employee: 'Fatima El Amrani',
            original_invoice: 'INV-20388',
            address: 'Hoofdweg 201, 9641 AL Veendam',
        });
        // A sentence's full stop is no part of a value; an abbreviation's is.
        const law = strings('state');
        expect((await data('LEASE\n\nState: Ohio.\n', law)).state).to.equal('Ohio');
        expect((await data('LEASE\n\nState: Washington D.C.\n', law)).state).to.equal('Washington D.C.');
        // A comma before a legal form is the name's own.
        const kite = strings('customer');
        expect((await data('INVOICE 7\n\nCustomer: Kite Pharma, Inc.\n', kite)).customer).to.match(/^Kite Pharma,? Inc\.$/);
    });

    it('a label of a number takes the code after it, and is never part of a name: "Agreement No. RA-558120"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'agreement_number', type: 'string', hints: ['Agreement No.'] }],
        });
        const doc = "SWIFTDRIVE CAR RENTAL — RENTAL AGREEMENT\nAgreement No. RA-558120\n\nRenter:            Michael O'Connell\n";
        expect((await data(doc, schema)).agreement_number).to.equal('RA-558120');
    });

    it('a label on one line, its value right-aligned on the next', async () => {
        const doc = [
            'RECEIPT',
            'Subtotal:',
            `${' '.repeat(36)}$40.00`,
            'Shipping:',
            `${' '.repeat(37)}$5.00`,
            'Total:',
            `${' '.repeat(36)}$45.00`,
        ].join('\n');
        expect(await data(doc, ORDER)).to.deep.equal({ subtotal: usd('40.00'), shipping: usd('5.00'), total: usd('45.00') });
    });
});

describe('layout: names, addresses and qualified labels', () => {
    it('a title-case letterhead above an address names the issuing company', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'inv',
            fields: [{ name: 'supplier', type: 'string', description: 'Company that sent the invoice.', hints: ['Supplier'] }],
        });
        const doc = 'ACME Office Supplies Ltd.\n12 Harbour Road, Bristol BS1 4DJ\n\nINVOICE\nInvoice number: INV-1\n';
        expect((await data(doc, schema)).supplier).to.equal('ACME Office Supplies Ltd.');
    });

    it('a Dutch street of one word and its house number starts an address; a surname after "Van" is no street', async () => {
        const schema = strings('leverancier', 'adres');
        expect(
            await data('Bureau Van Dijk Tekst & Vertaling\nOudegracht 112\n3511 AX Utrecht\n\nFACTUUR 2024-0087\n', schema, 'nl'),
        ).to.deep.equal({
            leverancier: 'Bureau Van Dijk Tekst & Vertaling',
            adres: 'Oudegracht 112 3511 AX Utrecht',
        });
        expect((await data('Bakkerij Jansen\nKastanjelaan 9\n7811 AB Emmen\n\nFACTUUR 17\n', schema, 'nl')).leverancier).to.equal(
            'Bakkerij Jansen',
        );
    });

    it('a label qualified by one word before its colon still labels the value; an address is not cut at a comma', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'huur',
            fields: [
                { name: 'opzegtermijn', type: 'duration', basis: 'months', nullable: true, hints: ['Opzegtermijn'] },
                { name: 'adres', type: 'string', description: 'Adres van het gehuurde.', hints: ['Adres'] },
            ],
        });
        const doc = 'HUUROVEREENKOMST\n\nAdres: Dorpsstraat 8, 3811 AB Amersfoort\nOpzegtermijn huurder: één maand\n';
        expect(await data(doc, schema, 'nl')).to.deep.equal({ opzegtermijn: 'P1M', adres: 'Dorpsstraat 8, 3811 AB Amersfoort' });
    });
});

describe('layout: values of one letter', () => {
    it('a labelled value may be one letter ("Energy label: A"); only a name is never one', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'listing',
            fields: [
                { name: 'energy_label', type: 'string', hints: ['Energy label'] },
                { name: 'section', type: 'string' },
            ],
        });
        expect(await data('Energy label: A\nSection: C\n', schema)).to.deep.equal({ energy_label: 'A', section: 'C' });
    });
});

describe('layout: letterheads', () => {
    const SHOP = compile({
        svc_schema: '1.0',
        name: 'receipt',
        fields: [{ name: 'company', type: 'string', description: 'Name of the company that issued the receipt.', hints: ['SDN BHD'] }],
    });

    it('the registration number after a name is not part of it', async () => {
        const doc = 'KEDAI MAJU JAYA S/B (519537-X)\nLOT 12, JALAN ANGSA,\nTAMAN BERKELEY\n41150 KLANG\nTOTAL 12.00\n';
        expect((await data(doc, SHOP)).company).to.equal('KEDAI MAJU JAYA S/B');
    });

    it('a name broken after "&" continues on the next line', async () => {
        const doc = 'HOME MASTER HARDWARE &\nELECTRICAL\nNO.113G, JALAN SETIA\n41200 KLANG, SELANGOR\nTOTAL 12.00\n';
        expect((await data(doc, SHOP)).company).to.equal('HOME MASTER HARDWARE & ELECTRICAL');
    });
});

describe('layout: a column of labels, then the column of their values', () => {
    const RECEIPT = compile({
        svc_schema: '1.0',
        name: 'receipt',
        fields: [
            { name: 'total', type: 'money', currency: 'MYR', hints: ['Total'] },
            { name: 'cash', type: 'money', currency: 'MYR', hints: ['Cash'] },
        ],
    });

    it('pairs the k-th label with the k-th value (OCR reads the columns one after the other)', async () => {
        const doc = [
            'KEDAI RUNCIT',
            'ITEM A 2.00',
            'SUB-TOTAL (EX)',
            'TOTAL TAX',
            'TOTAL',
            'CASH',
            'CHANGE',
            '10.00',
            '0.60',
            '10.60',
            '20.00',
            '9.40',
            'THANK YOU',
        ].join('\n');
        expect(await data(doc, RECEIPT)).to.deep.equal({
            total: { amount: '10.60', currency: 'MYR' },
            cash: { amount: '20.00', currency: 'MYR' },
        });
    });

    it('a colon set apart from its label starts the value\'s cell, in capitals too ("PASSENGER NAME   : CHEN/WEILING MS")', async () => {
        const doc = [
            'PROPERTY IRREGULARITY REPORT  (PIR)',
            'PASSENGER NAME   : CHEN/WEILING MS',
            'INITIALS         : W',
            'BAG DESCRIPTION',
            '  BRAND          : SAMSONITE',
            '  NAME ON BAG    : YES - LUGGAGE TAG "W. CHEN"',
        ].join('\n');
        expect(await data(doc, strings('passenger_name', 'bag_brand'))).to.deep.equal({
            passenger_name: 'CHEN/WEILING MS',
            bag_brand: 'SAMSONITE',
        });
    });

    it('two labels set apart by a slash give each its part of the value ("FLIGHT / DATE    : XP417 / 12MAR25")', async () => {
        const doc = ['PROPERTY IRREGULARITY REPORT  (PIR)', 'FLIGHT / DATE    : XP417 / 12MAR25', 'BAG TAG(S)       : XP612877'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'pir',
            fields: [
                { name: 'flight_number', type: 'string', description: 'Flight on which the bag travelled' },
                { name: 'flight_date', type: 'date' },
            ],
        });
        expect(await data(doc, schema)).to.deep.equal({ flight_number: 'XP417', flight_date: '2025-03-12' });
        // A label that names its field by both words keeps the whole value ("Merk / type").
        const aangifte = 'AANGIFTE\n  Merk / type           Gazelle Ultimate C380 HMB\n';
        expect(await data(aangifte, strings('merk_type'), 'nl')).to.deep.equal({ merk_type: 'Gazelle Ultimate C380 HMB' });
    });

    it('a column\'s heading set apart by a slash gives each label its part of the cell under it ("VESSEL / VOYAGE")', async () => {
        // (bench/user-docs/twentysixth has the arrival notice this was seen in.)
        const notice = [
            'ARRIVAL NOTICE',
            '',
            'BILL OF LADING      BOOKING NO.      VESSEL / VOYAGE             FLAG',
            'MOLU NGB2603177     NGB0418862       MERIDIAN AURORA / 614W      MT',
        ].join('\n');
        expect(await data(notice, strings('vessel', 'voyage'))).to.deep.equal({ vessel: 'MERIDIAN AURORA', voyage: '614W' });
        // A row of a label and its value is no heading: its slashed label keeps the value whole.
        const claim = ['JOURNEY', '  Train / service           Not known', '  Coach / seat              C / 42'].join('\n');
        expect((await data(claim, strings('train'))).train).to.equal(null);
    });
});
