// A person named beside their role in running text, for a field named by the role
// (heuristic-appositions.ts). Documents written for the test.
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const role = (name: string) => compile({ svc_schema: '1.0', name: 'r', fields: [{ name, type: 'string', hints: [name] }] });
const quotes = async (doc: string, name: string, language: 'en' | 'nl' = 'nl') =>
    (await readCandidates(doc, role(name), language)).candidates.map((c) => c.quote);

describe('people beside their role in running text', () => {
    it('reads the titled name after the role and a comma, before it and a comma, or before it in a bracket', async () => {
        const verslag = 'De controle vond plaats ten huize van\nde penningmeester, dhr. H. (Harrie) Biemans.\n';
        expect(await quotes(verslag, 'penningmeester')).to.deep.equal(['H. (Harrie) Biemans']);
        const uitspraak =
            'Aldus uitgesproken op 30 september 2025 door mr. F.J. de Lange,\nvoorzitter, bijgestaan door mr. S. Akkaya, secretaris.\n';
        expect(await quotes(uitspraak, 'voorzitter')).to.deep.equal(['F.J. de Lange']);
        const advies = 'Dit advies is opgesteld door mevr. I. Nijhuis (groepsleerkracht groep 8), in overleg met de intern begeleider.\n';
        expect(await quotes(advies, 'groepsleerkracht')).to.deep.equal(['I. Nijhuis']);
        const akte = 'Op 14 februari 2025 is ten overstaan van mr. G.A. Brinkman, notaris te Leeuwarden, de akte verleden.\n';
        expect(await quotes(akte, 'notaris')).to.deep.equal(['G.A. Brinkman']);
    });

    it('not another role that ends with the word, nor a role the phrase goes on to qualify, nor a name without title or initials', async () => {
        const letter = 'If you are unhappy with our service please contact our Client Care Partner, Mr David\nAshcombe.\n';
        expect(await quotes(letter, 'partner', 'en')).to.deep.equal([]);
        const permit = '  Issued 03/06/2025 by A. Pennington, Trader Manager\n';
        expect(await quotes(permit, 'trader', 'en')).to.deep.equal([]);
        const contract =
            'Wachthuis Leegstandbeheer, vertegenwoordigd door dhr. B. (Bas) Schoonderwoerd, beheerder regio\nNoord, hierna te noemen: de beheerder.\n';
        expect(await quotes(contract, 'beheerder')).to.not.include('B. (Bas) Schoonderwoerd');
        const nda = 'This Agreement is made between Dolby Laboratories, Inc. (Company) and the Recipient.\n';
        expect(await quotes(nda, 'company', 'en')).to.not.include('Dolby Laboratories');
    });

    it('a plain name the commas of an apposition close, after a possessive\'s role ("Your supervisor, Tyrell Osgood, highlighted")', async () => {
        const letter =
            'At your review meeting we discussed your first three months. Your supervisor, Tyrell Osgood, highlighted your accuracy.\n';
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'supervisor', type: 'string' }] });
        expect((await readCandidates(letter, schema, 'en')).candidates.map((c) => c.quote)).to.include('Tyrell Osgood');
        // (Not a firm's name: "our partner, Ashcombe Riley LLP," nor a name the sentence goes on with.)
        const firm = 'Please contact our partner, Ashcombe Riley LLP, for advice.\n';
        expect(await quotes(firm, 'partner', 'en')).to.deep.equal([]);
        const sentence = 'Your supervisor, Tyrell Osgood and the team will meet you.\n';
        expect(await quotes(sentence, 'supervisor', 'en')).to.deep.equal([]);
    });

    it('capitalised words before a part of an organisation in lower case name it ("in our Fleet Operations department")', async () => {
        const letter =
            'You have completed your introductory period as Dispatch Coordinator in\nour Fleet Operations department. Your employment began on March 3, 2025.\n';
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'department', type: 'string' }] });
        expect((await readCandidates(letter, schema, 'en')).candidates.map((c) => c.quote)).to.include('Fleet Operations');
        // (Not one capitalised word, nor a word that is no part of an organisation: "the Owner berth".)
        const one = 'Please call our Sales department on Monday.\n';
        expect((await readCandidates(one, schema, 'en')).candidates.map((c) => c.quote)).to.not.include('Sales');
        const berth = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'berth', type: 'string' }] });
        const marina = 'The boat stays at the Marina Owner berth until May.\n';
        expect((await readCandidates(marina, berth, 'en')).candidates.map((c) => c.quote)).to.not.include('Marina Owner');
    });

    it('a job\'s title is the capitalised words after "as" / "als", for a field that asks for one', async () => {
        const letter =
            'You have completed your introductory period as Dispatch Coordinator in\nour Fleet Operations department. As discussed, your salary will increase as follows:\n\n    Current annual base salary:   $58,500.00\n';
        const job = compile({ svc_schema: '1.0', name: 'j', fields: [{ name: 'job_title', type: 'string' }] });
        expect((await readCandidates(letter, job, 'en')).candidates.map((c) => c.quote)).to.deep.equal(['Dispatch Coordinator']);
        const brief = 'Mevrouw Bakker is sinds 1 maart 2019 werkzaam als Projectleider elektrotechniek.\n';
        const functie = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'functie', type: 'string' }] });
        expect((await readCandidates(brief, functie, 'nl')).candidates.map((c) => c.quote)).to.include('Projectleider');
        // (Not for a field that asks for no job.)
        const other = compile({ svc_schema: '1.0', name: 'o', fields: [{ name: 'coordinator', type: 'string' }] });
        expect((await readCandidates(letter, other, 'en')).candidates.map((c) => c.quote)).to.not.include('Dispatch Coordinator');
    });

    it('a notary named before the role in a deed: a title in lower case, a hyphenated given name, "in \'t", and "met" after the role', async () => {
        const akte = [
            'Heden, drie februari tweeduizend zesentwintig (3 februari 2026), verscheen',
            "voor mij, mr. Evert-Jan Scholte in 't Veld, notaris met plaats van vestiging",
            'Deventer:',
        ].join('\n');
        expect((await readData(akte, strings('notaris'), 'nl')).notaris).to.equal("Evert-Jan Scholte in 't Veld");
    });

    it("a titled or initialled name over a role in lower case that starts its line is the role's, as Dutch signatures write it", async () => {
        const rapport = ['Sportgeneeskunde Oost, 12 maart 2026', '', 'drs. M.A. Grotenhuis', 'sportarts, BIG 69051827204'].join('\n');
        expect((await readData(rapport, strings('sportarts'), 'nl')).sportarts).to.equal('drs. M.A. Grotenhuis');
        // A role in the middle of a sentence is none: "de sportarts" under a line of prose.
        const tekst = ['Na de inspanningstest heeft', 'sportarts de uitslag besproken.'].join('\n');
        expect((await readData(tekst, strings('sportarts'), 'nl')).sportarts).to.equal(null);
    });

    it('a list item appointing its titled person "as" a role names the role\'s person ("- mevrouw …, voornoemd, als voorzitter;")', async () => {
        const akte = [
            'Voor de eerste maal worden tot bestuurders benoemd:',
            '  - mevrouw Geertruida Maria Oldenkamp, voornoemd, als voorzitter;',
            '  - de heer Sander Pieter Hulshof, geboren te Deventer op 2 maart 1985,',
            '    als secretaris;',
        ].join('\n');
        expect(await readData(akte, strings('voorzitter', 'secretaris'), 'nl')).to.deep.equal({
            voorzitter: 'Geertruida Maria Oldenkamp',
            secretaris: 'Sander Pieter Hulshof',
        });
    });

    it('a role that ends a sentence on its line labels no heading under it', async () => {
        const akte = [
            '3. Het bestuur kiest uit zijn midden een voorzitter, een secretaris en een',
            '   penningmeester.',
            '',
            'Vertegenwoordiging',
            'Artikel 5',
        ].join('\n');
        expect((await readData(akte, strings('penningmeester'), 'nl')).penningmeester).to.equal(null);
    });

    it('a name a sentence appoints "as" the role ("To re-appoint Forbes Watson LLP as auditor of the Company")', async () => {
        // (bench/user-docs/twentythird has the notice this was seen in.)
        const notice = [
            'Ordinary business',
            ' 12. To re-appoint Forbes Watson LLP as auditor of the Company.',
            " 13. To authorise the Audit Committee to determine the auditor's remuneration.",
            '',
            'By order of the Board',
            'Rajiv Anand, Company Secretary',
        ].join('\n');
        expect((await readData(notice, strings('auditor_name'))).auditor_name).to.equal('Forbes Watson LLP');
        const besluit = 'De vergadering benoemt Marieke de Wit tot voorzitter van de vereniging.';
        expect((await readData(besluit, strings('voorzitter'), 'nl')).voorzitter).to.equal('Marieke de Wit');
    });

    it('a signature\'s name over a role that is a word of the field\'s name ("Eleanor Marchetti" / "Chair"); not over a plural role', async () => {
        const letter = [
            'Yours faithfully,',
            'Eleanor Marchetti',
            'Chair',
            '',
            'RESOLUTIONS',
            '',
            'Resolutions 1 to 16 will be proposed.',
        ].join('\n');
        expect((await readData(letter, strings('chair_name'))).chair_name).to.equal('Eleanor Marchetti');
        const notice = ['Signed:  J. Whitcombe      A. Whitcombe', '         Building Owners', '', 'Date of notice: 28 March 2025'].join(
            '\n',
        );
        const { candidates } = await readCandidates(notice, strings('building_owners'));
        expect(candidates.map((c) => c.quote)).to.not.include('J. Whitcombe');
    });

    it("a signature's name over a role in title case, a grade before it and the employer after its comma", async () => {
        const letter = [
            'Yours sincerely,',
            '',
            'Michael Oyelaran',
            'Senior Claims Handler, Aldgate Mutual Home Insurance',
            'Direct line 0113 496 0781',
        ].join('\n');
        expect((await readData(letter, strings('claims_handler'))).claims_handler).to.equal('Michael Oyelaran');
        const { candidates } = await readCandidates(letter, strings('claims_handler'));
        expect(candidates.map((c) => c.quote).filter((q) => q.startsWith('Aldgate'))).to.deep.equal([]);
    });

    it('a signature\'s name with a title and letters after it over a role and its office ("Dr Amira Haddad MRCVS" / "Veterinary Officer, APHA Carlisle")', async () => {
        const licence = [
            'Signed for and on behalf of the Secretary of State:',
            '',
            'Dr Amira Haddad MRCVS',
            'Veterinary Officer, APHA Carlisle',
        ].join('\n');
        expect((await readData(licence, strings('veterinary_officer'))).veterinary_officer).to.equal('Dr Amira Haddad MRCVS');
    });

    it("a signer's name over a role in a row of signatures, each in its column; not a name out of the role's column", async () => {
        const note = [
            'For the supplier:                          Received on behalf of the vessel:',
            '',
            'J. van Leeuwen                             A. Kowalczyk',
            'Bargemaster, MTB Maasstroom 7              Chief Engineer, MV NORDIC TERN',
            '                                           (vessel stamp)',
        ].join('\n');
        expect((await readData(note, strings('chief_engineer'))).chief_engineer).to.equal('A. Kowalczyk');
        // (Nor a name in running text above the role's column, one space before it.)
        const prose = note.replace(
            'J. van Leeuwen                             A. Kowalczyk',
            'Checked by J. van Leeuwen with the vessels A. Kowalczyk',
        );
        expect((await readCandidates(prose, strings('chief_engineer'))).candidates.map((c) => c.quote)).to.not.include('A. Kowalczyk');
        const skewed = note.replace('                             A. Kowalczyk', '                        A. Kowalczyk');
        const { candidates } = await readCandidates(skewed, strings('chief_engineer'));
        expect(candidates.map((c) => c.quote)).to.not.include('A. Kowalczyk');
    });

    it('a name before a bracket that holds its role and, after a comma, its affiliation: "Professor" titles a person', async () => {
        const letter = [
            'Your examiners, Professor Henrik Dahlgaard (external',
            'examiner, Aarhus University) and Dr Felicity Ormsby (internal examiner), with',
            'Dr Rupert Avis as independent chair, have recommended the following outcome.',
            'Your supervisor, Dr Nikhil Rao, has been sent a copy of this letter.',
        ].join('\n');
        const data = await readData(letter, strings('external_examiner', 'supervisor'));
        expect(data).to.deep.equal({
            external_examiner: 'Professor Henrik Dahlgaard',
            supervisor: 'Dr Nikhil Rao',
        });
        const { candidates } = await readCandidates(letter, strings('external_examiner'));
        expect(candidates.map((c) => c.quote)).to.not.include('Aarhus University');
    });

    it("a name that starts a list's cell before its role in a bracket or after a comma; not in running text", async () => {
        const notulen = [
            'Aanwezig:    Marieke de Graaf (voorzitter, oudergeleding)',
            '             Youssef El Amrani (oudergeleding)',
            '             Sanne Verbeek (secretaris, personeelsgeleding)',
            'Afwezig:     Lotte Hoekstra (oudergeleding, met bericht)',
            'Directie:    Hans Kooistra, directeur (bij agendapunt 3 en 4)',
        ].join('\n');
        expect(await readData(notulen, strings('voorzitter', 'secretaris', 'directeur'), 'nl')).to.deep.equal({
            voorzitter: 'Marieke de Graaf',
            secretaris: 'Sanne Verbeek',
            directeur: 'Hans Kooistra',
        });
        const prose = 'Het verslag van Marieke de Graaf (voorzitter, oudergeleding) werd besproken.';
        expect((await readCandidates(prose, strings('voorzitter'), 'nl')).candidates.map((c) => c.quote)).to.not.include(
            'Marieke de Graaf',
        );
    });

    it('a titled name, a comma and its role before a bracket ("mw. dr. A. Visscher, stagedocent (hierna: …)")', async () => {
        const contract = [
            'De ondergetekenden:',
            '',
            '1. Hogeschool Lingewaard, gevestigd te Arnhem, in deze vertegenwoordigd',
            '   door dhr. drs. K. Bosman, stagedocent (hierna: de onderwijsinstelling);',
        ].join('\n');
        expect((await readData(contract, strings('stagedocent'), 'nl')).stagedocent).to.equal('K. Bosman');
    });
});
