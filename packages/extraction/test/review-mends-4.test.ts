// Where the eighth session of 2026-11-27's rules stop: short documents from a review that wrote
// look-alikes to trip them (each was read right by the session's first reader, wrong by a rule
// before it was narrowed).
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("where the rules stop (8th session's review)", () => {
    it('a rule under a heading with its text under the rule is no blank to fill in', async () => {
        const order = [
            'Delivery instructions',
            '____________________________________________________________',
            '  Buzzer broken - please phone 07700 918 442 on arrival.',
            '',
            'Estimated delivery:  between 30 March and 2 April 2026.',
        ].join('\n');
        expect((await readData(order, strings('delivery_instructions'))).delivery_instructions).to.match(/^Buzzer broken/);
    });

    it('a job\'s title keeps its bracket: "Post title:   Support Worker (Team Leader)"', async () => {
        const offer = 'JOB APPLICATION\n\nPosition applied for:   Support Worker (Team Leader)\nReference:   SW-2231\n';
        expect((await readData(offer, strings('position_applied_for'))).position_applied_for).to.equal('Support Worker (Team Leader)');
    });

    it('a slashed heading whose other part names no other field heads one value: "STORING / KLACHT"', async () => {
        const melding = [
            'REPARATIEVERZOEK',
            '',
            'RUIMTE                STORING / KLACHT                             URGENTIE',
            'Badkamer              Lekkage / druppelt bij aansluiting kraan     Normaal',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'ruimte', type: 'string' },
                { name: 'klacht', type: 'string', description: 'Omschrijving van de storing of klacht' },
            ],
        });
        expect((await readData(melding, schema, 'nl')).klacht).to.equal('Lekkage / druppelt bij aansluiting kraan');
    });

    it('a slashed heading\'s word of a longer name is no label of its part: "GUESTS / PETS" for `lead_guest`', async () => {
        const booking = [
            'Lead guest:    Mr Alasdair Reid',
            '',
            'ARRIVAL / DEPARTURE                     NIGHTS    GUESTS / PETS',
            'Fri 14 Aug 2026 / Fri 21 Aug 2026         7        4 / 1',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [
                { name: 'lead_guest', type: 'string' },
                { name: 'guests', type: 'integer' },
                { name: 'pets', type: 'integer' },
            ],
        });
        expect(await readData(booking, schema)).to.deep.include({ lead_guest: 'Mr Alasdair Reid', guests: 4 });
    });

    it('a labelled pupil is not the parent a salutation greets by title: "Pupil:   Aisha Khan" under "Dear Mrs Khan,"', async () => {
        const letter = [
            'OAKFIELD ACADEMY',
            '',
            'Mrs Samina Khan',
            '27 Clifton Mount',
            'Rotherham S65 2AL',
            '',
            '15 May 2026',
            '',
            'Pupil:        Aisha Khan',
            'Tutor group:  8RW',
            '',
            'Dear Mrs Khan,',
            '',
            "I am writing about Aisha's attendance this term.",
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [{ name: 'parent_name', type: 'string', description: 'Parent the letter is addressed to' }],
        });
        expect((await readData(letter, schema)).parent_name).to.equal('Mrs Samina Khan');
    });

    it('a box\'s caption under its label is no value: "(name, address, country)"', async () => {
        // (A second review's look-alike.)
        const note = [
            'INTERNATIONAL CONSIGNMENT NOTE                                No. CMR 0448172',
            '+-----------------------------------------+------------------------------------------+',
            '| 1 Sender                                | 16 Carrier                               |',
            '|   (name, address, country)              |    (name, address, country)              |',
            '|   Harlow Fine Foods Ltd                 |    Midland Euro Freight Ltd              |',
            '|   Unit 4, Templefields, Harlow CM20 2BG |    Hams Hall, Coleshill B46 1AL          |',
            '|   United Kingdom                        |    United Kingdom                        |',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [
                { name: 'sender', type: 'string', description: "Sender's name" },
                { name: 'carrier', type: 'string', description: "Carrier's name" },
            ],
        });
        const read = await readData(note, schema);
        expect([read.sender, read.carrier]).to.not.include('name, address, country');
    });

    it('a value filled in before leftover leaders stays one: "Instrument: dwarsfluit ......"', async () => {
        const form = 'INSCHRIJFFORMULIER\n\nInstrument: dwarsfluit ......\nLesduur: 30 minuten\n';
        expect((await readData(form, strings('instrument'), 'nl')).instrument).to.match(/^dwarsfluit/);
    });

    it('"Time limit for …" describes a period, no time of day', async () => {
        const notice = [
            'METROPOLITAN BOROUGH OF KIRKLEES',
            'PENALTY CHARGE NOTICE - BUS LANE CONTRAVENTION',
            '',
            'PCN number:          KL26B0041187',
            'Date of notice:      06/03/2026',
            'Vehicle registration: YA68 UWE',
            'Date of contravention: 27/02/2026',
            'Time of contravention: 08:14',
            'Location:            Manchester Road (A62) inbound bus lane, Huddersfield',
            'Contravention code:  34J - Being in a bus lane',
            '',
            'Penalty charge:      \u00a370.00',
            'Discounted charge:   \u00a335.00 if paid within 21 days of the date of notice',
            '',
            'HOW TO CHALLENGE THIS NOTICE',
            'You may make representations against this notice. Representations',
            'must be made within 28 days of the date of service. After that the',
            'council may issue a Charge Certificate increasing the charge by 50%.',
            '',
            'Camera footage can be viewed online 24 hours a day at',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'p',
            fields: [
                {
                    name: 'representation_deadline',
                    type: 'string',
                    description: 'Time limit for making representations, as the notice words it',
                },
            ],
        });
        expect((await readData(notice, schema)).representation_deadline).to.not.equal('08:14');
    });
});
