// Dates of letters and of the documents they answer (documents written for the test;
// bench/user-docs/twentyfourth has the ones these were seen in).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('letter dates', () => {
    const schema = compile({
        svc_schema: '1.0',
        name: 'permit_reply',
        fields: [
            { name: 'offer_date', type: 'date' },
            { name: 'application_date', type: 'date' },
        ],
    });

    it('"your application received on …" dates the application; the letter\'s own date is the offer\'s', async () => {
        const doc = [
            'Westmoor Water Services',
            '',
            '9 October 2025',
            '',
            'Dear Ms Hale,',
            '',
            'Further to your application received on 18 July 2025, we are pleased to offer you a new',
            'supply connection at the address above on the terms enclosed.',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ offer_date: '2025-10-09', application_date: '2025-07-18' });
    });

    it("a letter that names no addressee's application dates the application by its own date", async () => {
        const doc = [
            'Westmoor Water Services',
            '',
            '9 October 2025',
            '',
            'Application for a new supply connection',
            '',
            'Applicant: Ms R. Hale',
        ].join('\n');
        expect((await readData(doc, schema))['application_date']).to.equal('2025-10-09');
    });
});

describe('Dutch letter dates', () => {
    it('"Op … hebben wij uw aanvraag ontvangen" dates the application; the letter\'s date is the decision\'s', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'besluit',
            fields: [
                { name: 'datum_aanvraag', type: 'date', description: 'Datum waarop de aanvraag is ontvangen' },
                { name: 'datum_besluit', type: 'date', description: 'Datum van de besluitbrief' },
            ],
        });
        const doc = [
            'Datum          2 oktober 2025',
            'Ons kenmerk    GEM-2025-118',
            '',
            'Geachte heer Visser,',
            '',
            'Op 8 september 2025 hebben wij uw aanvraag voor een parkeervergunning',
            'ontvangen. In deze brief leest u ons besluit.',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ datum_aanvraag: '2025-09-08', datum_besluit: '2025-10-02' });
    });
});

describe('due dates in prose', () => {
    it('"no later than" says when a field named for what is due falls due ("corrective_action_due")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'audit',
            fields: [
                { name: 'corrective_action_due', type: 'date', date_order: 'dmy', description: 'Deadline for the corrective action plan' },
            ],
        });
        const doc = [
            'Audit dates:              04/02/2025 - 05/02/2025',
            '',
            '3. CORRECTIVE ACTION',
            '',
            'The client shall submit a root cause analysis and corrective action plan for',
            'all nonconformities within 60 days of the last day of the audit, i.e.',
            'no later than 6 April 2025.',
        ].join('\n');
        expect((await readData(doc, schema)).corrective_action_due).to.equal('2025-04-06');
    });

    it("\"geboren\" dates a Dutch birth: `geboortedatum` takes the person's birth, not the letter's or the seizure's date", async () => {
        const brief = [
            'Eindhoven, 3 november 2025',
            'Betreft:      beslag onder derden (loonbeslag) - uw werknemer',
            '              de heer M.J.A. Verhoeven, geboren 14 mei 1987',
            '',
            'Bij exploot van 31 oktober 2025 heb ik ten laste van uw werknemer beslag gelegd.',
        ].join('\n');
        const geboorte = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'geboortedatum', type: 'date' }] });
        expect((await readData(brief, geboorte, 'nl')).geboortedatum).to.equal('1987-05-14');
    });

    it("\"overleden\" dates a death; a birth's or a death's date is no other date field's", async () => {
        const factuur = [
            'Factuurdatum:    24 september 2025',
            '',
            'Betreft: uitvaart van de heer Johannes Wilhelmus Postma, geboren 6 januari',
            '1941, overleden 11 september 2025 te Leeuwarden.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'u',
            fields: [
                { name: 'datum_overlijden', type: 'date' },
                { name: 'datum_uitvaart', type: 'date' },
            ],
        });
        expect((await readData(factuur, schema, 'nl')).datum_overlijden).to.equal('2025-09-11');
        const { candidates } = await readCandidates(factuur, schema, 'nl');
        expect(candidates.filter((c) => c.field === 'datum_uitvaart').map((c) => c.quote)).to.not.include('6 januari\n1941');
        const notice = 'Received 2 October 2025. Mr John Harold Pike was born on 6 January 1941 and died on 11 September 2025 at home.';
        const death = compile({ svc_schema: '1.0', name: 'd', fields: [{ name: 'date_of_death', type: 'date' }] });
        expect((await readData(notice, death)).date_of_death).to.equal('2025-09-11');
    });

    it('"born on" still dates a `dob`, whose name says no "birth"', async () => {
        const form = ['Dated 3 March 2025', '', 'The applicant, Ms Jane Ode, was born on 4 July 1985 in Leeds.'].join('\n');
        const dob = compile({ svc_schema: '1.0', name: 'd', fields: [{ name: 'applicant_dob', type: 'date' }] });
        expect((await readData(form, dob)).applicant_dob).to.equal('1985-07-04');
    });

    it('a name of a word and a last "by" asks for a deadline ("no later than"), in a sentence of a word its own word starts', async () => {
        const statement = [
            'For comparison: the non-guaranteed estimate we gave you on 4 March 2024 was GBP 351,870.00.',
            '',
            'If you wish to transfer, we must receive your completed discharge forms and the',
            "receiving scheme's acceptance no later than 31 December 2025. After that",
            'date a new statement would be needed.',
        ].join('\n');
        const accept = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'accept_by', type: 'date' }] });
        expect((await readData(statement, accept)).accept_by).to.equal('2025-12-31');
    });

    it('a label whose last word says which date ("Date received:") names its own, not the signature\'s closing date', async () => {
        // (bench/user-docs/twentysixth has the claim form this was seen in.) The form is long enough
        // for its closing lines to count: the last date there had dated the signature.
        const form = [
            'JUROR EXPENSES AND LOSS OF EARNINGS CLAIM',
            '',
            'Please complete in BLOCK CAPITALS and hand this form to the Jury Office at the',
            'court where you served. Claims must be made within 12 months of the last day of',
            'service.',
            '',
            'Juror number:              418 227 093',
            'Court attended:            LEEDS CROWN COURT',
            'Number of days attended:   9',
            'Return fare per day:       £11.80',
            'Car parking claimed:       No',
            'Route:                     Wakefield Westgate - Leeds (rail)',
            'Number of return journeys: 9',
            'Occupation:                Self-employed joiner',
            'Sort code:                 20-41-77',
            'Normal daily earnings:     £185.00 (see attached invoice copies)',
            '                                                     Travel total    £106.20',
            '',
            'DECLARATION',
            'I declare that the information I have given is true and complete and that I',
            'have not claimed, and will not claim, these amounts from any other source.',
            '',
            "Signed:   D. P. O'Halloran                          Date:   25/03/2026",
            '',
            'FOR OFFICE USE ONLY',
            'Date received:  26/03/2026     Checked by:  KLB     Pool ref:  LDS/26/0311',
        ].join('\n');
        const claim = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'juror_number', type: 'string' },
                { name: 'date_signed', type: 'date', date_order: 'dmy', description: "Date of the juror's signature on the declaration" },
            ],
        });
        expect((await readData(form, claim)).date_signed).to.equal('2026-03-25');
    });
});
