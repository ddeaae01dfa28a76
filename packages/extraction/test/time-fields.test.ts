// A string field that asks for a time of day (`hearing_time`, `start_time`, Dutch `ophaaltijd`)
// reads the times the document writes, in running text too (heuristic-times.ts). Documents written
// for the test.
import { expect } from 'chai';
import { asksForTime } from '../src/readers/heuristic-times.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

/** A schema of one string field that must be read (a field that may be empty needs a label near its value). */
const strings = (name: string) => compile({ svc_schema: '1.0', name: 't', fields: [{ name, type: 'string' }] });

describe('times of day for string fields', () => {
    it('reads a time in running text for a field that asks for one', async () => {
        const letter = [
            'INVITATION TO A DISCIPLINARY HEARING',
            '',
            'The hearing will take place on Monday 3 November 2025 at 2.00 pm in',
            'Meeting Room 2 (first floor, main office block).',
        ].join('\n');
        const quotes = async (doc: string, field: string, language: 'en' | 'nl' = 'en') =>
            (await readCandidates(doc, strings(field), language)).candidates.map((c) => c.quote);
        expect(await quotes(letter, 'hearing_time')).to.deep.equal(['2.00 pm']);
        const entry = 'EVENT DAY\n\n5K start                8:00 AM\n10K start               9:15 AM\n';
        expect((await readCandidates(entry, strings('start_time'))).candidates.map((c) => c.quote)).to.include.members([
            '8:00 AM',
            '9:15 AM',
        ]);
    });

    it('finds no time in an amount, a date or a field that asks for none', async () => {
        const receipt = 'Total paid 12.50 on 12.05.2025 at the desk';
        expect((await readCandidates(receipt, strings('pickup_time'))).candidates).to.deep.equal([]);
        const brief = 'BEVESTIGING GROFVUIL\n\nWij halen uw grofvuil op maandag 12 mei 2025. De ophaaltijd is vanaf 7.30 uur.\n';
        const nl = await readCandidates(brief, strings('ophaaltijd'), 'nl');
        expect(nl.candidates.map((c) => c.quote)).to.deep.equal(['7.30 uur']);
        expect((await readCandidates('Meeting at 14:00 in room 4\n', strings('room'))).candidates.map((c) => c.quote)).not.to.include(
            '14:00',
        );
        const asks = (names: string[]): boolean[] => names.map((n) => asksForTime(n));
        expect(asks(['hearing_time', 'startTime', 'ophaaltijd', 'tijdstip'])).to.deep.equal([true, true, true, true]);
        expect(asks(['timetable', 'overtime_hours', 'tijdschrift'])).to.deep.equal([false, false, false]);
        // (A Dutch compound of a time before a qualifier, `sluitingstijd_doordeweeks`; not English "time" before one.)
        expect(asks(['sluitingstijd_doordeweeks', 'time_zone'])).to.deep.equal([true, false]);
        // A description that starts by asking for a time asks for one; a later "time" does not.
        expect(asksForTime('appointment_start', 'Clock time the appointment itself starts')).to.equal(true);
        expect(asksForTime('appointment_start', 'When the appointment starts, date and time')).to.equal(false);
    });

    it('a time field named by a compound before its qualifier reads the times the text writes ("om 23.00 uur")', async () => {
        // (bench/user-docs/twentythird has the permit this was seen in.)
        const permit = 'Het terras sluit van zondag tot en met donderdag om 23.00 uur en op vrijdag en zaterdag om 01.00 uur.';
        const schema = compile({
            svc_schema: '1.0',
            name: 't',
            fields: [
                {
                    name: 'sluitingstijd_doordeweeks',
                    type: 'string',
                    description: 'Sluitingstijd van het terras op zondag tot en met donderdag',
                },
            ],
        });
        const { candidates } = await readCandidates(permit, schema, 'nl');
        expect(candidates.map((c) => c.quote)).to.include('23.00 uur');
    });

    it('a description that starts with "Clock time" asks for a time: the appointment\'s, not the arrival\'s line whole', async () => {
        // (bench/user-docs/twentysixth has the booking this was seen in.)
        const booking =
            'BOOKING CONFIRMED\n\n  Date:                Tue 28 Apr 2026\n  Arrival time:        10:00 (appointment starts 10:15)\n';
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [{ name: 'appointment_start', type: 'string', description: 'Clock time the appointment itself starts' }],
        });
        expect((await readData(booking, schema)).appointment_start).to.equal('10:15');
    });
});
