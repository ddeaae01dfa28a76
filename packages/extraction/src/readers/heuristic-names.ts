// Proper names in running text, for string values: the name phrase after a label ("governed by
// the laws of the State of Ohio"), the one that ends at a word ("… Kite Pharma, Inc."), the
// further names of a list ("between X, Y and Z"). A name is capitalised words joined by connectors
// and particles ("Bank of the West", "J.M. de Vries", "Bakkerij De Molen B.V."); it ends at a
// sentence's end, a wide gap before another label, a line's own label and a blank line.
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import { SENTENCE_END, allCaps, labelAhead, trimValue } from './heuristic-lines.js';
import { cellColumns } from './heuristic-rows.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/**
 * The proper-name phrase starting at or after `from` (within `limit` characters): capitalised words
 * joined by connectors, "Inc."-style abbreviations after a comma, across a line break when the name
 * continues on the next line. Undefined when none starts within the limit.
 */
export function namePhraseAfter(win: WindowText, from: number, limit: number): Span | undefined {
    const words = win.words;
    const FUNCTION_WORDS = wordsOf(win.locale, 'functionWords');
    const CONNECTORS = wordsOf(win.locale, 'connectors');
    let i = win.wordAt(from);
    // Skip lower-case words (articles, "the laws of") up to the limit, but not past a sentence end.
    while (i < words.length && (!words[i]!.capital || FUNCTION_WORDS.has(words[i]!.norm))) {
        if (words[i]!.start - from > limit) return undefined;
        if (SENTENCE_END.test(win.text.slice(from, words[i]!.start))) return undefined;
        i++;
    }
    if (i >= words.length || words[i]!.start - from > limit || /[.;!?(]/.test(win.text.slice(from, words[i]!.start))) return undefined;
    const first = i;
    let last = i;
    for (let j = i + 1; j < words.length && j - first < 10; j++) {
        const gap = win.text.slice(words[j - 1]!.end, words[j]!.start);
        const w = words[j]!;
        // A function word in capitals ends a name written in capitals ("WASHINGTON WITHOUT GIVING
        // EFFECT"), unless a connector joined it ("BANK OF THE WEST").
        // A connector in title case, one space after the name's word, is the name's own ("Bakkerij De Molen B.V."),
        // and so is an initial ("Margaret A. Collins": no article "a").
        const initial = w.end - w.start === 1 && win.text[w.end] === '.';
        if (
            w.capital &&
            FUNCTION_WORDS.has(w.norm) &&
            !initial &&
            !CONNECTORS.has(words[j - 1]!.norm) &&
            !(CONNECTORS.has(w.norm) && gap === ' ' && !allCaps(win.text.slice(w.start, w.end)))
        )
            break;
        // A word joined by a hyphen goes on however it is written ("Werkvoorbereider E-installaties").
        if (gap === '-' && last === j - 1 && !w.capital) {
            last = j;
            continue;
        }
        if (w.capital || /^\d+$/.test(w.norm)) {
            // A given name in brackets after initials is the name's own ("J.P. (Jeroen) Smits").
            const given = /^\.?[ \t]+\($/.test(gap) && /^\)[ \t]+\p{Lu}/u.test(win.text.slice(w.end, w.end + 3)) && w.capital;
            const afterGiven =
                /^\)[ \t]+$/.test(gap) && /\(\p{Lu}\p{Ll}+$/u.test(win.text.slice(Math.max(0, words[j - 1]!.start - 1), words[j - 1]!.end));
            // A qualification's bracket glued to its word is the word's ("CertAVP(EM) MRCVS").
            const glued = gap === '(' && win.text[w.end] === ')' && allCaps(win.text.slice(w.start, w.end));
            const afterGlued = /^\)[ \t]+$/.test(gap) && /\p{L}\($/u.test(win.text.slice(words[j - 1]!.start - 2, words[j - 1]!.start));
            if (glued) {
                last = j;
                continue;
            }
            if (!given && !afterGiven && !afterGlued && !/^[\s.'’&-]*$/.test(gap) && !(gap.trim() === ',' && LEGAL_FORMS.has(w.norm)))
                break;
            // A full stop after a word longer than an abbreviation ends the sentence, and the name.
            // (Not after a title: "Capt. Hamish MacRury", "Revd. Anne Hollis".)
            if (gap.includes('.') && words[j - 1]!.norm.length > 3 && !wordsOf(win.locale, 'personTitles').has(words[j - 1]!.norm)) break;
            if (!nameGap(gap)) break;
            // The next line's label is no part of the name ("Tenant: J. Jansen" / "Period: …"), nor
            // the next column's ("Guest: Mr. Kenji Watanabe      Room: 1412"); wrapped prose goes
            // on ("and David" / "Freeman (“Indemnitee”):").
            const apart = gap.includes('\n') ? !win.wrapped(words[j - 1]!.line) : /(?: {3,}|\t)/.test(gap);
            if (apart && labelAhead(win.text, w.start, win.text.length)) break;
            // Nor a row of cells under it ("Instructor   Revd. Ruaridh Munro" / "Principal   Deborah …").
            if (apart && gap.includes('\n') && / {3}|\t/.test(win.lines[w.line]!.text.trim())) break;
            // Nor is a number starting the next line of a line of its own: an address ("REPAIR ORDER #
            // RO-25-06131" / "4815 Route 9").
            if (apart && gap.includes('\n') && /^\d/.test(w.norm)) break;
            last = j;
        } else if (
            CONNECTORS.has(w.norm) &&
            // After an initial's full stop too: "J.M. de Vries".
            (/^\s+$/.test(gap) || (/^\.\s+$/.test(gap) && words[j - 1]!.end - words[j - 1]!.start <= 2)) &&
            j + 1 < words.length &&
            words[j + 1]!.capital &&
            // A connector ending a sentence is the verb's ("… met Van Houten B.V. op. Sinds 1 …").
            /^\s+$/.test(win.text.slice(w.end, words[j + 1]!.start))
        ) {
            continue;
        } else break;
    }
    // One capital letter is no name: the "U" of a registration number ("862725-U") after "SDN BHD".
    if (first === last && words[first]!.end - words[first]!.start < 2) return undefined;
    const end = words[last]!.end + (win.text[words[last]!.end] === ')' && win.text[words[last]!.start - 1] === '(' ? 1 : 0);
    // A word and a colon is a label ("Landlord: ________   Date: ______"), not a name.
    if (/^[ \t]*:/.test(win.text.slice(end, end + 4))) return undefined;
    return trimValue(win.text, words[first]!.start, win.text[end] === '.' ? end + 1 : end);
}

/**
 * Whether the space between two words may lie inside one name: no blank line (spaces on it or not),
 * and no wide gap (a name's words are not 40 characters apart; a quote across a run of thousands of
 * spaces would also make every later step slow).
 */
function nameGap(gap: string): boolean {
    return gap.length <= 40 && !/\n[^\S\n]*\n/.test(gap);
}

/**
 * The proper-name phrase whose last word is the one at index `i`, ending at `end` (a full stop
 * after it is kept: "Inc."), walking back over capitalised words and connectors, and over the
 * comma before a legal form ("NIKE, Inc.").
 */
export function namePhraseEndingWith(win: WindowText, i: number, end: number): Span | undefined {
    const words = win.words;
    const CONNECTORS = wordsOf(win.locale, 'connectors');
    const FUNCTION_WORDS = wordsOf(win.locale, 'functionWords');
    let first = i;
    for (let j = i - 1; j >= 0 && i - j < 10; j--) {
        const gap = win.text.slice(words[j]!.end, words[j + 1]!.start);
        // A wide gap parts cells: "REPAIR INVOICE        RO# 58821" names no "REPAIR INVOICE RO".
        if (!nameGap(gap) || /[;:()"“”]/.test(gap) || / {3}|\t/.test(gap)) break;
        // Across a line break only out of a wrapped line of prose, or after a name's "&" or ",":
        // a short line above is one of its own (a receipt's brand over its company, "SUSHI MENTAI -
        // PANDAN INDAH" over "KMF FOODICIOUS SDN BHD").
        if (gap.includes('\n') && !win.wrapped(words[j]!.line) && !/[&,]\s*$/.test(gap)) break;
        // "This Agreement", "THIS NON-DISCLOSURE AGREEMENT": a sentence's first word, not a name's.
        if (FUNCTION_WORDS.has(words[j]!.norm) && !win.locale.dateWords.the.includes(words[j]!.norm)) break;
        if (/,/.test(gap) && !(gap.trim() === ',' && LEGAL_FORMS.has(words[j + 1]!.norm))) break;
        if (words[j]!.capital || /^\d+$/.test(words[j]!.norm) || (CONNECTORS.has(words[j]!.norm) && j > 0 && words[j - 1]!.capital))
            first = j;
        else break;
    }
    while (first < i && CONNECTORS.has(words[first]!.norm)) first++;
    return trimValue(win.text, words[first]!.start, win.text[end] === '.' ? end + 1 : end);
}

/** A full stop that ends an abbreviation ("Inc.", "L.P.", "Co.") rather than a sentence. */
function abbreviationStop(text: string, at: number): boolean {
    const before = /[\p{L}.]*$/u.exec(text.slice(Math.max(0, at - 12), at))![0];
    return /^(?:\p{L}\.?)+$/u.test(before) && (before.replace(/\./g, '').length <= 3 || /\p{L}\./u.test(before));
}

/**
 * The next item of a list of names: the name after the next "and" (or "en", "&") of the same
 * sentence, outside brackets, past what describes the name before ("X, a Delaware corporation
 * (the “Company”), and Y"); the joiners are the language's (locale/). Undefined at the sentence's end or after `limit` characters.
 */
export function nextListedName(win: WindowText, from: number, limit = 400): Span | undefined {
    const text = win.text;
    const stop = Math.min(text.length, from + limit);
    const joiners = wordsOf(win.locale, 'listJoiners');
    let depth = 0;
    for (let i = from; i < stop; i++) {
        const ch = text[i]!;
        if (ch === '(' || ch === '[') depth++;
        else if ((ch === ')' || ch === ']') && depth > 0) depth--;
        else if (depth === 0 && (ch === ';' || ch === ':')) return undefined;
        else if (depth === 0 && ch === '.' && /^\s+[\p{Lu}\d(]/u.test(text.slice(i + 1, i + 4)) && !abbreviationStop(text, i))
            return undefined;
        else if (depth === 0 && /\s/.test(ch)) {
            const m = /^\s+(\S+)\s+/.exec(text.slice(i, i + 12));
            if (m && joiners.has(m[1]!.toLowerCase())) {
                const name = namePhraseAfter(win, i + m[0].length, 40);
                if (name) return name;
                i += m[0].length - 1;
            }
        }
    }
    return undefined;
}

/** A person's name as a signature block or a column of names writes it: two to five capitalised words. */
const PERSON_CELL = /^(?:\p{Lu}[\p{L}'’.-]*\s)(?:\p{Lu}[\p{L}'’.-]*\s|\p{Ll}{1,3}\s){0,3}\p{Lu}[\p{L}'’-]+$/u;

/** A role as a signature writes it: at most four words in title case, short joiners between ("Head of Sales", "Instructor / Assessor"). */
const ROLE_CELL = /^(?!(?:\S+\s+){5})\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|\p{Ll}{1,3}|[/&]))*$/u;

/**
 * The name a role stands under ("Jennifer Riley" over "Partner", "Gareth Lumb" over "Instructor /
 * Assessor" in a row of signatures): the role starts its cell, written in title case (a heading
 * in capitals is none), and the line just above has a person's name in the same column. A role is
 * no part of the name (as a company's "SDN BHD" under its first line is).
 */
export function nameAbove(win: WindowText, start: number, end: number): Span | undefined {
    const row = win.lineOf(start);
    const line = win.lines[row]!;
    const above = win.lines[row - 1];
    const role = win.text.slice(start, end);
    if (!above || allCaps(role) || LEGAL_FORMS.has(role.replace(/\./g, '').toLowerCase())) return undefined;
    const cell = cellColumns(line.text).find((c) => c.start === start - line.start);
    if (!cell || !ROLE_CELL.test(line.text.slice(cell.start, cell.start + (cell.to - cell.from)))) return undefined;
    const name = cellColumns(above.text).find((c) => Math.abs(c.from - cell.from) <= 2);
    if (!name) return undefined;
    const span = trimValue(win.text, above.start + name.start, above.start + name.start + (name.to - name.from));
    if (!span) return undefined;
    const person = PERSON_CELL.test(span.quote) && !allCaps(span.quote.replace(/\s/g, ''));
    // A firm's name ends at its legal form: "Solicitors" under "ASHCOMBE & RILEY LLP" says what it is.
    const firm = LEGAL_FORMS.has(span.quote.split(/\s+/).pop()!.replace(/\./g, '').toLowerCase());
    return person || firm ? span : undefined;
}

/** Occurrences of a surname read for its full form (see `fullName`). */
const SURNAMES_READ = 64;

/** A name written with initials: "C. J. Whitfield", "C.J. Whitfield", "H. Osei". */
const INITIALLED = /^((?:\p{Lu}\.\s*){1,3})(\p{Lu}[\p{L}'’]+)$/u;

/**
 * The name written in full elsewhere in the window for one written with initials ("Signed by the
 * apprentice: C. J. Whitfield" and "Callum James Whitfield" in the particulars): the same surname
 * after as many given names as initials, each starting with its initial. The full form is the
 * value a reader writes down; the candidate keeps its context.
 */
export function fullName<T extends Span>(win: WindowText, c: T): T {
    const m = INITIALLED.exec(c.quote);
    if (!m) return c;
    const initials = m[1]!.match(/\p{Lu}/gu)!;
    const n = initials.length;
    // The first occurrences of the surname only: each candidate written with initials looks, and a
    // window may write the surname thousands of times.
    for (const i of (win.wordIndex.get(m[2]!.toLowerCase()) ?? []).slice(0, SURNAMES_READ)) {
        if (i < n) continue;
        const given = win.words.slice(i - n, i);
        const same = given.every(
            (w, k) =>
                w.line === win.words[i]!.line &&
                w.capital &&
                w.end - w.start >= 2 &&
                win.text[w.start] === initials[k] &&
                win.text[w.end] !== '.',
        );
        // Only spaces between the words: a name, not the tail of a list or sentence.
        if (!same || !/^[\p{L}'’]+(?: [\p{L}'’]+)*$/u.test(win.text.slice(given[0]!.start, win.words[i]!.end))) continue;
        const start = given[0]!.start;
        const end = win.words[i]!.end;
        return { ...c, start, end, quote: win.text.slice(start, end) };
    }
    return c;
}

/**
 * The name written in full elsewhere in the window for a given name alone ("Dear Owen," and "Mr
 * Owen Pritchard" over it; "Naam kind: Sem" and "Sem de Groot"), for a field that asks for a name
 * (`named`): the first name phrase that starts with the same word and goes on past it.
 */
export function givenInFull<T extends Span>(win: WindowText, c: T, named: boolean): T {
    if (!named || !/^\p{Lu}\p{Ll}+$/u.test(c.quote)) return c;
    for (const i of (win.wordIndex.get(c.quote.toLowerCase()) ?? []).slice(0, SURNAMES_READ)) {
        const w = win.words[i]!;
        if (w.start === c.start || win.text.slice(w.start, w.end) !== c.quote) continue;
        const phrase = namePhraseAfter(win, w.start, 60);
        if (phrase && phrase.start === w.start && phrase.quote.startsWith(`${c.quote} `) && !/[\n,;]/.test(phrase.quote))
            return { ...c, start: phrase.start, end: phrase.end, quote: phrase.quote };
    }
    return c;
}

/** Words in lower case before a name, at most three ("the late Mrs Doreen Winstanley"). */
const LEAD = /^((?:\p{Ll}+\s+){1,3})(?=\p{Lu})/u;

/**
 * A name without the words in lower case that lead into it ("the late Mrs Doreen Winstanley, aged
 * 84" for `deceased_name`; `named`: the field asks for a name); a name's own particle or title
 * stays ("van Oosterom", "de heer Wolters").
 */
export function nameFromCapital<T extends Span>(win: WindowText, c: T, named = true): T {
    const m = named ? LEAD.exec(c.quote) : null;
    if (!m) return c;
    const own = (w: string): boolean => wordsOf(win.locale, 'connectors').has(w) || wordsOf(win.locale, 'personTitles').has(w);
    if (m[1]!.trim().split(/\s+/).some(own)) return c;
    return { ...c, start: c.start + m[1]!.length, quote: c.quote.slice(m[1]!.length) };
}

/**
 * The length of the first of a list of people, each after a title ("Mr Cathal O'Brien, Mrs Siobhan
 * O'Brien, Master Rory O'Brien"), for a field that asks for one value: the first is the lead; 0 if
 * the quote is no such list.
 */
export function firstOfPeople(win: WindowText, quote: string): number {
    const titles = wordsOf(win.locale, 'personTitles');
    const items = quote.split(/,\s+/);
    const titled = (item: string): boolean => titles.has(/^\p{L}+/u.exec(item)?.[0].toLowerCase() ?? '') && /\s\p{Lu}/u.test(item);
    return items.length >= 2 && titled(items[0]!) && titled(items[1]!) ? items[0]!.length : 0;
}
