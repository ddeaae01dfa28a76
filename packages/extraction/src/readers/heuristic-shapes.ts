// The shape of a string field's value: what its name says a value must look like (letters for a
// name, a figure for a number), and how a candidate reads as the value (a name in full, a code
// alone). Split from heuristic-scorers.ts, which scores the candidates.
import type { CompiledField, FieldType } from '@svc/compiler';
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import { fullName, givenInFull, nameFromCapital } from './heuristic-names.js';
import { asksForSigner, signedFor } from './heuristic-signatures.js';
import type { Span } from './heuristic-spans.js';
import { asksFor, asksForDate, wholeDate } from './heuristic-terms.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/**
 * What a string field's value must look like, by what its name asks for: a name has letters
 * ("Guests        : 1" is no guest's name) and starts with no sum of money, a number digits ("CERTIFICATE OF CALIBRATION" is no
 * `certificate_no`, "Not applicable" no `cve_id`), a telephone number digits, and a date alone is no name, place or
 * description ("at the port of loading: 12-Jan-2025") unless the field asks for one. And the one
 * who signs for a party is no value unless the field asks for a name or a signer; a postcode is a short code with a digit.
 */
export function shapeOf(
    win: WindowText,
    field: CompiledField,
    type: FieldType,
    language: string,
    fields: readonly CompiledField[] = [field],
): (c: { quote: string; hit?: LabelHit }) => boolean {
    if (type.kind !== 'string' || type.pattern !== undefined) return () => true;
    const dateAsked = asksForDate(field);
    const named = asksFor(field, win.locale, 'nameWords');
    // (A reference is a code too: "Purchase" of "Matter:  Purchase of 17 Lavender Hill Mews" is no `matter_reference`.)
    // (Not a reference who is a person: `character_reference`, "name of the referee".)
    const personal = labelWords(field.description ?? '').some((w) => wordsOf(win.locale, 'nameWords').has(w));
    const numbered =
        asksFor(field, win.locale, 'identifierWords') || (REFERENCE_NAME.test(labelWords(field.name).at(-1) ?? '') && !personal);
    const dialled = asksForPhone(field);
    // (An e-mail address has its "@": "NVQ Level 3 Electrotechnical Services" is none.)
    const mailed = asksForMail(field);
    const posted = [field.name, field.description ?? ''].some((t) => labelWords(t).some((w) => POSTCODE_WORDS.has(w)));
    const yearly = asksForYear(field);
    const signer = named || asksForSigner(field, win.locale);
    // (A field whose name is a kind of organisation asks for its name too, not its number: "2025/26"
    // in a table's "Authority" row is no `billing_authority`; `charity_no` is a number.)
    const organised = labelWords(field.name).some((w) => wordsOf(win.locale, 'organisationWords').has(w));
    const coded = CODE_NAMES.has(labelWords(field.name).at(-1) ?? '');
    // A yes or a no is no name ("Sleutel poort in bezit van hovenier:   Ja", "Nee (eigen …").
    const { true: yes, false: no } = win.locale.booleans;
    const answers = new Set([...yes, ...no].filter((w) => w.length > 1));
    const answer = (quote: string): boolean => answers.has(/^(\p{L}+)[.!]?(?:\s*[(\n]|$)/u.exec(quote.toLowerCase())?.[1] ?? '');
    // Nor a word of the field's own name alone, or of a sibling's that shares a word with it: a label,
    // no value ("Home" in a table's "Team" column for `home_team` and `away_team`).
    const mine = labelWords(field.name);
    const own = new Set(mine);
    // (Nor, for a field that asks for a name or a signer, a word of a value's type alone, "Date",
    // "Naam": a label's, not who it labels; "Sort order:   Date" is a value.)
    const types = new Set([...wordsOf(win.locale, 'typeWords'), 'name', 'naam'].filter((w) => !DAY_WORDS.has(w)));
    for (const f of fields) {
        const theirs = labelWords(f.name);
        if (f !== field && theirs.some((w) => mine.includes(w))) for (const w of theirs) own.add(w);
    }
    return ({ quote, hit }) =>
        !answer(quote) &&
        // (After the field's own whole label a word of its sibling's is a value: "Account type:   Savings".)
        !(own.has(quote.trim().toLowerCase()) && hit?.kind !== 'name' && hit?.kind !== 'hint') &&
        !(signer && types.has(quote.trim().toLowerCase())) &&
        (!named || (/\p{L}/u.test(quote) && !AMOUNT_FIRST.test(quote))) &&
        (!organised || numbered || /\p{L}/u.test(quote)) &&
        // (Nor, for a code, a plain word: "Net" of "Net weight" after "HS code 8413 91 00".)
        (!coded || !PLAIN_WORD.test(quote.trim())) &&
        (!numbered || (/\d/.test(quote) && !namedThing(quote))) &&
        (!dialled || (quote.match(/\d/g)?.length ?? 0) >= PHONE_DIGITS) &&
        (!mailed || quote.includes('@')) &&
        (!posted || POSTCODE.test(quote)) &&
        (!yearly || YEAR.test(quote)) &&
        (dateAsked || !wholeDate(quote, language)) &&
        (signer || hit === undefined || !signedFor(win, hit));
}

/**
 * Whether a field's name ends in a year as a period (`academic_year`, `tax_year`, `financial_year`,
 * `boekjaar`, `belastingjaar`, `schooljaar`): its value names a calendar year ("2024-25", "FY25",
 * "24/25"); "Year:   9" is a year group. Only a period's words: a year of study ("Year 2"), a model
 * year ("'19") or a Dutch `leerjaar` ("3 havo") is none.
 */
function asksForYear(field: CompiledField): boolean {
    const words = labelWords(field.name);
    const last = words.at(-1) ?? '';
    if (last === 'year') return words.length > 1 && PERIODS.has(words.at(-2)!);
    const head = /^(\p{L}{3,}?)jaar$/u.exec(last)?.[1];
    return head !== undefined ? PERIODS.has(head) : last === 'jaar' && PERIODS.has(words.at(-2) ?? '');
}
/** Words that make a year a period of account or of school: English and Dutch (as a compound's head too). */
const PERIODS: ReadonlySet<string> = new Set([
    ...['academic', 'tax', 'financial', 'fiscal', 'school', 'budget', 'calendar', 'accounting', 'reporting', 'policy'],
    ...['boek', 'belasting', 'kalender', 'verslag', 'college', 'premie'],
]);
/** A name's last word that asks for a code, and a plain word, no code: "Net", "payment" (not "GB", "en", "WELCOME"). */
const CODE_NAMES: ReadonlySet<string> = new Set(['code', 'codes']);
const PLAIN_WORD = /^(?:\p{Lu}\p{Ll}{2,}|\p{Ll}{3,})$/u;
/** A calendar year in a value: "2024", "2024-25", "FY25", "24/25". */
const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)|\bFY ?\d{2}\b|(?<!\d)\d{2}[/-]\d{2}(?!\d)/;

/** Words of a field's name that ask for a telephone number, which has digits ("Mr Oliver Brandt-Hughes" is none). */
const PHONE_WORDS: ReadonlySet<string> = new Set(['phone', 'telephone', 'tel', 'mobile', 'fax', 'telefoon', 'mobiel', 'gsm']);

/** Whether a field's name asks for a telephone number (`booking_phone`, `telefoonnummer`). */
export function asksForPhone(field: CompiledField): boolean {
    return labelWords(field.name).some((w) => PHONE_WORDS.has(w) || w.startsWith('telefoon'));
}
/** Whether a field's name asks for an e-mail address (`dpo_email`, `contact_email_address`, `e_mailadres`). */
export function asksForMail(field: CompiledField): boolean {
    return MAIL_NAME.test(labelWords(field.name).join(' '));
}
/** A field's name that asks for an e-mail address: it ends with "email" ("e mail", "email address", Dutch "e-mailadres"). */
const MAIL_NAME = /(?:^|\s)(?:e\s?mail|e\s?mailadres|mailadres)(?:\s(?:address|addr|adres))?$/u;
/** A field's name's last word that asks for a reference ("matter_reference", Dutch `referentie`). */
const REFERENCE_NAME = /^(?:reference|referentie)$/u;
/** Words of a field's name or description that ask for a postcode, which is a short code with a digit ("approx 15%" is none). */
const POSTCODE_WORDS: ReadonlySet<string> = new Set(['postcode', 'postcodes', 'zip', 'zipcode', 'eircode', 'postal']);
const POSTCODE = /^(?=[^\d]*\d)[\p{L}\d](?:[\p{L}\d -]{0,8}[\p{L}\d])?$/u;
/** Digits of a telephone number at least (a short service number: "14 030"). */
const PHONE_DIGITS = 5;

/**
 * A quote of three title-case words or more ("Volkswagen Golf 1.5 TSI Match", "Skoda Octavia Estate
 * 2.0 TDI"): a thing's name with its figures, no number or registration.
 */
function namedThing(quote: string): boolean {
    return (quote.match(/(?<![\p{L}\d])\p{Lu}\p{Ll}{2,}/gu)?.length ?? 0) >= 3;
}

/** A sum of money that starts a quote ("£5,400.00 (this office, March 2021)"): no name starts so. */
const AMOUNT_FIRST = /^(?:[£$€¥₹]|(?:EUR|GBP|USD)\b|\d{1,3}(?:[.,]\d{3})*[.,]\d{2}(?!\d))/u;

/**
 * How a string candidate reads as the field's value: a name written with initials as written in
 * full elsewhere, without the words in lower case that lead into a name, a number's code alone.
 */
export function valueShaper(win: WindowText, field: CompiledField, type: FieldType): <T extends Span>(found: T) => T {
    const named = asksFor(field, win.locale, 'nameWords');
    const numbered =
        type.kind === 'string' &&
        type.pattern === undefined &&
        (asksFor(field, win.locale, 'identifierWords') || describedAsNumber(win, field));
    return (found) => {
        const c = nameFromCapital(win, givenInFull(win, fullName(win, found), named), named);
        return numbered ? codeBeforeBracket(codeBeforeComma(c)) : c;
    };
}

/** A description that starts with a word for a number ("Nummer van het specifieke screeningsprofiel"; not "Number of employees", a count). */
function describedAsNumber(win: WindowText, field: CompiledField): boolean {
    const words = labelWords(field.description ?? '');
    return words.length > 1 && wordsOf(win.locale, 'identifierWords').has(words[0]!) && words[1] !== 'of';
}

/**
 * For a field that asks for a number, the code before a bracket of words that ends the value
 * ("45 (Gezondheidszorg en welzijn van mens en dier)"): the bracket says what the code stands for.
 */
function codeBeforeBracket<T extends Span>(c: T): T {
    const m = /^([^()]{1,24}?)\s*\(\p{L}[^()]*\)$/u.exec(c.quote);
    return m && /\d/.test(m[1]!) ? { ...c, end: c.start + m[1]!.length, quote: m[1]! } : c;
}

/**
 * For a field that asks for a number, the code before a comma and what follows it ("Pitch 42,
 * Oakwood Park, Hilltop Lane"): the rest says where or what the code is.
 */
function codeBeforeComma<T extends Span>(c: T): T {
    const comma = c.quote.indexOf(', ');
    if (comma < 1 || comma > 24 || !/\d/.test(c.quote.slice(0, comma))) return c;
    // A comma inside a bracket after the code ends no code: the code ends before the bracket
    // ("C4417  (refrigerated, tri-axle)").
    const open = /\s*\([^)]*$/u.exec(c.quote.slice(0, comma));
    const end = open ? open.index : comma;
    return end < 1 ? c : { ...c, end: c.start + end, quote: c.quote.slice(0, end) };
}

/** Type words that may be a string's value: a day or a time ("Day" shift), and a number's short words ("No", "ID"). */
const DAY_WORDS: ReadonlySet<string> = new Set(['day', 'time', 'dag', 'tijd', 'no', 'nr', 'num', 'id']);
