// Where a value read after its label ends: before the next column's label two spaces on, before
// a bracket of words in lower case the line ends inside, before "of" and an address. Documents
// written for the test.
import { expect } from 'chai';
import { valueHead } from '../src/readers/heuristic-heads.js';
import { columnEnd } from '../src/readers/heuristic-lines.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe('where a value ends', () => {
    it("before the next column's label two spaces on, when the label is capitalised", async () => {
        const line = 'Provider: Summit Orthopedics, PLLC  Network status:  In-network';
        expect(line.slice(10, columnEnd(line, 10, line.length))).to.equal('Summit Orthopedics, PLLC');
        // Two spaces before a word in lower case part no column.
        const prose = 'Note: call first  then: leave the parcel';
        expect(prose.slice(6, columnEnd(prose, 6, prose.length))).to.equal('call first  then: leave the parcel');
        const eob = [
            'Patient: Eli Brandt (son)                  Claim number:    2025-0913-77310-04',
            'Provider: Summit Orthopedics, PLLC  Network status:  In-network',
        ];
        expect(await readData(eob.join('\n'), strings('provider'))).to.deep.equal({ provider: 'Summit Orthopedics, PLLC' });
    });

    it('a name before a bracket of words in lower case that its line ends inside, or before "of" and an address', () => {
        const official = 'mevrouw A. Haverkamp (door u voorgedragen';
        expect(official.slice(0, valueHead(official))).to.equal('mevrouw A. Haverkamp');
        const guarantor = 'Mr Malcolm Stephen Quill of 9 Orchard Rise';
        expect(guarantor.slice(0, valueHead(guarantor))).to.equal('Mr Malcolm Stephen Quill');
        // A name before a measure after its comma; not a comma inside a bracket.
        const model = 'Ohme Home Pro, 7.4 kW, tethered 5 m Type 2 cable';
        expect(model.slice(0, valueHead(model))).to.equal('Ohme Home Pro');
        const plan = 'Premium Family (4 screens, 4K)';
        expect(plan.slice(0, valueHead(plan))).to.equal('Premium Family');
        // A name's own bracket and a place after "of" stay.
        expect(valueHead('M.J. (Marieke) Hoogendoorn')).to.equal(0);
        expect(valueHead('Bank of America')).to.equal(0);
    });

    it('reads the guarantor of a deed without the address', async () => {
        const deed = ['(2) THE GUARANTOR:  Mr Malcolm Stephen Quill of 9 Orchard Rise,', '    Canterbury CT1 3AB'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'd',
            fields: [{ name: 'guarantor_name', type: 'string', hints: ['THE GUARANTOR'] }],
        });
        expect(await readData(deed, schema)).to.deep.equal({ guarantor_name: 'Mr Malcolm Stephen Quill' });
    });

    it('at the first of a list of people, each after a title, for a field that asks for one', async () => {
        const claim = [
            'FLIGHT DISRUPTION CLAIM',
            '',
            '  Booking ref       KX7QPL',
            '  Passengers        Ms Orla Byrne, Mr Declan Byrne, Miss Aoife Byrne',
            '  Flight            EI 654, Dublin - Lisbon',
        ].join('\n');
        const lead = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'passenger_name', type: 'string', description: 'Lead passenger who made the claim' }],
        });
        expect(await readData(claim, lead)).to.deep.equal({ passenger_name: 'Ms Orla Byrne' });
        // A field that asks for a list keeps the line whole (the rule is for one value).
        const all = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'passengers', type: 'array', items: { type: 'string' } }],
        });
        expect((await readData(claim, all)).passengers).to.deep.equal(['Ms Orla Byrne, Mr Declan Byrne, Miss Aoife Byrne']);
    });

    it('at the full name the window writes for a given name alone, for a field that asks for a name', async () => {
        const letter = [
            'Taff Valley Distribution Ltd',
            '',
            'Mr Rhodri Beddoe',
            '12 Heol y Nant',
            'Caerphilly CF83 1AB',
            '',
            'Dear Rhodri,',
            '',
            'Following our meeting, I confirm that your employment will end on 30 September 2025.',
        ].join('\n');
        // (`contact_name`: a role letters are sent to, `employee_name`, reads the address block whole.)
        const schema = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'contact_name', type: 'string', hints: ['Dear'] }] });
        expect(await readData(letter, schema)).to.deep.equal({ contact_name: 'Rhodri Beddoe' });
        // Where the window writes it alone only, it stays as written.
        const alone = letter.replace('Mr Rhodri Beddoe', 'Mr R. Beddoe');
        expect(await readData(alone, schema)).to.deep.equal({ contact_name: 'Rhodri' });
    });

    it("before a box's border: a value on a line framed by bars ends before the bar", async () => {
        const box = [
            ' +-----------------------------------------------------------------------+',
            ' | TV LICENCE                                       Licence type: COLOUR |',
            ' | Licence number:    3417 2298 0456                                     |',
            ' | Licensed address:  Flat 6, Coniston Court, 118 Wellington Road South, |',
            ' +-----------------------------------------------------------------------+',
        ].join('\n');
        expect(await readData(box, strings('licence_number', 'licensed_address'))).to.deep.equal({
            licence_number: '3417 2298 0456',
            licensed_address: 'Flat 6, Coniston Court, 118 Wellington Road South',
        });
    });

    it("after a row's number in a cell of its own: the name, not the list's index", async () => {
        const list = ['PASSENGERS', '  1  Mrs Niamh Brennock          Adult', '  2  Mr Cathal Brennock          Adult'].join('\n');
        expect(await readData(list, strings('lead_passenger'))).to.deep.equal({ lead_passenger: 'Mrs Niamh Brennock' });
    });

    it('before a footnote\'s or a rating\'s stars: "Economy 7 *", "… De Zwarte Dennen ****"', async () => {
        const bill = 'Tariff:        Economy 7 *\n* two rates, see overleaf';
        expect(await readData(bill, strings('tariff'))).to.deep.equal({ tariff: 'Economy 7' });
        const head = [
            'Camping & Recreatiepark De Zwarte Dennen ****',
            'Dennenweg 31, 7451 PK Holten',
            '',
            'OVEREENKOMST SEIZOENSPLAATS',
        ].join('\n');
        expect(await readData(head, strings('camping'), 'nl')).to.deep.equal({ camping: 'Camping & Recreatiepark De Zwarte Dennen' });
    });

    it('no name that heads another label: "THE REGISTERED KEEPER      Notice No:  WM25/1173048" reads no "Notice"', async () => {
        const notice = [
            'THE REGISTERED KEEPER                             Notice No:  WM25/1173048',
            'Ms Francesca Delahaye                             Date of issue:  29/07/2025',
        ].join('\n');
        expect((await readData(notice, strings('registered_keeper'))).registered_keeper).to.not.equal('Notice');
        // A name before a wide gap and another column's label stays a value.
        const order = ' Customer:   Halvorsen Marine Supply Co.       Name:   Dana Whitfield';
        expect(await readData(order, strings('customer'))).to.deep.equal({ customer: 'Halvorsen Marine Supply Co.' });
    });

    it('a name goes on past a hyphen into a word in lower case: "Werkvoorbereider E-installaties"', async () => {
        const letter = [
            'Hartelijk dank voor je sollicitatie van 24 februari jl. op de functie van',
            'Werkvoorbereider E-installaties. Wij hebben je brief en cv met veel interesse gelezen',
            'en willen graag nader kennis met je maken.',
        ].join('\n');
        expect(await readData(letter, strings('functie'), 'nl')).to.deep.equal({ functie: 'Werkvoorbereider E-installaties' });
    });

    it('before a person\'s role in a bracket after a titled name: "Mrs Valerie Okonjo (Chair)"', async () => {
        expect(valueHead('Mrs Valerie Okonjo (Chair)')).to.equal('Mrs Valerie Okonjo'.length);
        expect(valueHead('Dhr. J. de Vries (Penningmeester)')).to.equal('Dhr. J. de Vries'.length);
        // Not an organisation's bracket, nor a title's name with a bracket inside it.
        expect(valueHead('Citizens Advice (Bristol)')).to.equal(0);
        expect(valueHead('Mr R. (Rob) Smits')).to.equal(0);
        const minutes =
            "RESIDENTS' ASSOCIATION - MINUTES\n\nIn the chair: Mrs Valerie Okonjo (Chair)\nMinutes:     Mr Rhys Pritchard (Secretary)\n";
        const schema = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'chair_name', type: 'string', hints: ['In the chair'] }] });
        expect((await readData(minutes, schema)).chair_name).to.equal('Mrs Valerie Okonjo');
    });

    it('before a role in a bracket after a given name and a surname, for a person: "Tomasz Wrobel (Goods In Team Leader)"', async () => {
        // (bench/user-docs/twentysixth has the goods received note this was seen in.)
        const person = (quote: string): number => valueHead(quote, undefined, false, true);
        expect(person('Tomasz Wrobel (Goods In Team Leader)')).to.equal('Tomasz Wrobel'.length);
        expect(person('Sanne van der Wit (Magazijnmedewerker)')).to.equal('Sanne van der Wit'.length);
        // A department or a place in the bracket is no role: the value stays whole.
        expect(person('Marta Siewierska (Platform Engineering)')).to.equal(0);
        expect(person('Citizens Advice (Bristol)')).to.equal(0);
        // Nor is a job's title cut, for a field that asks for no person.
        expect(valueHead('Customer Services (Team Leader)')).to.equal(0);
        const offer = 'OFFER OF EMPLOYMENT\n\nPost title:   Customer Services (Team Leader)\nStart date:   1 June 2026\n';
        expect(await readData(offer, strings('job_title'))).to.deep.equal({ job_title: 'Customer Services (Team Leader)' });
        const note =
            'GOODS RECEIVED NOTE\n\nReceived and checked by:   Tomasz Wrobel (Goods In Team Leader)\nEntered to WMS:   14/04/2026\n';
        expect(await readData(note, strings('checked_by'))).to.deep.equal({ checked_by: 'Tomasz Wrobel' });
    });

    it('before a firm and place in a bracket after a titled name, Dutch "mr." too ("mr. E.M. Bosman-Tuinstra (Bosman Damsma Advocaten, Enschede)")', async () => {
        expect(valueHead('mr. E.M. Bosman-Tuinstra (Bosman Damsma Advocaten, Enschede)')).to.equal('mr. E.M. Bosman-Tuinstra'.length);
        expect(valueHead('Dr Amira Shah (Riverside Surgery, Leeds)')).to.equal('Dr Amira Shah'.length);
        // (Not a bracket inside the name, nor a name without a title: "mr. R. (Rob) Smits", "Ladder Hire (Leeds)".)
        expect(valueHead('mr. R. (Rob) Smits')).to.equal(0);
        expect(valueHead('Ladder Hire (Leeds)')).to.equal(0);
        const report = 'FAILLISSEMENTSVERSLAG\n\nCurator:     mr. E.M. Bosman-Tuinstra (Bosman Damsma Advocaten, Enschede)\n';
        expect((await readData(report, strings('curator'), 'nl')).curator).to.equal('mr. E.M. Bosman-Tuinstra');
    });

    it('a value its line breaks after a word that cannot end it runs on at its column ("… Metabolic Health in" / "Night-Shift Nurses (SLEM-N)")', async () => {
        const record = [
            'Study title:        Sleep, Light Exposure and Metabolic Health in',
            '                    Night-Shift Nurses (SLEM-N)',
            'IRB protocol no.:   STUDY00021874',
            'Sponsor:            Lakeside Foundation',
            '                    Grants Office',
        ].join('\n');
        expect(await readData(record, strings('study_title', 'sponsor'))).to.deep.equal({
            study_title: 'Sleep, Light Exposure and Metabolic Health in Night-Shift Nurses (SLEM-N)',
            // (A line that ends a name keeps it: the department under it is another line's.)
            sponsor: 'Lakeside Foundation',
        });
    });

    it('a telephone number after a label in running text, for a field that asks for one ("Book by phone on 01422 845 300 or online")', async () => {
        const voucher = ' * Book by phone on 01422 845 300 or online at linenmillspa.co.uk and quote the voucher code.\n';
        const phone = compile({
            svc_schema: '1.0',
            name: 'v',
            fields: [{ name: 'booking_phone', type: 'string', hints: ['Book by phone on'] }],
        });
        expect((await readData(voucher, phone)).booking_phone).to.equal('01422 845 300');
        // Over a line break, Dutch; and a compound of the phone's word asks for one too.
        const brief = 'Wilt u een andere afspraak? Kijk op de website of bel\n088 - 000 1388 (op werkdagen van 8.00 tot 17.00 uur).\n';
        const tel = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'telefoonnummer', type: 'string', hints: ['bel'] }] });
        expect((await readData(brief, tel, 'nl')).telefoonnummer).to.equal('088 - 000 1388');
    });

    it('before a comma, a few words and a code that end the value, another item of the line ("2021 Subaru Outback, CO plate BNQ-4471")', async () => {
        expect(valueHead('Personal - 2021 Subaru Outback, CO plate BNQ-4471')).to.equal('Personal - 2021 Subaru Outback'.length);
        expect(valueHead('Acme Widgets, Harbour Road')).to.equal(0); // (no code: a place)
        // Not where the words name the field again before its code: the code is the value.
        const statement = 'Vehicle:           Toyota RAV4, NSW rego CJX-41T\n';
        expect((await readData(statement, strings('vehicle_rego'))).vehicle_rego).to.equal('CJX-41T');
    });

    it("before a titled person's role after a comma, not before another titled person", async () => {
        expect(valueHead('Dr Marguerite Oyelowo-Finch, Consultant Respiratory Physician')).to.equal('Dr Marguerite Oyelowo-Finch'.length);
        expect(valueHead('Mrs Anita Kowalczyk, Head of Finance')).to.equal('Mrs Anita Kowalczyk'.length);
        expect(valueHead('Ms Chloe Barraclough, Mr Nathan Idowu')).to.equal(0);
        const report = 'Reported by:  Dr Marguerite Oyelowo-Finch, Consultant Respiratory Physician\n              GMC 6104427\n';
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'consultant_name', type: 'string', hints: ['Reported by'] }],
        });
        expect((await readData(report, schema)).consultant_name).to.equal('Dr Marguerite Oyelowo-Finch');
    });

    it('an e-mail address in running text is a candidate of a field that asks for one; one its name says outranks the others', async () => {
        const letter = [
            'If you have questions, please call our helpline on 0800 061 4478 or write to',
            'our Data Protection Officer, Ms Anjali Ferreira-Holt, at dpo@bellwether.example.co.uk.',
            'Orders and returns: orders@bellwether.example.co.uk',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'dpo_email', type: 'string' }] });
        expect((await readData(letter, schema)).dpo_email).to.equal('dpo@bellwether.example.co.uk');
        // A field that may be empty takes no address its name does not say.
        expect((await readData(letter, strings('customer_email'))).customer_email).to.equal(null);
    });

    it('a code is no head before a range word and another code: the range is the value', () => {
        expect(valueHead('ACR-PRU-2024-118001 to ACR-PRU-2024-118340', new Set(['to']))).to.equal(0);
        expect(valueHead('INV-20388 dated 02.08.2024', new Set(['to']))).to.equal('INV-20388'.length);
    });

    it('an abbreviation of "number" in a bracket ends no sentence: the value after the colon is read ("(nr. E-3092)")', async () => {
        const uitslag = [
            '  Locatie:            Examencentrum Amersfoort-Noord',
            '  Examinator:         dhr. R. Kuipers-Bloemendaal (nr. E-3092)',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'u', fields: [{ name: 'examinator', type: 'string', hints: ['Examinator'] }] });
        expect((await readData(uitslag, schema, 'nl')).examinator).to.equal('dhr. R. Kuipers-Bloemendaal');
    });

    it('a head before a comma loses its own bracket too ("de heer P.A. Brouwer (zoon), tevens …")', async () => {
        expect(valueHead('de heer P.A. Brouwer (zoon), tevens wettelijk vertegenwoordiger')).to.equal('de heer P.A. Brouwer'.length);
        const besluit = [
            '  Naam:                     J.M. Brouwer-Kamphuis',
            '  Contactpersoon:           de heer K. Smit (zoon), tevens',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'contactpersoon', type: 'string', hints: ['Contactpersoon'] }],
        });
        expect((await readData(besluit, schema, 'nl')).contactpersoon).to.equal('de heer K. Smit');
    });
});
