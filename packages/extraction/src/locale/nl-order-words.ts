// Dutch words that tell the earlier of two figures a document labels alike from the later (the
// Dutch profile's `earlierWords`, `laterWords`, `versionWords` and marks). Split from nl.ts, which
// holds the rest of the profile.
export const NL_ORDER_WORDS = {
    earlierWords: ['begin', 'start', 'vorig', 'vorige', 'oud', 'oude', 'huidig', 'huidige', 'oorspronkelijk', 'oorspronkelijke'],
    laterWords: ['eind', 'einde', 'slot', 'nieuw', 'nieuwe'],
    versionWords: ['vorig', 'vorige', 'oud', 'oude', 'oorspronkelijk', 'oorspronkelijke', 'nieuw', 'nieuwe'],
    earlierMarks: ['voorheen', 'eerder', 'oorspronkelijk', 'was'],
    laterMarks: ['nu', 'thans', 'gewijzigd'],
};
