// The head of a receipt (the issuer's name and address) and its foot (the till's arithmetic). Documents written
// for the test (shop names, streets and numbers are made up).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const SHOP = compile({
    svc_schema: '1.0',
    name: 'receipt',
    fields: [
        { name: 'company', type: 'string', description: 'Name of the company that issued the receipt.', hints: ['SDN BHD'] },
        { name: 'address', type: 'string', description: 'Postal address of the shop.' },
    ],
});

const data = (document: string, schema = SHOP): Promise<Record<string, unknown>> => readData(document, schema);

const TILL = 'INVOICE NO: 000123\nDATE: 03/04/2019\nTEA 2.50\nTOTAL 2.50\nCASH 5.00\nCHANGE 2.50\n';

describe('receipt head: addresses', () => {
    it('a lot number of four or five digits is no postcode: the address runs on to the postcode line', async () => {
        const doc = `CERIA BOOKS SDN BHD\nLOT 2811, JALAN MERBAU,\nTAMAN SETIA\n41150 KLANG, SELANGOR\nGST ID: 000111222333\n${TILL}`;
        expect((await data(doc)).address).to.equal('LOT 2811, JALAN MERBAU, TAMAN SETIA 41150 KLANG, SELANGOR');
    });

    it('an address without a postcode in the letterhead ends at the first labelled line or phone number', async () => {
        const doc = `CERIA BOOKS SDN BHD\n117, JALAN MAWAR, SRI HARTAMAS\nTEL: 03-1234 5678\n${TILL}`;
        expect((await data(doc)).address).to.equal('117, JALAN MAWAR, SRI HARTAMAS');
        const phone = `CERIA BOOKS SDN BHD\n(CO. NO. 11382-W)\n117, JALAN MAWAR,\nSRI HARTAMAS\n03-1234 5678\n${TILL}`;
        expect((await data(phone)).address).to.equal('117, JALAN MAWAR, SRI HARTAMAS');
    });

    it("the document's title under the postcode line is not part of the address", async () => {
        const doc = `CERIA BOOKS SDN BHD\n12, JALAN PINANG 7/4,\n81200 JOHOR BAHRU, JOHOR\nTAXINVOICE\n${TILL}`;
        expect((await data(doc)).address).to.equal('12, JALAN PINANG 7/4, 81200 JOHOR BAHRU, JOHOR');
    });

    it("the issuer's address in the letterhead, not the customer's further down", async () => {
        const doc = `CERIA BAKERIES SDN BHD\nLOT 3, JALAN PELITA 2/1,\n40300 SHAH ALAM, SELANGOR.\nTEL: 03-5555 1234\nCASH INVOICE\nBILL TO:\nKEDAI RUNCIT AMAN\nNO. 4, JALAN SS 9/2,\n47500 SUBANG JAYA, SELANGOR\n${TILL}`;
        expect((await data(doc)).address).to.equal('LOT 3, JALAN PELITA 2/1, 40300 SHAH ALAM, SELANGOR.');
    });

    it("a branch's street line between the postcode line and the labelled lines belongs to the address", async () => {
        const doc = `KEDAI MAJU SDN BHD\nLOT 9, JALAN KENARI,\n41150 KLANG, SELANGOR\n1076-TMN IJOK\nGST ID. NO : 000181\n${TILL}`;
        expect((await data(doc)).address).to.equal('LOT 9, JALAN KENARI, 41150 KLANG, SELANGOR 1076-TMN IJOK');
    });
});

describe('receipt head: where an address ends', () => {
    it('a line that ends with its postcode has the place on the next line', async () => {
        const doc = `CERIA HARDWARE SDN BHD\nNO: G7, BLK C, JLN PJU 3/1,\nARA INDAH, 47301\nPETALING JAYA, SELANGOR DARUL EHSAN.\nTEL : 03-7000 1234\n${TILL}`;
        expect((await data(doc)).address).to.equal('NO: G7, BLK C, JLN PJU 3/1, ARA INDAH, 47301 PETALING JAYA, SELANGOR DARUL EHSAN.');
    });

    it('a postcode joined to its place by a full stop still ends the block there', async () => {
        const doc = `KEDAI ROTI MAJU\nLOT 2110&2111 JALAN MERANTI\nBANDAR BARU MERANTI\n81750.JOHOR BAHRU JOHOR\nTEL: 07-3880000\n${TILL}`;
        expect((await data(doc)).address).to.equal('LOT 2110&2111 JALAN MERANTI BANDAR BARU MERANTI 81750.JOHOR BAHRU JOHOR');
    });

    it('a postcode line that runs on into a telephone number ends before it', async () => {
        const doc = `MAJU CAKE HOUSE SDN BHD\nNO.1, JALAN PERMAI 10/5, BANDAR PERMAI\n81750 JOHOR BAHRU, JOHOR, TEL NO.: 07-300 1122\n${TILL}`;
        expect((await data(doc)).address).to.equal('NO.1, JALAN PERMAI 10/5, BANDAR PERMAI 81750 JOHOR BAHRU, JOHOR');
    });

    it("another label under an empty form's address label is no address", async () => {
        const doc = `CERIA LIGHTING SDN BHD\nNO: 8, JALAN ASTANA 2,\n41050 KLANG, SELANGOR\nGST NO. : 000111222333\nCASH BILL\nNAME\n: CASH\nADDRESS\nGST NO.\n${TILL}`;
        expect((await data(doc)).address).to.equal('NO: 8, JALAN ASTANA 2, 41050 KLANG, SELANGOR');
    });
});

describe('receipt head: the issuer', () => {
    const NAMED = compile({
        svc_schema: '1.0',
        name: 'receipt',
        fields: [{ name: 'company', type: 'string', description: 'Name of the company that issued the receipt.' }],
    });
    const company = async (document: string): Promise<unknown> => (await data(document, NAMED)).company;

    it('a web address and a district line between the name and the address are skipped', async () => {
        expect(await company(`CERIA BOOKS\nWWW.CERIABOOKS.COM.MY\nNO 8, JALAN PINANG,\n50450 KUALA LUMPUR\n${TILL}`)).to.equal(
            'CERIA BOOKS',
        );
        expect(await company(`CERIA BOOKS\nBANDAR BARU RAWANG\nNO 15 JALAN BANDAR 10\n48000 RAWANG\n${TILL}`)).to.equal('CERIA BOOKS');
    });

    it("an agreement's title is no issuer's name; a name with its legal form is", async () => {
        const agreement = `SUMMER FAIR 2025\nVolunteer Agreement - Stewarding & Site Crew\nUnit 3 Orchard Barns, Stroud GL5 3TR\n${TILL}`;
        expect(await company(agreement)).to.not.equal('Volunteer Agreement - Stewarding & Site Crew');
        const cleaners = `Contract Cleaning Services Ltd\nUnit 3 Orchard Barns, Stroud GL5 3TR\n${TILL}`;
        expect(await company(cleaners)).to.equal('Contract Cleaning Services Ltd');
    });

    it("a line of the business's trades between dots, bars or dashes is skipped", async () => {
        const quote = `HAWTHORN GARDEN SERVICES LTD\nHedge Cutting · Lawn Care · Fencing\nUnit 9, Mill Lane, Faversham ME13 7HT\nQUOTATION\nTotal £420.00\n`;
        expect(await company(quote)).to.equal('HAWTHORN GARDEN SERVICES LTD');
        // Or between dashes, in lower case ("Kunststof kozijnen - deuren - schuifpuien").
        const offerte = `DE KEIJZER KOZIJNEN B.V.\nHouten kozijnen - deuren - dakkapellen\nIndustrieweg 4, 3861 NB Nijkerk\nOFFERTE\nTotal £420.00\n`;
        expect(await company(offerte)).to.equal('DE KEIJZER KOZIJNEN B.V.');
    });

    it("the document's title and a shout between the name and the address are skipped", async () => {
        expect(await company(`CERIA MART\nTAX INVOICE\nNO 8, JALAN PINANG,\n50450 KUALA LUMPUR\n${TILL}`)).to.equal('CERIA MART');
        expect(await company(`CERIA MART\n*REDEEM YOUR POINTS TODAY!*\nNO 8, JALAN PINANG,\n50450 KUALA LUMPUR\n${TILL}`)).to.equal(
            'CERIA MART',
        );
    });

    it('a registration number written after the name without brackets is not part of it', async () => {
        expect(await company(`MAJU CAKE HOUSE 862725-U\nNO.1, JALAN PERMAS 10/5,\n81750 JOHOR BAHRU, JOHOR\n${TILL}`)).to.equal(
            'MAJU CAKE HOUSE',
        );
    });

    it("the issuer is the letterhead over the first address, not the customer's name over a later one", async () => {
        const doc = `CERIA BAKERIES (KL) SDN BHD (139386 X)\nLOT 3, JALAN PELITA 2/1,\n40300 SHAH ALAM, SELANGOR.\nTEL: 03-5555 1234\nTAX INVOICE\nDATE:\n30/07/2017\nAMAN FRESH MARKET SDN BHD\nNO. 4, JALAN SS 9/2,\n47500 SUBANG JAYA, SELANGOR\n${TILL}`;
        expect((await data(doc)).company).to.equal('CERIA BAKERIES (KL) SDN BHD');
    });

    it('one letter after a name (of its registration number) is no name', async () => {
        const doc = `MAJU CAKE HOUSE SDN BHD 862725-U\n(GST REG NO: 001559298048)\nNO.1, JALAN PERMAI 10/5,\n81750 JOHOR BAHRU\n${TILL}`;
        expect((await data(doc)).company).to.equal('MAJU CAKE HOUSE SDN BHD');
    });

    it('a name broken after "&" is read from the line above its legal form', async () => {
        const doc = `SRI MAJU HARDWARE &\nELECTRICAL SDN BHD\n(CO. NO. 11382-W)\nNO 8, JALAN PINANG,\n50450 KUALA LUMPUR\n${TILL}`;
        expect((await data(doc)).company).to.equal('SRI MAJU HARDWARE & ELECTRICAL SDN BHD');
    });

    it('a name whose legal form starts the next line is read from the line above', async () => {
        const doc = `AIK SENG HARDWARE\nCO. (M) SDN BHD\n(CO. NO. 11382-W)\nNO 8, JALAN PINANG,\n50450 KUALA LUMPUR\n${TILL}`;
        expect((await data(doc)).company).to.equal('AIK SENG HARDWARE CO. (M) SDN BHD');
        const split = `KEDAI AIK HUAT HARDWARE\nENTERPRISE (SETIA\nALAM) SDN BHD\nNO. 17-G, JALAN SETIA,\n40170 SHAH ALAM\n${TILL}`;
        const schema = compile({
            svc_schema: '1.0',
            name: 'receipt',
            fields: [{ name: 'company', type: 'string', description: 'The issuer.', hints: ['SDN BHD', 'ENTERPRISE'] }],
        });
        expect((await data(split, schema)).company).to.equal('KEDAI AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    });
});

describe('receipt head: a brand over its company', () => {
    const SHOP_BY_FORM = compile({
        svc_schema: '1.0',
        name: 'receipt',
        fields: [{ name: 'company', type: 'string', description: 'The issuer.', hints: ['SDN BHD'] }],
    });

    it('a short line above the company line is its own (a brand, the title), not the start of the name', async () => {
        const branded = `SUSHI KAZE - TAMAN MELATI\nKAZE FOODS SDN BHD (1234567-H)\nNO. 9-G, JALAN MELATI 2,\n55100 KUALA LUMPUR.\n${TILL}`;
        expect((await data(branded, SHOP_BY_FORM)).company).to.equal('KAZE FOODS SDN BHD');
        const titled = `TAX INVOICE\nLIM BROTHERS SDN BHD (88842-H)\nNO. 76, JALAN SS15/4B,\n47500 SUBANG JAYA\n${TILL}`;
        expect((await data(titled, SHOP_BY_FORM)).company).to.equal('LIM BROTHERS SDN BHD');
    });
});

describe('receipt foot: the till', () => {
    const PAID = compile({
        svc_schema: '1.0',
        name: 'receipt',
        fields: [{ name: 'total', type: 'money', currency: 'MYR', description: 'Total amount paid.', hints: ['Total'] }],
    });

    it('tendered minus change confirms the amount paid, also when the tender label runs on ("CASH RECEIVED :")', async () => {
        const doc = [
            'KEDAI MAJU',
            'PEN 2.40',
            'TOTAL :',
            '25.44',
            'ROUNDING ADJUSTMENT:',
            '0.01',
            'AMOUNT TO BE PAID :',
            '25.45',
            'CASH RECEIVED :',
            '25.50',
            'CHANGE :',
            '0.05',
        ].join('\n');
        expect((await data(doc, PAID)).total).to.deep.equal({ amount: '25.45', currency: 'MYR' });
    });

    it('a letterhead name headed or ended by the kind of organisation a field names reads for it', async () => {
        const renewal = [
            'BRAMBLEWOOD BOWLS CLUB',
            'Secretary: 01632 960 118   secretary@bramblewoodbowls.example',
            '',
            '                    MEMBERSHIP RENEWAL 2026',
            '',
            'Member:  Mr Alan Pritchard',
        ].join('\n');
        const club = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'club', type: 'string', nullable: true }] });
        expect((await readData(renewal, club)).club).to.equal('BRAMBLEWOOD BOWLS CLUB');
        const brief = ['Gemeente Harderwijk - Burgerzaken', 'Postbus 149, 3840 AC Harderwijk', '', 'Geachte heer Visser,'].join('\n');
        const gemeente = compile({ svc_schema: '1.0', name: 'g', fields: [{ name: 'gemeente', type: 'string', nullable: true }] });
        expect((await readData(brief, gemeente, 'nl')).gemeente).to.equal('Gemeente Harderwijk');
        // A compound of the kind heads the name as the kind does: "Stukadoorsbedrijf" for `bedrijf`.
        const factuur = ['STUKADOORSBEDRIJF R. BAKKER & ZN.', 'Glad stucwerk  -  Spackspuiten  -  Sierpleister', '', 'FACTUUR'].join('\n');
        const bedrijf = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'bedrijf', type: 'string', nullable: true }] });
        expect((await readData(factuur, bedrijf, 'nl')).bedrijf).to.equal('STUKADOORSBEDRIJF R. BAKKER & ZN.');
        // Not a possessive's word, nor the line of trades under the name.
        const permit = ["Traders' Office", 'Riverside Food Festival', '', 'PITCH PERMIT'].join('\n');
        const trader = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'trader', type: 'string', nullable: true }] });
        expect((await readData(permit, trader)).trader).to.equal(null);
    });

    it("under a name ruled off above, the line of what the business is is no name, nor the head of its number's label", async () => {
        const certificate = [
            '        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~',
            '                      SOLENT BLUEWATER SAILING SCHOOL',
            '              RYA Recognised Training Centre  *  Centre No. S1287',
            '        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~',
            '',
            '                       COURSE COMPLETION CERTIFICATE',
        ].join('\n');
        const centre = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'training_centre', type: 'string', nullable: true }] });
        const read = (await readData(certificate, centre)).training_centre;
        expect(read).to.not.equal('RYA Recognised Training Centre');
        expect(read).to.not.equal('Centre');
    });
});
