// A deed's grantee: the name a definition on its own line follows, over its address, and never the
// rest of a heading that a link word continues ("GRANT OF EXCLUSIVE RIGHT OF BURIAL"). Documents
// written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const DEED = [
    '                    MALVERN HILLS DISTRICT COUNCIL',
    '',
    '          GRANT OF A RIGHT TO PLACE A MEMORIAL BENCH',
    '',
    'Grant No.     MHDC/MB/2025/0017',
    '',
    'Know all persons by these presents that MALVERN HILLS DISTRICT COUNCIL',
    '("the Council"), in consideration of the sum of £640.00 paid by',
    '',
    '    Ms Harriet Jane Cole',
    '    17 Orchard Row',
    '    Ledbury',
    '    HR8 1AB',
    '',
    '("the Grantee"), HEREBY GRANTS unto the Grantee the right to place one',
    'memorial bench at the site described below for a period of ten years.',
].join('\n');

describe('names in deeds', () => {
    it('a definition on its own line under a name and address block defines the name on its first line', async () => {
        const data = await readData(DEED, strings('grantee'));
        expect(data.grantee).to.be.oneOf(['Ms Harriet Jane Cole', 'Harriet Jane Cole']);
        // A block that starts the document (the fuzz test's "Invoice no." / "(Tenant)" once threw).
        for (const doc of ['(Tenant)', 'Invoice no.\n\n(Tenant)', 'Ann Lee\n4 Elm Row\n(Tenant)'])
            expect(await readData(doc, strings('tenant')), doc).to.have.property('tenant');
        expect(await readData('Ann Lee\n4 Elm Row\n(Tenant)', strings('tenant'))).to.deep.equal({ tenant: 'Ann Lee' });
    });

    it('a label continued by a link word heads a longer name: no value of it', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'g', fields: [{ name: 'grant', type: 'string' }] });
        expect(await readData(DEED, schema)).to.deep.equal({ grant: null });
        // A surname may start with such a word ("Van Leeuwen"; right after a hint: test/party-clauses.test.ts).
        const contract = 'ARBEIDSOVEREENKOMST\n\nWerkgever:   Van Leeuwen Installatietechniek B.V.\nWerknemer:   mevrouw F. El Amrani\n';
        expect(await readData(contract, strings('werkgever'), 'nl')).to.deep.equal({ werkgever: 'Van Leeuwen Installatietechniek B.V.' });
    });

    it('a name written with initials reads as its full form elsewhere in the document', async () => {
        const agreement = [
            'TRAINING AGREEMENT',
            '',
            'Provider                                  Learner',
            'Harbourside Skills Ltd                    Priya Anand Raman',
            '',
            'The learner agrees to attend every scheduled session.',
            '',
            'Signed by the learner: P. A. Raman        Date: 4 August 2025',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 't',
            fields: [{ name: 'learner', type: 'string', hints: ['Signed by the learner'] }],
        });
        expect(await readData(agreement, schema)).to.deep.equal({ learner: 'Priya Anand Raman' });
        // Initials that match no full name stay as written.
        expect(await readData(agreement.replace('Priya Anand Raman', 'Priya Raman'), schema)).to.deep.equal({ learner: 'P. A. Raman' });
    });

    it('a legal form alone is no name ("… ASSOCIATION, INC." for the hint "Residents Association")', async () => {
        const notice = [
            'HARBOUR VIEW RESIDENTS ASSOCIATION, INC.',
            'c/o Lakeside Community Management, LLC',
            '',
            'Date:        June 2, 2025',
            '',
            'Managing Agent for Harbour View Residents Association, Inc.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'h',
            fields: [{ name: 'association', type: 'string', hints: ['Residents Association'] }],
        });
        // (A company's value is written without the comma before its form, as registers write it.)
        expect(await readData(notice, schema)).to.deep.equal({ association: 'HARBOUR VIEW RESIDENTS ASSOCIATION INC.' });
    });

    it('a name without the words in lower case around it: "the late …", "(daughter) - client"', async () => {
        const estimate = [
            'FUNERAL ESTIMATE                              Ref: FE-2025-0412',
            '',
            'Arranged by:         Ms Alice Porter (daughter) - client',
            'In respect of:       the late Mr Henry Porter, aged 91',
            'Funeral date:        to be confirmed',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'f',
            fields: [
                { name: 'client_name', type: 'string', hints: ['Arranged by'] },
                { name: 'deceased_name', type: 'string', hints: ['In respect of'] },
            ],
        });
        expect(await readData(estimate, schema)).to.deep.equal({ client_name: 'Ms Alice Porter', deceased_name: 'Mr Henry Porter' });
    });

    it('a word of a name in title case labels nothing after its link word: "Superior Court of Arizona"', async () => {
        const summons = 'Superior Court of Arizona, County of Pima\n\nSUMMONS FOR JURY SERVICE\n\nJuror number: 5521 0093\n';
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [{ name: 'courtName', type: 'string', description: 'Court that issued the summons' }],
        });
        expect(await readData(summons, schema)).to.deep.equal({ courtName: null });
        // In prose the link still reads the name: "the position of Senior Data Analyst".
        const offer = 'We are pleased to offer you the position of Senior Data Analyst at Northwind.\n';
        expect(await readData(offer, strings('position'))).to.deep.equal({ position: 'Senior Data Analyst' });
    });

    it('a Dutch name starts with its legal form when the label ends with it ("De stichting draagt de naam: Stichting Buurtmoestuin De Zandhoek")', async () => {
        // (bench/user-docs/twentysecond has the deed this was seen in.)
        const akte =
            '1. De stichting draagt de naam: Stichting Buurtmoestuin De Zandhoek.\n2. Zij heeft haar zetel in de gemeente Deventer.';
        expect(await readData(akte, strings('naam_stichting'), 'nl')).to.deep.equal({
            naam_stichting: 'Stichting Buurtmoestuin De Zandhoek',
        });
        // (Not a word that is no legal form: "Naam: Project" is no "Project …" name's start.)
        expect(await readData('Naam project: Groene Zone Noord', strings('naam_project'), 'nl')).to.deep.equal({
            naam_project: 'Groene Zone Noord',
        });
    });
});
