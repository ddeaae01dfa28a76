// Dutch, as court decisions, invoices and receipts write it.
import type { LocaleProfile } from './locale-types.js';
import { compoundSplitter, suffixStemmer } from './locale-stemming.js';

export const nl = {
    code: 'nl' as const,
    name: 'Nederlands',
    // Dutch decisions and contracts quote English dates ("3 March 2024").
    borrows: ['en'],
    numbers: { group: '.', decimal: ',', bareFraction: false, dashCents: true },
    numericDates: 'dmy',
    months: [
        ['januari', 'jan'], ['februari', 'feb', 'febr'], ['maart', 'mrt'], ['april', 'apr'], ['mei'], ['juni', 'jun'],
        ['juli', 'jul'], ['augustus', 'aug'], ['september', 'sept', 'sep'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec'],
    ],
    fullShortMonths: ['mei', 'juni', 'juli', 'april'],
    weekdays: ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag', 'ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'],
    ordinals: ['e', 'ste', 'de'],
    dateWords: { the: [], day: [], of: [] },
    timeWords: { at: ['om'], after: ['uur', 'u'] },
    numberWords: {
        units: {
            nul: 0, een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9, tien: 10, elf: 11, twaalf: 12,
            dertien: 13, veertien: 14, vijftien: 15, zestien: 16, zeventien: 17, achttien: 18, negentien: 19,
        },
        tens: { twintig: 20, dertig: 30, veertig: 40, vijftig: 50, zestig: 60, zeventig: 70, tachtig: 80, negentig: 90 },
        hundred: 'honderd',
        style: 'compound',
        joiners: ['en', 'ën'],
    },
    one: ['een', 'één'],
    durationUnits: {
        second: ['seconden', 'seconde', 'sec'],
        minute: ['minuten', 'minuut', 'min'],
        hour: ['uren', 'uur'],
        day: ['dagen', 'dag'],
        week: ['weken', 'week'],
        month: ['maanden', 'maand'],
        year: ['jaren', 'jaar'],
    },
    durationQualifiers: ['kalender', 'volle', 'aaneengesloten'],
    booleans: { true: ['ja', 'waar', 'j'], false: ['nee', 'onwaar', 'n'] },
    stopwords: [
        'de', 'het', 'een', 'van', 'en', 'op', 'te', 'voor', 'met', 'die', 'dat', 'door', 'aan', 'bij', 'om', 'naar', 'uit', 'zijn', 'is', 'of',
        'wordt', 'worden', 'deze', 'dit', 'hun', 'welke', 'naam',
    ],
    connectors: ['van', 'der', 'den', 'de', 'het', 'op', 'aan', 'en', '&'],
    functionWords: ['dit', 'deze', 'de', 'het', 'een', 'die', 'dat', 'alle', 'elke'],
    listJoiners: ['en', '&'],
    sums: {
        sum: ['totaal', 'totale', 'bedrag', 'som'],
        paid: ['betaald'],
        partial: ['subtotaal', 'excl', 'exclusief', 'aantal', 'artikelen', 'stuks', 'korting', 'btw', 'wisselgeld', 'gewicht', 'punten'],
        final: ['betalen', 'betaald', 'eindtotaal', 'totaalbedrag', 'incl', 'inclusief'],
        tender: ['contant', 'contanten', 'betaald', 'ontvangen', 'pin', 'pinnen'],
        change: ['wisselgeld', 'terug', 'retour'],
    },
    issuerWords: ['bedrijf', 'winkel', 'leverancier', 'onderneming', 'handelsnaam', 'verkoper'],
    stem: suffixStemmer(['ingen', 'ing', 'en', 'e', 's'], [['nummer', 'nr']]),
    // "opzegtermijn", "huurtermijn", "factuurbedrag", "zaaknummer": a Dutch compound ends in the
    // word it is a kind of.
    splitCompound: compoundSplitter(),
} satisfies LocaleProfile;
