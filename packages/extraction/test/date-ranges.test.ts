// Dates of a term written as a range or labelled as a document's own, as users' documents write
// them (documents written for the test; bench/user-docs/sixteenth and seventeenth have the ones
// these were seen in): a range's label for the end a field asks for, "between X and Y", the Dutch
// compounds of a first day, an e-mail's "Sent:" header, a Dutch deadline's "uiterlijk". Split from
// date-roles.test.ts.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe('date ranges and own dates', () => {
    it('a range\'s label labels the end a field asks for, hints or none ("Statement period: 06/04/2024 to 05/04/2025")', async () => {
        const statement = [
            'ANNUAL STATEMENT',
            'Statement period: 06/04/2024 to 05/04/2025',
            '',
            'Balance brought forward at 06/04/2024        £46,812.37',
            'Balance at 05/04/2025                        £47,486.32',
        ].join('\n');
        for (const hinted of [true, false]) {
            const date = (name: string) => ({ name, type: 'date', date_order: 'dmy', ...(hinted ? { hints: ['Statement period'] } : {}) });
            const schema = compile({ svc_schema: '1.0', name: 's', fields: [date('period_start'), date('period_end')] });
            expect(await readData(statement, schema), `hints: ${hinted}`).to.deep.equal({
                period_start: '2024-04-06',
                period_end: '2025-04-05',
            });
        }
    });

    it('a range\'s other end is no field\'s where its end has a label of its own ("Rapportageperiode: … t/m …")', async () => {
        const report = [
            'Portefeuillenummer:  VB-4410-2287-3',
            'Rapportageperiode:   01-07-2025 t/m 30-09-2025',
            '',
            '   Waarde portefeuille per 01-07-2025          184.612,37',
            '   Waarde portefeuille per 30-09-2025          191.977,30',
        ].join('\n');
        const date = (name: string, hints: string[]) => ({ name, type: 'date', date_order: 'dmy', hints });
        const fields = [date('periode_begin', ['Rapportageperiode']), date('periode_einde', ['Rapportageperiode', 't/m'])];
        const schema = compile({ svc_schema: '1.0', name: 'k', fields });
        expect(await readData(report, schema, 'nl')).to.deep.equal({ periode_begin: '2025-07-01', periode_einde: '2025-09-30' });
    });

    it('the Dutch compounds of a first day name each other ("ingangsdatum" labels `startdatum_depot`)', async () => {
        const letter = [
            'STAND VAN UW BOUWDEPOT',
            '  Oorspronkelijk depot (ingangsdatum 01-03-2025)          € 60.000,00',
            '  Looptijd bouwdepot                                      18 maanden',
            '  Einddatum bouwdepot                                     01-09-2026',
        ].join('\n');
        const date = (name: string) => ({ name, type: 'date', date_order: 'dmy' });
        const schema = compile({ svc_schema: '1.0', name: 'b', fields: [date('startdatum_depot'), date('einddatum_depot')] });
        const { data, candidates } = await readCandidates(letter, schema, 'nl');
        expect(data).to.deep.equal({ startdatum_depot: '2025-03-01', einddatum_depot: '2026-09-01' });
        // Labelled as a first day, not only near a word of the name ("depot").
        const start = candidates.find((c) => c.field === 'startdatum_depot' && c.quote === '01-03-2025');
        expect(start?.features.context ?? 0).to.be.above(0.8);
    });

    it('an e-mail\'s "Sent:" header dates it, for a field of its own date ("Verzonden:" in Dutch)', async () => {
        const mail = [
            'From:     Royal Mail Redirection <redirection@example.com>',
            'Sent:     22 September 2025 10:02',
            'Subject:  Your Redirection is confirmed',
            '',
            'Your Redirection starts on 06/10/2025 and runs until 05/10/2026.',
            'Moving again before 05/10/2026? You will need a new Redirection.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'order_date', type: 'date', date_order: 'dmy' }] });
        expect((await readData(mail, schema)).order_date).to.equal('2025-09-22');
    });

    it('a range "between X and Y" is a field\'s where its sentence says a word of the field\'s name', async () => {
        const notice = [
            'Date:      29 September 2025',
            '',
            'Your child was absent from school without authorisation for 9 sessions',
            'between 8 September 2025 and 12 September 2025. The recall covers vehicles',
            'built between 2 August 2022 and 19 January 2024.',
        ].join('\n');
        const date = (name: string) => ({ name, type: 'date', date_order: 'dmy' });
        const schema = compile({ svc_schema: '1.0', name: 'n', fields: [date('absence_start'), date('absence_end')] });
        expect(await readData(notice, schema)).to.deep.equal({ absence_start: '2025-09-08', absence_end: '2025-09-12' });
        // Not a range whose sentence says nothing of the field ("vehicles built between …").
        const parts = compile({ svc_schema: '1.0', name: 'r', fields: [date('parts_available_from')] });
        const built = (await readCandidates(notice, parts)).candidates.find((c) => c.quote === '2 August 2022');
        expect(built?.features.context ?? 0).to.be.below(0.6);
    });

    it('a letter tells a first or last day past: "began on", "expired on", Dutch "is ingegaan op"', async () => {
        const letter = [
            'Congratulations! You have completed your introductory period. Your employment began on March 3, 2025.',
            'You become eligible to enroll in the 401(k) plan with employer match from July 1, 2025.',
            'Your previous contract expired on February 28, 2025.',
        ].join('\n');
        const date = (name: string) => ({ name, type: 'date' });
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [date('employment_start_date'), date('contract_end_date')] });
        expect(await readData(letter, schema)).to.deep.equal({ employment_start_date: '2025-03-03', contract_end_date: '2025-02-28' });
        const brief = 'Uw huurovereenkomst is ingegaan op 1 april 2024. De borg is op 15 maart 2024 betaald.';
        const nl = compile({ svc_schema: '1.0', name: 'b', fields: [date('startdatum_huur')] });
        const { data, candidates } = await readCandidates(brief, nl, 'nl');
        expect(data.startdatum_huur).to.equal('2024-04-01');
        // Labelled as a first day, not a guess among the letter's dates.
        expect(candidates.find((c) => c.quote === '1 april 2024')?.features.context ?? 0).to.be.at.least(0.8);
    });

    it('"uiterlijk" labels a deadline in Dutch, for an English `deadline` and a Dutch "uiterste" datum', async () => {
        const brief = [
            'Datum:      dinsdag 3 juni 2025',
            'Onderwerp:  aanbod parkeerplaats',
            '',
            'Laat ons uiterlijk vrijdag 13 juni 2025 weten of u de parkeerplaats accepteert.',
        ].join('\n');
        const english = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'response_deadline', type: 'date' }] });
        expect(await readData(brief, english, 'nl')).to.deep.equal({ response_deadline: '2025-06-13' });
        const dutch = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'uiterste_reactiedatum', type: 'date' }] });
        expect(await readData(brief, dutch, 'nl')).to.deep.equal({ uiterste_reactiedatum: '2025-06-13' });
    });

    it('a range is not the end of a field whose rival for that end is named on its line ("Testing window" for `test_end_date`, not `retest_deadline`)', async () => {
        const summary = [
            'Report date:        03/04/2026',
            '',
            '1. ENGAGEMENT OVERVIEW',
            '   Testing window:     02/09/2026 - 02/18/2026',
            '   Testing days:       8',
            '',
            '5. RETEST',
            '   One free retest of all critical and high findings is included in the',
            '   engagement fee. Retest window: 90 days from the report date, i.e. the',
            '   retest must be carried out by 06/02/2026.',
        ].join('\n');
        const mdy = (name: string) => ({ name, type: 'date', date_order: 'mdy' });
        const schema = compile({
            svc_schema: '1.0',
            name: 's',
            fields: [mdy('report_date'), mdy('test_start_date'), mdy('test_end_date'), mdy('retest_deadline')],
        });
        expect(await readData(summary, schema)).to.deep.equal({
            report_date: '2026-03-04',
            test_start_date: '2026-02-09',
            test_end_date: '2026-02-18',
            retest_deadline: '2026-06-02',
        });
    });

    it('a date that restates the phrase a label brings in ("lapses on the tenth anniversary …, that is on 16 February 2036") is labelled as if next to it', async () => {
        const notice = [
            'Date of grant: 16 February 2026',
            '',
            '4. EXERCISE AND LAPSE',
            'The Option may be exercised to the extent vested at any time before it',
            'lapses. The Option lapses on the tenth anniversary of the date of grant,',
            'that is on 16 February 2036, or earlier as set out in rule 8 of the Plan.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'g',
            fields: [
                { name: 'grant_date', type: 'date', hints: ['Date of grant'] },
                { name: 'expiry_date', type: 'date' },
            ],
        });
        const { data, candidates } = await readCandidates(notice, schema);
        expect(data).to.deep.equal({ grant_date: '2026-02-16', expiry_date: '2036-02-16' });
        const restated = candidates.find((c) => c.field === 'expiry_date' && c.quote === '16 February 2036');
        expect(restated?.features.context ?? 0).to.be.above(0.3);
    });
});
