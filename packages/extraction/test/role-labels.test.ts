// A party a field's name calls by its role, as invoices label it (locale.roleLabels): a customer is
// written under "Bill to" or "Sold To", seldom "Customer"; and a value on a label's line ends where
// the next column's label begins. Documents written for the test.
import { expect } from 'chai';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const CUSTOMER = compile({
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'customer_name', type: 'string' },
        { name: 'invoice_number', type: 'string', pattern: '[0-9]{4}' },
    ],
});

describe('role labels: a party named by its role', () => {
    it('reads the customer under "Bill to:", the name on the next line, not the street', async () => {
        const doc =
            'ACME Ltd\n12 Harbour Road, Leeds\n\nINVOICE 2041\n\nBill to:\nJohn Smith\n12 Main Street\nSpringfield\n\nTotal: $50.00\n';
        expect((await readData(doc, CUSTOMER)).customer_name).to.equal('John Smith');
    });

    it("ends a value at the next column's label: 'Sold To: Globex Corporation     Invoice: 2041'", async () => {
        const doc = 'ACME Ltd\n\nSold To: Globex Corporation     Invoice: 2041\nTotal: $50.00\n';
        expect(await readData(doc, CUSTOMER)).to.deep.equal({ customer_name: 'Globex Corporation', invoice_number: '2041' });
        // A wide gap with no label after it is no column: the name keeps its words.
        const wide = 'ACME Ltd\n\nSold To: Globex     Corporation\nTotal: $50.00\n';
        expect((await readData(wide, CUSTOMER)).customer_name).to.equal('Globex Corporation');
    });

    it("ends a name at its line when the next line starts with a label: 'Tenant: J. Jansen' / 'Rent: …'", async () => {
        const lease = compile({ svc_schema: '1.0', name: 'lease', fields: [{ name: 'tenant', type: 'string' }] });
        expect((await readData('LEASE\n\nTenant: J. Jansen\nRent: $950.00\n', lease)).tenant).to.equal('J. Jansen');
        // Wrapped prose goes on: the name continues on the next line before its definition.
        const prose =
            'This Agreement, made and entered into (“Agreement”), by and between Lydall, Inc., a Delaware corporation (“Company”), and David\n' +
            'Freeman as the Indemnitee: the parties agree as follows.\n';
        const parties = compile({ svc_schema: '1.0', name: 'nda', fields: [{ name: 'party', type: 'array', items: { type: 'string' } }] });
        expect((await readData(prose, parties)).party).to.include('David Freeman');
    });

    it('gives the role labels to a name with a role word, in each language, and to a Dutch name read in English', () => {
        const words = (name: string, lang: string): string[] =>
            labelPhrases(
                { id: 0, name, type: { kind: 'string' }, hints: [], description: '', nullable: false } as never,
                localeOf(lang),
            ).map((p) => p.words.join(' '));
        expect(words('customer_name', 'en')).to.include.members(['bill to', 'sold to']);
        expect(words('klant', 'nl')).to.include('factuur aan');
        expect(words('klant', 'en')).to.include('bill to');
        expect(words('total', 'en')).to.not.include('bill to');
        expect(words('supplier', 'en')).to.not.include('bill to');
    });
});

describe('role labels: a party the agreement defines with the role a field is named by', () => {
    const LEASE = strings('landlord', 'tenant_name');
    const want = { landlord: 'Green Homes LLC', tenant_name: 'Tom Baker' };

    it('reads "X (the “Tenant”)", "X (Tenant)" and "X, hereinafter referred to as “Tenant”"', async () => {
        const docs = [
            'LEASE\n\nThis Lease is made on March 2, 2023 between Green Homes LLC (the “Landlord”) and Tom Baker (the “Tenant”).\n',
            'LEASE\n\nThis lease is made on March 2, 2023 between Green Homes LLC (Landlord) and Tom Baker (Tenant).\n',
            'LEASE AGREEMENT\n\nGreen Homes LLC, hereinafter referred to as "Landlord", and Tom Baker, hereinafter referred to as "Tenant", agree as follows.\n',
            // An apposition between the name and its role: the name, not the state.
            'LEASE\n\nThis Lease is entered into by Green Homes LLC, a Delaware limited liability company (the “Landlord”), and Tom Baker, an individual (the “Tenant”).\n',
        ];
        for (const doc of docs) expect(await readData(doc, LEASE)).to.deep.equal(want);
    });

    it('reads a Dutch "hierna te noemen" after an apposition, and a connector inside the name', async () => {
        const doc =
            'ARBEIDSOVEREENKOMST\n\nDe ondergetekenden:\nBakkerij De Molen B.V., gevestigd te Utrecht, hierna te noemen "werkgever",\nen\n' +
            'mevrouw Fatima El Amrani, wonende te Utrecht, hierna te noemen "werknemer",\n\nkomen het volgende overeen.\n';
        const schema = strings('werkgever', 'werknemer');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ werkgever: 'Bakkerij De Molen B.V.', werknemer: 'Fatima El Amrani' });
    });

    it('reads a name wrapped onto the next line of prose, and not a phrase before the name', async () => {
        const consulting = strings('client', 'consultant');
        const doc =
            'This Consulting Agreement is entered into on April 22, 2024, by and between Redwood Capital\n' +
            'Partners LP ("Client") and Sofia Marchetti, an individual ("Consultant").\n';
        expect(await readData(doc, consulting)).to.deep.equal({ client: 'Redwood Capital Partners LP', consultant: 'Sofia Marchetti' });
        const loan = strings('borrower');
        const note = 'PROMISSORY NOTE\n\nFOR VALUE RECEIVED, Orchard Lane Bakery LLC (the "Borrower") promises to pay to the Lender.\n';
        expect((await readData(note, loan)).borrower).to.equal('Orchard Lane Bakery LLC');
    });

    it('reads a middle initial and a numbered party; a signature blank or the label after it is no name', async () => {
        const doc =
            'RESIDENTIAL LEASE AGREEMENT\n\nThis Residential Lease Agreement is made on August 12, 2024 between Margaret A. Collins\n' +
            '("Landlord") and Daniel Ruiz ("Tenant").\n\nLandlord: ______________________   Date: ____________\n' +
            'Tenant:   ______________________   Date: ____________\n';
        expect(await readData(doc, LEASE)).to.deep.equal({ landlord: 'Margaret A. Collins', tenant_name: 'Daniel Ruiz' });
        // Two names after another party's definition, joined by "and", are one party.
        const joint = 'LEASE\n\nThis Lease is made between Margaret A. Collins ("Landlord") and Daniel Ruiz and Priya Ruiz ("Tenant").\n';
        expect((await readData(joint, LEASE)).tenant_name).to.equal('Daniel Ruiz and Priya Ruiz');
        const blanks = 'LEASE\n\nLandlord: ______________________   Date: ____________\n';
        expect(await readData(blanks, LEASE)).to.deep.equal({ landlord: null, tenant_name: null });
        const huur =
            'HUUROVEREENKOMST\n\nDe ondergetekenden:\n\n1. Mevrouw J.M. de Vries, wonende te Utrecht, hierna te noemen "verhuurder",\n\nen\n\n' +
            '2. De heer S. Bakker, geboren op 14 juni 1996, hierna te noemen "huurder",\n\nverklaren te zijn overeengekomen als volgt.\n';
        const schema = strings('verhuurder', 'huurder');
        expect(await readData(huur, schema, 'nl')).to.deep.equal({ verhuurder: 'Mevrouw J.M. de Vries', huurder: 'S. Bakker' });
    });

    it('an initial is no list letter and its full stop ends no sentence: "M. Visser", "R.A. (Rob) Smits"', async () => {
        const schema = strings('opdrachtnemer', 'verzekeringnemer');
        const doc =
            'OVEREENKOMST\n\nM. Visser, handelend onder de naam Visser ICT Advies, hierna te noemen "opdrachtnemer",\n\n' +
            'Verzekeringnemer   R.A. (Rob) Smits\n';
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ opdrachtnemer: 'M. Visser', verzekeringnemer: 'R.A. (Rob) Smits' });
    });

    it('reads a name set off by commas before its definition, and a name particle: "the undersigned, Daniel Reyes", "Fatima el Amrani"', async () => {
        const loan = strings('borrower');
        const note =
            'PROMISSORY NOTE\n\nFOR VALUE RECEIVED, the undersigned, Daniel Reyes ("Borrower"), promises to pay to the order of Lone Star Credit Union ("Lender").\n';
        expect((await readData(note, loan)).borrower).to.equal('Daniel Reyes');
        const huur = strings('huurder');
        const doc = 'HUUROVEREENKOMST\n\n2. Mevrouw Fatima el Amrani, geboren op 14 juli 1991, hierna te noemen: "Huurder",\n';
        expect((await readData(doc, huur, 'nl')).huurder).to.equal('Mevrouw Fatima el Amrani');
    });

    it('reads a party behind a long apposition with "and" in it, an address after "of", and "(together, the “Tenant”)"', async () => {
        const work = strings('employer', 'employee');
        const contract =
            'EMPLOYMENT AGREEMENT\n\nThis Employment Agreement is made on 2 April 2024 between Harrow & Finch Analytics Limited, a company registered in ' +
            'England and Wales under number 11842093, whose registered office is at 5 Bream\'s Buildings, London EC4A 1DY (the "Employer"), and ' +
            'Priya Raman of 31 Elm Grove, Reading RG1 5QP (the "Employee").\n';
        expect(await readData(contract, work)).to.deep.equal({ employer: 'Harrow & Finch Analytics Limited', employee: 'Priya Raman' });
        const tenancy =
            'TENANCY AGREEMENT\n\nThis agreement is made on 12 August 2024 between Margaret Ellison of 3 Beech Avenue, York YO24 1HD (the "Landlord") ' +
            'and James Okafor and Hannah Okafor (together, the "Tenant").\n';
        expect(await readData(tenancy, LEASE)).to.deep.equal({
            landlord: 'Margaret Ellison',
            tenant_name: 'James Okafor and Hannah Okafor',
        });
    });

    it('takes no role the document only uses: "the Tenant shall pay"', async () => {
        const doc = 'LEASE\n\nThe Tenant shall pay the rent to the Landlord on the first day of each month.\n';
        expect(await readData(doc, LEASE)).to.deep.equal({ landlord: null, tenant_name: null });
    });
});

describe('role labels: a one-word name joined to its value in prose', () => {
    const position = (name: string, hints: string[] = []) =>
        compile({ svc_schema: '1.0', name: 'offer', fields: [{ name, type: 'string', nullable: true, hints }] });

    it('reads "the position of Senior Data Analyst", Dutch "de functie van Hoofd Bakkerij"', async () => {
        const offer = 'Dear Ms. Johnson,\n\nWe offer you the position of Senior Data Analyst at Northwind Traders Inc.\n';
        expect((await readData(offer, position('position'))).position).to.equal('Senior Data Analyst');
        const aanbod = 'Geachte mevrouw El Amrani,\n\nHierbij bieden wij u de functie van Hoofd Bakkerij aan.\n';
        expect((await readData(aanbod, position('functie'), 'nl')).functie).to.equal('Hoofd Bakkerij');
    });

    it('a word of the name joins its value too, a short word in the plural: "the laws of the State of California"', async () => {
        const law = strings('governing_law');
        const read = async (doc: string) => (await readData(doc, law)).governing_law;
        expect(await read('This Agreement is governed by the laws of England and Wales.\n')).to.equal('England and Wales');
        expect(
            await read('This Agreement shall be governed by the laws of the State of California, without regard to conflicts of law.\n'),
        ).to.equal('California');
        expect(await read('The Consultant shall comply with all laws. Payment is due in March.\n')).to.equal(null);
    });

    it('a number sign joins a code to its label in prose: "your order #WB-558120", "Invoice #1043"', async () => {
        const codes = strings('order_number', 'invoice_number');
        const mail = 'Hi Sam,\n\nYour order #WB-558120 has shipped. Attached is Invoice #1043 for May.\n';
        expect(await readData(mail, codes)).to.deep.equal({ order_number: 'WB-558120', invoice_number: '1043' });
    });

    it('a label followed by "and" heads a clause: "Governing Law and Jurisdiction. … the laws of Ireland"', async () => {
        const law = strings('governing_law');
        const doc =
            '3. Governing Law and Jurisdiction. This Agreement is governed by the laws of Ireland, and the courts of Dublin shall have exclusive jurisdiction.\n';
        expect((await readData(doc, law)).governing_law).to.equal('Ireland');
    });

    it('needs the link word, and only where the author wrote no hints', async () => {
        const other = 'Dear Ms. Johnson,\n\nThe position will be reviewed by Michael Chen in June.\n';
        expect((await readData(other, position('position'))).position).to.equal(null);
        const offer = 'Dear Ms. Johnson,\n\nWe offer you the position of Senior Data Analyst at Northwind Traders Inc.\n';
        expect((await readData(offer, position('position', ['Job title']))).position).to.equal(null);
    });

    it('a label after a word of acting for someone ("namens", "on behalf of") names who acts, not the party', async () => {
        const report = [
            'PROCES-VERBAAL VAN OPLEVERING',
            '',
            'Aannemer:                   Bouwbedrijf Hoekstra B.V., Sneek',
            'Aanwezig namens aannemer:   P. de Jong (uitvoerder)',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'aannemer', type: 'string' }] });
        expect((await readData(report, schema, 'nl')).aannemer).to.equal('Bouwbedrijf Hoekstra B.V.');
        const signed = ['Signed on behalf of the Supplier:   Gareth Lyle', 'Date: 3 March 2025'].join('\n');
        const signer = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'supplier_signatory', type: 'string' }] });
        expect((await readData(signed, signer)).supplier_signatory).to.equal('Gareth Lyle');
    });

    it('"Employee name:" labels `employee`, "Approved by:" `approver`, "Inspected by:" `inspector`', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'claim',
            fields: [
                { name: 'employee', type: 'string' },
                { name: 'employee_no', type: 'string' },
                { name: 'approver', type: 'string' },
                { name: 'inspector', type: 'string' },
            ],
        });
        const doc = [
            'MILEAGE CLAIM',
            '',
            'Employee name:   Priya Raman             Employee no.:  20581',
            'Claim month:     May 2025',
            '',
            'Approved by:     Colin Hargreaves',
            'Inspected by:    Dana Whitlock',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({
            employee: 'Priya Raman',
            employee_no: '20581',
            approver: 'Colin Hargreaves',
            inspector: 'Dana Whitlock',
        });
        // Only for the agent alone or its name: "Valued by" does not name a valuer's business.
        const words = (name: string) => labelPhrases({ ...schema.fields[0]!, name }, localeOf('en')).map((p) => p.words.join(' '));
        expect(words('approver_name')).to.include('approved by');
        expect(words('valuer_business')).not.to.include('valued by');
    });

    it('"Deliver to:" names the customer on a delivery docket', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'docket', fields: [{ name: 'customer', type: 'string' }] });
        const doc =
            'MORAN OILS LTD\nMain Street, Tuam\n\nDELIVERY DOCKET\n\nDeliver to:\n  Siobhan Keane\n  Kilconly, Tuam\n\nLitres delivered   700\n';
        expect((await readData(doc, schema)).customer).to.equal('Siobhan Keane');
    });

    it('"Our contractor is Hambrook Build Ltd" names the contractor; "whose current address is Flat 4" names no address', async () => {
        const doc = 'The works start on 2 June 2025.\n\nOur contractor is Hambrook Build Ltd, who hold public liability insurance.\n';
        expect((await readData(doc, strings('contractor'))).contractor).to.equal('Hambrook Build Ltd');
        const lodger =
            'BETWEEN\n  (1) Ms Ada Lowe of 18 Ashby Grove, Bristol\n  (2) Mr Rhys Tallon, whose current address is Flat 4, 9 Gloucester Road, Bristol\n';
        expect((await readData(lodger, strings('address'))).address).not.to.equal('Flat 4');
    });

    it('"Behandeld door" names a Dutch letter\'s `contactpersoon`, "Handled by" an English one\'s `contact_name`', async () => {
        const brief = [
            'Datum:          10 maart 2026',
            'Kenmerk:        AB-2026-004',
            'Behandeld door: mw. drs. Ilse Bruggink-Mertens',
            'Onderwerp:      Gunningsbeslissing',
        ].join('\n');
        expect((await readData(brief, strings('contactpersoon'), 'nl')).contactpersoon).to.equal('mw. drs. Ilse Bruggink-Mertens');
        const letter = ['Our ref:        CL-2291', 'Handled by:     Ms Anjali Ferreira-Holt', 'Date:           3 March 2026'].join('\n');
        expect((await readData(letter, strings('contact_name'))).contact_name).to.equal('Ms Anjali Ferreira-Holt');
    });
});
