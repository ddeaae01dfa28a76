// Letters, notices and forms as users receive them (documents written for the test; bench/user-docs/
// fourteenth and fifteenth have the ones these were seen in): blocks under headings that say
// which of two things they describe, compound durations, a weekday before a date, counts of time
// that are no money or count, a heading over the line set in under it, "None" where a field may
// be empty, possessives, a date's whole name and the date zones, day-first dates, values that run
// on under their column or inside a box, and a number's "no.:" label.
import { expect } from 'chai';
import { parseDurationQuote } from '../src/parsers/duration-parser.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { amountSpans, durationSpans } from '../src/readers/heuristic-spans.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';

describe('letter blocks', () => {
    it('a label in a block whose heading names another field\'s kind of the thing is that field\'s ("Network:" under "Your old plan")', async () => {
        const letter = [
            'Kestrel Mobile',
            '12 Canal Wharf, Leeds LS11 5PS',
            '',
            'Mr Daniel Okafor',
            '7 Moorside Terrace',
            'Halifax HX3 0QT',
            '',
            'Your number is moving to us. Here is what changes on your switch date.',
            '',
            'Your new plan',
            '    Network:         Kestrel Mobile',
            '    Bundle:          Fixed Saver 24',
            '    Payment:         Monthly Direct Debit',
            '',
            'Your old plan',
            '    Network:         Orbital Telecom',
            '    Bundle:          Standard Variable',
            '    Payment:         Quarterly bill',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'switch',
            fields: [
                { name: 'new_network', type: 'string' },
                // No `old_bundle`: "Bundle:" under "Your old plan" is still no new bundle, as another
                // block's heading says "new" and this one says "old" (a word of `old_network`).
                { name: 'new_bundle', type: 'string' },
                { name: 'old_network', type: 'string' },
            ],
        });
        expect(await readData(letter, schema)).to.deep.equal({
            new_network: 'Kestrel Mobile',
            new_bundle: 'Fixed Saver 24',
            old_network: 'Orbital Telecom',
        });
    });

    it('a compound duration is one value in its basis: "2 hrs 45 min", "1 jaar en 6 maanden"; a list of durations is not one', async () => {
        expect(parseDurationQuote('2 hrs 45 min', 'seconds', 'en')).to.equal(9900);
        expect(parseDurationQuote('1 year and 6 months', 'months', 'en')).to.equal(18);
        expect(parseDurationQuote('1 jaar en 6 maanden', 'months', 'nl')).to.equal(18);
        expect(parseDurationQuote('2 weeks, 3 days', 'days', 'en')).to.equal(17);
        // Units from the largest down, each once, all exact in the basis.
        expect(parseDurationQuote('45 min 2 hrs', 'seconds', 'en')).to.equal(undefined);
        expect(parseDurationQuote('1 month 3 days', 'days', 'en')).to.equal(undefined);
        const quotes = (text: string, language = 'en') => durationSpans(text, language).map((s) => s.quote);
        expect(quotes('Est. length:   2 hrs 45 min')).to.deep.equal(['2 hrs 45 min']);
        expect(quotes('Notice of 30 days, 60 days for the landlord')).to.deep.equal(['30 days', '60 days']);
        expect(quotes('for 1 month 3 days')).to.deep.equal(['1 month', '3 days']);

        const booking = ['Client:        Ama Mensah', 'Service:       Full colour and cut', 'Est. length:   2 hrs 45 min', ''].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'booking',
            fields: [{ name: 'estimated_length', type: 'duration', basis: 'seconds', hints: ['Est. length'] }],
        });
        expect((await readData(booking, schema)).estimated_length).to.equal('PT9900S');
    });

    it('a weekday between a label and its date is the date\'s own ("Engineer visit ....... Friday, 03/14/2025")', async () => {
        const mail = [
            'Sent: Monday, March 10, 2025 9:12 AM',
            'Subject: Your repair booking',
            '',
            '  Ticket number ......... HX-20931',
            '  Engineer visit ........ Friday, 03/14/2025',
            '  Arrival window ........ 1:00 PM - 5:00 PM',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'repair',
            fields: [{ name: 'visit_date', type: 'date', date_order: 'mdy' }],
        });
        expect((await readData(mail, schema)).visit_date).to.equal('2025-03-14');
    });

    it('a count of time is no sum of money ("over ongeveer 21,75 dagen", "2.5 hours")', async () => {
        const quotes = (text: string, language: string) => amountSpans(text, language, true).map((s) => s.quote);
        expect(quotes('Wij betalen per maand over ongeveer 21,75 dagen.', 'nl')).to.deep.equal([]);
        expect(quotes('Labour 2.5 hours at £48.00', 'en')).to.deep.equal(['£48.00']);
        const letter = [
            'Hoe hoog is uw uitkering?',
            'De eerste 2 maanden krijgt u 75% van uw dagloon. Dat is € 98,40 bruto',
            'per dag. Wij betalen per maand over ongeveer 21,75 dagen.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'uitkering',
            fields: [{ name: 'uitkering_per_dag', type: 'money', currency: 'EUR', description: 'Bruto uitkering per dag' }],
        });
        expect((await readData(letter, schema, 'nl')).uitkering_per_dag).to.deep.equal({ amount: '98.40', currency: 'EUR' });
    });

    it('a heading the label starts heads the one line set in under it; a centred title does not head its subtitle', async () => {
        const certificate = [
            'Basic Disclosure Certificate',
            '',
            'Certificate Number:     004417720931',
            'Surname:                HALVORSEN',
            '',
            'Conviction Information, including Cautions and Warnings',
            '  NONE RECORDED',
            '',
            'This certificate shows unspent convictions only.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'dbs', fields: [{ name: 'conviction_information', type: 'string' }] });
        expect((await readData(certificate, schema)).conviction_information).to.equal('NONE RECORDED');
        const sweep = [
            '                   CERTIFICATE OF FLUE INSPECTION',
            '                        Certificate No. 0088213',
            '',
            'Engineer:          Ruth Caddick',
            'It is not a HETAS certificate of the installation.',
        ].join('\n');
        const hetas = compile({
            svc_schema: '1.0',
            name: 'sweep',
            fields: [{ name: 'hetas_certificate_number', type: 'string', nullable: true }],
        });
        expect((await readData(sweep, hetas)).hetas_certificate_number).to.equal(null);
    });

    it('"None appointed" empties a field that may be empty; a field that may not be holds it', async () => {
        const notice = [
            '  Donor:                 Edith Marlow',
            '  Replacement attorneys: None appointed',
            '  Restrictions:          None',
            '',
        ].join('\n');
        const fields = [
            { name: 'replacement_attorneys', type: 'string', nullable: true },
            { name: 'restrictions', type: 'string' },
        ];
        expect(await readData(notice, compile({ svc_schema: '1.0', name: 'lpa', fields }))).to.deep.equal({
            replacement_attorneys: null,
            restrictions: 'None',
        });
        const dutch = ['Naam:             J. de Boer', 'Medehuurder:      geen', ''].join('\n');
        const nl = compile({ svc_schema: '1.0', name: 'huur', fields: [{ name: 'medehuurder', type: 'string', nullable: true }] });
        expect((await readData(dutch, nl, 'nl')).medehuurder).to.equal(null);
    });

    it('a possessive before a label says whose, not which: "Uw dagloon" labels `dagloon` as "Dagloon" does', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'ww',
            fields: [{ name: 'dagloon', type: 'money', currency: 'EUR', description: 'Bruto dagloon' }],
        });
        const context = async (label: string) => {
            const letter = [
                'Uw uitkering in het kort',
                '  Eerste WW-dag            3 maart 2025',
                `  ${label.padEnd(25)}€ 142,80 bruto`,
            ].join('\n');
            return (await readCandidates(letter, schema, 'nl')).candidates.find((c) => c.quote === '€ 142,80')?.features.context;
        };
        const plain = await context('Dagloon');
        expect(plain).to.be.above(0);
        expect(await context('Uw dagloon')).to.equal(plain);
        // A word that says which still qualifies: "Vorig dagloon" is another one.
        expect(await context('Vorig dagloon')).to.be.below(plain!);
    });

    it("a date field's whole name labels its date outright on a short document: the e-mail's own date is not the order's", async () => {
        // (Longer than a head and a foot, so the document's dates have zones: its latest at an edge.)
        const mail = [
            'Van: Boekenhoek Klantenservice <service@boekenhoek.nl>',
            'Datum: ma 3 nov. 2025, 09:12',
            'Onderwerp: Je retour is ontvangen',
            '',
            'Hoi Sanne,',
            '',
            'We hebben je retour ontvangen.',
            '',
            'Retournummer:      R-2210458',
            'Besteldatum:       24-10-2025',
            'Ontvangen op:      03-11-2025',
            '',
            'Het bedrag van € 24,99 storten we binnen 14 dagen terug.',
            'Je krijgt een bevestiging per e-mail zodra het bedrag is teruggestort.',
            '',
            'Wat als je iets anders wilt?',
            'Wil je liever een ander artikel? Bestel het dan gewoon opnieuw in onze',
            'webwinkel. Een ruiling kunnen we helaas niet voor je regelen, omdat',
            'elke bestelling apart wordt verwerkt en verzonden.',
            '',
            'Heb je nog vragen over je retour of je bestelling? Kijk dan op onze',
            'klantenservicepagina of stuur ons een bericht via het contactformulier.',
            'We helpen je graag verder, ook in het weekend.',
            '',
            'Let op: artikelen die gedragen of beschadigd zijn, nemen we niet retour.',
            'Bewaar het verzendbewijs tot je het bedrag terug hebt ontvangen; zonder',
            'verzendbewijs kunnen we een zoekgeraakt pakket niet voor je navragen.',
            '',
            'Vriendelijke groet,',
            'Team Boekenhoek',
        ].join('\n');
        const schema = (name: string) =>
            compile({ svc_schema: '1.0', name: 'retour', fields: [{ name, type: 'date', date_order: 'dmy' }] });
        expect((await readData(mail, schema('besteldatum'), 'nl')).besteldatum).to.equal('2025-10-24');
        // A field named only "datum" is the document's own date still.
        expect((await readData(mail, schema('datum'), 'nl')).datum).to.equal('2025-11-03');
    });

    it('a numeric date read month first under "auto" is a coin flip where the document writes its dates day first', async () => {
        const ticket = (until: string) =>
            [
                'Season ticket renewal',
                '',
                `  Valid from:         02/05/2025`,
                `  Valid until:        ${until}`,
                '  Price:              $4,120.00',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'season', fields: [{ name: 'valid_from', type: 'date' }] });
        // The value is the spec's either way (English reads month first); only the confidence changes.
        const doubted = await readResponse(ticket('30/04/2026'), schema);
        expect(doubted.data.valid_from).to.equal('2025-02-05');
        expect(doubted.fields.valid_from!.confidence).to.be.at.most(0.65);
        const plain = await readResponse(ticket('04/30/2026'), schema);
        expect(plain.data.valid_from).to.equal('2025-02-05');
        expect(plain.fields.valid_from!.confidence).to.be.above(0.8);
        // A field that says its order is not doubted.
        const dmy = compile({ svc_schema: '1.0', name: 'season', fields: [{ name: 'valid_from', type: 'date', date_order: 'dmy' }] });
        expect((await readResponse(ticket('30/04/2026'), dmy)).fields.valid_from!.confidence).to.be.above(0.8);
        // Sums in pounds say as much: a British document writes its dates day first.
        const british = await readResponse(ticket('04/30/2026').replace('$', '£'), schema);
        expect(british.data.valid_from).to.equal('2025-02-05');
        expect(british.fields.valid_from!.confidence).to.be.at.most(0.65);
    });

    it('a number of days is no count of anything else ("returned within 60 days" for `item_count`), but of days, weeks or nights', async () => {
        const order = 'Your order of school uniform has shipped.\nUnworn items can be returned within 60 days for a full refund.\n';
        const count = compile({ svc_schema: '1.0', name: 'order', fields: [{ name: 'item_count', type: 'integer' }] });
        expect((await readData(order, count)).item_count).to.equal(null);
        const contract = '    Contract length:   44 weeks\n    Weekly rent:       £189.35\n';
        const weeks = compile({ svc_schema: '1.0', name: 'halls', fields: [{ name: 'contract_weeks', type: 'integer' }] });
        expect((await readData(contract, weeks)).contract_weeks).to.equal(44);
        // An English field's name says the unit of a Dutch document's hours ("uur").
        const werk = 'Functie:          monteur\nContracturen:     36 uur per week\n';
        const hours = compile({
            svc_schema: '1.0',
            name: 'w',
            fields: [{ name: 'contract_hours_per_week', type: 'integer', hints: ['Contracturen'] }],
        });
        expect((await readData(werk, hours, 'nl')).contract_hours_per_week).to.equal(36);
    });

    it('a labelled value that leaves a bracket open runs on over the line under it at its column', async () => {
        const notice = (second: string) =>
            [
                '   Offence:             Exceeding the 30 mph speed limit',
                '   Location:            B4190 Habberley Road, Kidderminster (eastbound,',
                second,
                '   Vehicle reg. mark:   LD19 KXP',
            ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'nip', fields: [{ name: 'location', type: 'string', hints: ['Location'] }] });
        expect((await readData(notice('                        near the entrance to the golf club)'), schema)).location).to.equal(
            'B4190 Habberley Road, Kidderminster (eastbound, near the entrance to the golf club)',
        );
        // Not a line set elsewhere, nor a labelled one.
        expect((await readData(notice('   Speed limit:         30 mph'), schema)).location).to.equal(
            'B4190 Habberley Road, Kidderminster (eastbound',
        );
    });

    it("a labelled address runs on inside a box's borders; the borders at its line break are no part of the value", async () => {
        const licence = [
            ' +-----------------------------------------------------------------------+',
            ' | Licence holder:    Mr D Achterberg                                    |',
            ' | Licensed address:  Flat 2, Marple Court, 40 Buxton Road,              |',
            ' |                    Hazel Grove, SK7 4AE                               |',
            ' +-----------------------------------------------------------------------+',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'licence',
            fields: [{ name: 'licensed_address', type: 'string', hints: ['Licensed address'] }],
        });
        expect((await readData(licence, schema)).licensed_address).to.equal('Flat 2, Marple Court, 40 Buxton Road, Hazel Grove, SK7 4AE');
        expect(parseQuote({ kind: 'string' }, 'Buxton Road, |\n |     Hazel Grove', 'en')?.value).to.equal('Buxton Road, Hazel Grove');
        // A border's bar elsewhere is the value's own.
        expect(parseQuote({ kind: 'string' }, 'A | B', 'en')?.value).to.equal('A | B');
    });

    it('a word of the name before "no.:" labels the number of a field that asks for one, not a name', async () => {
        const certificate = ['Certificate number:  8127 6645 03', '', '  FENSA registration no.: 61207', '  Patient no.:  HO-10923'].join(
            '\n',
        );
        const registration = compile({
            svc_schema: '1.0',
            name: 'fensa',
            fields: [{ name: 'installer_registration', type: 'string', description: "Installer's FENSA registration number" }],
        });
        expect((await readData(certificate, registration)).installer_registration).to.equal('61207');
        const patient = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'patient_name', type: 'string' }] });
        expect((await readData(certificate, patient)).patient_name).to.not.equal('HO-10923');
    });

    it('"Customer #:" labels the customer\'s number, not the customer; "Booking reference number:" a reference\'s', async () => {
        const agreement = [
            'Customer: Dana Whitfield                   Agreement date: 03/02/2025',
            'Customer #: GB-30417                       Program: Premium',
            '',
        ].join('\n');
        const customer = compile({ svc_schema: '1.0', name: 'lawn', fields: [{ name: 'customer', type: 'string' }] });
        expect((await readData(agreement, customer)).customer).to.equal('Dana Whitfield');
        const booking = ['Candidate: Paul Okeke', 'Booking reference number: 51183904', ''].join('\n');
        const reference = compile({ svc_schema: '1.0', name: 'test', fields: [{ name: 'booking_reference', type: 'string' }] });
        expect((await readData(booking, reference)).booking_reference).to.equal('51183904');
    });
});
