// The person a letter is addressed to, for a field that asks for them by a role ("applicant_name",
// "tenant", Dutch "huurder"): the salutation greets them by part of their name ("Dear Ms
// Raghunathan,", "Dear Jordan,"), and the address block above it writes the name in full ("Ms
// Priya Raghunathan" over "Flat 6, 41 Queen's Drive"). The salutation is what makes the line a
// name and the person the addressee: a name line alone could be anyone's (a letterhead's contact).
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Lines of a letter's head searched for its salutation, and lines above it for the name. */
const SALUTATION_LINES = 60;
const ADDRESSEE_LINES = 30;
/** A salutation is a short line ("Dear Ms Raghunathan,"). */
const SALUTATION_CHARS = 100;
/** A name line is short: a title, a few given names or initials and a surname. */
const NAME_LINE_CHARS = 60;
const NAME_LINE_WORDS = 6;

/** Words of a name that asks for a code or an amount of the person, not the person. */
const CODE_WORDS = new Set([
    'id',
    'number',
    'no',
    'nr',
    'num',
    'code',
    'ref',
    'reference',
    'nummer',
    'account',
    'iban',
    'amount',
    'bedrag',
    'date',
    'datum',
    'address',
    'adres',
    'email',
    'phone',
]);

/** Whether a field asks for a letter's addressee: a word of its name is a role letters are sent to. */
export function wantsAddressee(name: string, locale: LocaleProfile): boolean {
    const roles = wordsOf(locale, 'addresseeWords');
    const words = labelWords(name);
    // A plural ("klanten") names the role too; a compound does not ("verhuurder" is no "huurder").
    const role = (w: string): boolean => roles.has(w) || roles.has(locale.stem(w));
    // "student_id", "tenant_number": the role's code, not the person.
    return words.some(role) && !words.some((w) => CODE_WORDS.has(w));
}

/**
 * The addressee's name as the address block writes it, when the salutation greets that name; or,
 * for a field that asks for an organisation (`organisation`: "Organisation receiving the grant"),
 * the line under the name that ends in a legal form ("Ms Adaeze Nwosu" / "Director" / "Riverside
 * Young Makers CIC").
 */
export function addresseeNames(win: WindowText, organisation = false, field = ''): Span[] {
    const salutations = wordsOf(win.locale, 'salutations');
    const titles = wordsOf(win.locale, 'personTitles');
    const lines = win.lines;
    for (let i = 0; i < Math.min(lines.length, SALUTATION_LINES); i++) {
        const text = lines[i]!.text;
        const m = text.length <= SALUTATION_CHARS ? /^\s*(\p{L}+)\s+([^,:\n]{1,60}?)\s*[,:]?\s*$/u.exec(text) : null;
        if (!m || !salutations.has(m[1]!.toLowerCase())) continue;
        // The names it greets by: capitalised words that are no title ("Dear Sir or Madam": none).
        const greeted = m[2]!
            .split(/\s+/)
            .filter((w) => /^\p{Lu}/u.test(w) && !titles.has(w.replace(/\.$/, '').toLowerCase()))
            .map((w) => w.toLowerCase());
        if (!greeted.length) return [];
        // A field that asks for the first name takes the one name a salutation greets by ("Hi Graeme,").
        const single = /^(\p{Lu}[\p{L}'’-]+)$/u.exec(m[2]!);
        if (FIRST_NAME.test(labelWords(field).join(' ')) && single && !organisation) {
            const start = lines[i]!.start + m.index! + m[0].indexOf(single[1]!, m[1]!.length);
            return [{ start, end: start + single[1]!.length, quote: single[1]! }];
        }
        for (let k = i - 1; k >= 0 && k >= i - ADDRESSEE_LINES; k--) {
            const line = lines[k]!;
            // An e-mail's recipient header names the addressee as an address block does ("To:
            // Ayesha Siddiqui <ayesha.s@…>").
            const to = recipient(win, k);
            if (to && !organisation) {
                const own = new Set(to.quote.toLowerCase().split(/\s+/));
                if (greeted.every((w) => own.has(w))) return [to];
                continue;
            }
            // (The name line's first cell: "Mr Cedric Onyango-Fairbairn      Holder's number:  509 …";
            // or a label's value: "Applicant:     Ms Lucía Fernanda ORTEGA BALLESTEROS".)
            const labelled = roleValue(line.text, win.locale);
            // (Greeted by a title, the labelled name has it too: "Pupil:   Aisha Khan" is not "Dear Mrs Khan,".)
            const t = labelled !== undefined && sameTitle(m[2]!, labelled, titles) ? labelled : firstCell(line.text);
            if (!nameLine(t, titles, win.locale)) continue;
            const own = new Set(t.toLowerCase().split(/\s+/));
            if (!greeted.every((w) => own.has(w))) continue;
            if (organisation) return organisationUnder(win, k);
            // A letter to a child's parents names the child above them ("Aan de ouder(s)/verzorger(s)
            // van Noah Bosma" over "Dhr. M. Bosma"): the child is the pupil a minor's field asks for.
            const child = minorField(field) ? childAbove(win, k) : undefined;
            if (child) return [child];
            const start = line.start + line.text.indexOf(t);
            return [{ start, end: start + t.length, quote: t }];
        }
        // Without an address block, a greeting by a full name names the addressee itself ("Hello
        // Marco Castellano," in an e-mail); not a greeting by a role ("Dear Valued Customer").
        const roles = wordsOf(win.locale, 'addresseeWords');
        if (organisation || greeted.length < 2 || greeted.some((w) => roles.has(w)) || !nameLine(m[2]!, titles, win.locale)) return [];
        const start = lines[i]!.start + m.index! + m[0].indexOf(m[2]!, m[1]!.length);
        return [{ start, end: start + m[2]!.length, quote: m[2]! }];
    }
    // A statement greets nobody: the address block's name line, led by a person's title ("Ms Anjali
    // Rowntree-Pascoe" over "Flat 12, Orchard House" and a postcode line).
    // (Not for a child's name: a school writes to the parents about the pupil.)
    return organisation || minorField(field) ? [] : titledAddressee(win, titles, RECIPIENT_FIELD.test(field));
}

const minorField = (field: string): boolean => labelWords(field).some((w) => MINOR_WORDS.has(w));

/** "… parent(s)/guardian(s) of Noah Bosma", Dutch "… ouder(s)/verzorger(s) van …": the child's name. */
const PARENTS_OF =
    /\b(?:parents?|guardians?|carers?|ouders?|verzorgers?)(?:\(s\))?\b[^\n]{0,40}?\b(?:of|van)\s+(\p{Lu}[\p{L}'’-]*(?:\s+(?:van|de|der|den|ter|ten|\p{Lu}[\p{L}'’-]*)){1,4})\s*$/u;

/** The child's name on the line or two above an address block's name line (PARENTS_OF). */
function childAbove(win: WindowText, k: number): Span | undefined {
    for (let l = k - 1; l >= Math.max(0, k - 2); l--) {
        const line = win.lines[l]!;
        const m = PARENTS_OF.exec(line.text);
        if (!m) continue;
        const start = line.start + m.index + m[0].lastIndexOf(m[1]!);
        return { start, end: start + m[1]!.length, quote: m[1]! };
    }
    return undefined;
}

/** Words of a field's name that ask for a child's name, whose letters go to the parents. */
const MINOR_WORDS: ReadonlySet<string> = new Set(['pupil', 'student', 'child', 'kid', 'leerling', 'scholier', 'kind']);

/** A line's first cell, trimmed: a name line may have a label and a code beside it. */
const firstCell = (text: string): string => text.trim().split(/\s{2,}|\t/)[0]!;
/** Whether a name starts with the title a greeting starts with, if it starts with one. */
function sameTitle(greeting: string, name: string, titles: ReadonlySet<string>): boolean {
    const first = (t: string): string => (t.trim().split(/\s+/)[0] ?? '').replace(/\.$/, '').toLowerCase();
    return !titles.has(first(greeting)) || first(name) === first(greeting);
}

/** A role's label letters are sent to, its colon and a value to the line's end ("Applicant:   Ms Lucía …"; not "FAO:"). */
function roleValue(text: string, locale: LocaleProfile): string | undefined {
    const m = LABELLED.exec(text);
    const roles = wordsOf(locale, 'addresseeWords');
    return m && labelWords(m[1]!).some((w) => roles.has(w)) ? m[2] : undefined;
}
const LABELLED = /^[ \t]*(\p{L}[\p{L} ]{0,30}):[ \t]+(\S(?:[^\n:]{0,58}\S)?)[ \t]*$/u;

/** Lines of a document's head searched for a titled name over an address. */
const HEAD_LINES = 15;
/** Lines under a name searched for its address's figures (a house number, a postcode). */
const ADDRESS_UNDER = 3;

/** A field's name's words that ask for a first name ("customer first name", "voornaam"). */
const FIRST_NAME = /\b(?:first|given|fore) ?name\b|\bforename\b|voornaam|roepnaam/;

/** A field's name that asks for whom the document is to ("recipient_name", "geadresseerde"), not a party by role. */
const RECIPIENT_FIELD = /(?:^|_)(?:recipient|addressee|geadresseerde|ontvanger)(?:_|$)/i;

function titledAddressee(win: WindowText, titles: ReadonlySet<string>, recipientField: boolean): Span[] {
    const lines = win.lines;
    for (let k = 0; k < Math.min(lines.length, HEAD_LINES); k++) {
        const line = lines[k]!;
        // (After a recipient's header, for a field that asks for the recipient: "To:  Mr Adrian
        // Kowalczyk-Dunn" over who they are; a party's role may be another's: `building_owners`.)
        const header = /^[ \t]*(\p{L}+):[ \t]+/u.exec(line.text);
        const to = header !== null && wordsOf(win.locale, 'recipientHeaders').has(header[1]!.toLowerCase());
        if (to && !recipientField) continue;
        const t = firstCell(to ? line.text.slice(header[0].length) : line.text);
        const first = t.split(/\s+/)[0]!.replace(/\.$/, '').toLowerCase();
        if (!titles.has(first) || !nameLine(t, titles, win.locale)) continue;
        const under = lines.slice(k + 1, k + 1 + ADDRESS_UNDER).map((l) => l.text.trim());
        if (!under[0] || !under.some((u) => /\d/.test(u))) continue;
        const start = line.start + line.text.indexOf(t);
        return [{ start, end: start + t.length, quote: t }];
    }
    return [];
}

/** "To: Ayesha Siddiqui <ayesha@…>": the recipient header's display name when it is a person's name line. */
function recipient(win: WindowText, k: number): Span | undefined {
    const line = win.lines[k]!;
    const m = RECIPIENT.exec(line.text);
    if (!m || !wordsOf(win.locale, 'recipientHeaders').has(m[1]!.toLowerCase())) return undefined;
    const name = m[2]!.trim();
    if (!nameLine(name, wordsOf(win.locale, 'personTitles'), win.locale)) return undefined;
    const start = line.start + line.text.indexOf(name, m[1]!.length);
    return { start, end: start + name.length, quote: name };
}

/** A header word, a display name, a mail address in angle brackets. */
const RECIPIENT = /^[ \t]*(\p{L}+)[ \t]*:[ \t]*"?([^"<>\n@,;]{2,80}?)"?[ \t]*<[^<>\s@]+@[^<>\s]+>[ \t]*$/u;

/**
 * A line that is a person's name and nothing else: a few words, each a title, an initial ("T.",
 * "L.M."), a bracketed given name ("(Lotte)"), a capitalised word ("Jansen-Bakker") or a particle
 * ("van", "de"); no digits, colons or commas.
 */
function nameLine(t: string, titles: ReadonlySet<string>, locale: LocaleProfile): boolean {
    if (!t || t.length > NAME_LINE_CHARS || /[\d:,@]/.test(t)) return false;
    const words = t.split(/\s+/);
    // (Titles, initials and particles count apart: "Dhr. P.H. Dekker en mevr. A.M. Dekker-Smit".)
    if (words.length < 2 || words.length > NAME_LINE_WORDS * 2) return false;
    const particles = wordsOf(locale, 'connectors');
    let named = 0;
    for (const w of words) {
        const bare = w.replace(/\.$/, '').toLowerCase();
        if (titles.has(bare) || /^(?:\p{Lu}\.)+$/u.test(w) || /^\(\p{Lu}\p{Ll}+\)$/u.test(w)) continue;
        if (particles.has(w)) continue;
        if (!/^\p{Lu}[\p{L}'’-]*\p{L}$/u.test(w)) return false;
        named++;
    }
    return named >= 1 && named <= NAME_LINE_WORDS;
}

/** Lines under an addressee's name searched for their organisation (a title may stand between). */
const ORGANISATION_LINES = 3;

/** The first of the lines under line `k` that ends in a legal form ("Riverside Young Makers CIC"). */
function organisationUnder(win: WindowText, k: number): Span[] {
    for (let j = k + 1; j <= k + ORGANISATION_LINES && j < win.lines.length; j++) {
        const line = win.lines[j]!;
        const t = line.text.trim();
        if (!t || t.length > NAME_LINE_CHARS * 2) return [];
        const last = t.split(/\s+/).pop()!.replace(/\./g, '').toLowerCase();
        if (!LEGAL_FORMS.has(last)) continue;
        const start = line.start + line.text.indexOf(t);
        return [{ start, end: start + t.length, quote: t }];
    }
    return [];
}
