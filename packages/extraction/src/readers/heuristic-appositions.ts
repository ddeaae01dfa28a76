// A person named beside their role in running text, for a string field named by the role
// (`penningmeester`, `voorzitter`, `groepsleerkracht`): "de penningmeester, dhr. H. (Harrie)
// Biemans", "door mr. F.J. de Lange, voorzitter,", "mevr. I. Nijhuis (groepsleerkracht groep 8)",
// "my line manager (Mr P. Ainsworth)". A role's label without a colon names no string after it, so
// the name beside it is proposed, as sure as a label in running text; only a name with a title or
// initials first, which is surely a person's.
import { wordsOf } from '../locale/locale-words.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { LabelHit } from './heuristic-labels.js';
import { headBefore } from './heuristic-gaps.js';
import { namePhraseAfter } from './heuristic-names.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Characters between a role and the name beside it at most (", " or " ("). */
const BESIDE = 3;

/** Characters before a role read for the name that ends there. */
const NAME_BEFORE = 60;
/**
 * A person's name ending a text: initials (a given name in brackets after them) or capitalised
 * words ("Evert-Jan"), particles ("in 't"), a surname.
 */
const PERSON_END =
    /(?<![\p{L}.])(?:(?:\p{Lu}\p{Ll}{1,3}\.?[ \t])?(?:\p{Lu}\.){1,4}[ \t](?:\(\p{Lu}\p{Ll}+\)[ \t])?|(?:\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?[ \t]){1,3})(?:(?:van|de|der|den|ter|ten|von|le|la|di|da|du|in|'t|’t)[ \t])*\p{Lu}[\p{L}'’-]+$/u;

/**
 * Whether a name phrase is surely a person's: a title first ("dhr.", "Mrs") or initials first
 * ("F.J."). (Capitalised words alone may be a company's, a job's or a defined term's: "Registered
 * Piano Technician", "Dolby Laboratories Inc. (the Company)".)
 */
function personLike(win: WindowText, name: Span): boolean {
    const first = /^\p{L}+/u.exec(name.quote)?.[0].toLowerCase() ?? '';
    return wordsOf(win.locale, 'personTitles').has(first) || /^(?:\p{Lu}\.){1,4}\s/u.test(name.quote);
}

/** Two or three capitalised words, the last maybe hyphenated: a person's given names and surname. */
const PLAIN_NAME = /^\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\p{Ll}+){0,1}[ \t]\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}\p{Ll}+)?$/u;
/** A plain name with a title before it, letters after it, or both ("Dr Eleri Vaughan MRCVS", "Sister Joanne Fairweather RGN"). */
const TITLED_NAME = new RegExp(
    String.raw`^(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Professor|Sir|Dame|Revd|Rev|Sister|Nurse)\.?[ \t]+)?` +
        PLAIN_NAME.source.slice(1, -1) +
        String.raw`(?:,?[ \t]+\p{Lu}{2,8}(?:\(\p{Lu}{2,4}\))?){0,3}$`,
    'u',
);

/** Whether a role's label follows a possessive on its line ("Your supervisor", "mijn begeleider"). */
function owned(win: WindowText, hit: LabelHit): boolean {
    const previous = win.words[win.wordAt(hit.start) - 1];
    return previous !== undefined && previous.line === hit.line && wordsOf(win.locale, 'possessives').has(previous.norm);
}

/** The person beside one role's label: after it, a comma or a bracket between; before it, a comma or a bracket between. */
export function besideRole(win: WindowText, hit: LabelHit): Span | undefined {
    const text = win.text;
    // The role alone: no capitalised word before it in its phrase ("our Client Care Partner, Mr
    // David Ashcombe" names another partner), none after it ("A. Pennington, Trader Manager").
    const previous = win.words[win.wordAt(hit.start) - 1];
    // (A possessive starting a sentence is none: "Your supervisor, Tyrell Osgood,".)
    const possessive = previous !== undefined && wordsOf(win.locale, 'possessives').has(previous.norm);
    if (previous && previous.line === hit.line && previous.capital && !possessive && /^[ \t]+$/.test(text.slice(previous.end, hit.start)))
        return undefined;
    if (/^[ \t]+\p{Lu}/u.test(text.slice(hit.end, hit.end + 3))) return undefined;
    const after = text.slice(hit.end, hit.end + BESIDE);
    const bracketAfter = /^[ \t]\(/.test(after);
    if (/^,[ \t]/.test(after) || bracketAfter) {
        // (Past a title in lower case and its full stop: "de penningmeester, dhr. H. (Harrie) Biemans".)
        const from = hit.end + (bracketAfter ? 2 : 1);
        const title = /^[ \t]*(\p{Ll}+)\.?(?=[ \t]\p{Lu})/u.exec(text.slice(from, from + 12));
        const titled = title && wordsOf(win.locale, 'personTitles').has(title[1]!) ? title[0].length : 0;
        const name = namePhraseAfter(win, from + titled, 2);
        // (In a bracket, the name fills it: "my line manager (Mr P. Ainsworth)".)
        if (name && personLike(win, name) && (!bracketAfter || text[name.end] === ')')) return name;
        // (Or a name the commas of an apposition close, after a possessive's role: "Your supervisor,
        // Tyrell Osgood, highlighted …"; "our partner, Ashcombe Riley LLP," is no person: a name of
        // two or three capitalised words.)
        if (name && !bracketAfter && !titled && owned(win, hit) && text[name.end] === ',' && PLAIN_NAME.test(name.quote)) return name;
    }
    // (Across a line break too: "door mr. F.J. de Lange," / "voorzitter, bijgestaan door …".)
    const sep = /(?:,\s|[ \t]\()$/.exec(text.slice(Math.max(0, hit.start - BESIDE), hit.start));
    // (After a comma the role ends its phrase, but for where: "dhr. B. Schoonderwoerd, beheerder regio" is a
    // region's manager; "mr. G.A. Brinkman, notaris te Zwolle", "…, notaris met plaats van vestiging Deventer" is the notary.)
    // (Or a bracket after it, a definition's or an aside's: "mw. dr. A. Visscher, stagedocent (hierna: …)".)
    if (
        !sep ||
        (sep[0].startsWith(',') && !/^(?:[,.;)]|[ \t]*$|[ \t]+(?:te|in|at|bij|met)\b|[ \t]\()/mu.test(text.slice(hit.end, hit.end + 6)))
    )
        return undefined;
    const end = hit.start - sep[0].length;
    // (The line's start looked for within the characters read only: a long line has many roles on it.)
    const near = Math.max(0, end - NAME_BEFORE);
    const from = near + text.slice(near, end).lastIndexOf('\n') + 1;
    const m = PERSON_END.exec(text.slice(from, end));
    const name = m ? { start: from + m.index, end, quote: m[0] } : undefined;
    // (A title in lower case before it says a person too: "mr. Evert-Jan Scholte in 't Veld".)
    const title = name && /(\p{Ll}{1,4})\.[ \t]$/u.exec(text.slice(Math.max(from, name.start - 6), name.start));
    // (So does a list's cell the name starts, after its label: "Aanwezig:    Marieke de Graaf (voorzitter, oudergeleding)".)
    const listed = name !== undefined && /\s/.test(name.quote) && LISTED_BEFORE.test(text.slice(from, name.start));
    return name && (personLike(win, name) || listed || (title && wordsOf(win.locale, 'personTitles').has(title[1]!))) ? name : undefined;
}

/**
 * A person's name on the line over a role in lower case that starts its line, as Dutch signatures
 * write it ("drs. M.A. Grotenhuis" / "sportarts, BIG 69051827204"): a title in lower case or
 * initials first, then names, particles and a surname, alone on the line.
 */
const NAME_OVER_ROLE =
    /^[ \t]*((?:\p{Ll}{1,4}\.[ \t]+){0,2}(?:\p{Lu}\.){1,4}[ \t]*(?:(?:van|de|der|den|ter|ten|in|'t|’t)[ \t]+)*\p{Lu}[\p{L}'’-]+|(?:\p{Ll}{1,4}\.[ \t]+){1,2}\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,3})[ \t]*$/u;

function nameOverRole(win: WindowText, hit: LabelHit): Span | undefined {
    const line = win.lines[hit.line]!;
    const role = win.text.slice(hit.start, hit.end);
    if (
        !/^\p{Ll}/u.test(role) ||
        win.text.slice(line.start, hit.start).trim() !== '' ||
        !/^(?:,|[ \t]*$)/.test(win.text.slice(hit.end, line.end))
    )
        return undefined;
    const above = win.lines[hit.line - 1];
    const m = above && above.text.length <= NAME_BEFORE ? NAME_OVER_ROLE.exec(above.text) : null;
    if (!m) return undefined;
    const start = above!.start + m[0].indexOf(m[1]!);
    return { start, end: start + m[1]!.length, quote: m[1]! };
}

/**
 * What stands before a name that starts a list's cell: a label of a word or two and its colon
 * ("Aanwezig:   "), or the list's indent under it (eight spaces or more, or a tab).
 */
const LISTED_BEFORE = /^(?:[ \t]*\p{L}+(?: \p{L}+)?:[ \t]+| {8,}|\t+)$/u;

/** Words in title case before a role on its line at most: a grade ("Senior", "Chief"). */
const ROLE_LEAD = /^[ \t]*(?:\p{Lu}\p{Ll}+[ \t]+){0,2}$/u;

/**
 * A person's name alone on the line over a role in title case that starts its line, maybe after a
 * grade ("Michael Oyelaran" / "Senior Claims Handler, Aldgate Mutual Home Insurance"): a signature,
 * whose name is the role's; what follows the role's comma is the employer.
 */
export function nameOverTitledRole(win: WindowText, hit: LabelHit): Span | undefined {
    const line = win.lines[hit.line]!;
    if (!/^\p{Lu}/u.test(win.text.slice(hit.start, hit.end)) || !/^(?:,|[ \t]*$)/.test(win.text.slice(hit.end, line.end))) return undefined;
    const above = win.lines[hit.line - 1];
    if (!above || stackedForm(win, hit.line)) return undefined;
    // (The line's head folded and cached, 24 characters at most: a regex over a long indent backtracks.)
    if (!ROLE_LEAD.test(headBefore(win, hit.line, hit.start, 24) ?? 'x')) return nameOverColumnRole(win, hit, above);
    if (above.text.length > NAME_BEFORE) return undefined;
    const name = TITLED_NAME.test(above.text.trim()) ? above.text.trim() : NAME_OVER_ROLE.exec(above.text)?.[1];
    if (!name) return undefined;
    const start = above.start + above.text.indexOf(name);
    return { start, end: start + name.length, quote: name };
}

/** A role's cell after another column's: a gap of three or more, then a grade at most before the role. */
const COLUMN_ROLE = /\S[ \t]{3,}((?:\p{Lu}\p{Ll}+[ \t]+){0,2})$/u;
/** Characters read back from a role for its column's start. */
const COLUMN_LEAD = 80;

/**
 * A signer's name over a role in a row of signatures, each in its column ("J. van Leeuwen        A.
 * Kowalczyk" / "Bargemaster, MTB …        Chief Engineer, MV NORDIC TERN"): the cell of the line
 * above that starts at the role's column, a titled or initialled name alone in it.
 */
function nameOverColumnRole(win: WindowText, hit: LabelHit, above: { start: number; text: string }): Span | undefined {
    const line = win.lines[hit.line]!;
    const lead = COLUMN_ROLE.exec(win.text.slice(Math.max(line.start, hit.start - COLUMN_LEAD), hit.start));
    if (!lead) return undefined;
    const column = hit.start - lead[1]!.length - line.start;
    // (The three characters before the column only: the line above may be long.)
    const gapBefore = column === 0 || /^[ \t]{3}$/.test(above.text.slice(column - 3, column));
    if (column >= above.text.length || !gapBefore || /\s/.test(above.text[column]!)) return undefined;
    const cell = /^\S+(?: \S+)*/.exec(above.text.slice(column, column + NAME_BEFORE))![0];
    const name = TITLED_NAME.test(cell) ? cell : NAME_OVER_ROLE.exec(cell)?.[1];
    if (!name) return undefined;
    const start = above.start + column + cell.indexOf(name);
    return { start, end: start + name.length, quote: name };
}

/** A label alone on its line: a few words, capitalised first, no figure, no closing punctuation ("Tenant", "Reported by"). */
const LONE_LABEL = /^[ \t]*\p{Lu}[\p{L}'’/-]*(?:[ \t]+[\p{L}'’/-]+){0,3}[ \t]*$/u;

/**
 * Whether a role's line stands in a form of labels over their values, not under a signature's
 * name: the line over the name above it is a label alone ("Tenant" / "Ms Rosa Klein" / "Landlord" /
 * "Mr Colin Barr"), or a titled or initialled person's name stands under the role. A signature has a
 * closing or nothing over the name, and a company or nothing under the role.
 */
export function stackedForm(win: WindowText, roleLine: number): boolean {
    const over = win.lines[roleLine - 2];
    const under = win.lines[roleLine + 1];
    return (
        (over !== undefined && over.text.length <= 40 && LONE_LABEL.test(over.text)) ||
        // (A titled or initialled name under it: a company's name is no person's, "Brookfield Residents Association".)
        (under !== undefined && under.text.length <= NAME_BEFORE && NAME_OVER_ROLE.test(under.text))
    );
}

/** A list item's start: a dash or a bullet opening its line. */
const ITEM_START = /(?:^|\n)[ \t]*[-•*–][ \t]+/g;
/** The titled name an item starts with, before its comma: "mevrouw Geertruida Maria Oldenkamp,", "de heer Sander Pieter Hulshof,". */
const ITEM_NAME =
    /^(?:de heer|mevrouw|mevr\.|dhr\.|mw\.|mr\.|mrs?\.?|ms\.?|miss)[ \t]+(\p{Lu}[\p{L}'’-]+(?:[ \t]+(?:\p{Lu}[\p{L}'’-]+|el|van|de|der|den|ter|ten|in|'t|’t)){0,5}),/iu;
/** Characters of a list item read back from its role. */
const ITEM_BEFORE = 160;

/**
 * The person a list item names who is appointed "as" the role that ends it ("- mevrouw Geertruida
 * Maria Oldenkamp, voornoemd, als voorzitter;", "- de heer Sander Pieter Hulshof, geboren … ,
 * als secretaris;"): the titled name the item starts with.
 */
function listedAs(win: WindowText, hit: LabelHit): Span | undefined {
    const text = win.text;
    const from = Math.max(0, hit.start - ITEM_BEFORE);
    const before = text.slice(from, hit.start);
    if (!/(?:^|\s)(?:als|as)[ \t\n]+$/u.test(before) || !/^(?:[;.,]|[ \t]*(?:\n|$))/.test(text.slice(hit.end, hit.end + 2)))
        return undefined;
    let at = -1;
    for (const m of before.matchAll(ITEM_START)) at = m.index + m[0].length;
    if (at < 0) return undefined;
    const m = ITEM_NAME.exec(before.slice(at));
    if (!m) return undefined;
    const start = from + at + m[0].indexOf(m[1]!);
    return { start, end: start + m[1]!.length, quote: m[1]! };
}

/** Characters before a role read for the appointment that names it. */
const APPOINTED_BEFORE = 120;
/** A word of a name: capitalised ("LLP", "O'Neill-Smith"), or a joining word. */
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'’&.-]*|&|and|of|van|de|der|en)`;
/**
 * A verb of appointing, the name appointed (capitalised first and last), and "as" right before the
 * role: "To re-appoint Forbes Watson LLP as auditor", "benoemt mevrouw … tot voorzitter".
 */
const APPOINTED = new RegExp(
    String.raw`(?<![\p{L}])(?:[Rr]e-?appoint|[Aa]ppoint|[Rr]e-?elect|[Ee]lect|[Dd]esignate|[Nn]ominate|(?:[Hh]er)?[Bb]enoem(?:en|t|d)?)[ \t\n]+` +
        String.raw`(\p{Lu}[\p{L}'’&.-]*(?:[ \t]+${NAME_WORD}){0,6})[ \t\n]+(?:as|als|tot)[ \t\n]+(?:the[ \t]+|de[ \t]+)?$`,
    'u',
);

/**
 * The name a sentence appoints as the field's role, the role's word right after "as" ("To
 * re-appoint Forbes Watson LLP as auditor of the Company" for `auditor_name`). The name ends with a
 * capitalised word.
 */
function appointedAs(win: WindowText, hit: LabelHit): Span | undefined {
    const from = Math.max(0, hit.start - APPOINTED_BEFORE);
    const m = APPOINTED.exec(win.text.slice(from, hit.start));
    if (!m) return undefined;
    const quote = m[1]!.replace(/(?:[ \t]+(?:&|and|of|van|de|der|en))+$/u, '');
    if (!/\p{Lu}[\p{L}'’.-]*$/u.test(quote)) return undefined;
    const start = from + m.index + m[0].indexOf(m[1]!);
    return { start, end: start + quote.length, quote };
}

/** Characters before a kind's word read for the name it ends. */
const KIND_BEFORE = 60;
/** Capitalised words (two to four, "&" and "of" between) ending a text, after a word in lower case: a name before its kind. */
const NAME_BEFORE_KIND = /(?<=\p{Ll}[ \t]+)(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|&|of)){1,3})[ \t]+$/u;

/**
 * The name that a field's kind, in lower case in running text, ends ("in our Fleet Operations
 * department" for `department`): two capitalised words or more right before the word, after a word
 * in lower case (not a sentence's first word); only a part of an organisation or a kind of one
 * (the profile's `unitWords`, `organisationWords`).
 */
function beforeKind(win: WindowText, hit: LabelHit): Span | undefined {
    const text = win.text;
    const word = text.slice(hit.start, hit.end);
    const kinds = [wordsOf(win.locale, 'unitWords'), wordsOf(win.locale, 'organisationWords')];
    if (!/^\p{Ll}/u.test(word) || !kinds.some((k) => k.has(word))) return undefined;
    const from = Math.max(0, hit.start - KIND_BEFORE);
    const m = NAME_BEFORE_KIND.exec(text.slice(from, hit.start));
    if (!m || / (?:&|of)$/.test(m[1]!)) return undefined;
    const start = from + m.index;
    return { start, end: start + m[1]!.length, quote: m[1]! };
}

/** A kind's word in capitals first, "of" or "for", then capitalised words (a connector between): a name its kind heads. */
const KIND_OF_NAME =
    /^(?:of|for|voor|van)[ \t]+(?:the[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|&|and|en)){0,3}(?<![ \t](?:&|and|en))/u;

/**
 * The name a field's kind heads, the kind capitalised ("Doctor of Philosophy (PhD), School of
 * Chemistry" for `school`, "Faculty of Law", "Department for Education"): the kind and what follows.
 */
function kindOfName(win: WindowText, hit: LabelHit): Span | undefined {
    const text = win.text;
    const word = text.slice(hit.start, hit.end);
    const kinds = [wordsOf(win.locale, 'unitWords'), wordsOf(win.locale, 'organisationWords')];
    if (!/^\p{Lu}\p{Ll}/u.test(word) || !kinds.some((k) => k.has(word.toLowerCase()))) return undefined;
    const m = text[hit.end] === ' ' ? KIND_OF_NAME.exec(text.slice(hit.end + 1, hit.end + 1 + KIND_BEFORE)) : null;
    if (!m) return undefined;
    const end = hit.end + 1 + m[0].length;
    // (Not another label's value, nor one after an article in running text, nor a label itself:
    // "Parent occupation: Lecturer, School of Nursing", "from the Department for Work and Pensions",
    // "Unit of Measure:".)
    const line = win.lines[hit.line]!;
    const before = text.slice(Math.max(line.start, hit.start - KIND_BEFORE), hit.start);
    if (before.includes(':') || /(?:^|[^\p{L}])(?:the|de|het)[ \t]+$/iu.test(before) || /^[ \t]*:/.test(text.slice(end, end + 4)))
        return undefined;
    return { start: hit.start, end, quote: text.slice(hit.start, end) };
}

/** The people beside the field's role in running text, as candidates of the field. */
export function appositionScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { input, win, field, type, hits } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined) return [];
    const out: Scored[] = [];
    for (const hit of hits) {
        // (A word of the name too, when the appointment says the role: `auditor_name`.)
        if (hit.kind !== 'name' && hit.kind !== 'hint' && hit.kind !== 'name-word') continue;
        const appointed = appointedAs(win, hit);
        if (hit.kind === 'name-word' && !appointed) continue;
        const person =
            appointed ??
            besideRole(win, hit) ??
            (hit.kind === 'name' ? (nameOverRole(win, hit) ?? nameOverTitledRole(win, hit) ?? listedAs(win, hit)) : undefined);
        // (A kind's word in lower case after the name it ends: "our Fleet Operations department".)
        // (Or a name its kind heads: "School of Chemistry" for `school`.)
        const kind = person || hit.kind !== 'name' || hit.length !== 1 ? undefined : (beforeKind(win, hit) ?? kindOfName(win, hit));
        const name = person ?? kind;
        const parsed = name && fits(name) ? parseQuote(type, name.quote, input.language) : undefined;
        if (!name || !parsed) continue;
        const context = hit.weight * (person ? LABEL.inRunningText : LABEL.qualifiedByWord);
        const early = 1 - (input.offset + name.start) / Math.max(1, input.documentLength);
        out.push({ field: field.id, span: name, parsed, score: context, features: { context, early } });
    }
    return out;
}
