// What the reader and the parsers know about one document language, as data: one profile per
// language (en.ts, nl.ts), registered in locale-registry.ts. Nothing outside the profiles branches
// on a language: a new language is a new profile.

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export interface NumberFormat {
    /** Thousands separator ("," en, "." nl); a space groups thousands in every language. */
    group: string;
    /** Decimal mark ("." en, "," nl). */
    decimal: string;
    /** A fraction without a whole part is written (".5" en; ",5" is not Dutch). */
    bareFraction: boolean;
    /** Dashes stand for a whole amount's cents ("18.352,--" nl). */
    dashCents: boolean;
}

export interface NumberWords {
    units: Readonly<Record<string, number>>;
    tens: Readonly<Record<string, number>>;
    hundred: string;
    /** 'spaced': "twenty four", "one hundred and ten"; 'compound': "vierentwintig", "honderdtien". */
    style: 'spaced' | 'compound';
    /** Words skipped between parts ("and"), or joining unit and ten in compounds ("en", "ën"). */
    joiners: readonly string[];
}

export interface LocaleProfile {
    /** The language's code as requests and the CLI write it ("en"). */
    code: string;
    name: string;
    /**
     * Languages whose words and dates documents and schemas in this language also use (a Dutch
     * decision quotes an English date; a Dutch receipt writes "TOTAL"). Their lists are added to
     * this profile's; their number format is not.
     */
    borrows: readonly string[];
    numbers: NumberFormat;
    /** How a numeric date a/b/y reads when the field says `auto`: day first, or month first where valid. */
    numericDates: 'dmy' | 'mdy-then-dmy';
    /** Month names and abbreviations, index 0 = January. */
    months: readonly (readonly string[])[];
    /** Month names short enough to look like abbreviations that take no dot ("may", "mei"). */
    fullShortMonths: readonly string[];
    weekdays: readonly string[];
    /** Suffixes of ordinal day numbers ("3rd", "3e"). */
    ordinals: readonly string[];
    /**
     * Words of the long date form "the 20th day of November": article, "day", "of"; and the days of
     * a month as ordinal words, index 0 = the first ("Fourteenth February 2024", "the twenty-first
     * day of May"; a hyphen in them may be written as a space).
     */
    dateWords: { the: readonly string[]; day: readonly string[]; of: readonly string[]; ordinalDays: readonly string[] };
    /** Words between a date and its time ("at", "om"), and after the time ("uur"). */
    timeWords: { at: readonly string[]; after: readonly string[] };
    numberWords: NumberWords;
    /** Articles that count one ("a year", "een jaar"). */
    one: readonly string[];
    durationUnits: Readonly<Record<DurationUnit, readonly string[]>>;
    /** Words between a count and its unit that do not change it ("thirty calendar days"). */
    durationQualifiers: readonly string[];
    booleans: { true: readonly string[]; false: readonly string[] };
    /** Words that never label anything by themselves (of a field's name or description). */
    stopwords: readonly string[];
    /** Lower-case words inside a proper name ("Bank of America", "Raad van State"). */
    connectors: readonly string[];
    /** Capitalised only because a sentence starts with them. */
    functionWords: readonly string[];
    /** Words joining the items of a list of names ("and", "&"). */
    listJoiners: readonly string[];
    /** Label words of sums and payments (see readers/heuristic-totals.ts). */
    sums: {
        sum: readonly string[];
        paid: readonly string[];
        partial: readonly string[];
        final: readonly string[];
        tender: readonly string[];
        change: readonly string[];
        /**
         * Words that make the label after them a part an amount is counted with or without ("excl.
         * VAT", "incl. btw"): the amount is not that part, so the label is no label of its field.
         */
        apart?: readonly string[];
        /** Labels of the amount to pay by themselves ("Amount due", "Te betalen"): labels of a field that asks for a sum. */
        due?: readonly string[];
        /** Words with which a field asks for the sum before tax ("Total before VAT", `amount_excl_vat`, `subtotal`). */
        beforeTax?: readonly string[];
        /** Labels of the sum before tax by themselves ("Subtotal", "Subtotaal"): labels of a field that asks for it. */
        subtotals?: readonly string[];
    };
    /** Words with which a field asks for the business that issued a document. */
    issuerWords: readonly string[];
    /** Words with which a field asks for the parties of an agreement ("party", "parties"). */
    partyWords?: readonly string[];
    /** Words after which an agreement's opening lists its parties ("between", "among"). */
    partyIntroducers?: readonly string[];
    /** Words that make "under the laws of X" a company's incorporation, not the governing law ("organized"). */
    incorporationWords?: readonly string[];
    /** Words by which an agreement names itself ("agreement", "contract"). */
    agreementWords?: readonly string[];
    /** Words of an agreement's life ("expire", "terminate", "remain", "term"). */
    lifetimeWords?: readonly string[];
    /** Words that start a period after an event ("following", "after"), and the events that end something ("termination"). */
    afterWords?: readonly string[];
    endWords?: readonly string[];
    /** Words of an agreement's renewal ("renew", "renewal", "extended"): a period in their clause is the renewal's. */
    renewalWords?: readonly string[];
    /**
     * Words of a covenant that binds a party for a period ("compete", "solicit", "hire"): such a
     * period is the restriction's, not how long the agreement lasts.
     */
    restrictionWords?: readonly string[];
    /**
     * Words of a date when something ends or falls due ("expire", "until", "due"): a field they
     * describe never asks for the document's own date (the latest at its head, its signature's).
     */
    expiryWords?: readonly string[];
    /**
     * Words that name a kind of value rather than which one ("date", "amount", "number"): a field
     * name's other words say which ("start" in `start_date`), these do not.
     */
    typeWords?: readonly string[];
    /**
     * Heads of compounds a form writes first, as a label of what the compound is of ("Datum
     * controle:" for `controledatum`, "Adres installatie:" for `installatieadres`), beside typeWords.
     */
    headFirstWords?: readonly string[];
    /**
     * What introduces a defined term after a name ("hereinafter referred to as", Dutch "hierna te
     * noemen"), and the articles before it ("the"; "de", "het").
     */
    definitionIntroducers?: readonly string[];
    /** Words that join a field's one-word name to its value in prose: "the position of Senior Data Analyst" ("of", "as"). */
    nameLinks?: readonly string[];
    /** How labels abbreviate a word after their first ("Invoice no." for "invoice number"); a Map, as `schemaWords`. */
    labelAbbreviations?: ReadonlyMap<string, readonly string[]>;
    definitionArticles?: readonly string[];
    /** Kinds of document and their signing ("invoice", "receipt", "agreement", "signed"): a date field named by them asks for the document's own date. */
    documentWords?: readonly string[];
    /**
     * Words of a tax ("VAT", "BTW") and what joins a tax rate to the amount it is charged on ("BTW 9%
     * over 10,86", "VAT 20% on 450.00"): that amount is the tax's base, not the tax.
     */
    taxWords?: readonly string[];
    rateBaseWords?: readonly string[];
    /** Words of payment terms counted in days without a unit: "Net 30" is thirty days. */
    netTerms?: readonly string[];
    /** Words of a date when something starts ("start", "commence", "effective"): a range's first date. */
    startWords?: readonly string[];
    /**
     * Words that name the earlier and the later of two figures a document labels alike ("opening" /
     * "closing" balance, "previous" / "new" salary; Dutch "begin" / "eind" of "beginsaldo", "eindsaldo").
     */
    earlierWords?: readonly string[];
    laterWords?: readonly string[];
    /**
     * The words of those two lists that name a version, not a place in a period ("previous" / "new",
     * not "opening" / "closing"): a field alone with one is told from what the other list's words
     * qualify. Not "current", which a statement says of its new balance.
     */
    versionWords?: readonly string[];
    /** Words right before a value that mark it the earlier or the later of two ("now 29/08/2025 (previously 22/08/2025)"). */
    earlierMarks?: readonly string[];
    laterMarks?: readonly string[];
    /** Words a compound ends in that make it a period's name, its head the event ("termijn" of "bezwaartermijn"). */
    periodWords?: readonly string[];
    /** Parts of an organisation a name stands before in running text ("our Fleet Operations department"). */
    unitWords?: readonly string[];
    /** Words of a field's name that ask for a job's title (`job_title`, `functie`), and the word running text introduces one with ("as", "als"). */
    jobWords?: readonly string[];
    jobIntroducers?: readonly string[];
    /**
     * Start words whose date is mostly the document's own ("effective": an agreement takes effect
     * when it is signed). A field with hints and another start word (`commencement_date`) takes
     * none of the document's own date features; one with these keeps them.
     */
    ownStartWords?: readonly string[];
    /**
     * Words of a field's name that ask for the most or the least of a range of figures
     * (`maximum_salary`, `min_order`), and what introduces a range joined by "and" ("between").
     */
    maximumWords?: readonly string[];
    /** Words of a field's name that ask for a name (`guest_name`, `klantnaam`): a value without a letter is none. */
    nameWords?: readonly string[];
    /** Words of a field's name that ask for several names in one string (`tenant_names`): a list of people is its value. */
    nameListWords?: readonly string[];
    /** Phrases that bring in a figure as the least or the most allowed ("at least", "no more than"; Dutch "ten minste", "ten hoogste"). */
    lowerBoundPhrases?: readonly string[];
    upperBoundPhrases?: readonly string[];
    /**
     * Words after a sum that quote it per unit ("per", "each", "p.p.p.n." without its dots), and
     * words of a field's name that ask for such a rate (`rate`, Dutch `tarief`).
     */
    perUnitWords?: readonly string[];
    rateWords?: readonly string[];
    /** Words that bring in what a sum per unit comes to in a sentence ("£600.00 per day, being £1,800.00"; Dutch "zijnde"). */
    resultWords?: readonly string[];
    /** Words of a string field's name that ask for a route's first end ("origin"; Dutch "vertrek") or its last ("destination"). */
    routeStartWords?: readonly string[];
    /** Words of signing ("signed", Dutch "getekend"), and words before a party one signs for ("for", "on behalf of"; Dutch "namens"). */
    signingWords?: readonly string[];
    behalfWords?: readonly string[];
    /** Words of a remark about a role ("Opmerkingen ontvanger:", "Customer comments:"): no label of the role. */
    remarkWords?: readonly string[];
    /** What a form writes where a value is still to come ("to be confirmed", Dutch "wordt nog ingedeeld"): no value. */
    placeholders?: readonly string[];
    /** What a form writes where a field that may be empty is ("None appointed", "geen"): no value of it. */
    noneWords?: readonly string[];
    /** An e-mail's header of its sender ("From", Dutch "Van"). */
    senderHeaders?: readonly string[];
    /** An e-mail's header of its recipient ("To", Dutch "Aan"). */
    recipientHeaders?: readonly string[];
    /** Words of a field's name or description that ask for a bank account's IBAN ("iban", Dutch "rekeningnummer"). */
    ibanWords?: readonly string[];
    /** A department a sender's name ends or starts with ("Support", "Klantenservice"): not the organisation's name. */
    departmentWords?: readonly string[];
    /**
     * Kinds of organisation a field's name may ask for (`practice_name`, `insurer`, Dutch
     * `vereniging`; a Dutch compound ending in a long one: "hypotheekverstrekker"): a document's
     * letterhead is a guess at it (heuristic-organisations.ts).
     */
    organisationWords?: readonly string[];
    /** Words before such a kind that ask for another one than the writer's (`previous_practice`, `third_party_insurer`). */
    otherOrganisationWords?: readonly string[];
    /** Words that say whose a labelled thing is, not which ("Your", Dutch "Uw"): no qualifier of a label. */
    possessives?: readonly string[];
    /** Forms of "to be" that name a role's holder after it ("Our contractor is Hambrook Build Ltd"). */
    copulas?: readonly string[];
    /** Personal pronouns: no name ("We, the Building Owners, …" names no owner). */
    pronouns?: readonly string[];
    routeEndWords?: readonly string[];
    /** Words of a field's name that ask for a number or an identifier (`certificate_no`, `cve_id`, `dossiernummer`): a value without a digit is none. */
    identifierWords?: readonly string[];
    minimumWords?: readonly string[];
    /** Words with which a field's name asks for a count of a thing (`number_of_payments`, `aantal_erfgenamen`): "12 payments" is its value. */
    countWords?: readonly string[];
    rangeIntroducers?: readonly string[];
    /** What joins the two dates of a range, besides a dash ("to", "until"; Dutch "tot en met", "t/m"). */
    rangeWords?: readonly string[];
    /**
     * Words of a column header over an earlier or cumulative figure ("last", "previous", "ytd";
     * Dutch "vorig", "oud"): an amount under it is not the field's unless its name asks for one.
     */
    earlierColumnWords?: readonly string[];
    /** Words by which a money field's name asks for a sum printed as a deduction ("discount", "deposit"; Dutch "korting"). */
    creditWords?: readonly string[];
    /** Words that refuse or negate what a check box's statement says ("declined", "not"; Dutch "niet", "geen"). */
    refusalWords?: readonly string[];
    /** Words of a deadline in a date field's name only ("pay_by_date"; Dutch "uiterlijk"): it ends something. */
    deadlineNameWords?: readonly string[];
    /** Words that open a letter's salutation ("dear"; Dutch "geachte", "beste"). */
    salutations?: readonly string[];
    /** Titles and forms of address before a name ("ms", "mr", "dr"; Dutch "mevrouw", "dhr"). */
    personTitles?: readonly string[];
    /**
     * Roles by which a field asks for the person a letter is addressed to ("applicant", "tenant",
     * "student"): the name its salutation greets, as the address block writes it in full.
     */
    addresseeWords?: readonly string[];
    /**
     * The words of field names written in another language, as this language's documents write
     * them: a Dutch document labels an English `total` "Totaal" and `invoice_date` "Factuurdatum".
     * Keys are one word or several joined by a space (the longest wins); values are the label as
     * written here. A Map: field names are the user's, never keys of a plain object.
     */
    schemaWords?: ReadonlyMap<string, string>;
    /**
     * Labels this language's documents write for a party that a field's name calls by its role: an
     * invoice names its customer under "Bill to" or "Sold to", seldom "Customer"; and a sum by what
     * happened to it ("paid": "Payment received"). Keys are one word of a field's name (or of its
     * translation); a Map, as `schemaWords`.
     */
    roleLabels?: ReadonlyMap<string, readonly string[]>;
    /**
     * Labels of a field named by who does something (`approver`, `inspector`), as forms write them
     * by the deed ("Approved by", "Inspected by"); from one word of the field's name.
     */
    agentLabels?: (word: string) => readonly string[];
    /**
     * How running text introduces the date a field's name asks for ("start": "commences on", "end":
     * "expires on"), for date fields without hints; keys are one word of a field's name, as
     * `roleLabels`.
     */
    dateLabels?: ReadonlyMap<string, readonly string[]>;
    /**
     * How a document labels its own date ("Date of issue", Dutch "Dagtekening"), for date fields
     * without hints that ask for it (`quote_date`, `letter_date`): their names say only the kind of
     * document.
     */
    ownDateLabels?: readonly string[];
    /** The form inflections and derivations of a word share ("renewal" → "renew"). */
    stem(word: string): string;
    /**
     * The parts of a compound word that ends in one of the `known` words ("opzegtermijn" → ["opzeg",
     * "termijn"] when "termijn" is a label's word); [word] when it is none.
     */
    splitCompound(word: string, known: ReadonlySet<string>): string[];
}
