// The letterhead's lines read for a name that says its kind ("HAWKSMOOR PARK GOLF CLUB" for
// `club`) and the line of what the business does under the name (split from heuristic-address.ts,
// which reads address blocks and the name over them).
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import { letterheadLine } from './heuristic-address.js';
import type { Span } from './heuristic-spans.js';
import type { LabelHit } from './heuristic-labels.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Whether line `line` stands right under the window's first line of text, a name line: the
 * letterhead's line of what the business does ("OZEV Authorised Installer - NICEIC Approved
 * Contractor", "House & probate clearances - North Somerset & Bristol").
 */
export function taglineLine(win: WindowText, line: number): boolean {
    const above = win.previousTextLine(line);
    // The name may share its line with the document's title ("VOLTLINE EV SOLUTIONS LTD      QUOTATION").
    const name = win.lines[above]?.text.trim().split(/ {2,}|\t/)[0] ?? '';
    // A rule over the name ("~~~~~~~~") is no line of text before it.
    let before = win.previousTextLine(above);
    while (before >= 0 && RULE.test(win.lines[before]!.text)) before = win.previousTextLine(before);
    return above >= 0 && above === line - 1 && before < 0 && letterheadLine(name);
}

/**
 * The letterhead's name when a name found over the address is the line under it, of what the
 * business does or which part of it writes ("ASHCROFT BELL SOLICITORS" over "Dispute Resolution"
 * over the address): the line above, else the name found.
 */
export function nameOverTagline(win: WindowText, name: Span): Span {
    const line = win.lineOf(name.start);
    // Only a line in lower or title case under a name in capitals, and no name of its own (a legal
    // form ends none): receipts put the shop's trading name over the company's ("CITY MILK" over
    // "R&C VENTURE SDN BHD").
    const words = name.quote.toLowerCase().match(/\p{L}+/gu) ?? [];
    if (!taglineLine(win, line) || capitals(name.quote) || LEGAL_FORMS.has(words.at(-1) ?? '')) return name;
    const above = win.lines[win.previousTextLine(line)]!;
    const cell = above.text.trim().split(/ {2,}|\t/)[0]!;
    if (!capitals(cell)) return name;
    const start = above.start + above.text.indexOf(cell);
    return { start, end: start + cell.length, quote: cell };
}

/** Whether a text's letters are mostly capitals. */
function capitals(t: string): boolean {
    const letters = t.replace(/[^\p{L}]/gu, '');
    return letters.length > 0 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6;
}

/** A line drawn of one mark: "~~~~~", "=====", "-----". */
const RULE = /^\s*([~=_*-])\1{4,}\s*$/;

/**
 * A name line among the window's first lines of text that says the kind of organisation a field's
 * name asks for ("HAWKSMOOR PARK GOLF CLUB" for `club`, "Gemeente Zwolle" for `gemeente`,
 * "Rosehill House Nursing Home" for `care_home`): the letterhead names it, with or without an
 * address under it. `kind` is the name's last word.
 */
export function kindNameLine(win: WindowText, kind: string): Span | undefined {
    const docs = wordsOf(win.locale, 'documentWords');
    let previous: Span | undefined;
    for (
        let l = win.nextTextLine(-1), seen = 0, read = 0;
        l >= 0 && seen < KIND_LINES && read < KIND_LINES * 2;
        l = win.nextTextLine(l), read++
    ) {
        const line = win.lines[l]!;
        // Inside a box's borders ("|   HOLLYBANK BOWLING CLUB    est. 1908   |"); a rule or an empty
        // row is no line of text (and a few lines are read at most, however many rules).
        const inner = line.text.replace(/^\s*\|/, ' ').replace(/\|\s*$/, '');
        if (!/\p{L}/u.test(inner)) continue;
        seen++;
        // Not the line of what the business does under the name ("OZEV Authorised Installer - …"),
        // unless it says the name is the kind asked for: "AquaLab Noord B.V." over "Laboratorium voor
        // water- en milieuanalyse" for `laboratorium` (the kind and "for" head a description).
        if (taglineLine(win, l)) {
            const said = inner.trim().toLowerCase().split(/\s+/);
            if (said[0] === kind && PURPOSE.has(said[1] ?? '') && previous) return previous;
            continue;
        }
        const lead = inner.length - inner.trimStart().length;
        // The name's cell, without a dash's remark ("Zwembad De Wielewaal - Zwemschool").
        const cells = inner.trim().split(/ {2,}|\t| [-–] /);
        // Nor its rating's stars ("Camping & Recreatiepark De Zwarte Dennen ****").
        const cell = cells[0]!.replace(/\s+[*★]+$/u, '');
        // The kind heads the name or ends it ("Gemeente Zwolle", "Village Hall"), not a possessive's ("Traders' Office").
        const words = cell.toLowerCase().match(/\p{L}+(?:'\p{L}*)?/gu) ?? [];
        // A title that starts with the word is no name: "GRANT OF A RIGHT TO PLACE A MEMORIAL BENCH".
        // (Or a compound of it heads the name: "STUKADOORSBEDRIJF R. BAKKER & ZN." for `bedrijf`.)
        const first = words[0] ?? '';
        // "UNIVERSITY OF NORTHBRIDGE", "BANK OF THE WEST" are names: after the link a word or three.
        const linked = wordsOf(win.locale, 'nameLinks').has(words[1] ?? '');
        const ofPlace = linked && words.length >= 3 && words.length <= 5;
        const heads = (first === kind || (first.length >= kind.length + 3 && first.endsWith(kind))) && (!linked || ofPlace);
        // A label of a number or a date is no name ("Grant No.     MHDC/MB/2025/0017"), nor a title ("GARAGE SERVICE REPORT").
        if (wordsOf(win.locale, 'typeWords').has(words.at(-1)?.replace(/'.*$/, '') ?? '') || words.some((w) => docs.has(w))) continue;
        // (Not an article and the kind alone: "THE EMPLOYER" heads a block, it names no one.)
        const own = words.filter((w) => w !== kind && !wordsOf(win.locale, 'stopwords').has(w));
        // (The kind heading it may be written in lower case: "gemeente Emmen".)
        const named = letterheadLine(cell) || (heads && letterheadLine(cell.replace(/^\p{Ll}/u, (c) => c.toUpperCase())));
        if (named && words.length >= 2 && own.length > 0 && (heads || words.at(-1) === kind))
            return { start: line.start + lead, end: line.start + lead + cell.length, quote: cell };
        previous =
            seen === 1 && letterheadLine(cell) && !heads
                ? { start: line.start + lead, end: line.start + lead + cell.length, quote: cell }
                : undefined;
    }
    return undefined;
}

/** Words after a kind that say what it is for ("Laboratorium voor …", "Laboratory for …"), English and Dutch. */
const PURPOSE: ReadonlySet<string> = new Set(['for', 'voor']);

/** The first lines of text read for a name line that says its kind. */
const KIND_LINES = 3;

/** Lines at the head of a window read for an e-mail's sender. */
const SENDER_LINES = 6;
/** "From: Ridgeline Fiber Support <support@ridgelinefiber.net>": the header word, the display name. */
const SENDER = /^[ \t]*(\p{L}+)[ \t]*:[ \t]*"?([^"<>\n@]{2,80}?)"?[ \t]*<[^<>\s@]+@[^<>\s]+>[ \t]*$/u;

/**
 * The name an e-mail's sender header gives ("From: Ridgeline Fiber Support <…>", "Van: Kleerkast.nl
 * Klantenservice <…>"): the issuer's, as a letterhead's is, without the department it ends or
 * starts with ("Ridgeline Fiber", "Kleerkast.nl": the profile's `departmentWords`).
 */
export function senderNames(win: WindowText): Span[] {
    const headers = wordsOf(win.locale, 'senderHeaders');
    const departments = wordsOf(win.locale, 'departmentWords');
    for (let l = 0; l < Math.min(win.lines.length, SENDER_LINES); l++) {
        const line = win.lines[l]!;
        const m = SENDER.exec(line.text);
        if (!m || !headers.has(m[1]!.toLowerCase())) continue;
        let name = m[2]!.trim();
        // (A department alone names no business: "Data Protection Office <dataprotection@…>".)
        if (departments.has(name.toLowerCase())) return [];
        let start = line.start + line.text.indexOf(name, m[1]!.length);
        const words = name.split(' ');
        for (let k = 1; k < words.length; k++) {
            const head = words.slice(0, k).join(' ');
            const tail = words.slice(k).join(' ');
            if (departments.has(tail.toLowerCase())) name = head;
            else if (departments.has(head.toLowerCase())) [name, start] = [tail, start + head.length + 1];
            else continue;
            break;
        }
        // (A dash or bar between the department and the name is neither's: "Bookings – The Foundry Rooms".)
        const bare = /^[-–—|·:]?[ \t]*(.*?)[ \t]*[-–—|·:]?$/u.exec(name)![1]!;
        start += name.indexOf(bare);
        return bare ? [{ start, end: start + bare.length, quote: bare }] : [];
    }
    return [];
}

/**
 * The letterhead's name over a line that starts with a label of a role "for" someone:
 * "PARKHURST BLOCK MANAGEMENT LTD" over "Managing agents for …" has the role.
 */
export function taglineHolder(win: WindowText, hit: LabelHit): Span[] {
    const line = win.lines[hit.line]!;
    if (win.text.slice(line.start, hit.start).trim() !== '' || !taglineLine(win, hit.line)) return [];
    const above = win.lines[win.previousTextLine(hit.line)]!;
    const cell = above.text.trim().split(/ {2,}|\t/)[0]!;
    const start = above.start + above.text.indexOf(cell);
    return [{ start, end: start + cell.length, quote: cell }];
}
