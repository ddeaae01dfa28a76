// The parties of an agreement, for a field that asks for them (its name, description or hints speak
// of parties). An agreement names its parties in its opening sentence — "by and between X, a
// Delaware corporation, and Y", "is made between X and Y" — and defines each with the role the text
// then calls it by: "Anne Drapeau (the “Employee”)", "NIKE, Inc. (“NIKE”)". Both ways are read in the
// document's opening only: later "between" and definitions are about other things.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import { translatedName } from './heuristic-label-forms.js';
import { valueHead } from './heuristic-heads.js';
import { titleLine } from './heuristic-lines.js';
import { namePhraseAfter, namePhraseEndingWith, nextListedName } from './heuristic-names.js';
import { officeName } from './heuristic-offices.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** How the name was found: listed after "between" or defined with a role. */
export interface PartyName extends Span {
    how: 'listed' | 'defined';
}

/** The opening of an agreement, in characters of the document: where it names its parties. */
export const OPENING = 2500;

/** Names listed after one "between": at most this many. */
const MAX_LISTED = 4;

/** A defined term in brackets: "(“Employee”)", "(the “Company”)", "(hereinafter “Licensee”)". */
const ROLE =
    /\((?:(?:hereinafter|hereafter)(?:\s+(?:referred\s+to\s+as|called))?[\s,:]*)?(?:the\s+)?["“”'‘]([^"“”'’()\n]{2,40})["”“'’]\s*\)/giu;

const fold = (s: string): string =>
    s
        .toLowerCase()
        .replace(/['’]s$/, '')
        .replace(/^the\s+/, '')
        .trim();

/**
 * Whether a definition names a party: not the document itself ("Confidentiality Agreement (the
 * “Agreement”)": the term is the name's last word), and the name stands where a party is named —
 * at a line's start, after a bracket or comma, or after "between" or "and" — not after a word such
 * as "of" ("the laws of the State of Florida (“Florida”)").
 */
function definesParty(win: WindowText, name: Span, term: string): boolean {
    const words = name.quote.toLowerCase().match(/\p{L}+/gu) ?? [];
    if (words.length === 0 || words[words.length - 1] === fold(term) || /\d/.test(name.quote)) return false;
    const first = win.wordAt(name.start);
    if (first === 0) return true;
    const prev = win.words[first - 1]!;
    const gap = win.text.slice(prev.end, name.start);
    // After a comma, a name with a legal form ("…, and Acme, Inc. (“Acme”)"); else a place of an address.
    if (/,/.test(gap)) return LEGAL_FORMS.has(words[words.length - 1]!);
    if (/[\n(:;]/.test(gap)) return true;
    return wordsOf(win.locale, 'partyIntroducers').has(prev.norm) || wordsOf(win.locale, 'listJoiners').has(prev.norm);
}

/** A term the document defines or quotes: “Company”, “Executive”, “Confidential Information”. */
const TERM = /["“](?:the\s+)?([\p{Lu}][^"“”\n]{1,30})["”]/gu;

const termsOf = new WeakMap<WindowText, ReadonlySet<string>>();

/**
 * The terms a window defines or quotes, folded ("Event" of (“the Event”), "Company"): a name in
 * prose that is one of them ("Headline Bar Sponsor of the Event") stands for what it defines.
 */
export function definedTerms(win: WindowText): ReadonlySet<string> {
    let terms = termsOf.get(win);
    if (!terms) termsOf.set(win, (terms = new Set([...win.text.matchAll(TERM)].map((m) => fold(m[1]!)))));
    return terms;
}

/** Whether a field asks for the parties (a word of its name, description or hints is a party word). */
export function wantsParties(about: readonly string[], win: WindowText): boolean {
    const words = wordsOf(win.locale, 'partyWords');
    return about.some((t) => (t.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.has(w)));
}

/**
 * Names of the parties in the part of the window that lies in the document's opening (`offset`:
 * the window's offset in the document).
 */
export function partyNames(win: WindowText, offset: number): PartyName[] {
    const limit = OPENING - offset;
    if (limit <= 0) return [];
    const out: PartyName[] = [];
    // "between the Company and the Executive": the roles the document defines are no names.
    const roles = definedTerms(win);
    const articles = win.locale.dateWords.the;
    const push = (name: Span, how: PartyName['how']): void => {
        if (roles.has(fold(name.quote))) return;
        // "between the Company and …": one word after an article is a term, not a name.
        const first = win.wordAt(name.start);
        if (first > 0 && !/\s/.test(name.quote) && articles.includes(win.words[first - 1]!.norm)) return;
        out.push({ ...name, how });
    };
    for (const word of wordsOf(win.locale, 'partyIntroducers')) {
        for (const i of win.wordIndex.get(word) ?? []) {
            const w = win.words[i]!;
            if (w.start >= limit) break;
            let name = namePhraseAfter(win, w.end, 40);
            for (let k = 0; name && k < MAX_LISTED; k++) {
                push(name, 'listed');
                name = nextListedName(win, name.end);
            }
        }
    }
    const head = win.text.slice(0, Math.min(win.text.length, limit));
    for (const m of head.matchAll(ROLE)) {
        // The name ends right before the bracket (a comma at most between).
        const office = officeName(win, m.index!);
        if (office) {
            push(office, 'defined');
            continue;
        }
        const before = /[\s,]*$/.exec(head.slice(0, m.index))![0].length;
        const end = m.index! - before;
        const last = win.wordAt(end) - 1;
        if (last < 0 || win.words[last]!.end < end - 1 || !win.words[last]!.capital) continue;
        const name = namePhraseEndingWith(win, last, win.words[last]!.end);
        if (name && name.end <= end && definesParty(win, name, m[1]!)) push(name, 'defined');
    }
    return out;
}

const definitions = new WeakMap<LocaleProfile, RegExp>();

/**
 * What stands before a defined role, up to its opening quote: "(the “", "(", "hereinafter referred
 * to as “", "hierna te noemen “". Built from the locale's words (never from a user's), once.
 */
function definitionBefore(locale: LocaleProfile): RegExp {
    let re = definitions.get(locale);
    if (!re) {
        const alt = (list: 'definitionIntroducers' | 'definitionArticles'): string =>
            [...wordsOf(locale, list)]
                .sort((a, b) => b.length - a.length)
                .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
                .join('|') || '(?!)';
        const intro = `(?:${alt('definitionIntroducers')})\\s*[:,]?\\s*`;
        // The article before its quote or inside it: (the “Sponsor”), (“the Sponsor”).
        const article = `(?:${alt('definitionArticles')})\\s+`;
        re = new RegExp(`(?:\\(\\s*(?:${intro})?|${intro})(?:${article}["“'‘]?|["“'‘]${article}|["“'‘])?$`, 'iu');
        definitions.set(locale, re);
    }
    return re;
}

/** Characters before a role searched for its definition, and for the start of the defined name's clause. */
const DEFINITION_REACH = 60;
const CLAUSE_REACH = 400;

/**
 * Names the agreement defines with the role a field is named by: `tenant` takes “Tom Baker” from
 * "Tom Baker (the “Tenant”)" or "Tom Baker (Tenant)", `werknemer` takes "Fatima El Amrani" from
 * "mevrouw Fatima El Amrani, wonende te Utrecht, hierna te noemen “werknemer”". The name is the
 * first of the clause the definition closes (after a line break, a bracket, a colon or semicolon,
 * "between" or "and"), read in the document's opening only.
 */
export function roleNames(win: WindowText, offset: number, field: CompiledField): Span[] {
    const limit = OPENING - offset;
    if (limit <= 0 || field.type.kind === 'array') return [];
    const types = wordsOf(win.locale, 'typeWords');
    // A word of three letters is an acronym ("ein", "vin", "vat"), no role: "Federal Tax ID (EIN)".
    // A name in another language defines by the document's word ("employer": "werkgever").
    const name = labelWords(field.name);
    const roles = [...new Set([...name, ...(translatedName(name, win.locale.schemaWords) ?? [])])].filter(
        (w) => w.length > 3 && !types.has(w) && w !== 'name',
    );
    // `sponsor_signatory` asks for the one who signs for the Sponsor, not the Sponsor.
    const parties = wordsOf(win.locale, 'partyWords');
    if (roles.length > 1 && roles.some((w) => parties.has(w))) return [];
    const boundaries = new Set([...wordsOf(win.locale, 'partyIntroducers'), ...wordsOf(win.locale, 'listJoiners')]);
    const before = definitionBefore(win.locale);
    const signing = wordsOf(win.locale, 'signingWords');
    const out: Span[] = [];
    for (const role of roles) {
        for (const i of win.wordIndex.get(role) ?? []) {
            const w = win.words[i]!;
            if (w.start >= limit) break;
            const m = before.exec(win.text.slice(Math.max(0, w.start - DEFINITION_REACH), w.start));
            if (!m) continue;
            const at = w.start - m[0].length;
            // A bracket opened before the role closes after it: "(Tenant)", "(the “Tenant”)".
            if (m[0].startsWith('(') && !/^["”’']?\s*\)/.test(win.text.slice(w.end, w.end + 4))) continue;
            // A role bracketed alone defines only capitalised: "9:12 AM (customer)" is a remark.
            if (!w.capital && /^\(\s*$/.test(m[0])) continue;
            const name = officeName(win, at) ?? clauseName(win, at, boundaries);
            // (A signing line's word is no name: "Signed (Chair): ........".)
            if (name && !signing.has(name.quote.toLowerCase())) out.push(name);
        }
    }
    return out;
}

/**
 * A name set off by a comma right before its definition: "FOR VALUE RECEIVED, the undersigned,
 * Daniel Reyes (“Borrower”)".
 */
function appositiveName(win: WindowText, from: number, at: number): Span | undefined {
    const i = win.wordAt(at) - 1;
    if (i < 0 || win.words[i]!.start < from || !win.words[i]!.capital || win.text.slice(win.words[i]!.end, at).trim() !== '')
        return undefined;
    const name = namePhraseEndingWith(win, i, win.words[i]!.end);
    // A postcode and its place end an address, no name: ", 81671 München (“Licensor”)".
    if (!name || name.start < from || /^\d/.test(name.quote)) return undefined;
    return /,\s*$/.test(win.text.slice(from, name.start)) && /\s/.test(name.quote) ? name : undefined;
}

/**
 * Two names one definition follows after another party's: "(“Landlord”) and Daniel Ruiz and Priya
 * Ruiz (“Tenant”)" — the clause starts with "and", and the names are joined by "and" alone.
 */
function jointNames(win: WindowText, from: number, at: number): Span | undefined {
    const joiners = wordsOf(win.locale, 'listJoiners');
    const first = win.words[win.wordAt(from)];
    if (!first || first.start >= at || !joiners.has(first.norm) || win.text.slice(from, first.start).trim() !== '') return undefined;
    const a = namePhraseAfter(win, first.end, 4);
    // A name phrase may itself run over "and" ("Daniel Ruiz and Priya Ruiz").
    if (
        a &&
        a.end <= at &&
        win.text.slice(a.end, at).trim() === '' &&
        a.quote
            .toLowerCase()
            .split(/\s+/)
            .some((w) => joiners.has(w))
    )
        return a;
    const join = a && win.words[win.wordAt(a.end)];
    if (!a || !join || !joiners.has(join.norm) || win.text.slice(a.end, join.start).trim() !== '') return undefined;
    const b = namePhraseAfter(win, join.end, 4);
    if (!b || b.end > at || win.text.slice(b.end, at).trim() !== '') return undefined;
    return { start: a.start, end: b.end, quote: win.text.slice(a.start, b.end) };
}

/**
 * Two people the clause starts with, each after a title, joined by "and" into one party: "mevrouw
 * S. el Amrani en de heer D. Brouwer, wonende aan …, hierna: “de opdrachtgever”" (not the second
 * alone, as "between X and Y" would give). The titles are kept: the text is one span.
 */
function coupleName(win: WindowText, from: number, at: number): Span | undefined {
    const titles = wordsOf(win.locale, 'personTitles');
    const joiners = wordsOf(win.locale, 'listJoiners');
    const articles = wordsOf(win.locale, 'definitionArticles');
    // Past titles and articles from `i`: the index of the first other word, and whether a title was passed.
    const pastTitles = (i: number): [number, boolean] => {
        let titled = false;
        for (; i < win.words.length && (titles.has(win.words[i]!.norm) || articles.has(win.words[i]!.norm)); i++)
            titled ||= titles.has(win.words[i]!.norm);
        return [i, titled];
    };
    // After the previous party's "; and" and the list's number: "; and\n(2) Mr Tom Hale and Mrs Ann Hale, of …".
    const lead = /^\s*(\p{L}+)\s+/u.exec(win.text.slice(from, at));
    if (lead && joiners.has(lead[1]!.toLowerCase())) from = afterListNumber(win, from + lead[0].length, at);
    const first = win.wordAt(from);
    if (!win.words[first] || win.text.slice(from, win.words[first]!.start).trim() !== '') return undefined;
    const [i, titledA] = pastTitles(first);
    const a = titledA && win.words[i] ? namePhraseAfter(win, win.words[i - 1]!.end, at - win.words[i - 1]!.end) : undefined;
    if (!a) return undefined;
    const start = win.words[first]!.start;
    const apposition = (end: number): boolean => /^\s*,\s*\p{Ll}/u.test(win.text.slice(end, at));
    // English names run over "and": "Mr Tom Hale and Mrs Ann Hale" is one phrase.
    const inner = a.quote.toLowerCase().split(/\s+/);
    if (inner.some((w, n) => joiners.has(w) && titles.has((inner[n + 1] ?? '').replace(/\.$/, ''))) && apposition(a.end))
        return { start, end: a.end, quote: win.text.slice(start, a.end) };
    const join = win.words[win.wordAt(a.end)];
    if (!join || join.start >= at || !joiners.has(join.norm) || win.text.slice(a.end, join.start).trim() !== '') return undefined;
    const [k, titledB] = pastTitles(win.wordAt(a.end) + 1);
    const b = titledB && win.words[k] ? namePhraseAfter(win, win.words[k - 1]!.end, at - win.words[k - 1]!.end) : undefined;
    if (!b || b.end > at || !apposition(b.end)) return undefined;
    return { start, end: b.end, quote: win.text.slice(start, b.end) };
}

/**
 * The first name of the clause that ends at `at` that only an apposition follows there: "Green
 * Homes LLC" in "entered into by Green Homes LLC, a Delaware company (".
 */
function clauseName(win: WindowText, at: number, boundaries: ReadonlySet<string>): Span | undefined {
    let from = Math.max(0, at - CLAUSE_REACH);
    // A clause ends at a bracket, a colon or semicolon, a bullet or bar, and a line break out of a line that is not
    // wrapped prose ("by and between Redwood Capital" / "Partners LP (“Client”)" is one clause); a
    // bracket without quotes closed inside it is part of an apposition ("(HRB 241187, Amtsgericht
    // München)"), one with them another party's definition ("(“Landlord”) and Daniel Ruiz").
    const seg = win.text.slice(from, at);
    for (let k = seg.length - 1, depth = 0, letter = false; k >= 0; k--) {
        const c = seg[k]!;
        if (c === ')' && (depth > 0 || !definition(seg, k))) depth++;
        else if (c === '(' && depth > 0) depth--;
        else if (
            ';:()•|'.includes(c) ||
            // A definition on a line of its own ("- hereinafter the “Buyer” -") defines the lines above.
            // (Nor out of a title in capitals: "OPTION GRANT NOTICE" over "Lumenforge Robotics 2023 EMI Share Option Plan (the “Plan”)".)
            (depth === 0 &&
                c === '\n' &&
                letter &&
                (!win.wrapped(win.lineOf(from + k - 1)) || titleLine(win.lines[win.lineOf(from + k - 1)]!.text)))
        ) {
            from += k + 1;
            break;
        }
        if (!letter && /\p{L}/u.test(c)) letter = true;
    }
    // A definition on its own line under a name and address block defines the block's name, not its last line's street.
    const block = blockName(win, at);
    if (block) return block;
    from = afterListNumber(win, from, at);
    const joint = jointNames(win, from, at) ?? coupleName(win, from, at) ?? appositiveName(win, from, at);
    if (joint) return joint;
    // The clause starts after "between" or "and": the nearest such word first, then the ones
    // before it — an apposition may hold one ("a company registered in England and Wales").
    const starts: number[] = [];
    for (let i = win.wordAt(at) - 1; i >= 0 && win.words[i]!.start >= from && starts.length < MAX_STARTS; i--)
        if (boundaries.has(win.words[i]!.norm)) starts.push(win.words[i]!.end);
    for (const start of [...starts, from]) {
        const name = firstName(win, afterListNumber(win, start, at), at);
        if (name) return name;
    }
    return undefined;
}

/** Lines of a name and address block read upward from a definition on a line of its own, at most. */
const BLOCK_LINES = 6;

/**
 * A definition that starts its own line after a block of short lines, a name over its address
 * ("paid by" / "    Mr Raymond Arthur Bellamy" / "    3 Sandsfield Lane" / "    DN21 1DD" /
 * "(“the Grantee”), HEREBY GRANTS …"), defines the name on the block's first line.
 */
function blockName(win: WindowText, at: number): Span | undefined {
    let line = win.lineOf(at);
    if (win.text.slice(win.lines[line]!.start, at).trim() !== '') return undefined;
    line = win.previousTextLine(line);
    if (line < 0 || win.wrapped(line)) return undefined;
    let top = line;
    for (
        let k = win.previousTextLine(top);
        k >= 0 && k === top - 1 && line - k < BLOCK_LINES && !win.wrapped(k);
        k = win.previousTextLine(k)
    )
        top = k;
    const first = win.lines[top]!;
    return line > top ? firstName(win, first.start, first.end) : undefined;
}

/**
 * Past a list's number or letter, which is no part of a clause ("2. De heer S. Bakker, …", "and
 * (2) BALTIC FREIGHT …"; "M. Visser" starts with an initial, not a list's letter).
 */
function afterListNumber(win: WindowText, from: number, at: number): number {
    return from + (/^\s*(?:\d{1,3}[.)]|\(\d{1,3}\)|\(?\p{L}\)|[a-z]\.|[ivx]{1,4}[.)])\s+/u.exec(win.text.slice(from, at))?.[0].length ?? 0);
}

/** Characters before a closing bracket read for the opening one and the quotes of a definition. */
const BRACKET_REACH = 60;

/** Whether the bracket closing at `k` holds a definition's quotes ("(“Landlord”)"), read within a few characters. */
function definition(seg: string, k: number): boolean {
    const inner = seg.slice(Math.max(0, k - BRACKET_REACH), k);
    return /["“”'‘’]/.test(inner.slice(inner.lastIndexOf('(') + 1));
}

/** The clause's starts tried, at most. */
const MAX_STARTS = 4;

/**
 * The first name after `start` that only an apposition follows up to `at`: nothing, a comma and
 * words in lower case (", a Delaware corporation", ", gevestigd te Utrecht"), or an address after
 * "of" ("Priya Raman of 31 Elm Grove, Reading"); not another name ("FOR VALUE RECEIVED, Orchard …").
 */
function firstName(win: WindowText, start: number, at: number): Span | undefined {
    for (let name = namePhraseAfter(win, start, at - start); name && name.end <= at; name = namePhraseAfter(win, name.end, at - name.end)) {
        const after = win.text.slice(name.end, at);
        if (/^\s*(?:,\s*(?:\p{Ll}|$)|of\s+\d|$)/u.test(after) || (valueHead(name.quote + after) === name.quote.length && /^,/.test(after)))
            return name;
    }
    return undefined;
}
