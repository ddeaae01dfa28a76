// Address fields named as users name them ("property_address", "billingAddress"), the address a
// qualified name asks for (not the letterhead's), and lines that only look like addresses. Documents
// written for the test (names, streets and postcodes are made up).
import { expect } from 'chai';
import { addressBlocks, wantsAddress, wantsOthersAddress } from '../src/readers/heuristic-address.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const LETTER = compile({
    svc_schema: '1.0',
    name: 'arrears_letter',
    fields: [
        { name: 'property_address', type: 'string', hints: ['RE:', 'Property'] },
        { name: 'letter_date', type: 'date' },
    ],
});

const LETTERHEAD = 'Holloway Lettings\n22 Market Street, Stockport SK1 1EG\nTel: 0161 555 0100\n\n';

describe('address fields: names', () => {
    it('a snake_case or camelCase name with an address word asks for an address', () => {
        expect(wantsAddress(['property_address'])).to.equal(true);
        expect(wantsAddress(['billingAddress'])).to.equal(true);
        expect(wantsAddress(['addressee'])).to.equal(false);
    });

    it("a name that gives the address to someone else than the issuer does not take the letterhead's", () => {
        const en = localeOf('en');
        expect(wantsOthersAddress('property_address', en)).to.equal(true);
        expect(wantsOthersAddress('newAddress', en)).to.equal(true);
        expect(wantsOthersAddress('address', en)).to.equal(false);
        expect(wantsOthersAddress('store_address', en)).to.equal(false);
        expect(wantsOthersAddress('full_address', en)).to.equal(false);
    });
});

describe('address fields: values', () => {
    it("reads the address after a subject's dash, over its commas", async () => {
        const doc = `${LETTERHEAD}Date: 14 October 2024\n\nDear Ms Dawes,\n\nRE: RENT ARREARS - FLAT 4, 7 ORCHARD ROW, STOCKPORT SK3 0AB\n\nYour rent is in arrears.\n`;
        expect((await readData(doc, LETTER)).property_address).to.equal('FLAT 4, 7 ORCHARD ROW, STOCKPORT SK3 0AB');
    });

    it('a subject line that is all address is read whole, not cut at its first comma', async () => {
        const doc = `${LETTERHEAD}Date: 14 October 2024\n\nRE: Flat 4, 7 Orchard Row, Stockport SK3 0AB\n\nYour rent is in arrears.\n`;
        expect((await readData(doc, LETTER)).property_address).to.equal('Flat 4, 7 Orchard Row, Stockport SK3 0AB');
    });

    it("a qualified address is not the letterhead's: the addressee's block, not the issuer's", async () => {
        const schema = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'property_address', type: 'string' }] });
        const doc = `${LETTERHEAD}Ms Kay Dawes\nFlat 4, 7 Orchard Row\nStockport SK3 0AB\n\nDear Ms Dawes,\n\nYour rent is in arrears.\n`;
        expect((await readData(doc, schema)).property_address).to.equal('Flat 4, 7 Orchard Row Stockport SK3 0AB');
        // An unqualified address keeps the letterhead's.
        const plain = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'address', type: 'string' }] });
        expect((await readData(doc, plain)).address).to.equal('22 Market Street, Stockport SK1 1EG');
    });

    it('a sentence or a date with a year is no address block; a street line with its postcode is', () => {
        const blocks = (text: string, language: 'en' | 'nl'): string[] =>
            addressBlocks(new WindowText(text, localeOf(language))).map((b) => b.quote);
        expect(blocks('Bevestiging\n\nofferte van 12 augustus 2025, die u op 20 augustus heeft ondertekend.\n', 'nl')).to.deep.equal([]);
        expect(blocks('Notice\n\nunder Section 8 of the Housing Act 1988, and any court costs\n', 'en')).to.deep.equal([]);
        expect(blocks('Notice\n\nDue on 28 October 2024, at the office.\n', 'en')).to.deep.equal([]);
        expect(blocks('Notice\n\nVughterweg 52, 5211 CL Den Bosch\n', 'nl')).to.deep.equal(['Vughterweg 52, 5211 CL Den Bosch']);
    });

    it('a Dutch compound of "adres" asks for an address ("bezoekadres"), not an e-mail\'s or a website\'s', async () => {
        const extract = [
            'Handelsnamen                  Fietsmakerij De Spaak',
            'Bezoekadres                   Hoogstraat 61, 3011PP Rotterdam',
            'Internetadres                 www.fietsmakerijdespaak.nl',
        ].join('\n');
        expect(await readData(extract, strings('bezoekadres'), 'nl')).to.deep.equal({ bezoekadres: 'Hoogstraat 61, 3011PP Rotterdam' });
        expect(['bezoekadres', 'woonadres', 'e-mailadres', 'internetadres'].map((w) => wantsAddress([w]))).to.deep.equal([
            true,
            true,
            false,
            false,
        ]);
    });

    it('a labelled address runs on over the lines under it at its column, to its postcode', async () => {
        const certificate = [
            'PROPERTY',
            '  Homeowner:        Mr & Mrs A. Ngozi-Barrett',
            '  Address:          72 Hollybush Lane',
            '                    Penn',
            '                    Wolverhampton',
            '                    WV4 4JD',
            '  Local Authority:  City of Wolverhampton Council',
        ].join('\n');
        expect(await readData(certificate, strings('property_address'))).to.deep.equal({
            property_address: '72 Hollybush Lane Penn Wolverhampton WV4 4JD',
        });
        // Lines without a postcode are no address's (a list of check boxes under the value), and a
        // field that asks for a name, labelled "name and address", reads the name's line alone.
        const boxes = [
            '  Installation:   Flat 3, 58 Mansfield Road',
            '                  [ ] SATISFACTORY',
            '                  [x] UNSATISFACTORY',
        ].join('\n');
        expect(await readData(boxes, strings('installation_address'))).to.deep.equal({ installation_address: 'Flat 3, 58 Mansfield Road' });
        const p60 = [
            '  Employer name and address:   Brightwater Dental Care Ltd',
            '                               19 Castle Street, Shrewsbury SY1 2BQ',
        ].join('\n');
        const employer = compile({
            svc_schema: '1.0',
            name: 'p',
            fields: [{ name: 'employer', type: 'string', nullable: true, hints: ['Employer name and address'] }],
        });
        expect(await readData(p60, employer)).to.deep.equal({ employer: 'Brightwater Dental Care Ltd' });
    });

    it('a postcode is a short code with a digit: "approx 15%" after "delivery:" is none', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'docket',
            fields: [{ name: 'eircode', type: 'string', description: 'postcode of the delivery address' }],
        });
        const doc = 'DELIVERY DOCKET\n\nProduct:   Kerosene\nLevel before delivery: approx 15%\nLitres:    700\n';
        expect((await readData(doc, schema)).eircode).to.equal(null);
        expect((await readData('Deliver to:  Cloonfad\nDelivery postcode:  F42 X7K3\n', schema)).eircode).to.equal('F42 X7K3');
    });

    it('a deed\'s "of" before a party\'s address is no part of it, and no letterhead stands over that address', async () => {
        const certificate = [
            'Certificate No. 14                                  Number of Shares: 2,500',
            '',
            '               SHARE CERTIFICATE - ORDINARY SHARES',
            '',
            'THIS IS TO CERTIFY that',
            '',
            '        ELEANOR BEATRICE VANE',
            '        of 88 Tanner Street, London SE1 3LD',
            '',
            'is the registered holder of 2,500 Ordinary Shares of £0.01 each.',
        ].join('\n');
        expect(addressBlocks(new WindowText(certificate, localeOf('en'))).map((b) => b.quote)).to.deep.equal([
            '88 Tanner Street, London SE1 3LD',
        ]);
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'company_name', type: 'string' },
                { name: 'shareholder_address', type: 'string' },
            ],
        });
        const data = await readData(certificate, schema);
        expect(data.shareholder_address).to.equal('88 Tanner Street, London SE1 3LD');
        expect(data.company_name).to.not.equal('ELEANOR BEATRICE VANE');
    });

    it("an address block ends at its postcode where running text goes on; a witness's block labels the witness's address, not the deed's", async () => {
        const deed = [
            'BY THIS DEED OF CHANGE OF NAME made by me, the undersigned',
            '',
            '        DANIEL PETER RUSHWORTH-KAY',
            '',
            'of 56 Beaconsfield Road, Leicester, LE3 0FE, a British citizen, born on',
            '30 August 1991,',
            '',
            'In the presence of:',
            '',
            '    Witness signature:   M. Achterberg',
            '    Full name:           Marieke Achterberg',
            '    Address:             19 Clarendon Park Road, Leicester LE2 3AJ',
            '    Occupation:          Community Pharmacist',
        ].join('\n');
        expect(addressBlocks(new WindowText(deed, localeOf('en'))).map((b) => b.quote)).to.include(
            '56 Beaconsfield Road, Leicester, LE3 0FE',
        );
        const schema = compile({
            svc_schema: '1.0',
            name: 'deed',
            fields: [
                { name: 'address', type: 'string' },
                { name: 'witness_address', type: 'string', hints: ['witness address'] },
            ],
        });
        expect((await readData(deed, schema)).address).to.equal('56 Beaconsfield Road, Leicester, LE3 0FE');
        // Without a field of the witness's address, "Address:" is the deed's field's label as before.
        const alone = compile({ svc_schema: '1.0', name: 'deed', fields: [{ name: 'address', type: 'string' }] });
        expect((await readData(deed, alone)).address).to.equal('19 Clarendon Park Road, Leicester LE2 3AJ');
    });

    it('a first line that describes the place in a bracket or quotes is no part of the address under it', async () => {
        const letter = [
            'Uw afspraak',
            '  Datum:      donderdag 23 oktober 2025',
            '  Locatie:    Mobiel onderzoekscentrum (de "screeningsunit")',
            "              Parkeerterrein Sporthal 't Hoge Land",
            '              Tongerenseweg 2a, 8161 AB Epe',
            '',
            'Het onderzoek duurt ongeveer 10 minuten.',
        ].join('\n');
        const quotes = (await readCandidates(letter, strings('locatie_adres'), 'nl')).candidates.map((c) => c.quote.replace(/\s+/g, ' '));
        expect(quotes).to.include("Parkeerterrein Sporthal 't Hoge Land Tongerenseweg 2a, 8161 AB Epe");
        expect(quotes.filter((q) => q.includes('screeningsunit') && q.includes('Tongerenseweg'))).to.deep.equal([]);
    });

    it('an aside in a bracket after a labelled address is no part of it', async () => {
        const order = [
            'PAKBON 2025-3318',
            '',
            'Afleveradres:     Molenstraat 17, 3961 BH Wijk bij Duurstede (achterom, 3 pallets)',
            'Leverdatum:       14 oktober 2025',
        ].join('\n');
        expect((await readData(order, strings('afleveradres'), 'nl')).afleveradres).to.equal('Molenstraat 17, 3961 BH Wijk bij Duurstede');
        const note = ['Delivery address:   Unit 5, Calder Park, Wakefield WF2 7AW (gate code 4417)', 'Driver:             S. Begum'].join(
            '\n',
        );
        expect((await readData(note, strings('delivery_address'))).delivery_address).to.equal('Unit 5, Calder Park, Wakefield WF2 7AW');
    });

    it('a Dutch street of a few words that a street\'s word starts is an address line ("Laan van Meerdervoort 1120")', async () => {
        const letter = [
            'Belastingdienst',
            '',
            '                                        De heer P.J. van Dam',
            '                                        Laan van Poot 212',
            '                                        2593 BT  DEN HAAG',
            '',
            'Datum            Ons kenmerk',
            '3 april 2025     IBRI/2025/0471',
        ].join('\n');
        const win = new WindowText(letter, localeOf('nl'));
        expect(addressBlocks(win).map((b) => b.quote.replace(/\s+/g, ' '))).to.include('Laan van Poot 212 2593 BT DEN HAAG');
        // A post-office box over its postcode is an address too.
        const box = new WindowText('Belastingdienst\nPostbus 2508\n6401 DA  Heerlen\n\nDatum 3 april 2025\n', localeOf('nl'));
        expect(addressBlocks(box).map((b) => b.quote.replace(/\s+/g, ' '))).to.deep.equal(['Postbus 2508 6401 DA Heerlen']);
        // (A label and its code is still no street: "Ons kenmerk 0471".)
        expect(addressBlocks(new WindowText('Factuur\nKenmerk 0471\n2593 BT DEN HAAG\n', localeOf('nl')))).to.deep.equal([]);
    });
});
