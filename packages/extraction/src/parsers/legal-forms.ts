// The suffixes of company names that state a legal form ("Inc.", "LLC", "B.V."), written after the
// name with or without a comma: "Kite Pharma, Inc." and "Kite Pharma Inc." are one company.

/** Legal forms as words (letters only, lower case: "L.L.C." is "llc"). */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
    'inc',
    'incorporated',
    'ltd',
    'limited',
    'llc',
    'lp',
    'llp',
    'plc',
    'co',
    'corp',
    'corporation',
    'nv',
    'bv',
    'sa',
    'ag',
    'gmbh',
    'na',
    'pte',
    'pty',
    'bhd',
    'cic',
    'vof',
]);

/** ", Inc." and the like: a comma, then a legal form ending the name or followed by another one. */
const COMMA_BEFORE_FORM = /,\s*((?:\p{L}\.?){1,12})(?=$|[\s.,;)])/gu;

/**
 * A company name without the comma before its legal form ("NIKE, Inc." → "NIKE Inc."), as company
 * registers write names (the SEC's EDGAR: "NIKE INC"): the value of a name, not its quote.
 */
export function withoutFormComma(name: string): string {
    const isForm = (word: string): boolean => LEGAL_FORMS.has(word.replace(/\./g, '').toLowerCase());
    return name.replace(COMMA_BEFORE_FORM, (whole, form: string, at: number) => {
        // (Not a word that goes on into more words: "2021 Subaru Outback, CO plate BNQ-4471" names a state.)
        const next = /^\s+((?:\p{L}\.?){1,12})(?=$|[\s.,;)])|^\s*\S/u.exec(name.slice(at + whole.length));
        const ends = next === null || !/^\s/.test(next[0]) || /^\s*\(/.test(next[0]) || (next[1] !== undefined && isForm(next[1]));
        // (A form written with its full stop is one wherever it stands: "NIKE, Inc. and Apple, Inc.")
        return isForm(form) && (ends || form.includes('.')) ? ` ${form}` : whole;
    });
}
