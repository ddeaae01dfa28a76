// Small layouts of labels: a code alone in the cell after a label that starts a cell ("VIN
// 2HKRW2H53HH612884"), a salutation's hint before the name it labels ("Dear Ms Okafor,"), and a
// clause's number that is no amount ("3.1 Annual subscription fee: EUR 13,950.00"). Documents
// written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const hinted = (fields: Record<string, unknown>[]) => compile({ svc_schema: '1.0', name: 'doc', fields });

describe('labels of codes, names and amounts', () => {
    it('reads the code alone in the cell after a label that starts a cell, not the name a suffix ends', async () => {
        const order = [
            'CUSTOMER                                  VEHICLE',
            'Renata Sokol                              2017 Honda CR-V EX AWD',
            '19 Orchard Lane                           VIN 2HKRW2H53HH612884',
            '',
            'Till 2    Trans 40871     Served by: Aisha',
        ].join('\n');
        const schema = hinted([
            { name: 'vin', type: 'string', hints: ['VIN'] },
            { name: 'transaction_number', type: 'string', hints: ['Trans'] },
        ]);
        expect(await readData(order, schema)).to.deep.equal({ vin: '2HKRW2H53HH612884', transaction_number: '40871' });
        // A number sign after the label joins its code too, and a name never reaches back across a wide gap.
        const invoice = 'PINECREST AUTO CARE\n\nREPAIR INVOICE        RO# 58821                   Date: 09/22/2025\n';
        expect((await readData(invoice, hinted([{ name: 'ro_number', type: 'string', hints: ['RO#'] }]))).ro_number).to.equal('58821');
        // A number written in groups of digits is one code.
        const letter = 'Re:  Mr Peter John Trevithick    DOB 02 November 1961    NHS No. 485 777 3456\n';
        expect((await readData(letter, hinted([{ name: 'nhs_number', type: 'string' }]))).nhs_number).to.equal('485 777 3456');
        // In prose, after a Dutch compound that ends in "kenmerk" or "nummer", up to the sentence's end.
        const brief = 'Maak het bedrag over onder vermelding van betalingskenmerk 3100 2288 4107 9921. U kunt ook via de app betalen.\n';
        const kenmerk = hinted([{ name: 'betalingskenmerk', type: 'string' }]);
        expect(await readData(brief, kenmerk, 'nl')).to.deep.equal({ betalingskenmerk: '3100 2288 4107 9921' });
        // A company's registration number after its legal form is no code of the hint's.
        const receipt = 'MOONLIGHT CAKE HOUSE SDN BHD 862725-U\nNO.1, JALAN PERMAS 10/5\n\nTOTAL 12.00\n';
        const company = hinted([{ name: 'company', type: 'string', hints: ['SDN BHD'] }]);
        expect((await readData(receipt, company)).company).to.equal('MOONLIGHT CAKE HOUSE SDN BHD');
    });

    it("reads the name after a salutation's hint, without the hint", async () => {
        const letter =
            'Harcourt & Lane Lettings\n\nMs Tamsin Okafor\nFlat 2, 9 Gloucester Road\n\nDear Ms Okafor,\n\nRe: Return of your deposit\n';
        const schema = hinted([{ name: 'greeted', type: 'string', hints: ['Dear'] }]);
        expect((await readData(letter, schema)).greeted).to.equal('Ms Okafor');
        // A role letters are sent to reads the name in full from the address block (addressee.test.ts).
        const tenant = hinted([{ name: 'tenant', type: 'string', hints: ['Dear'] }]);
        expect((await readData(letter, tenant)).tenant).to.equal('Ms Tamsin Okafor');
        // A name may start with its hint: only a salutation's line, ending in a comma, is labelled by it.
        const landlord = 'Woonstichting De Linde\nPostbus 1024\n3800 BA Amersfoort\n\nAmersfoort, 14 maart 2025\n';
        const nl = hinted([{ name: 'verhuurder', type: 'string', hints: ['Woonstichting'] }]);
        expect((await readData(landlord, nl, 'nl')).verhuurder).to.equal('Woonstichting De Linde');
    });

    it('takes no year of a month for a count, unless the name asks for a year', async () => {
        const brief = [
            'Datum           10 maart 2025',
            '',
            'Wij hebben de premie voor uw verzekering over de maanden januari en',
            'februari 2025 nog niet van u ontvangen.',
            '',
            '  Periode           Omschrijving                Bedrag',
            '  januari 2025      premie basis              € 131,20',
            '  februari 2025     premie basis              € 131,20',
            '',
            'Als u een betalingsachterstand van 3 maanden premie heeft, bieden wij u',
            'een regeling aan.',
        ].join('\n');
        const count = hinted([{ name: 'aantal_maanden_achterstand', type: 'integer' }]);
        const read = await readCandidates(brief, count, 'nl');
        expect(read.data).to.deep.equal({ aantal_maanden_achterstand: 3 });
        expect(read.candidates.map((c) => c.quote)).to.not.include('2025');
        const auto = hinted([{ name: 'bouwjaar', type: 'integer' }]);
        expect(await readData('Kenteken: 12-ABC-3\nBouwjaar: mei 1998\n', auto, 'nl')).to.deep.equal({ bouwjaar: 1998 });
    });

    it('"number of" counts: alone "number" labels no count ("Account number:  300188274")', async () => {
        const letter = [
            'HILLSIDE ROVERS FC                              Season 2025/26',
            '',
            'Account number:  418820117                 Member since: 2011',
            '',
            'You chose to pay by Direct Debit in 8 monthly instalments of £52.40,',
            'first collection on or around 1 July 2025.',
        ].join('\n');
        const schema = hinted([{ name: 'number_of_instalments', type: 'integer' }]);
        expect(await readData(letter, schema)).to.deep.equal({ number_of_instalments: 8 });
    });

    it('reads a code after "ref" for a reference, and after a Dutch compound ending in "nr."', async () => {
        const confirmation = [
            'SEVERN VALLEY MINIBUSES',
            '',
            'BOOKING CONFIRMATION                          Booking ref:  SVM/25/0917',
            '                                              Issued:       3 March 2025',
        ].join('\n');
        expect(await readData(confirmation, hinted([{ name: 'booking_reference', type: 'string', nullable: true }]))).to.deep.equal({
            booking_reference: 'SVM/25/0917',
        });
        const contract = 'BOTENSTALLING HET ANKER\n\nSTALLINGSOVEREENKOMST 2025-2026        contractnr. 2025-0388\n\nHuurder : J. Smit\n';
        expect(await readData(contract, hinted([{ name: 'contractnummer', type: 'string', nullable: true }]), 'nl')).to.deep.equal({
            contractnummer: '2025-0388',
        });
    });

    it("takes no clause's number for an amount", async () => {
        const fees = [
            '2. LICENCE',
            '   Additional Named Users may be added at EUR 310.00 per user per year, pro rata.',
            '',
            '3. FEES',
            '   3.1 Annual subscription fee: EUR 13,950.00 (45 Named Users x EUR 310.00), exclusive',
            '       of VAT.',
            '   3.2 One-time implementation and data migration fee: EUR 4,800.00, exclusive of VAT.',
        ].join('\n');
        const schema = hinted([
            { name: 'annual_fee', type: 'money', currency: 'EUR' },
            { name: 'implementation_fee', type: 'money', currency: 'EUR', nullable: true },
        ]);
        expect((await readData(fees, schema)).annual_fee).to.deep.equal({ amount: '13950.00', currency: 'EUR' });
    });

    it('takes no measure for an amount of money: "12.01 - 13.00 m", "612,5 kg" (a receipt\'s "1 M COKE" stays a count)', async () => {
        const berth = 'BERTH CONTRACT\n\nThe annual berth fee for vessels of 12.01 - 13.00 m LOA is EUR 5,840.00 including VAT.\n';
        const schema = hinted([{ name: 'annual_fee', type: 'money', currency: 'EUR' }]);
        expect((await readData(berth, schema)).annual_fee).to.deep.equal({ amount: '5840.00', currency: 'EUR' });
        const slip = 'PAKBON\n\nTotaal gewicht:   612,5 kg\nTe betalen: € 48,00\n';
        const nl = hinted([{ name: 'bedrag', type: 'money', currency: 'EUR' }]);
        expect((await readData(slip, nl, 'nl')).bedrag).to.deep.equal({ amount: '48.00', currency: 'EUR' });
    });

    it('takes no date alone for a name or a place, unless the field asks for a date', async () => {
        const lading = 'BILL OF LADING\n\nSHIPPED ON BOARD the vessel named above at the port of loading: 12-Jan-2025\n';
        const port = hinted([{ name: 'port_of_loading', type: 'string' }]);
        expect((await readData(lading, port)).port_of_loading).to.not.equal('12-Jan-2025');
        const when = hinted([{ name: 'loading_date', type: 'string', hints: ['port of loading'] }]);
        expect((await readData(lading, when)).loading_date).to.equal('12-Jan-2025');
    });
});

describe('numbers and identifiers have digits', () => {
    it('takes no words for a field that asks for a number or an identifier', async () => {
        const certificate = [
            '                          CERTIFICATE OF CALIBRATION',
            '',
            'Certificate number     PMS-C-2025-11482                            Page 1 of 2',
            '',
            '  CVE                   Not applicable - vulnerability was in a hosted',
            '                        service and no CVE will be requested',
        ].join('\n');
        const schema = hinted([
            { name: 'certificate_no', type: 'string' },
            { name: 'cve_id', type: 'string', nullable: true },
        ]);
        expect(await readData(certificate, schema)).to.deep.equal({ certificate_no: 'PMS-C-2025-11482', cve_id: null });
        // Dutch compounds too: "dossiernummer".
        const brief = 'Dossiernummer:   zie bijlage\nKenmerk:         VI-2025-118402\n';
        const nl = hinted([{ name: 'dossiernummer', type: 'string', nullable: true }]);
        expect((await readData(brief, nl, 'nl')).dossiernummer).to.not.equal('zie bijlage');
        // A purchase order's "po" and a reference's "ref" ask for a code too.
        const contract = [
            'Contract No.:  SAS-2025-0388          Customer Order No.: PO 5521',
            '',
            'INVOICE TO                            SITE ADDRESS',
            'Bramley Roofing Ltd                   19 Larkfield Avenue',
            'Leeds LS12 5JB                        Leeds LS19 6EZ',
        ].join('\n');
        const po = compile({ svc_schema: '1.0', name: 'h', fields: [{ name: 'customer_po', type: 'string', nullable: true }] });
        expect((await readData(contract, po)).customer_po).to.not.equal('Bramley Roofing Ltd');
    });

    it("takes no letterhead's name for a seller's number", async () => {
        const receipt = [
            '        Bridal Alterations & Couture Repairs',
            '        14 Market Street, Frome BA11 1BB',
            '',
            'Deposit paid: £60.00',
            'We are not VAT registered.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'vat_number', type: 'string', nullable: true, description: "Seller's VAT registration number" }],
        });
        expect((await readData(receipt, schema)).vat_number).to.equal(null);
    });

    it('takes no yes or no for a name: "in bezit van hovenier:   Ja"', async () => {
        const contract = [
            'Frequentie:       1 bezoek per 2 weken',
            'Sleutel poort in bezit van hovenier:          Ja',
            'Verzekering via verhuurder:                   Nee (eigen',
            '                                              verzekering)',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'hovenier', type: 'string', nullable: true },
                { name: 'verhuurder', type: 'string', nullable: true },
            ],
        });
        expect(await readData(contract, schema, 'nl')).to.deep.equal({ hovenier: null, verhuurder: null });
    });

    it('a short description written whole as the document labels the field labels it as a hint would', async () => {
        const jaaropgaaf = [
            "Bedragen (in euro's)",
            '  Loon voor de loonbelasting/volksverzekeringen       41.250,00',
            '  Ingehouden loonbelasting/premie volksverzekeringen   7.314,00',
            '  Verrekende arbeidskorting                            5.052,00',
            '  Loon Zvw                                            41.250,00',
            '  Werkgeversheffing Zvw (6,57%)                        2.710,13',
            '  Ingehouden bijdrage Zvw                                  0,00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'j',
            fields: [
                { name: 'loon_loonbelasting', type: 'money', currency: 'EUR', description: 'Fiscaal loon' },
                {
                    name: 'ingehouden_loonheffing',
                    type: 'money',
                    currency: 'EUR',
                    description: 'Ingehouden loonbelasting/premie volksverzekeringen',
                },
            ],
        });
        expect((await readData(jaaropgaaf, schema, 'nl')).ingehouden_loonheffing).to.deep.equal({ amount: '7314.00', currency: 'EUR' });
    });

    it('a number field reads the code before a comma and what the rest says of it', async () => {
        const notice = [
            'PITCH FEE REVIEW NOTICE',
            '',
            ' Address of pitch:           Pitch 17, Birchwood Park, Mill Lane,',
            '                             Ledbury HR8 2AA',
        ];
        const schema = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'pitch_number', type: 'string' }] });
        expect(await readData(notice.join('\n'), schema)).to.deep.equal({ pitch_number: 'Pitch 17' });
        // A name field keeps the whole.
        const named = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'pitch_address', type: 'string' }] });
        expect(String((await readData(notice.join('\n'), named)).pitch_address)).to.match(/^Pitch 17, Birchwood Park/);
    });

    it('a one-word name is labelled by its abbreviation and a colon: "Our ref:" for `reference`, not "No." for a word of a name', async () => {
        const letter = [
            'Mr Tariq Hussain                                 Our ref:   FS/INS/25/04471',
            'Proprietor                                       Premises:  FP-011829',
            'Sea Salt & Saffron                               Date:      24 June 2025',
            '',
            'FOOD HYGIENE INSPECTION - SEA SALT & SAFFRON',
        ].join('\n');
        expect(await readData(letter, strings('reference'))).to.deep.equal({ reference: 'FS/INS/25/04471' });
        // "No." labels no description's "number": a company's number is not the crime's reference.
        const head = 'ACE LOCKSMITHS                       MLA Approved Company No. 2291\n\nJob ref:   JOB/56120\n';
        const crime = hinted([
            { name: 'police_crime_reference', type: 'string', nullable: true, description: 'Police crime reference number' },
        ]);
        expect(await readData(head, crime)).to.deep.equal({ police_crime_reference: null });
    });

    it('a label in brackets at the end of a longer one closes its bracket before the colon: "Federal Tax ID (EIN):"', async () => {
        const form = [
            'Federal Tax ID (EIN):  86-2041937          Business Type: [ ] Sole Prop',
            'Movement Reference Number (MRN):   25GB7H3K9P2M4X8QA1',
        ].join('\n');
        expect(await readData(form, strings('ein', 'mrn'))).to.deep.equal({ ein: '86-2041937', mrn: '25GB7H3K9P2M4X8QA1' });
    });

    it('a Dutch compound ending in "nummer" asks for a number: "Werkbon nr.:" labels `werkbonnummer`', async () => {
        const bon = ['ONDERHOUDSRAPPORT CV-INSTALLATIE', '', 'Werkbon nr.:        WB-25-07120', 'Datum bezoek:       07-10-2025'].join(
            '\n',
        );
        const schema = compile({ svc_schema: '1.0', name: 'w', fields: [{ name: 'werkbonnummer', type: 'string' }] });
        expect((await readData(bon, schema, 'nl')).werkbonnummer).to.equal('WB-25-07120');
    });

    it("a registration is a code: a vehicle's make and model with its figures is none", async () => {
        const letter = (vehicle: string) =>
            ['Claim number:   MMI-25-118', `Vehicle:        ${vehicle}`, 'Incident date:  3 October 2025'].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'vehicle_registration', type: 'string' }] });
        expect((await readData(letter('2019 Volkswagen Golf 1.5 TSI Match'), schema)).vehicle_registration).to.equal(null);
        expect((await readData(letter('PK19 XWD'), schema)).vehicle_registration).to.equal('PK19 XWD');
    });

    it('an identifier\'s word alone is the rest of a longer label, no value ("Customer Reference Number" over the number)', async () => {
        const letter = [
            'Student Loans Company',
            '100 Bothwell Street, Glasgow G2 7JD                Customer Reference Number',
            '                                                   1107 8843 2256',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'customer_reference', type: 'string', hints: ['Customer Reference Number'] }],
        });
        expect((await readData(letter, schema)).customer_reference).to.equal('1107 8843 2256');
    });

    it('a code after another label of its field is the value without that label ("Gedekt voertuig   Kenteken S-472-KV")', async () => {
        const card = [
            'Lidmaatschap Wegenwacht',
            '  Lidnummer              40 118 773',
            '  Gedekt voertuig        Kenteken S-472-KV (Toyota Yaris, 2019)',
        ].join('\n');
        const schema = hinted([{ name: 'kenteken', type: 'string', hints: ['Kenteken', 'Gedekt voertuig'] }]);
        expect((await readData(card, schema, 'nl')).kenteken).to.equal('S-472-KV');
        // Not a number a comma ends: it names a place with the label ("Court 3, Harrogate Justice Centre").
        const notice = "CORONER'S COURT\n\n    Court:              Court 3, Harrogate Justice Centre\n";
        const venue = hinted([{ name: 'hearing_venue', type: 'string', hints: ['Court', 'venue'] }]);
        expect((await readData(notice, venue)).hearing_venue).to.equal('Court 3, Harrogate Justice Centre');
    });

    it('a telephone number has digits: a name is none ("Landlord:  Mr Oliver Brandt-Hughes" for `landlordPhone`)', async () => {
        const form = ['Landlord:        Mr Oliver Brandt-Hughes', 'Agent:           Harbour Lettings', 'Deposit:         £1,150.00'].join(
            '\n',
        );
        const schema = hinted([{ name: 'landlordPhone', type: 'string', nullable: true }]);
        expect((await readData(form, schema)).landlordPhone).to.equal(null);
        const card = 'Landlord phone:  01273 555 410';
        expect((await readData(card, schema)).landlordPhone).to.equal('01273 555 410');
    });

    it('a word of two letters in the name labels only in capitals: "Client PO:" for `po_number`, not "po" in prose', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'sheet', fields: [{ name: 'po_number', type: 'string' }] });
        const doc = 'WEEKLY TIMESHEET\n\nClient:      Harbour Foods Inc.\nClient PO:   4500310092       Cost code:  QA-11\n';
        expect((await readData(doc, schema)).po_number).to.equal('4500310092');
        const prose = 'WEEKLY TIMESHEET\n\nPlease email the po: we will reply 4500310092 times.\n';
        expect((await readData(prose, schema)).po_number).to.equal(null);
    });

    it('a telephone number keeps its area code\'s bracket: "(312) 555-0176"', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'form', fields: [{ name: 'phone', type: 'string' }] });
        const doc = 'PARTICIPANT\nFirst name ........ Devin\nPhone ............. (312) 555-0176\n';
        expect((await readData(doc, schema)).phone).to.equal('(312) 555-0176');
    });

    it('a hint the schema writes with its number sign reads the code glued to the sign ("cert. #5047821")', async () => {
        // (bench/user-docs/twentythird has the report this was seen in.)
        const doc = ['Energy advisor:   Kevin Lindqvist, BPI Building Analyst, cert. #5047821', 'Job number:       BH-25-1193'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [{ name: 'bpi_certification_number', type: 'string', hints: ['cert. #', 'BPI'] }],
        });
        expect(await readData(doc, schema)).to.deep.equal({ bpi_certification_number: '5047821' });
    });
});
