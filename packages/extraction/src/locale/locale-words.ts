// Word lists of a language as sets, with those of the languages it borrows (a Dutch schema or
// document uses English words too: "TOTAL", "the"), built once per profile and list.
import { withBorrowed } from './locale-registry.js';
import type { LocaleProfile } from './locale-types.js';

type WordList =
    | 'stopwords'
    | 'connectors'
    | 'functionWords'
    | 'listJoiners'
    | 'issuerWords'
    | 'partyWords'
    | 'partyIntroducers'
    | 'incorporationWords'
    | 'agreementWords'
    | 'lifetimeWords'
    | 'afterWords'
    | 'endWords'
    | 'renewalWords'
    | 'restrictionWords'
    | 'expiryWords'
    | 'typeWords'
    | 'startWords'
    | 'earlierWords'
    | 'laterWords'
    | 'versionWords'
    | 'earlierMarks'
    | 'laterMarks'
    | 'periodWords'
    | 'unitWords'
    | 'jobWords'
    | 'jobIntroducers'
    | 'ownStartWords'
    | 'taxWords'
    | 'rateBaseWords'
    | 'documentWords'
    | 'nameLinks'
    | 'definitionIntroducers'
    | 'definitionArticles'
    | 'rangeWords'
    | 'maximumWords'
    | 'lowerBoundPhrases'
    | 'upperBoundPhrases'
    | 'nameWords'
    | 'nameListWords'
    | 'perUnitWords'
    | 'rateWords'
    | 'resultWords'
    | 'routeStartWords'
    | 'placeholders'
    | 'noneWords'
    | 'senderHeaders'
    | 'recipientHeaders'
    | 'ibanWords'
    | 'departmentWords'
    | 'organisationWords'
    | 'otherOrganisationWords'
    | 'possessives'
    | 'pronouns'
    | 'copulas'
    | 'signingWords'
    | 'behalfWords'
    | 'remarkWords'
    | 'headFirstWords'
    | 'routeEndWords'
    | 'identifierWords'
    | 'minimumWords'
    | 'countWords'
    | 'rangeIntroducers'
    | 'deadlineNameWords'
    | 'earlierColumnWords'
    | 'refusalWords'
    | 'creditWords'
    | 'salutations'
    | 'personTitles'
    | 'addresseeWords';
/** The lists of single words (`due` holds phrases). */
type SumList = Exclude<keyof LocaleProfile['sums'], 'due' | 'subtotals'>;

const sets = new WeakMap<LocaleProfile, Map<string, ReadonlySet<string>>>();

function cached(p: LocaleProfile, key: string, build: () => Iterable<string>): ReadonlySet<string> {
    let byKey = sets.get(p);
    if (!byKey) sets.set(p, (byKey = new Map()));
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = new Set(build())));
    return s;
}

/** A word list of the language and the languages it borrows. */
export function wordsOf(p: LocaleProfile, list: WordList): ReadonlySet<string> {
    return cached(p, list, () => withBorrowed(p).flatMap((q) => q[list] ?? []));
}

/** A list of sum and payment words (see readers/heuristic-totals.ts). */
export function sumWordsOf(p: LocaleProfile, list: SumList): ReadonlySet<string> {
    return cached(p, `sums.${list}`, () => withBorrowed(p).flatMap((q) => q.sums[list] ?? []));
}
