// A party an agreement defines with a role (`licensor` from "VERITRACK SOFTWARE GMBH, a company
// registered in Germany (HRB 241187, Amtsgericht München), Rosenheimer Straße 141, 81671 München
// ("Licensor")"): the name starts its clause, whatever apposition follows it — lower-case words,
// brackets closed inside it, an address —; a definition on a line of its own defines the lines above.
// Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('parties defined after long appositions', () => {
    it('reads each numbered party past the brackets and the address of its apposition', async () => {
        const licence = [
            'SOFTWARE LICENCE AGREEMENT',
            '',
            'This Agreement is made on 2 June 2025 between:',
            '',
            '(1) VERITRACK SOFTWARE GMBH, a company registered in Germany (HRB 241187, Amtsgericht',
            '    München), Rosenheimer Straße 141, 81671 München ("Licensor"); and',
            '',
            '(2) BALTIC FREIGHT SOLUTIONS SIA, a company registered in Latvia (reg. no. 40103988211),',
            '    Krasta iela 52, Rīga, LV-1003 ("Licensee").',
        ].join('\n');
        expect(await readData(licence, strings('licensor', 'licensee'))).to.deep.equal({
            licensor: 'VERITRACK SOFTWARE GMBH',
            licensee: 'BALTIC FREIGHT SOLUTIONS SIA',
        });
    });

    it('reads a party whose address follows its name, defined on a line of its own below', async () => {
        const framework = [
            'FRAMEWORK SUPPLY AGREEMENT',
            '',
            'between',
            '',
            'Nordwerk Components GmbH, Heilbronner Straße 310, 70469 Stuttgart, Germany,',
            'represented by its managing director Mr. Tobias Renner',
            '- hereinafter the "Supplier" -',
            '',
            'and',
            '',
            'Atlantic Marine Systems Ltd, Ringaskiddy Business Park, Co. Cork, Ireland,',
            'represented by its CFO Ms. Siobhán Daly',
            '- hereinafter the "Buyer" -',
        ].join('\n');
        expect(await readData(framework, strings('supplier', 'buyer'))).to.deep.equal({
            supplier: 'Nordwerk Components GmbH',
            buyer: 'Atlantic Marine Systems Ltd',
        });
    });

    it('takes a role bracketed alone in lower case for a remark, not a definition: "9:12 AM (customer)"', async () => {
        const order = 'REPAIR ORDER\n\nEstimate approved: $780.00 by phone 06/03/2025 9:12 AM (customer)\n';
        expect((await readData(order, strings('customer'))).customer).to.equal(null);
        expect((await readData('Tom Baker (Customer) agrees to pay.\n', strings('customer'))).customer).to.equal('Tom Baker');
    });

    it('reads parties a Dutch agreement defines for a schema with English names (employer: "werkgever")', async () => {
        const contract = [
            'ARBEIDSOVEREENKOMST VOOR BEPAALDE TIJD',
            '',
            'De ondergetekenden:',
            '',
            '1. Bakkerij Van Houten B.V., gevestigd aan de Rijnkade 52, 6811 AA Arnhem,',
            '   vertegenwoordigd door mevrouw C.A. van Houten, directeur,',
            '   hierna te noemen: "werkgever",',
            '',
            'en',
            '',
            '2. de heer Daan Kuipers, geboren op 11 oktober 1999 te Nijmegen, wonende aan de',
            '   Sonsbeekweg 19, 6821 BR Arnhem,',
            '   hierna te noemen: "werknemer",',
        ].join('\n');
        expect(await readData(contract, strings('employer', 'employee'), 'nl')).to.deep.equal({
            employer: 'Bakkerij Van Houten B.V.',
            employee: 'Daan Kuipers',
        });
    });

    it('takes no acronym in brackets for a role: "Federal Tax ID (EIN) 46-2817730"', async () => {
        const receipt =
            'HARBOR LIGHT FOOD BANK\n512 Wharf Street  •  Portland, ME 04101\nA nonprofit organization  •  Federal Tax ID (EIN) 46-2817730\n';
        expect((await readData(receipt, strings('ein'))).ein).to.not.equal('Portland');
    });

    it('ends a name before a connector that ends its sentence: "met Van Dijk Techniek B.V. op. Sinds 1 …"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'ontslag',
            fields: [{ name: 'werkgever', type: 'string', hints: ['arbeidsovereenkomst met'] }],
        });
        const letter =
            'Geachte heer Smits,\n\nHierbij zeg ik mijn arbeidsovereenkomst met Van Dijk\nTechniek B.V. op. Sinds 1 maart 2020 ben ik bij u in\ndienst.\n';
        expect((await readData(letter, schema, 'nl')).werkgever).to.equal('Van Dijk Techniek B.V.');
        // A connector inside a name stays: "J.M. de Vries".
        const signed = 'Hierbij zeg ik mijn arbeidsovereenkomst met J.M. de Vries op.\n';
        expect((await readData(signed, schema, 'nl')).werkgever).to.equal('J.M. de Vries');
    });
});

describe('a role defined with its article inside the quotes', () => {
    const SPONSORSHIP = [
        '                              SPONSORSHIP AGREEMENT',
        '',
        'This Sponsorship Agreement is dated 20 January 2025 and is made between:',
        '',
        '(1) RIVERSIDE FOOD & DRINK FESTIVAL CIC, a community interest company registered in',
        '    England and Wales whose registered office is at The Old Maltings, Wharf Street,',
        '    Shrewsbury SY1 2BU ("the Organiser"); and',
        '',
        '(2) MERCIAN CRAFT BREWING CO. LIMITED, a company registered in England and Wales',
        '    (company no. 09117354) whose registered office is at Unit 3, Longden Road',
        '    Industrial Estate, Shrewsbury SY3 9DW ("the Sponsor").',
        '',
        '1. THE EVENT',
        '1.1 The Organiser will stage the Riverside Food & Drink Festival 2025 at Quarry Park on',
        '    Saturday 14 and Sunday 15 June 2025 ("the Event").',
        '2.1 The Sponsor is appointed Headline Bar Sponsor of the Event.',
    ].join('\n');

    it('reads each party (“the Sponsor”) defines, and no defined term for a name', async () => {
        expect(await readData(SPONSORSHIP, strings('organiser', 'sponsor'))).to.deep.equal({
            organiser: 'RIVERSIDE FOOD & DRINK FESTIVAL CIC',
            sponsor: 'MERCIAN CRAFT BREWING CO. LIMITED',
        });
    });

    it('reads no party for the one who signs for it, nor “the Event” for a name', async () => {
        expect(await readData(SPONSORSHIP, strings('sponsor_signatory'))).to.deep.equal({ sponsor_signatory: null });
    });
});

describe('a couple as one party', () => {
    it('reads two people joined by "and", each after a title, as the party the clause defines', async () => {
        const huur = [
            'HUUROVEREENKOMST',
            '',
            'DE ONDERGETEKENDEN',
            '',
            '1. Woonstichting Maasdal, gevestigd te Venlo, hierna: "de verhuurder";',
            '',
            '2. de heer P. Janssen en mevrouw K. Janssen-Peters, wonende aan de Kerkstraat 4,',
            '   5911 AB Venlo, hierna: "de huurder";',
        ].join('\n');
        expect(await readData(huur, strings('huurder', 'verhuurder'), 'nl')).to.deep.equal({
            huurder: 'de heer P. Janssen en mevrouw K. Janssen-Peters',
            verhuurder: 'Woonstichting Maasdal',
        });
        const tenancy = [
            'TENANCY AGREEMENT',
            '',
            'THIS AGREEMENT is made between:',
            '(1) Harbour Lettings Ltd, of 2 Quay Street, Bristol BS1 4DB (the "Landlord"); and',
            '(2) Mr Tom Hale and Mrs Ann Hale, of 4 Elm Road, Leeds LS6 2AB (the "Tenant").',
        ].join('\n');
        expect((await readData(tenancy, strings('tenant', 'landlord'))).tenant).to.equal('Mr Tom Hale and Mrs Ann Hale');
        // Without a title before each, "and" still parts the parties a clause lists.
        const sale =
            'SALE AGREEMENT\n\nThis agreement is made between Orchard Tools Ltd and Priya Raman, of 31 Elm Grove, Reading (the "Buyer").\n';
        expect((await readData(sale, strings('buyer'))).buyer).to.equal('Priya Raman');
    });

    it("a defined name's clause does not run back over a line break out of a title in capitals", async () => {
        const notice = [
            'LUMENFORGE ROBOTICS LTD',
            '',
            '                           OPTION GRANT NOTICE',
            '          Lumenforge Robotics 2023 EMI Share Option Plan (the "Plan")',
            '',
            'To:  Priya Castellanos-Hart',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'o', fields: [{ name: 'plan_name', type: 'string' }] });
        expect((await readData(notice, schema)).plan_name).to.equal('Lumenforge Robotics 2023 EMI Share Option Plan');
    });

    it('a signing line\'s word before a bracketed role is no name: "Signed (Chair):" under minutes that name the chair', async () => {
        const minutes = [
            'Present:        Margaret Osei (Chair), David Lindqvist (Treasurer),',
            '                Priya Raman (Secretary), Tom Bradshaw',
            '',
            '1. WELCOME',
            'The Chair welcomed everyone.',
            '',
            'Signed (Chair): ..................................   Date: ................',
        ].join('\n');
        expect((await readData(minutes, strings('chair'))).chair).to.equal('Margaret Osei');
        const { candidates } = await readCandidates(minutes, strings('chair'));
        expect(candidates.map((c) => c.quote)).to.not.include('Signed');
    });
});
