// How Dutch running text introduces the dates a field's name asks for (the Dutch profile's
// `dateLabels`: a term's first and last day, a due day, a birth, a death). Split from nl.ts, which
// holds the rest of the profile.
/** How running text introduces a term's first and last day (dateLabels). */
// (The compounds of a first day name each other: "ingangsdatum" for `startdatum_depot`.)
const START_LABELS = [
    'gaat in op',
    'ingaande',
    'met ingang van',
    'vanaf',
    'begint op',
    'begon op',
    'is ingegaan op',
    'ging in op',
    'start op',
    'aanvangt op',
    'eerste',
    'eerste dag',
    'ingangsdatum',
    'begindatum',
    'startdatum',
    'aanvangsdatum',
];
/** How running text introduces the day a payment falls due (dateLabels). */
const DUE_LABELS = ['te betalen voor', 'betalen voor', 'te voldoen voor', 'uiterlijk op', 'uiterlijk', 'betaling voor'];
const END_LABELS = [
    'eindigt op',
    'eindigde op',
    'is geëindigd op',
    'loopt af op',
    'liep af op',
    'vervalt op',
    'verviel op',
    'tot en met',
    'tot',
];

export const NL_DATE_LABELS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
    ...['start', 'begin', 'aanvang', 'ingang', 'begindatum', 'startdatum', 'ingangsdatum', 'aanvangsdatum'].map(
        (w): [string, readonly string[]] => [w, START_LABELS],
    ),
    ...['end', 'eind', 'einde', 'einddatum', 'afloop', 'expiration', 'expiry'].map((w): [string, readonly string[]] => [w, END_LABELS]),
    ...['vervaldatum', 'verval', 'due', 'deadline', 'uiterste'].map((w): [string, readonly string[]] => [
        w,
        [...DUE_LABELS, ...END_LABELS],
    ]),
    // "de heer M.J.A. Verhoeven, geboren 14 mei 1987" for `geboortedatum`; "overleden 11 september
    // 2025" for `datum_overlijden`: the verb's participle dates what the field's noun names.
    ...['geboortedatum', 'geboorte'].map((w): [string, readonly string[]] => [w, ['geboren', 'geboren op', 'geb.']]),
    ...['overlijdensdatum', 'overlijden'].map((w): [string, readonly string[]] => [w, ['overleden', 'overleden op', 'overl.']]),
]);
