// Dates of forms and letters, with hints and without, as users' documents write them: a letter's
// date alone at its head or after its place, a date another label names at the foot, a hint that
// labels a date on a short form, a deadline's word in a field's name. Documents written for the
// test, or as a user wrote them (bench/user-docs).
import { expect } from 'chai';
import { notOwnDate } from '../src/readers/heuristic-terms.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe("date roles: the document's own date", () => {
    it('a letter\'s date alone on a line of its head, or after its place, outranks a date its text calls "dated"', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'letter', fields: [{ name: 'letter_date', type: 'date' }] });
        const en = [
            'Northwind Analytics, Inc.',
            '400 Pine Street, Seattle, WA 98101',
            '',
            'March 3, 2025',
            '',
            'Dear Ms. Ruiz,',
            '',
            "I'm pleased to let you know that your base salary will increase to $102,240.00, effective",
            'April 1, 2025. All other terms of your employment remain as set out in your offer letter',
            'dated August 22, 2022.',
        ].join('\n');
        expect((await readData(en, schema)).letter_date).to.equal('2025-03-03');
        const nl = [
            'Incassobureau Domstad B.V.',
            'Postbus 2100, 3500 GC Utrecht',
            '',
            'Utrecht, 9 september 2025',
            '',
            'Geachte heer Boukhari,',
            '',
            'Kunt u niet in één keer betalen? Neem dan vóór 23 september 2025 contact met ons op.',
        ].join('\n');
        expect(
            (await readData(nl, compile({ svc_schema: '1.0', name: 'brief', fields: [{ name: 'letter_date', type: 'date' }] }), 'nl'))
                .letter_date,
        ).to.equal('2025-09-09');
    });

    it('a date another label names at the foot ("Uw volgende afspraak:") is not the document\'s own', async () => {
        // bench/user-docs/third/nl02_zorgnota.txt, as a user wrote it.
        const nota = [
            'Fysiotherapie Lindenhof',
            'praktijk voor fysiotherapie en manuele therapie',
            'Lindenlaan 3, 6711 KB Ede  |  0318 - 55 41 20  |  info@fysiolindenhof.nl',
            'AGB-code praktijk 04-012345  |  KvK 09172834  |  IBAN NL18 RABO 0312 4477 90',
            '',
            '                                                  NOTA',
            '                                                  Notadatum:   4 april 2025',
            '                                                  Notanummer:  2025-0412',
            '                                                  Debiteurnr:  D-3381',
            'Dhr. S. (Sander) Veldkamp',
            'Bosrand 17',
            '6717 HG Ede',
            '',
            'Patiënt:       S. Veldkamp, geb. 02-11-1978',
            'Verzekeraar:   Zilveren Kruis, basisverzekering (geen aanvullende dekking fysiotherapie)',
            'Verwijzing:    huisarts dr. A. Mulder, d.d. 27-02-2025',
            'Behandelaar:   J. Kortenhorst, fysiotherapeut/manueel therapeut (BIG 19053221604)',
            '',
            'Behandeldatum   Prestatie                                    Code     Bedrag',
            '04-03-2025      Screening, intake en onderzoek               1864     € 52,00',
            '06-03-2025      Reguliere zitting fysiotherapie              1000     € 41,50',
            '13-03-2025      Reguliere zitting fysiotherapie              1000     € 41,50',
            '20-03-2025      Zitting manuele therapie                     1200     € 52,50',
            '27-03-2025      Zitting manuele therapie                     1200     € 52,50',
            '                                                                    ----------',
            '                                                   Totaal            € 240,00',
            '',
            'Deze nota is vrijgesteld van btw (art. 11 lid 1 sub g Wet OB).',
            '',
            'Omdat u geen aanvullende verzekering voor fysiotherapie heeft, kunnen wij deze nota niet',
            'rechtstreeks bij uw zorgverzekeraar declareren. Wij verzoeken u het totaalbedrag binnen',
            '30 dagen na notadatum over te maken op bovenstaand IBAN onder vermelding van het',
            'notanummer. U kunt de nota eventueel zelf indienen bij uw verzekeraar.',
            '',
            'Uw volgende afspraak: donderdag 10 april 2025 om 08:45 uur.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'nota', fields: [{ name: 'invoice_date', type: 'date' }] });
        expect((await readData(nota, schema, 'nl')).invoice_date).to.equal('2025-04-04');
    });
});

describe('date roles: dates a short form labels', () => {
    it("a hint heading a date's cell on a booking beats the date of issue at its head", async () => {
        const terms = Array.from(
            { length: 22 },
            (_, i) => `${i + 1}. The booking terms apply to every traveller named above; see the conditions, clause ${i + 1}.`,
        );
        const booking = [
            'SUNWARD HOLIDAYS LTD            ATOL 11921',
            'BOOKING CONFIRMATION',
            '',
            'Booking reference:  SWH-448214',
            'Date of issue:      12 February 2025',
            'Lead passenger:     Mr Daniel Okoro',
            '',
            'FLIGHTS',
            'Outbound   Sat 14 June 2025   LGW 06:40 -> FAO 09:25   Flight EZY8931',
            'Return     Sat 28 June 2025   FAO 10:10 -> LGW 12:55   Flight EZY8932',
            '',
            'Final payment by:   15 April 2025',
            '',
            ...terms,
        ].join('\n');
        expect(booking.length).to.be.within(2000, 3000); // a short form, past the 2,000 characters of the zones' own rule
        const schema = compile({
            svc_schema: '1.0',
            name: 'booking',
            fields: [{ name: 'departure_date', type: 'date', hints: ['Outbound', 'Departure'] }],
        });
        expect((await readData(booking, schema)).departure_date).to.equal('2025-06-14');
    });

    it('a deadline\'s word in the name ("pay_by_date") asks for no date of the document\'s own', async () => {
        const letter = [
            'Thornfield Lettings',
            '22 High Street, Stockport SK1 1EG',
            '',
            'Date: 14 October 2024',
            'Tenancy ref: TL/BRK/0220',
            '',
            'Dear Ms Dawes,',
            '',
            'Our records show that the rent for the above property is in arrears. Your rent of',
            '£875.00 per calendar month is payable in advance on the 1st of each month under the',
            'terms of your assured shorthold tenancy. The following payments have not been received:',
            'the rent due in August was part paid, and the rents due in September and October were',
            'not received at all, so that the arrears at the date of this letter are £2,225.00.',
            '',
            'Please pay the full amount of £2,225.00 by 28 October 2024 to the account shown on your',
            'tenancy agreement, quoting your tenancy ref. If you cannot pay in full, contact us to',
            'agree a repayment arrangement before that date.',
            '',
            'If the arrears are not cleared or an arrangement agreed, we may serve notice seeking',
            'possession under Section 8 of the Housing Act 1988, and any court costs would be added',
            'to the amount you owe. Free and impartial advice is available from Citizens Advice.',
            '',
            'Yours sincerely,',
            '',
            'Gareth Pryce',
            'Property Manager',
        ].join('\n');
        expect(letter.length).to.be.above(1000); // long enough for its head and foot to date it
        const schema = compile({
            svc_schema: '1.0',
            name: 'arrears',
            fields: [
                { name: 'letter_date', type: 'date', hints: ['Date'] },
                { name: 'pay_by_date', type: 'date', hints: ['Please pay the full amount', 'pay by'] },
            ],
        });
        expect(await readData(letter, schema)).to.deep.equal({ letter_date: '2024-10-14', pay_by_date: '2024-10-28' });
        const description = compile({
            svc_schema: '1.0',
            name: 'x',
            fields: [{ name: 'signed_on', type: 'date', description: 'Date signed by both parties', hints: ['Date'] }],
        });
        expect(notOwnDate(description.fields[0]!, localeOf('en'))).to.equal(false); // "by" counts in the name only
        expect(notOwnDate(schema.fields[1]!, localeOf('en'))).to.equal(true);
    });

    it("a hint that labels a date outright beats the signature's date at a short form's foot", async () => {
        const estimate = [
            'BLUEBONNET RELOCATION CO.',
            'Estimate #: BR-24-06518                    Date of estimate: 04/22/2025',
            '',
            'Requested pickup date: 06/09/2025',
            'Delivery spread:       06/13/2025 - 06/17/2025',
            '',
            'Estimated weight: 8,400 lbs             Total estimate: $10,094.48',
            '',
            'Packing materials and labour are included. Items of extraordinary value must be',
            'declared in writing before loading; the carrier is not liable for undeclared items.',
            'Storage in transit is charged per hundredweight per day after the delivery spread.',
            'Claims for loss or damage must be filed in writing within nine months of delivery.',
            'A binding not-to-exceed estimate cannot increase unless the shipper adds services or',
            'items; the final price is the lower of the estimate and the actual weight charge.',
            'A deposit of $1,000.00 secures the pickup date and is applied to the final invoice.',
            '',
            'I accept this estimate and the terms on its reverse, and I have received the booklet',
            '"Your Rights and Responsibilities When You Move".',
            '',
            'Shipper signature: Alicia Delgado                  Date: 05/02/2025',
            'Carrier representative: Trevor Haynes, Move Coordinator',
        ].join('\n');
        expect(estimate.length).to.be.within(1000, 2000); // zones count, and the form is short
        const schema = compile({
            svc_schema: '1.0',
            name: 'moving_estimate',
            fields: [{ name: 'move_date', type: 'date', hints: ['Requested pickup date', 'Move date'] }],
        });
        expect((await readData(estimate, schema)).move_date).to.equal('2025-06-09');
    });

    it('a release\'s dotted number is no date: "added fixed release 7.2.12", "7.4.7 or later"', async () => {
        const advisory = [
            'AFFECTED AND FIXED VERSIONS',
            '  7.2      7.2.0 through 7.2.11     7.2.12 or later',
            '',
            'TIMELINE',
            '  2025-06-23   Report received from researcher',
            '  2025-09-12   v1.1: added fixed release 7.2.12',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'fix_released', type: 'date' }] });
        const { candidates } = await readCandidates(advisory, schema);
        expect(candidates.map((c) => c.quote)).to.not.include('7.2.12');
        const brief = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'datum', type: 'date' }] });
        expect((await readData('Utrecht, 7.2.12\nBetreft: uw aanvraag\n', brief, 'nl')).datum).to.equal('2012-02-07');
    });
});
