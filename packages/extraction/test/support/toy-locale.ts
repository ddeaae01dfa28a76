// A toy third language, written only in tests: registering it must make every parser, recogniser
// and face read it without an edit anywhere else (see locale-profile.test.ts and the server's and
// CLI's locale tests).
import { compoundSplitter, suffixStemmer } from '../../src/locale/locale-stemming.js';
import type { LocaleProfile } from '../../src/locale/locale-types.js';

export const TOY: LocaleProfile = {
    code: 'tx',
    name: 'Toy',
    borrows: [],
    numbers: { group: "'", decimal: '.', bareFraction: false, dashCents: false },
    numericDates: 'dmy',
    months: ['primo', 'secundo', 'tertio', 'quarto', 'quinto', 'sexto', 'septimo', 'octavo', 'nono', 'decimo', 'undecimo', 'duodecimo'].map(
        (m) => [m],
    ),
    fullShortMonths: [],
    weekdays: ['lunadi'],
    ordinals: ['o'],
    dateWords: { the: [], day: [], of: [], ordinalDays: [] },
    timeWords: { at: ['ora'], after: [] },
    numberWords: {
        units: { uno: 1, duo: 2, tres: 3 },
        tens: { dekka: 10, vinti: 20, trinta: 30 },
        hundred: 'centa',
        style: 'compound',
        joiners: ['i'],
    },
    one: ['un'],
    durationUnits: {
        second: ['secundas'],
        minute: ['minutas'],
        hour: ['oras'],
        day: ['dias', 'dia'],
        week: ['semanas'],
        month: ['mensas', 'mensa'],
        year: ['annos', 'anno'],
    },
    durationQualifiers: ['plenos'],
    booleans: { true: ['si'], false: ['non'] },
    stopwords: ['lo', 'di'],
    connectors: ['di'],
    functionWords: ['lo'],
    listJoiners: ['et'],
    sums: { sum: ['summa'], paid: ['pagato'], partial: ['sub'], final: ['finale'], tender: ['kontanti'], change: ['resto'] },
    issuerWords: ['firma'],
    stem: suffixStemmer(['as', 'os', 'a', 'o'], []),
    splitCompound: compoundSplitter(),
};
