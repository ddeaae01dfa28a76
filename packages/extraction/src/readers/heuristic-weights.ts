// Every weight of the heuristic reader, named, in one place. The heuristic score of a candidate is
// built from them (heuristic-scoring.ts, heuristic-scorers.ts); the named parts of that score are the
// features the learned ranker weighs (ranker-model.ts), so a change here changes its inputs too.

/** How strongly a label points at a span, by where it stands (heuristic-scoring.ts). */
export const LABEL = {
    /** Label words: hints by length (one, two, three or more words), the field's name, its words, description words. */
    hint1: 0.7,
    hint2: 0.85,
    hint3: 0.95,
    name: 0.7,
    nameWords: 0.8,
    nameWord: 0.4,
    /** A name's word that says which value (no other field's name has it, and it names no kind of value: "start" in `start_date`). */
    nameWordDistinct: 0.7,
    /** A name of three words or more without its first or its last ("Effective date:" for `salary_effective_date`). */
    namePart: 0.6,
    description: 0.2,
    /** A label matched through another form of a word, reordered, or with one inner word replaced. */
    wordForm: 0.9,
    reordered: 0.95,
    oneWordReplaced: 0.8,
    /** "SUB TOTAL", "TOTAL QTY": a partial sum's qualifier; another word before the label on its line. */
    partialSum: 0.45,
    qualifiedByWord: 0.75,
    /** "TOTAL QTY: 4": the label continues before the colon; unless it names the final sum. */
    continuedLabel: 0.35,
    continuedFinal: 0.8,
    /** Words between a label and the span on its line (running text). */
    inRunningText: 0.9,
    /** Label after the value on its line ("60.30 Total"). */
    after: 0.45,
    /** A label the document defines as the value: "May 1, 2021 (the “Effective Date”)". */
    definition: 1,
    /** Label alone on the line above. */
    lineAbove: 0.85,
    /** A section's heading over a line that labels the value by its kind alone ("APPOINTMENT" / "Date:"). */
    section: 0.8,
    /** Label continued by a few words and a colon on the line above. */
    continuedAbove: 0.3,
    /** Label two lines up with a currency-only line between. */
    twoLinesUp: 0.75,
    /** The k-th of a column of labels for the k-th of the column of values after it. */
    stacked: 0.8,
    /** Header cell of a table column, less for each row further down. */
    column: 0.7,
    columnRowFade: 0.08,
    /** The label heading a statement's row whose text wraps over indented lines before its amount. */
    hangingRow: 0.8,
    /** A label a few words before, across a line break, in prose. */
    acrossLines: 0.8,
    /** Words over which a label's pull fades to nothing. */
    fadeWords: 12,
    /** Share of a second, different label agreeing. */
    secondLabel: 0.3,
} as const;

/** What a candidate's type and place say without a label (heuristic-scorers.ts). */
export const BASE = {
    date: 0.1,
    money: 0.04,
    marked: 0.06,
    duration: 0.06,
    enum: 0.3,
    /** A pattern that matches few spans is specific (an invoice number's shape); many are no evidence. */
    specificCode: 0.3,
    commonCode: 0.02,
    other: 0.02,
    /** The only distinct value of its type in the window, or one of two. */
    unique: 0.25,
    oneOfTwo: 0.08,
    /** Earlier is likelier for everything but dates. */
    early: 0.06,
} as const;

/** Adjustments of a candidate's score (heuristic-scorers.ts). */
export const ADJUST = {
    /** A label that points at many different values says less about each: divided by 1 + this per extra value. */
    labelAmbiguity: 0.3,
    /** A number followed by the thing a count field counts ("12 payments" for `number_of_payments`). */
    countedNoun: 0.5,
    /** That count's share more where the name's participle follows the noun ("412 claims were received" for `claims_received`). */
    countedSaid: 1.2,
    /** A number in the unit the field's name says ("6.5 m" for `fabric_metres`; heuristic-units.ts). */
    measuredUnit: 0.35,
    /** A table's cell named by its row and its column together (heuristic-table.ts). */
    rowColumn: 0.8,
    /** Ambiguity is counted for labels at least this well placed. */
    ambiguityFloor: 0.25,
    /** The first or the second date of a range ("April 1, 2023 to March 31, 2024") for a field of a start or an end. */
    rangeDate: 0.6,
    /** A figure a phrase of the end a field asks for brings in, in a sentence of its name ("ten minste drie (3)"; heuristic-bounds.ts). */
    boundPhrase: 0.6,
    /** A range's label at the other end of the range than the one a field asks for: this share of it. */
    otherRangeEnd: 0.5,
    /** A date alone on a line of the document's head, for a field of its own date (heuristic-terms.ts headingDates). */
    headingDate: 0.8,
    /** A labelled value earlier in the document. */
    /** A hint's context at which it labels a date on a short form (a label on the value's line or a cell before it). */
    exactLabel: 0.7,
    labelledEarly: 0.06,
    /** A string found from a label, earlier in the document. */
    stringEarly: 0.1,
    /** Dates at the head or foot of a long document; the latest of them; the last date in the closing lines. */
    edge: 0.2,
    latestEdge: 0.15,
    closing: 0.15,
    /** Money written without minor units ("2" is more often a count). */
    bareMoney: 0.6,
    /** A pattern field's candidate in the heading. */
    headCode: 0.15,
    /** A value in page furniture. */
    furniture: 0.4,
    /** A total confirmed by tendered − change: at least this, plus the bonus. */
    paidFloor: 0.5,
    paidBonus: 0.35,
    /** The largest well-labelled amount of a total. */
    largest: 0.1,
    wellLabelled: 0.4,
    /** An address block; the letterhead name above it, earlier being likelier. */
    address: 0.5,
    addressEarly: 0.1,
    letterhead: 0.45,
    letterheadEarly: 0.1,
    /** A party named in an agreement's opening: listed after "between", defined with a role (heuristic-parties.ts). */
    partyListed: 0.7,
    partyDefined: 0.65,
    /** The addressee a salutation greets, written in full by the address block: as good as a label. */
    addressee: 0.9,
    /** A label in a company's incorporation clause ("organized under the laws of"): this share of its pull. */
    incorporation: 0.4,
    /** A period in a sentence about the agreement's own life (plus); one that runs after something ends (share). */
    lifetime: 0.15,
    lifetimeFloor: 0.6,
    /** A period whose sentence has none of the words the field is described by keeps 1 − this of its score. */
    undescribed: 0.7,
    afterEnd: 0.5,
    /** A period in a covenant's clause (non-compete, non-solicitation), for a field of the agreement's own term: this share. */
    restriction: 0.5,
    /** A period of a renewal's field in a clause that speaks of renewal: at least this, plus the bonus (half when the word follows). */
    renewalFloor: 0.45,
    renewal: 0.15,
    /** A span claimed more strongly (by this margin) by another field counts this share. */
    claimed: 0.5,
    /** An amount under a header cell of an earlier or cumulative figure ("Last year", "Year to date") counts this share. */
    earlierColumn: 0.5,
    /** A figure at the other end of a range than the field's name asks for ("minimum" of "between X and Y" for a maximum). */
    otherBound: 0.5,
    /** A figure in brackets before the line's own figure ("(12 x € 285,00)   3.420,00"). */
    bracketDetail: 0.5,
    /** A label of the field on a check box's line, anywhere in its statement: this share of its weight. */
    boxStatement: 0.8,
    claimedMargin: 0.1,
} as const;

/** Document zones, in characters or shares of the document (heuristic-scorers.ts). */
export const ZONES = {
    head: 400,
    headShare: 0.05,
    foot: 600,
    footShare: 0.92,
    closing: 300,
    /** Edge bonus for documents longer than this, within these shares. */
    longDocument: 2000,
    /** A document this short is a form, an estimate, a booking or a letter, not an agreement (ranker-final's split). */
    shortForm: 3000,
    edgeHead: 0.03,
    edgeFoot: 0.94,
} as const;

/** Which candidates a window proposes (heuristic-reader.ts). */
export const PROPOSE = {
    perField: 12,
    keepShare: 0.3,
    minScore: 0.08,
    nullableMinScore: 0.4,
    echoes: 5,
    /** p of a value's other sightings (evidence of the same reading, not readings of their own). */
    echoP: 0.001,
} as const;

/** How sharply p falls for values behind the window's best: (score / best score) to this power (heuristic-reader.ts). */
export const SHARPNESS = {
    single: 8,
    list: 0,
    /** The same for the values of different windows, on their p (heuristic-echoes.ts). */
    windows: 4,
} as const;
