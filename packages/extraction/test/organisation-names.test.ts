// Fields that ask for an organisation by its kind (`club_name`, `insurer`, Dutch `vereniging`) on
// documents written for the test (bench/user-docs/sixteenth has the ones these were seen in): the
// name line that says the kind, an e-mail sender's name that says it, and the letterhead as a guess
// at a coin flip's confidence where nothing in the document is labelled for the field.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';

const one = (name: string) => compile({ svc_schema: '1.0', name: 'doc', fields: [{ name, type: 'string' }] });

describe('organisation names', () => {
    it('a name line inside a box that ends with the kind `club_name` asks for is read as sure as a letterhead', async () => {
        const form = [
            ' ______________________________________________________',
            '|                                                      |',
            '|   HOLLYBANK BOWLING CLUB                 est. 1908   |',
            '|   MEMBERSHIP RENEWAL 2026                            |',
            '|______________________________________________________|',
            '',
            'Name:        Mr Peter Gaskell',
            'Category:    Full playing member',
        ].join('\n');
        const r = await readResponse(form, one('club_name'));
        expect(r.data.club_name).to.equal('HOLLYBANK BOWLING CLUB');
        expect(r.fields.club_name!.confidence).to.be.greaterThan(0.8);
    });

    it('an e-mail sender\'s name headed by the kind names it (`hotel`: "Hotel De Branding")', async () => {
        const mail = [
            'Van:        Hotel De Branding <boekingen@hoteldebranding.example>',
            'Aan:        Kees Mulder <kees@example.com>',
            'Onderwerp:  Bevestiging reservering',
            '',
            'Beste heer Mulder,',
            '',
            'Hartelijk dank voor uw reservering van twee nachten.',
        ].join('\n');
        const r = await readResponse(mail, one('hotel'), 'nl');
        expect(r.data.hotel).to.equal('Hotel De Branding');
        expect(r.fields.hotel!.confidence).to.be.greaterThan(0.8);
    });

    it('with nothing labelled, the first line names the organisation a kind asks for, at a guess', async () => {
        const letter = [
            'Northway Motor Insurance',
            'Claims Team, 12 Dock Street, Hull HU1 3AA',
            '',
            'Mr Adam Booth',
            '4 Mill Lane',
            'Beverley HU17 8PP',
            '',
            'Dear Mr Booth,',
            'We have settled your claim for the sum of £4,200.00.',
        ].join('\n');
        const r = await readResponse(letter, one('insurer'));
        expect(r.data.insurer).to.equal('Northway Motor Insurance');
        expect(r.fields.insurer!.confidence).to.be.within(0.4, 0.75);
        // Dutch compounds end in the kind: `geldverstrekker`.
        const nl = ['RIVIERLAND HYPOTHEKEN', 'Postbus 12, 3500 AA Utrecht', '', 'JAAROVERZICHT 2025', 'Rente betaald: € 7.120,00'];
        expect((await readResponse(nl.join('\n'), one('geldverstrekker'), 'nl')).data.geldverstrekker).to.equal('RIVIERLAND HYPOTHEKEN');
    });

    it("no guess for another organisation than the writer's, a person who sends, a title, or a label's value", async () => {
        const mail = [
            'From:     Elmfield Medical Practice <noreply@elmfieldpractice.example>',
            'Subject:  Your registration',
            '',
            'Dear Ms Adeyemi, you are now registered with us.',
        ].join('\n');
        expect((await readResponse(mail, one('previous_practice'))).data.previous_practice).to.equal(null);
        const person = ['From: Claire Dawson <events@oakleyhall.example>', 'Subject: Your wedding', '', 'Dear Sam and Alex,'].join('\n');
        expect((await readResponse(person, one('venue'))).data.venue).to.equal(null);
        const title = ['GARAGE SERVICE REPORT', '', 'Vehicle:   Ford Fiesta', 'Mileage:   48,210'].join('\n');
        expect((await readResponse(title, one('garage_name'))).data.garage_name).to.equal(null);
        const labelled = ['PAWSAFE PET INSURANCE LTD', '', 'CLAIM FORM', 'Vet practice:   Oakdene Veterinary Clinic', 'Pet:  Biscuit'];
        expect((await readResponse(labelled.join('\n'), one('vet_practice'))).data.vet_practice).to.equal('Oakdene Veterinary Clinic');
    });

    it('a company\'s bracketed number is part of its name: "Fernwood Properties (No. 2) Limited"', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'demand', fields: [{ name: 'landlord', type: 'string' }] });
        const doc = 'NOTICE OF RENT DUE\n\nLandlord:            Fernwood Properties (No. 2) Limited\nAccount ref:         FP-2291\n';
        expect((await readResponse(doc, schema)).data.landlord).to.equal('Fernwood Properties (No. 2) Limited');
    });

    it('"Managing agents for X" under a letterhead: the letterhead is the agent, X the one it serves', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'demand', fields: [{ name: 'managing_agent', type: 'string' }] });
        const doc = [
            'HOLLIS ESTATE MANAGEMENT LTD',
            'Managing agents for Fernwood Properties Limited',
            '12 Castle Gate, Derby DE1 3AA',
            '',
            'NOTICE OF SERVICE CHARGE DUE',
        ].join('\n');
        expect((await readResponse(doc, schema)).data.managing_agent).to.equal('HOLLIS ESTATE MANAGEMENT LTD');
    });

    it('gyms, studios, salons, centres and trusts are organisations a letterhead names', async () => {
        const waiver = [
            'HIGH WALL CLIMBING',
            '22 Mill Road, Leeds LS2 7QT  ·  0113 555 0192',
            '',
            'PARTICIPANT AGREEMENT',
            'First name ...... Devin',
        ];
        expect((await readResponse(waiver.join('\n'), one('gym'))).data.gym).to.equal('HIGH WALL CLIMBING');
        const salon = ['LUMEN HAIR STUDIO', '4 King Street, Bath BA1 2AB', '', 'Appointment confirmation', 'Date:  12 May 2025'];
        expect((await readResponse(salon.join('\n'), one('salon_name'))).data.salon_name).to.equal('LUMEN HAIR STUDIO');
        // Dutch: a municipality writes its kind in lower case; an animal shelter.
        const brief = [
            'gemeente Coevorden',
            'Kasteel 1  -  Postbus 2  -  7740 AA  Coevorden',
            '',
            'Aan de ouders van Sem Jansen',
            'Dhr. K. Jansen',
        ];
        expect((await readResponse(brief.join('\n'), one('gemeente'), 'nl')).data.gemeente).to.equal('gemeente Coevorden');
        const asiel = [
            'Stichting Dierenasiel Het Baken',
            'Dijkweg 4, 8911 AA Leeuwarden  |  058 212 09 37',
            '',
            '            ADOPTIECONTRACT  KAT',
            '',
            'GEGEVENS VAN HET DIER',
            'Naam',
            '    Pluis',
        ];
        expect((await readResponse(asiel.join('\n'), one('asiel'), 'nl')).data.asiel).to.equal('Stichting Dierenasiel Het Baken');
    });

    it("a letterhead that says a kind another field asks for is that field's: the council's, not the works promoter's", async () => {
        const notice = [
            '                           WILTSHIRE COUNCIL',
            '',
            '             ROAD TRAFFIC REGULATION ACT 1984 - SECTION 14(1)',
            '',
            'NOTICE IS HEREBY GIVEN that Wiltshire Council intends to make an Order to enable',
            'Wessex Water Services Ltd to carry out sewer replacement works.',
        ].join('\n');
        const field = (name: string, description: string) => ({ name, type: 'string', description });
        const both = compile({
            svc_schema: '1.0',
            name: 'notice',
            fields: [
                field('highway_authority', 'council that makes the order'),
                field('works_promoter', 'company or body carrying out the works'),
            ],
        });
        const data = (await readResponse(notice, both)).data;
        expect(data.highway_authority).to.equal('WILTSHIRE COUNCIL');
        expect(data.works_promoter).to.equal(null);
        // Alone, the field that asks for the issuer still takes the letterhead.
        const alone = compile({
            svc_schema: '1.0',
            name: 'notice',
            fields: [field('works_promoter', 'company or body carrying out the works')],
        });
        expect((await readResponse(notice, alone)).data.works_promoter).to.equal('WILTSHIRE COUNCIL');
    });

    it('a description\'s words after its link word name whom an organisation belongs to: "Technicus:" is no `keuringsbedrijf`', async () => {
        const attest = [
            'TANKCONTROLE WAASLAND BV                          ATTEST PERIODIEKE CONTROLE',
            'Hogenakkerhoekstraat 21, 9150 Kruibeke',
            '',
            'Datum controle:    17/10/2025',
            'Technicus:         Dries Vermeersch',
        ].join('\n');
        const field = (description: string) =>
            compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'keuringsbedrijf', type: 'string', description }] });
        expect((await readData(attest, field('bedrijf van de erkende technicus'), 'nl')).keuringsbedrijf).to.equal(
            'TANKCONTROLE WAASLAND BV',
        );
        // A name's description keeps them: "naam van de technicus" is the technician's.
        const naam = compile({
            svc_schema: '1.0',
            name: 'a',
            fields: [{ name: 'uitvoerder', type: 'string', description: 'naam van de technicus' }],
        });
        expect((await readData(attest, naam, 'nl')).uitvoerder).to.equal('Dries Vermeersch');
    });

    it('a dash after a kind that ends a name in capitals is no colon ("GREAT LAKES UNIVERSITY - CLINICAL RESEARCH UNIT")', async () => {
        const slip = [
            'GREAT LAKES UNIVERSITY - CLINICAL RESEARCH UNIT',
            '1200 Lakeshore Drive, Chicago, IL 60611',
            '',
            'PARTICIPANT PAYMENT RECEIPT',
            'Participant ID:     SLM-0417',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'university', type: 'string' }] });
        // (The name itself, at its letterhead's place.)
        expect((await readData(slip, schema)).university).to.equal('GREAT LAKES UNIVERSITY');
        // A label that starts its line keeps its dash ("University - Great Lakes").
        const labelled = await readData('University - Great Lakes University\nUnit - Clinical Research', schema);
        expect(labelled.university).to.equal('Great Lakes University');
    });

    it('a registration number after a legal form\'s hint is no name of the business ("Pty Ltd   ABN 61 608 214 993")', async () => {
        const statement = [
            'Harbourlink Tolling Pty Ltd   ABN 61 608 214 993',
            'PO Box 4410, Parramatta NSW 2124   |   13 86 54',
            '',
            'TAX INVOICE / ACCOUNT STATEMENT',
        ].join('\n');
        const fields = [{ name: 'toll_operator', type: 'string', hints: ['Pty Ltd', 'Toll operator'] }];
        expect((await readData(statement, compile({ svc_schema: '1.0', name: 't', fields }))).toll_operator).to.equal(
            'Harbourlink Tolling Pty Ltd',
        );
        // A field that asks for the number keeps it.
        const abn = [{ name: 'abn_number', type: 'string', hints: ['Pty Ltd'] }];
        expect((await readData(statement, compile({ svc_schema: '1.0', name: 't', fields: abn }))).abn_number).to.equal(
            'ABN 61 608 214 993',
        );
    });

    it('a name its kind heads, the kind capitalised: "School of Chemistry" for `school`; not a kind in lower case', async () => {
        const letter = [
            'UNIVERSITY OF NORTHBRIDGE',
            'Doctoral College | Research Degrees Office',
            '',
            'Outcome of oral examination - Doctor of Philosophy (PhD), School of Chemistry',
        ].join('\n');
        expect((await readData(letter, strings('school'))).school).to.equal('School of Chemistry');
        const note = 'Your son will move to the school of his choice in September.';
        expect((await readCandidates(note, strings('school'))).candidates.map((c) => c.quote)).to.deep.equal([]);
    });

    it('a field named by a kind of organisation takes no value without a letter: "Authority   2025/26   2026/27"', async () => {
        // (bench/user-docs/twentysixth has the council tax bill this was seen in.)
        const bill = [
            'KIRKFIELD DISTRICT COUNCIL',
            '',
            'Authority                                  2025/26        2026/27     Change',
            'Kirkfield District Council                 £297.61        £312.48      5.0%',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'billing_authority', type: 'string', description: 'The council that sends the bill and collects the tax' }],
        });
        expect((await readData(bill, schema)).billing_authority).to.not.equal('2025/26');
        // Its number is a number: `charity_no`.
        const minutes = 'TRUSTEE BOARD MINUTES\n\nCharity no.:   1187342\n';
        expect(
            (await readData(minutes, compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'charity_no', type: 'string' }] })))
                .charity_no,
        ).to.equal('1187342');
    });
});
