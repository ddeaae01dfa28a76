// A schema's words as English documents write them (the English profile's `schemaWords`: Dutch field
// names, abbreviations written in full) and the labels of a field named by who does something
// (`agentLabels`). Split from en.ts, which holds the rest of the profile.

// Dutch field names, as English documents label them (a Dutch schema reading an English invoice).
export const EN_SCHEMA_WORDS: ReadonlyMap<string, string> = new Map([
    // Abbreviations a schema writes for a word documents write in full (`max_persons`: "Maximum number of persons").
    ['max', 'maximum'],
    ['min', 'minimum'],
    ['qty', 'quantity'],
    ['amt', 'amount'],
    ['dept', 'department'],
    ['tel', 'telephone'],
    ['acct', 'account'],
    ['pct', 'percentage'],
    ['hrs', 'hours'],
    ['mins', 'minutes'],
    ['ref', 'reference'],
    ['addr', 'address'],
    // (Initials of a number's name documents write whole: `ni_no` for "National Insurance number"; not
    // "VIN" or "SSN", which documents write as initials.)
    ['ni', 'national insurance'],
    ['adres', 'address'],
    ['bedrag', 'amount'],
    ['bedrijf', 'company'],
    ['btw', 'vat'],
    ['btw bedrag', 'vat'],
    ['datum', 'date'],
    ['einddatum', 'end date'],
    ['factuur', 'invoice'],
    ['factuurdatum', 'invoice date'],
    ['factuurnummer', 'invoice number'],
    ['ingangsdatum', 'effective date'],
    ['klant', 'customer'],
    ['korting', 'discount'],
    ['leverancier', 'supplier'],
    ['huurder', 'tenant'],
    ['verhuurder', 'landlord'],
    ['koper', 'buyer'],
    ['verkoper', 'seller'],
    ['naam', 'name'],
    ['netto', 'net'],
    ['nummer', 'number'],
    ['opzegtermijn', 'notice period'],
    ['overeenkomst', 'agreement'],
    ['prijs', 'price'],
    ['subtotaal', 'subtotal'],
    ['termijn', 'term'],
    ['totaal', 'total'],
    ['totaalbedrag', 'total amount'],
    ['vervaldatum', 'due date'],
]);

/**
 * "Approved by" for `approver`, "Inspected by" for `inspector`, "Issued by" for `issuer`: the
 * participle of an agent noun of six letters or more ("approv-er", "inspect-or"), or of its verb
 * ("issue-r"). A word that is no agent noun gives a phrase no document writes ("numbed by").
 */
export function agentLabels(word: string): string[] {
    const m = /^(\p{L}{3,}?)(er|or)$/u.exec(word);
    if (!m || word.length < 6) return [];
    return [...new Set([`${m[1]}ed by`, ...(m[2] === 'er' ? [`${word.slice(0, -1)}d by`] : [])])];
}
