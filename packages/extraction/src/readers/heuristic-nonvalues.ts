// What a string candidate may not be: a placeholder ("to be confirmed"), a piece of prose for a
// pattern field, the head of a longer name after a link word, a legal form alone, the field's own
// label over its value, another label, an identifier's word alone, a post-office box for a field that asks for no
// address, or, for a field that may be empty, the document's word for none (split
// from heuristic-strings.ts and heuristic-scorers.ts).
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import type { LabelHit } from './heuristic-labels.js';
import { emptyMark } from './heuristic-gaps.js';
import type { StringCandidate } from './heuristic-strings.js';
import type { WindowText } from './heuristic-text.js';

/**
 * A placeholder is no value, nor what starts with one: "Docent ........ wordt nog ingedeeld",
 * "Room: TBC", "to be issued by Gas Safe Register and posted to the householder".
 */
function placeholder(win: WindowText, quote: string): boolean {
    const placeholders = wordsOf(win.locale, 'placeholders');
    // (After an empty line to fill in, in brackets: "______________ (not yet known)".)
    const said = quote
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/^[_.…\s]{3,}\(([^()]*)\)$/u, '$1')
        .trim()
        .replace(/[.,;:!]+$/, '');
    // Placeholders are short: prefixes of PLACEHOLDER_CHARS at most are looked up.
    for (let at = said.indexOf(' '); at > 0 && at <= PLACEHOLDER_CHARS; at = said.indexOf(' ', at + 1))
        if (placeholders.has(said.slice(0, at).replace(/[.,;:]$/, ''))) return true;
    return placeholders.has(said);
}

/** A form's numbered box: its number, a letter of its part, and words of a few at most. */
const NUMBERED_BOX = /^\p{N}{1,2}\.(?:\s?\(\p{L}\)\.?)?[ \t]+\p{L}+(?:[ \t]\p{L}+){0,5}$/u;

/** The longest placeholder a value may start with ("nog niet bekend", "to be confirmed"), in characters. */
const PLACEHOLDER_CHARS = 32;

/** The candidates that are values, not a longer name's head, a legal form, a label or an empty mark. */
export function withoutNonValues(
    win: WindowText,
    found: StringCandidate[],
    labels: ReadonlySet<string>,
    nullable: boolean,
    identifier = false,
    address = false,
): StringCandidate[] {
    // A label that a link word continues with one space is the head of a longer name, not a label:
    // "GRANT OF EXCLUSIVE RIGHT OF BURIAL" names no grantee. Not a word in title case: a surname
    // ("arbeidsovereenkomst met Van Dijk Techniek B.V.", "Werkgever:   Van Leeuwen …").
    const links = wordsOf(win.locale, 'nameLinks');
    const continued = (c: StringCandidate): boolean => {
        const word = /^(\p{L}+) /u.exec(c.quote)?.[1];
        return c.hit !== undefined && c.start - c.hit.end <= 1 && !!word && !/^\p{Lu}\p{Ll}/u.test(word) && links.has(word.toLowerCase());
    };
    // Nor is a legal form alone ("HOMEOWNERS ASSOCIATION, INC." for the hint "Homeowners Association").
    // (Not "NA" or "SA", which are codes as often.)
    const formOnly = (quote: string): boolean => {
        const form = quote.replace(/[.,\s]/g, '').toLowerCase();
        return LEGAL_FORMS.has(form) && form !== 'na' && form !== 'sa';
    };
    // Nor a value that starts with the field's own label over its line break ("Importer\n
    // Brightwell Home Supplies Ltd" after "Box 8", both hints): the label heads the value below.
    const ownLabelFirst = (quote: string): boolean => {
        const lineBreak = quote.indexOf('\n');
        return lineBreak > 0 && labels.has(quote.slice(0, lineBreak).trim().toLowerCase());
    };
    // A field that may be empty is empty where the document says so ("Replacement attorneys: None
    // appointed"); a field that may not be holds what was recorded ("Police records: NONE RECORDED").
    const none = wordsOf(win.locale, 'noneWords');
    const empty = (quote: string): boolean => nullable && none.has(/^\p{L}+/u.exec(quote)?.[0].toLowerCase() ?? '');
    // Nor a word of running text alone ("Your" starting the line under "Your tax code for 2025 to 2026"; not a
    // letter, which may be a code: an energy label "A").
    const stop = wordsOf(win.locale, 'stopwords');
    const possessives = wordsOf(win.locale, 'possessives');
    // (Nor a personal pronoun: "We, the Building Owners, …".)
    const pronouns = wordsOf(win.locale, 'pronouns');
    const bareWord = (quote: string): boolean => {
        const w = /^\s*(\p{L}+)[.,:]?\s*$/u.exec(quote)?.[1]?.toLowerCase();
        return w !== undefined && ((w.length >= 3 && (stop.has(w) || possessives.has(w))) || pronouns.has(w));
    };
    // Nor the rest of a longer label: an identifier's word alone ("Number" after "Customer Reference").
    const ids = wordsOf(win.locale, 'identifierWords');
    const labelRest = (quote: string): boolean => {
        const words = quote.match(/[^\s.:#]+/gu) ?? [];
        return words.length > 0 && words.length <= 2 && words.every((w) => ids.has(w.toLowerCase()));
    };
    // Nor another label, its colon right after it ("Notadatum" of "Notadatum:  10-03-2025"), or a
    // form's numbered box ("8.(a) Place of birth", "12. Qualification" in the next cell).
    const labelled = (c: StringCandidate): boolean => /^[ \t]?:/.test(win.text.slice(c.end, c.end + 2)) || NUMBERED_BOX.test(c.quote);
    return found.filter(
        (c) =>
            !continued(c) &&
            !labelled(c) &&
            !placeholder(win, c.quote) &&
            // (Nor a head a placeholder's words begin: "Not" of "Not known".)
            !placeholder(win, win.text.slice(c.start, Math.min(win.lines[win.lineOf(c.start)]!.end, c.start + PLACEHOLDER_CHARS + 1))) &&
            !formOnly(c.quote) &&
            !ownLabelFirst(c.quote) &&
            !empty(c.quote) &&
            !labelRest(c.quote) &&
            !bareWord(c.quote) &&
            // Nor, after the label's own empty leaders, another label and its blank ("datum .........."
            // of "plaats ..............  datum .........."; "Instrument: dwarsfluit ......" is filled in).
            !(LEADERED_BLANK.test(c.quote) && c.hit !== undefined && /\.{3}|_{3}|…/.test(win.text.slice(c.hit.end, c.start))) &&
            // Nor which copy of the document this is, after a role ("LICENSE HOLDER COPY", "CUSTOMER COPY").
            !COPY_WORD.test(c.quote) &&
            // Nor, for a field that asks for no number, a business's registration number
            // ("Harbourlink Tolling Pty Ltd   ABN 61 608 214 993" after the hint "Pty Ltd").
            !(!identifier && REGISTRATION_ONLY.test(c.quote)) &&
            // Nor, for a field that asks for a number, one digit alone: a place in a list ("U staat op nummer 1").
            !(identifier && /^\d$/.test(c.quote)) &&
            // Nor, for a field that asks for no address, a post-office box ("P.O. Box 740231, Atlanta, GA").
            !(!address && PO_BOX.test(c.quote)),
    );
}

/** A word or two and leaders or a line to fill in after them, nothing else. */
const LEADERED_BLANK = /^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?[ \t]*(?:\.{3,}|_{3,}|…+)$/u;

/** A post-office box and its number: an address, no name. */
const PO_BOX = /^(?:P\.?[ \t]?O\.?[ \t]?Box|Post[ \t]+Office[ \t]+Box|Postbus|Antwoordnummer)[ \t]*\d/i;

/** A copy's word alone: a receipt's or a licence's "CUSTOMER COPY", "kopie", "exemplaar". */
const COPY_WORD = /^(?:copy|copies|original|duplicate|kopie|exemplaar|afschrift|duplicaat)$/i;

/** A registration's kind and its number, nothing else ("ABN 61 608 214 993", "KvK 12345678", "VAT No. GB 123 4567 89"). */
const REGISTRATION_ONLY =
    /^(?:ABN|ACN|ARBN|KvK|BTW|VAT|GST|RSIN|EIN|UTR|CRN|(?:company|reg(?:istration)?|charity)\.?)(?:[\s.:#-]*(?:no|nr|number|nummer|id)\.?)?[\s.:#-]*[A-Z]{0,2}[\s-]?\d[\d A-Z.-]{0,30}$/i;

/**
 * A pattern field's value is a code (a case number, an invoice number): text with two or more
 * ordinary lower-case words ("te vernietigen") is a piece of a sentence the pattern allows, and a
 * match without any digit of a pattern that admits digits ("Gerechtshof te") is a pair of words.
 */
export function readsAsProse(quote: string, pattern?: string): boolean {
    // A numbered heading ("1. Aanslag", "6. De beslissing") starts a section, it is no code.
    if (/^\p{N}{1,2}\.\s+\p{Lu}\p{Ll}/u.test(quote)) return true;
    // Words of a sentence stand apart: "jane.doe@example.com" is one token, not four words.
    let words = 0;
    for (const token of quote.split(/\s+/)) if (/^\p{Ll}{3,}[,.;:!?)]*$/u.test(token) && ++words >= 2) return true;
    return pattern !== undefined && /\\d|0-9|\[:digit:\]|\\pN|\\p\{N/.test(pattern) && !/\p{N}/u.test(quote);
}

/**
 * Whether the document states a field empty: its whole name or a hint labels a lone dash on its line
 * ("Ground rent / service charge apportionment          -" for `service_charge_apportionment`):
 * for a field that may be empty, the window then proposes nothing for it (the "charges" of "VAT on
 * professional charges   250.00" were read at 0.89).
 */
export function statedEmpty(win: WindowText, hits: readonly LabelHit[]): boolean {
    // (Only a short rest of the line is read: a long line of labels is read once per label.)
    const stated = (h: LabelHit): boolean => {
        const end = win.lines[h.line]!.end;
        // (A blank after a label of one word is a signature's "Date: ____", no field's statement.)
        const tail = win.text.slice(h.end, end);
        return end - h.end <= EMPTY_TAIL && (emptyMark(tail) || (h.length >= 2 && (BLANK.test(tail) || blankBelow(win, h, tail))));
    };
    return hits.some((h) => (h.kind === 'name' || h.kind === 'hint') && stated(h));
}
/**
 * A label that heads its line alone over a line left blank to fill in ("Guarantor name" over
 * "  ________"): the form's field is empty, so the next label down ("Guarantor address") is no value.
 * Only where what follows the blank is another label of the form (itself over a blank, or ending in
 * its colon) or nothing: a rule under a heading has the heading's text under it ("Delivery
 * instructions" / "______" / "Buzzer broken - …").
 */
function blankBelow(win: WindowText, h: LabelHit, tail: string): boolean {
    const below = win.lines[h.line + 1];
    if (!below || !/^[ \t]*:?[ \t]*$/.test(tail) || !/^[ \t]*$/.test(win.text.slice(win.lines[h.line]!.start, h.start))) return false;
    if (!UNDER.test(below.text)) return false;
    const next = win.nextTextLine(h.line + 1);
    if (next < 0) return true;
    const after = win.lines[next + 1];
    return /:[ \t]*$/.test(win.lines[next]!.text) || (after !== undefined && UNDER.test(after.text));
}
/** A line of nothing but a blank to fill in: underscores or dots. */
const UNDER = /^[ \t]*(?:___|\.{5})[ \t_.]*$/;
/** A blank left to fill in after a form's leaders or colon ("Carried over from 2024 .......  ____"). */
const BLANK = /^[^\n_.:]{0,40}(?:\.{3,}|…|:)[ \t]*_{3,}[ \t]*$/;
/** Characters after a label at most for its line's lone dash ("…apportionment          -"). */
const EMPTY_TAIL = 120;
