// The head of a value read as the rest of its line, before what is said of it: a name before its
// apposition, address, role or signing date after a comma ("Mrs Joan Whitcombe-Hale, Rose Cottage",
// "Dr Marguerite Oyelowo-Finch, Consultant Respiratory Physician"), a legal form's name before its
// place, a code before its remark. Split from heuristic-lines.ts.
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import { STREET_WORDS } from './heuristic-address-words.js';

/** After a name and a comma: words in lower case (an apposition), or a street and its number. */
const APPOSITION = /^,\s+(?:\p{Ll}|\p{Lu}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){0,3}\s+\d+\p{L}?\b|\d+(?:[.,]\d+)?\s*\p{L})/u;
/** After a comma, one to three words and a code that ends the value (letters, digits, dashes; a digit and a letter). */
/** A spaced dash and a measure after it ("– 45 m²", "- 7.4 kW"); not a range's second figure ("10 - 12"), nor a year ("- 2021 Subaru"). */
const MEASURE_DASH = /(?<=\p{L}|\))[ \t]+[-–—][ \t]+\d{1,3}(?:[.,]\d+)?[ \t]*\p{L}{1,3}(?!\p{L})/u;
/** A date alone after a comma: "19/08/2025", "5 March 2025". */
const DATE_ITEM = /^,[ \t]*(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}(?:st|nd|rd|th)?[ \t]+\p{L}{3,}\.?[ \t]+\d{4})$/u;
/** A person's name: a title and words in title case, initials or hyphenated ("Mr Gareth Pryce-Jones"). */
const PERSON_NAME = /^\p{L}+\.?(?:[ \t]+\p{Lu}[\p{L}'’-]*\.?){1,4}$/u;
/** After a comma, a role of capitalised words to the end ("Consultant Respiratory Physician", "Head of Finance"). */
const ROLE_AFTER = /^,[ \t]+\p{Lu}\p{Ll}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|of|for|&|and|en|van|voor)){0,5}\.?$/u;
const CODE_ITEM = /^,[ \t]+(?:\p{L}+[ \t]+){1,3}(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})[\p{Lu}\d][\p{L}\d-]{2,}$/u;
/** A code (letters, digits and joiners, at least one digit) and a word in lower case after it. */
const CODE_HEAD = /^(?=[\p{L}\p{N}\-/.]*\d)[\p{Lu}\p{N}][\p{L}\p{N}\-/.]*[\p{L}\p{N}](?=\s+\p{Ll})/u;

/**
 * The length of the head of a value read as the rest of a label's line — a name before an
 * apposition or an address, a code before words about it — or 0 when the whole is the value.
 */
export function valueHead(quote: string, rangeWords: ReadonlySet<string> = new Set(), name = false, person = false): number {
    // A measure after a spaced dash describes what the head names: "Room 2 ("The Big One") – 45 m²".
    const measure = MEASURE_DASH.exec(quote);
    if (measure && measure.index >= 3 && /\p{Lu}/u.test(quote.slice(0, measure.index))) return measure.index;
    const comma = quote.indexOf(',');
    // (Not a comma inside a bracket: "Premium Family (4 screens, 4K)".)
    if (comma >= 3 && /\p{Lu}/u.test(quote.slice(0, comma)) && !/\([^)]*$/.test(quote.slice(0, comma))) {
        const head = commaHead(quote, comma, name);
        // (A person's head loses its own bracket too: "de heer P.A. Brouwer (zoon), tevens …"; not
        // "Tennis elbow (lateral epicondylitis), right arm".)
        if (head) return (PERSON_HEAD.test(quote) && bracketHead(quote.slice(0, head), person)) || head;
    }
    return bracketHead(quote, person) || restHead(quote, rangeWords);
}

/** The head of a value before its first comma, or 0 (valueHead). */
function commaHead(quote: string, comma: number, name: boolean): number {
    // A legal form ends the name: "Alpine Sports GmbH, Innsbruck" (not ", Inc.", the form itself).
    const last = quote
        .slice(0, comma)
        .match(/(?:\p{L}\.?)+$/u)?.[0]
        .replace(/\./g, '')
        .toLowerCase();
    const after = quote
        .slice(comma + 1)
        .match(/^\s*((?:\p{L}\.?)+)/u)?.[1]!
        .replace(/\./g, '')
        .toLowerCase();
    if (APPOSITION.test(quote.slice(comma)) || (last && LEGAL_FORMS.has(last) && !(after && LEGAL_FORMS.has(after)))) return comma;
    // Nor a few words and a code after it, another item of the line ("2021 Subaru Outback, CO plate BNQ-4471").
    if (CODE_ITEM.test(quote.slice(comma))) return comma;
    // Nor the date a name signed on ("QA checked by: M. Doyle, 19/08/2025"), nor a titled person's
    // address after the name ("Miss Eleanor Tranter, Hillside Farm, Broadway WR12 7LJ").
    if (DATE_ITEM.test(quote.slice(comma))) return comma;
    // Nor, for a field that asks for a name, the street of what the head names ("UK Digital Health
    // Summit 2025, Manchester Central, Windmill Street"; a place's field keeps "Court 3, Harrogate …").
    if (name && (quote.slice(comma + 1).match(/\p{Lu}\p{L}{3,}/gu) ?? []).some((w) => STREET_WORDS.has(w.toLowerCase()))) return comma;
    // (Nor a titled person's role after the name: "Dr Marguerite Oyelowo-Finch, Consultant Respiratory
    // Physician"; another titled person is no role: "Ms Chloe Barraclough, Mr Nathan Idowu".)
    if (
        TITLED.test(quote) &&
        PERSON_NAME.test(quote.slice(0, comma)) &&
        (/[\d,]/.test(quote.slice(comma + 1)) || (ROLE_AFTER.test(quote.slice(comma)) && !TITLED.test(quote.slice(comma + 1).trimStart())))
    )
        return comma;
    return 0;
}

/** The head of a value before a bracket that says something of it, or 0 (valueHead). */
function bracketHead(quote: string, person: boolean): number {
    // A legal form and a bracket: "CALDER VALE PROPERTIES LIMITED (company number 08811342) whose";
    // a bracket with a number after a name or a code says something of it: "Freya Carter (DOB 14
    // June 2022)", "Z2025-004187 (Omgevingsloket: 9921834)" ("M.J. (Marieke) Hoogendoorn" keeps its own).
    const bracket = quote.indexOf(' (');
    if (bracket >= 3) {
        const form = /(?:\p{L}\.?)+$/u.exec(quote.slice(0, bracket))?.[0].replace(/\./g, '').toLowerCase();
        if (form && LEGAL_FORMS.has(form)) return bracket;
        // A code says nothing more in brackets: "571203 (business)", "GB612883401000 (EORI)".
        // (Also one of groups, as plates write it: "KX19 FHD (Ford Transit Custom, white)".)
        if (/^(?=\S*\d)[\p{L}\p{N}\-/.]+(?: [\p{Lu}\p{N}]{2,4}){0,2}$/u.test(quote.slice(0, bracket))) return bracket;
        if (/^ \([^()]*\d[^()]*\)[.,;]?$/.test(quote.slice(bracket))) return bracket;
        // Nor does a name in a bracket of words in lower case: "Mr Gareth Winstanley (son) - client".
        // (Also when the line ends inside it: "mevrouw A. Haverkamp (door u voorgedragen".)
        if (/\p{Lu}/u.test(quote.slice(0, bracket)) && /^ \(\p{Ll}[\p{Ll} ]*(?:\)|$)/u.test(quote.slice(bracket))) return bracket;
        // Nor a person's role, firm or place in a bracket that ends a titled name: "Mrs Valerie Okonjo
        // (Chair)", "mr. E.M. Bosman-Tuinstra (Bosman Damsma Advocaten, Enschede)".
        if (TITLED.test(quote) && /^ \([^()\n]{1,60}\)$/u.test(quote.slice(bracket))) return bracket;
        // Nor, for a field that asks for a person, a role after a given name and a surname, in a
        // bracket its role's noun ends: "Tomasz Wrobel (Goods In Team Leader)" ("Marta Siewierska
        // (Platform Engineering)", a department, stays whole; so does a job's title, "Customer
        // Services (Team Leader)" for `job_title`).
        if (person && UNTITLED_NAME.test(quote.slice(0, bracket)) && ROLE_BRACKET.test(quote.slice(bracket))) return bracket;
    }
    return 0;
}

/** The head of a value before "of" and an address, or a code's (valueHead), or 0. */
function restHead(quote: string, rangeWords: ReadonlySet<string>): number {
    // A name before "of" and an address: "Mr Malcolm Stephen Quill of 9 Orchard Rise".
    const of = / of \d/.exec(quote);
    if (of && /^\p{Lu}[\p{L}.'’ -]+$/u.test(quote.slice(0, of.index))) return of.index;
    const code = CODE_HEAD.exec(quote)?.[0];
    // Not the first figure or code of a range: "7am to 10pm", "09:00 tot 17:00", "ACR-PRU-2024-118001 to ACR-PRU-2024-118340".
    const join = code && /^\s+(\S+)\s+(?=[^\s\d]{0,12}\d)/u.exec(quote.slice(code.length))?.[1]!.toLowerCase();
    return code && !(join && rangeWords.has(join)) ? code.length : 0;
}

/** A given name and a surname (two to four capitalised words, a surname's particles between), no title. */
const UNTITLED_NAME = /^\p{Lu}\p{Ll}+(?:(?:[ \t]+(?:van|de|der|den|ten|ter|von))*[ \t]+\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}\p{Ll}+)?){1,3}$/u;
/** A bracket of capitalised words whose last is a role's noun: "(Goods In Team Leader)", "(Magazijnmedewerker)". */
const ROLE_BRACKET =
    /^ \((?:[\p{Lu}&][\p{L}&'’-]*[ \t]+){0,4}(?:Leader|Manager|Officer|Supervisor|Director|Assistant|Co-?ordinator|Administrator|Clerk|Controller|Technician|Inspector|Secretary|Treasurer|Chair|Foreman|Operative|\p{Lu}\p{Ll}*(?:leider|medewerker|beheerder|coördinator))\)$/u;
/** A person's name first: a title, a Dutch form of address, or initials before a surname ("de heer P.A. Brouwer"). */
const PERSON_HEAD =
    /^(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Dhr|Mevr|Mw)\.?\s|(?:de heer|mevrouw|mevr\.|dhr\.|mw\.)\s|(?:\p{Lu}\.){1,4}\s?\p{Lu}\p{Ll})/iu;

/** A name after a person's title ("Mrs Valerie", "Dhr. Jan"). */
export const TITLED =
    /^(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Revd?|Cllr|Dhr|Mevr|Mw)\.?|(?:mr|dr|drs|ir|ing|prof|dhr|mevr|mw)\.) \p{Lu}/u;
