// Yes/no words that are no answers: "no." abbreviating "number", and "no" running on into a word of
// running text where no label of the field points at it. Documents written for the test.
import { expect } from 'chai';
import fc from 'fast-check';
import { booleanSpans } from '../src/readers/heuristic-spans.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';
import { parseQuote } from '../src/parsers/quote-parser.js';

const flag = (name: string, hints: string[] = []) =>
    compile({ svc_schema: '1.0', name: 'doc', fields: [{ name, type: 'boolean', ...(hints.length ? { hints } : {}) }] });

describe('boolean answers', () => {
    it('"no." or "no:" before a number or a code is no answer', () => {
        const quotes = (text: string) => booleanSpans(text, 'en').map((s) => s.quote);
        expect(quotes('Payment status:   Paid in full - receipt no. R-2025-0112')).to.deep.equal([]);
        expect(quotes('Borrower no.:     2 1187 00433 9126')).to.deep.equal([]);
        expect(quotes('Claimed before? No.\nNext question: yes')).to.deep.equal(['No', 'yes']);
        expect(quotes('OFFICE USE   Received: 15/12/25   Paid: Y   Key no: 118')).to.deep.equal([]);
        expect(quotes('Pets allowed: no\nParking: 2 spaces')).to.deep.equal(['no']);
    });

    it('"no" in running text is no answer unless a label of the field points at it', async () => {
        const doc =
            'PHOTOGRAPHY AGREEMENT\n\nA second photographer will attend at no additional charge. Please sign no later than 1 May.\n';
        const read = await readResponse(doc, flag('assistant_included'));
        expect(read.fields.assistant_included!.status).to.equal('missing');
        // A label of the field before it: the same words answer it ("No pets are permitted").
        const lease = 'LEASE\n\n5. Pets. No pets are permitted in the flat.\n';
        expect((await readResponse(lease, flag('pets_allowed'))).data.pets_allowed).to.equal(false);
    });

    it('a yes/no word written as an answer is still read', async () => {
        const doc = 'CLAIM FORM\n\nPreviously claimed:   No\nVet paid directly:    Yes\n';
        const schema = compile({
            svc_schema: '1.0',
            name: 'claim',
            fields: [
                { name: 'previously_claimed', type: 'boolean' },
                { name: 'vet_paid_directly', type: 'boolean' },
            ],
        });
        expect((await readResponse(doc, schema)).data).to.deep.equal({ previously_claimed: false, vet_paid_directly: true });
    });

    it('of the options of a row of check boxes, the ticked one answers', async () => {
        const form = (row: string) => `CLAIM FORM\n\nHas this condition been claimed for before?      ${row}\n`;
        const schema = flag('previously_claimed');
        expect((await readResponse(form('[ ] Yes   [X] No'), schema)).data.previously_claimed).to.equal(false);
        expect((await readResponse(form('[x] Yes   [ ] No'), schema)).data.previously_claimed).to.equal(true);
        const nl = 'SCHADEFORMULIER\n\nIs er aangifte gedaan bij de politie?   ☐ Ja   ☒ Nee\n';
        const aangifte = compile({
            svc_schema: '1.0',
            name: 'schade',
            fields: [{ name: 'aangifte_politie', type: 'boolean', hints: ['aangifte'] }],
        });
        expect((await readResponse(nl, aangifte, 'nl')).data.aangifte_politie).to.equal(false);
    });

    it('an option whose box is left empty is not chosen, for an enum as for a yes or a no', async () => {
        const booking = [
            'HALL HIRE BOOKING FORM',
            '',
            'Purpose of hire:   [ ] Meeting   [ ] Class / club   [x] Private party',
            '                   [ ] Wedding reception   [ ] Fundraiser',
            'Payment by:        [ ] Cash   [X] Card   [ ] Cheque',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [
                { name: 'purpose', type: 'enum', labels: ['meeting', 'class', 'private party', 'wedding reception', 'fundraiser'] },
                { name: 'payment_method', type: 'enum', labels: ['cash', 'card', 'cheque'] },
            ],
        });
        expect((await readResponse(booking, schema)).data).to.deep.equal({ purpose: 'private party', payment_method: 'card' });
    });

    it('a check box answers the statement its line goes on with', async () => {
        const form = [
            'PIERCING CONSENT FORM',
            '',
            'DECLARATION',
            '[x] I confirm I am over 18 years of age.',
            '[X] I have received the written aftercare sheet.',
            '[ ] I would like to join the studio mailing list.',
            '',
            'Has the client eaten in the last 4 hours?   [ ] Yes   [x] No',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'aftercare_sheet_received', type: 'boolean' },
                { name: 'mailing_list', type: 'boolean' },
                { name: 'eaten', type: 'boolean' },
            ],
        });
        expect((await readResponse(form, schema)).data).to.deep.equal({
            aftercare_sheet_received: true,
            mailing_list: false,
            eaten: false,
        });
        // A box whose line no label of the field goes on with answers nothing.
        const other = compile({ svc_schema: '1.0', name: 'o', fields: [{ name: 'photo_consent', type: 'boolean', nullable: true }] });
        expect((await readResponse(form, other)).data).to.deep.equal({ photo_consent: null });
    });

    it('a box of a form left to fill in, or before a refusal, answers nothing', async () => {
        const slip = [
            'SCHOOL TRIP - REPLY SLIP',
            '',
            'The trip costs £135. Parents may pay in three instalments of £45.',
            '',
            '[ ] I will pay the full amount by 16 May',
            '[ ] I will pay in three instalments',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'instalments', type: 'boolean', nullable: true }] });
        expect((await readResponse(slip, schema)).data).to.deep.equal({ instalments: null });
        const cover = [
            'STORAGE AGREEMENT',
            '',
            'GOODS IN STORE INSURANCE',
            '  [x] Accepted - premium 0.5% of declared value',
            '  [ ] Declined - customer confirms own insurance is in place',
        ].join('\n');
        const insured = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'insurance', type: 'boolean', nullable: true }] });
        const read = await readCandidates(cover, insured);
        expect(read.candidates.filter((c) => c.quote === '[ ]')).to.deep.equal([]);
    });

    it('reads each line once for a ticked box: the same boxes as walking the lines for every box', () => {
        // The definition, walked for every empty box (quadratic on a line of many boxes).
        const tickedLine = (line: string): boolean => /\[[xX]\]/.test(line);
        const boxLine = (line: string): boolean => /^\s*\[[xX ]\]/.test(line);
        const definition = (text: string, at: number): boolean => {
            const lines = text.split('\n');
            const line = text.slice(0, at).split('\n').length - 1;
            if (tickedLine(lines[line]!)) return true;
            for (let l = line - 1; l >= 0 && line - l <= 8 && boxLine(lines[l]!); l--) if (tickedLine(lines[l]!)) return true;
            for (let l = line + 1; l < lines.length && l - line <= 8 && boxLine(lines[l]!); l++) if (tickedLine(lines[l]!)) return true;
            return false;
        };
        const token = fc.oneof(
            { arbitrary: fc.constantFrom('[ ] a ', '\n[ ] a ', '\n[x] b '), weight: 8 },
            { arbitrary: fc.constantFrom('[X] c', 'yes ', '\n', '\n\n', '  ', 'word '), weight: 1 },
        );
        fc.assert(
            fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
                const text = tokens.join('');
                const read = booleanSpans(text, 'en').filter((s) => s.quote === '[ ]');
                const expected = [...text.matchAll(/\[ \](?= a)/g)].map((m) => m.index!).filter((at) => definition(text, at));
                expect(read.map((s) => s.start)).to.deep.equal(expected);
            }),
            { numRuns: 500 },
        );
    });

    it('a form\'s answer words are booleans, the negated form found whole ("Not included" is false)', async () => {
        const quotes = (text: string, language = 'en') => booleanSpans(text, language).map((s) => s.quote);
        expect(quotes('Accidental damage cover       Not included\nHome emergency cover          Included')).to.deep.equal([
            'Not included',
            'Included',
        ]);
        expect(quotes('Bladruimen (november): inbegrepen\nHuisdieren: niet toegestaan', 'nl')).to.deep.equal([
            'inbegrepen',
            'niet toegestaan',
        ]);
        const policy = [
            'HOME INSURANCE RENEWAL',
            '',
            'Accidental damage cover       Not included',
            'Home emergency cover          Included',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'p',
            fields: [
                { name: 'accidental_damage', type: 'boolean' },
                { name: 'home_emergency', type: 'boolean' },
            ],
        });
        expect((await readResponse(policy, schema)).data).to.deep.equal({ accidental_damage: false, home_emergency: true });
    });

    it('an exam\'s results are answers: "geslaagd" / "niet geslaagd" in a table\'s row, "passed" / "failed"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'uitslag',
            fields: [
                { name: 'lezen', type: 'boolean', description: 'lezen gehaald' },
                { name: 'schrijven', type: 'boolean', description: 'schrijven gehaald' },
            ],
        });
        const doc = [
            'Uitslag per examenonderdeel',
            '',
            '  Onderdeel          Niveau  Examendatum   Uitslag',
            '  Lezen              B1      14-05-2025    geslaagd',
            '  Schrijven          B1      21-05-2025    niet geslaagd',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ lezen: true, schrijven: false });
        expect(parseQuote({ kind: 'boolean' }, 'failed', 'en')?.json).to.equal(false);
        expect(parseQuote({ kind: 'boolean' }, 'passed', 'en')?.json).to.equal(true);
    });

    it("a question is answered by the option after its ticked box, and a box's statement ends at the next box", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'waiver',
            fields: [
                { name: 'belay_certified', type: 'boolean' },
                { name: 'lead_climbing', type: 'boolean' },
            ],
        });
        const doc = [
            'ACTIVITIES (check all that apply)',
            '[X] Bouldering   [X] Top-rope / auto-belay   [ ] Lead climbing   [ ] Fitness area',
            '',
            'Belay certified at High Wall?     [ ] Yes   [X] No',
            'Medical conditions:               none',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ belay_certified: false, lead_climbing: false });
    });

    it('present, not present and absent are answers, in Dutch aanwezig, niet aanwezig and afwezig', async () => {
        const tank = [
            'GEGEVENS VAN DE HOUDER',
            '  Lekdetectie:                   niet aanwezig',
            '  Overvulbeveiliging:            aanwezig (vulfluit)',
        ];
        const schema = compile({
            svc_schema: '1.0',
            name: 't',
            fields: [
                { name: 'lekdetectie', type: 'boolean' },
                { name: 'overvulbeveiliging', type: 'boolean' },
            ],
        });
        expect(await readData(tank.join('\n'), schema, 'nl')).to.deep.equal({ lekdetectie: false, overvulbeveiliging: true });
        expect(parseQuote({ kind: 'boolean' }, 'not present', 'en')?.json).to.equal(false);
        expect(parseQuote({ kind: 'boolean' }, 'Absent', 'en')?.json).to.equal(false);
        expect(parseQuote({ kind: 'boolean' }, 'present', 'en')?.json).to.equal(true);
    });

    it('a box after each option is the option\'s: "YES   [X]        NO   [ ]"', async () => {
        const form = (row: string) => `MANAGER APPROVAL\n\nApproved:   ${row}\nSigned:     R. Okafor\n`;
        const schema = flag('approved');
        expect((await readResponse(form('YES   [X]        NO   [ ]'), schema)).data.approved).to.equal(true);
        expect((await readResponse(form('YES   [ ]        NO   [X]'), schema)).data.approved).to.equal(false);
        // Boxes before their options keep their reading, spaced alike or not.
        expect((await readResponse(form('[X] YES [ ] NO'), schema)).data.approved).to.equal(true);
        expect((await readResponse(form('[ ] YES [X] NO'), schema)).data.approved).to.equal(false);
    });

    it('a form\'s answer that something was not done is false ("Not taken", "not set up", Dutch "niet uitgevoerd"); the word alone is no answer', async () => {
        const report = [
            'PRE-PURCHASE SURVEY',
            'Damp survey:          Not performed (buyer declined)',
            'Drainage CCTV:        Not required',
            'Report issued:        12/06/2025',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [
                { name: 'damp_survey', type: 'boolean', description: 'Whether a damp survey was done' },
                { name: 'drainage_cctv', type: 'boolean', nullable: true },
            ],
        });
        expect(await readData(report, schema)).to.deep.equal({ damp_survey: false, drainage_cctv: false });
        expect(parseQuote({ kind: 'boolean' }, 'not set up', 'en')?.json).to.equal(false);
        expect(parseQuote({ kind: 'boolean' }, 'niet uitgevoerd', 'nl')?.json).to.equal(false);
        // (A word of done alone reads no answer: "a notice is required" is prose.)
        expect(parseQuote({ kind: 'boolean' }, 'required', 'en')).to.equal(undefined);
    });

    it('"affected" answers a row true and "not affected" false, after dot leaders', async () => {
        const letter = [
            'What information was involved',
            '    Full name and delivery address ...................... affected',
            '    Date of birth (loyalty scheme members) .............. affected',
            '    Account password .................................... not affected',
        ].join('\n');
        const flag = (name: string) => ({ name, type: 'boolean' });
        const schema = compile({ svc_schema: '1.0', name: 'b', fields: [flag('date_of_birth_exposed'), flag('passwords_exposed')] });
        expect(await readData(letter, schema)).to.deep.equal({ date_of_birth_exposed: true, passwords_exposed: false });
    });

    it('a finding "not detected" / "not found" answers false; the word alone is no answer', async () => {
        const record = [
            'DISEASE CHECK',
            '  American foulbrood (AFB) / European foulbrood (EFB):   Not detected',
            '  Varroa mites:                                          Yes, low count',
            '  Queen seen:                                            Yes',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'h', fields: [{ name: 'foulbrood_found', type: 'boolean' }] });
        expect((await readData(record, schema)).foulbrood_found).to.equal(false);
    });

    it('a word of the field\'s own name is no answer: the "no" of "your no claims discount"', async () => {
        // (bench/user-docs/twentythird has the letter this was seen in.)
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'no_claims_discount_affected', type: 'boolean' }] });
        const letter = [
            'Your no claims discount',
            'Because this is a claim we have paid, your no claims discount will be reduced at renewal.',
        ].join('\n');
        const { candidates } = await readCandidates(letter, schema);
        expect(candidates.map((c) => c.quote)).to.not.include('no');
        // (A "No" answering its label stays one.)
        expect(await readData('No claims discount affected:   No', schema)).to.deep.equal({ no_claims_discount_affected: false });
    });

    it('a yes-or-no field\'s longer label leaves an amount\'s label inside it: "Single person discount (25%)   -£608.50"', async () => {
        // (bench/user-docs/twentysixth has the council tax bill this was seen in.)
        const bill = [
            'YOUR BILL',
            '',
            '  Annual charge for band D, 01/04/2026 to 31/03/2027         £2,434.00',
            '  Less: Single person discount (25%)                          -£608.50',
            '                                                            ----------',
            '  AMOUNT PAYABLE FOR 2026/27                                 £1,825.50',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [
                { name: 'discount', type: 'money', currency: 'GBP' },
                { name: 'single_person_discount', type: 'boolean' },
            ],
        });
        expect((await readData(bill, schema)).discount).to.deep.equal({ amount: '608.50', currency: 'GBP' });
    });
});
