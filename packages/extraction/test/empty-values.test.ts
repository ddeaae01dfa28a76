// A form's way of writing "none": a lone dash where the label's value would be ("Team   -"). The
// line below is another label's, not this one's value. Documents written for the test.
import { expect } from 'chai';
import { emptyMark } from '../src/readers/heuristic-gaps.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe("a form's empty value", () => {
    it('a lone dash after a gap or a colon is an empty value; a rule or a hyphenated word is not', () => {
        for (const tail of ['                    -', ':   –', ':-', ' —  ']) expect(emptyMark(tail), tail).to.equal(true);
        for (const tail of ['', '  ----------', '-day', '  - 4 weeks', ':  12']) expect(emptyMark(tail), tail).to.equal(false);
    });

    it('a label with a dash for its value takes nothing from the next line', async () => {
        const form = [
            'CLUB REGISTRATION',
            '',
            'Member                  Priya Nandakumar',
            'Team                    -',
            'Locker number           112 (east changing room)',
            'Membership type         Full annual',
        ].join('\n');
        expect(await readData(form, strings('member', 'team', 'membership_type'))).to.deep.equal({
            member: 'Priya Nandakumar',
            team: null,
            membership_type: 'Full annual',
        });
        // With a name on the line instead of the dash, the label reads it as before.
        expect(
            await readData(form.replace('Team                    -', 'Team                    Harriers B'), strings('team')),
        ).to.deep.equal({
            team: 'Harriers B',
        });
    });

    it('a dash labels no amount under it either', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'discount', type: 'money', currency: 'GBP' }] });
        const read = async (discount: string): Promise<number | undefined> => {
            const receipt = `GREEN GROCER\n\nApples 2kg         £4.20\nDiscount:${discount}\n                   £0.50\nPaid by card\n`;
            return (await readCandidates(receipt, schema)).candidates.find((c) => c.quote === '£0.50')?.features.context;
        };
        expect(await read('           -')).to.equal(0);
        // Without the dash the amount under the label is its value.
        expect(await read('')).to.be.greaterThan(0.5);
    });

    it('a placeholder where the value is still to come is no value ("TBC", "wordt nog ingedeeld")', async () => {
        const booking = 'COURSE BOOKING\n\nCourse:     Pottery for beginners\nRoom:       TBC\nTutor:      Ms A. Grant\n';
        expect(await readData(booking, strings('room', 'tutor'))).to.deep.equal({ room: null, tutor: 'Ms A. Grant' });
        expect(await readData(booking.replace('TBC', 'B12'), strings('room'))).to.deep.equal({ room: 'B12' });
        const inschrijving =
            'INSCHRIJVING\n\n    Instrument ........................... cello\n    Docent ............................... wordt nog ingedeeld\n';
        expect(await readData(inschrijving, strings('docent'), 'nl')).to.deep.equal({ docent: null });
    });

    it('a value that starts with a placeholder is none either ("to be issued by …", "volgt na …", "same as above")', async () => {
        const record = 'BOILER COMMISSIONING RECORD\n\nNotification ref:   to be issued by the registration body\nEngineer:   Dan Price\n';
        expect((await readCandidates(record, strings('notification_ref'))).candidates.map((c) => c.quote)).to.not.include(
            'to be issued by the registration body',
        );
        const inschrijving = 'INSCHRIJVING HOCKEYCLUB\n\nNaam speler:  Daan Smit\nTeam:         volgt na de selectietrainingen\n';
        expect(await readData(inschrijving, strings('team'), 'nl')).to.deep.equal({ team: null });
        const summons = 'SUMMONS\n\nCourt:   same as above\nCase number:   24CV01877\n';
        expect(await readData(summons, strings('court'))).to.deep.equal({ court: null });
        // A court that is written reads.
        expect(await readData(summons.replace('same as above', 'Leeds County Court'), strings('court'))).to.deep.equal({
            court: 'Leeds County Court',
        });
    });

    it('an empty line to fill in with a placeholder in brackets is no value ("______ (not yet known)")', async () => {
        const license = [
            'CERTIFICATE OF MARRIAGE',
            'Officiant:           ____________________________ (not yet known)',
            'Witnesses:           2',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'officiant_name', type: 'string', nullable: true }] });
        expect((await readData(license, schema)).officiant_name).to.equal(null);
    });

    it('a word of running text alone is no value ("Your" under the heading "Your tax code for 2025 to 2026")', async () => {
        const notice = [
            'Please do not send us this letter.',
            '',
            'Your tax code for 2025 to 2026',
            '',
            'Your tax code for the current tax year is 1257L. This is correct and your employer',
            'has been told to use it. It gives you £12,570 of tax-free income for the year.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 't',
            fields: [{ name: 'tax_code', type: 'string', description: 'Tax code for the current tax year', hints: ['tax code'] }],
        });
        expect((await readData(notice, schema)).tax_code).to.not.equal('Your');
    });

    it('another label, its colon right after it, is no value: "Notadatum" under "NOTA"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'nota',
            fields: [{ name: 'verkopers', type: 'string', description: 'aan wie de nota is gericht' }],
        });
        const doc = [
            'BROUWER MAKELAARDIJ',
            '',
            'NOTA                                          Notanummer: 2025-0087',
            '                                              Notadatum:  10-03-2025',
            'Aan: dhr. W. Hoekstra',
        ].join('\n');
        const { candidates } = await readCandidates(doc, schema, 'nl');
        expect(candidates.map((c) => c.quote)).not.to.include('Notadatum');
    });

    it('a personal pronoun is no name: "We, the Building Owners, hereby give you notice"', async () => {
        const doc = [
            '                 PARTY STRUCTURE NOTICE - Section 3',
            '',
            'To:   Mr Daniel Price',
            '      Owner of 12 Ash Grove, Leeds LS6 2AB',
            '      (the "Adjoining Owner")',
            '',
            'From: Ms Hannah Cole',
            '      Owner of 14 Ash Grove, Leeds LS6 2AB',
            '      (the "Building Owner")',
            '',
            'We, the Building Owners, hereby give you notice under section 3 of the',
            'Party Wall etc. Act 1996.',
        ].join('\n');
        const { candidates } = await readCandidates(doc, strings('building_owners'));
        expect(candidates.map((c) => c.quote)).not.to.include('We');
        const nl = 'KENNISGEVING\n\nWij, de Verhuurders, geven u hierbij kennis van de huurverhoging.\n';
        expect((await readCandidates(nl, strings('verhuurders'), 'nl')).candidates.map((c) => c.quote)).not.to.include('Wij');
    });

    it('a field that may be empty stays empty where its whole name labels a lone dash, though a word of it labels a sum elsewhere', async () => {
        const statement = [
            '                                                     DEBIT           CREDIT',
            'VAT on professional charges @ 20%                    250.00',
            'Mortgage advance - Nationwide Building Society                    308,000.00',
            'Ground rent / service charge apportionment                                -',
        ].join('\n');
        const field = (nullable: boolean) =>
            compile({
                svc_schema: '1.0',
                name: 's',
                fields: [{ name: 'service_charge_apportionment', type: 'money', currency: 'GBP', nullable }],
            });
        expect((await readCandidates(statement, field(true))).candidates).to.deep.equal([]);
        // A field that may not be empty is still read from what labels it.
        expect((await readCandidates(statement, field(false))).candidates.length).to.be.greaterThan(0);
    });

    it('a figure before dot leaders is the label\'s, and a blank after its leaders or colon states a field empty ("Carried over from 2024 ....  ____")', async () => {
        const form = [
            'Leave balance (to be checked by HR)',
            '   Annual entitlement 2025 ...............  22',
            '   Carried over from 2024 ................  ____',
            '   Days taken / booked to date ...........  6',
            'If yes, date of previous request:                ________',
            'Date: ____________________',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'leave',
            fields: [
                { name: 'annual_entitlement', type: 'decimal', description: 'Annual leave entitlement in days for the year' },
                { name: 'carried_over_days', type: 'decimal', nullable: true },
                { name: 'previous_request_date', type: 'date', nullable: true },
            ],
        });
        const { data, candidates } = await readCandidates(form, schema);
        expect(data).to.deep.equal({ annual_entitlement: '22', carried_over_days: null, previous_request_date: null });
        expect(candidates.some((c) => c.quote === '2025' || c.quote === '2024')).to.equal(false);
    });

    it('which copy of the document this is names no one ("LICENSE HOLDER COPY", "KLANT KOPIE")', async () => {
        const licence = 'Electronic Licensing System - LICENSE HOLDER COPY       ** CARRY WHILE HUNTING **\n\nLICENSE NO: 901 447 2235\n';
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'license_holder', type: 'string', nullable: true }] });
        expect((await readCandidates(licence, schema)).candidates.map((c) => c.quote)).to.not.include('COPY');
        const bon = 'BETAALBEWIJS          KLANT   KOPIE\nTerminal 4471\n';
        const klant = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'klant', type: 'string', nullable: true }] });
        expect((await readCandidates(bon, klant, 'nl')).candidates.map((c) => c.quote)).to.not.include('KOPIE');
    });

    it('a label over a line left blank to fill in is empty: the next label down is no value', async () => {
        // (bench/user-docs/twentysixth has the application form this was seen in.)
        const form = [
            'SECTION 5 - GUARANTOR (if required)',
            'Guarantor name',
            '  ______________________________',
            'Guarantor address',
            '  ______________________________',
        ].join('\n');
        expect(await readData(form, strings('guarantor_name'))).to.deep.equal({ guarantor_name: null });
        // Filled in, the line under the label is its value.
        expect(await readData(form.replace('  ______________________________', '  Ruth Okafor'), strings('guarantor_name'))).to.deep.equal({
            guarantor_name: 'Ruth Okafor',
        });
    });

    it('another label and the blank after it is no value: "plaats ..............  datum .........."', async () => {
        // (bench/user-docs/twentysixth has the consignment note this was seen in.)
        const note = 'VRACHTBRIEF\n\n24 Goederen ontvangen:  plaats ..............  datum ..........\n';
        expect(await readData(note, strings('plaats'), 'nl')).to.deep.equal({ plaats: null });
        // A value with leaders before it stays one.
        expect(await readData('VRACHTBRIEF\n\nLaadplaats ........ Woerden\n', strings('laadplaats'), 'nl')).to.deep.equal({
            laadplaats: 'Woerden',
        });
    });

    it('"Not known" says a field that may be empty is empty, nor is its first word a value', async () => {
        const claim = [
            'JOURNEY DETAILS',
            '  Date of travel            14/03/2026',
            '  Train / service           Not known',
            '  Coach / seat              Not known ("rear of the train, luggage rack")',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'train_service', type: 'string', nullable: true, hints: ['Train / service'] },
                { name: 'coach_seat', type: 'string', nullable: true, hints: ['Coach / seat'] },
            ],
        });
        expect(await readData(claim, schema)).to.deep.equal({ train_service: null, coach_seat: null });
    });

    it('a year as a period names a calendar year: "Year:   9" (a year group) is no `academic_year`', async () => {
        // (bench/user-docs/twentythird has the report this was seen in.)
        const report = ['PROGRESS REPORT - SPRING TERM', '', 'Year:           9                            Tutor group: 9RM'].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'academic_year', type: 'string' },
                { name: 'year_group', type: 'string' },
            ],
        });
        expect((await readData(report, schema)).academic_year).to.equal(null);
        expect((await readData('Academic year:   2024-25', schema)).academic_year).to.equal('2024-25');
    });
});
