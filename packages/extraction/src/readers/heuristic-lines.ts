// A label's line and the lines about it, for string values: where a value on the line ends (the
// next column's label), whether the line is a row of column labels and which cell of the next line
// stands under a label, the head of a value before what is said of it, and the text a value keeps.
import type { RE2JS } from 're2js';
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import type { LabelHit } from './heuristic-labels.js';
import { cellColumns } from './heuristic-rows.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/** A wide gap (three spaces or a tab) before another label ("Invoice: 2041", "First name(s):") ends a column. */
const NEXT_COLUMN = /(?: {3,}|\t| {2}(?=\p{Lu}))[ \t]*[\p{L}][\p{L}\p{N} .#/()-]{0,30}:/u;

/**
 * Where a value that starts at `start` ends on its line: before the next column's label, if any,
 * and at a wide gap after its first cell when that cell holds a digit (a code or a number goes on
 * in no other cell: "Case Number:  SCV-25-004187          FILED") or the next cell starts with no
 * letter ("Patient: Emily Kowalczyk   (DOB 06/14/2012)"); a name may keep words a wide gap apart
 * ("Sold To: Globex     Corporation").
 */
export function columnEnd(text: string, start: number, end: number): number {
    const rest = text.slice(start, end);
    const m = NEXT_COLUMN.exec(rest);
    const stop = m ? m.index : rest.length;
    const first = rest.search(/\S/);
    const gap = first < 0 ? -1 : rest.slice(first, stop).search(/ {3}|\t/);
    if (gap < 0) return start + stop;
    const cell = rest.slice(first, first + gap);
    const after = rest.slice(first + gap, stop).trimStart();
    // Nor does a name go on into a cell with a figure, an address or a word in lower case
    // ("Contact: Naomi Castellanos,     Thursday, March 6, 2025", "Ms Hannah Okafor     h.okafor@mailbox.org").
    const nextCell = after.split(/ {3}|\t/)[0]!;
    return start + (/\d/.test(cell) || /^[^\p{L}]/u.test(after) || /[\d@]|^\p{Ll}/u.test(nextCell) ? first + gap : stop);
}
/** A label of its own at the start of a text: a few words and a colon. */
const LABEL_AHEAD_CHARS = 32;
const LABEL_AHEAD = /^[\p{L}\p{N} .'’/&-]{0,30}:/u;
/** A label and a wide gap before a column's label on its line ("Vendor:          Ship to:", "BILL TO      SHIP TO"). */
/** Characters before a label read for another label before it (LABEL_BEFORE: at most 30 and a gap). */
export const LABEL_BEFORE_CHARS = 64;
export const LABEL_BEFORE = /^\s*[\p{L}\p{N} .'’/&-]{1,30}:?(?: {2,}|\t)\s*$/u;

/**
 * A sentence's end: not the full stop of an initial ("R.A. (Rob) Smits") nor of a title before a
 * name ("Dhr. R.J. Veldkamp", "Mr. Tobias Renner", "Mevr. drs. A. de Boer", "fam. J.H. ter Horst",
 * "Capt. Hamish MacRury"), nor of a bracketed number's abbreviation before its figure ("Brackwell Estates
 * (No. 4) Limited").
 */
export const SENTENCE_END =
    /(?<!(?:^|[\s.])\p{Lu})(?<!(?:^|[\s.(])(?:[Mm]rs?|[Mm]s|[Dd]rs?|[Pp]rof|[Dd]hr|[Mm]evr|[Mm]w|[Ii]ng|[Ii]r|[Ff]am|[Cc]apt|[Rr]evd?|[Cc]llr|[Ss]gt))(?:(?<!\([Nn][or])[.;!?]\s(?!\d)|[;!?]\s|(?<!\([Nn][or])\.\s)/u;

/** Whether a word is written in capitals only ("THE", not "The" or "De"). */
export function allCaps(word: string): boolean {
    return word === word.toUpperCase() && word !== word.toLowerCase();
}

/**
 * Whether a line is a row of column labels: two cells or more, each of one to four words without
 * digits, written in capitals ("BILL TO                SHIP TO"), or three or more over a row of
 * as many cells (`below`: the next line) that holds figures, or two over two blocks side by side
 * (`further`: the block's lines after `below`, read only when needed).
 */
export function headerRow(line: string, below = '', further: () => readonly string[] = () => []): boolean {
    // A row of labels is short; a long line is read once per label on it, so it is not split.
    if (line.length > SHORT_LINE || below.length > SHORT_LINE) return false;
    const cells = cellColumns(line);
    const texts = cells.map((c) => line.slice(c.start, c.start + (c.to - c.from)));
    if (cells.length < 2 || !texts.every((t) => !/\d/.test(t) && t.split(' ').length <= 4)) return false;
    // A label with its colon before a cell that is none is a row of label–value pairs
    // ("Customer:   Halvorsen Marine Supply Co.   Name:   Dana Whitfield"), not of column labels.
    if (texts.some((t, i) => t.endsWith(':') && i + 1 < texts.length && !texts[i + 1]!.endsWith(':'))) return false;
    // So is a colon set apart from its label, starting the value's cell ("PASSENGER NAME   : CHEN/WEILING MS").
    if (texts.some((t, i) => i > 0 && /^[:=]/.test(t) && (t.length > 1 || i + 1 < texts.length))) return false;
    if (texts.every((t) => allCaps(t.replace(/:$/, '')))) return true;
    // In title case, a row of three labels or more over a row of as many cells with figures
    // ("Factuurnummer   Factuurdatum   Bedrag" over "F-2024-0315   12-05-2024   € 486,40").
    const row = cellColumns(below);
    if (cells.length >= 3) return row.length === cells.length && /\d/.test(below);
    // Two labels over two values in their columns, the first a figure or code ("Vehicle registration
    // mark   Make and model" over "FN16 UWT   FORD FIESTA ZETEC"); a row of label–value pairs has a
    // label there ("Name   Jane Doe" over "Phone   0113 274 8810").
    const aligned = (r: ReturnType<typeof cellColumns>): boolean =>
        r.length === 2 && r.every((c, k) => Math.abs(c.from - cells[k]!.from) <= 2);
    const firstHasDigit = (text: string, r: ReturnType<typeof cellColumns>): boolean =>
        /\d/.test(text.slice(r[0]!.start, r[0]!.start + (r[0]!.to - r[0]!.from)));
    if (aligned(row) && firstHasDigit(below, row)) return true;
    // Two blocks side by side, each under its label ("Customer   Installation address" over a name
    // and an address in each column): the lines under them stay in both columns and the first
    // column's address has a figure, as no column of labels has. The second column may hold pairs
    // of its own ("Account" over "Acct No:     CK-2207").
    const blocks = (r: ReturnType<typeof cellColumns>): boolean => r.length >= 2 && aligned(r.slice(0, 2));
    if (!blocks(row)) return false;
    const rows = further().map((l) => [l, cellColumns(l)] as const);
    return rows.length >= 2 && rows.every(([, r]) => blocks(r)) && rows.some(([l, r]) => firstHasDigit(l, r));
}

/** A list's number before a label on its line: "1.", "12)", "(3)", "a.", "(b)". */
const LIST_NUMBER = /^(?:\(?(?:\d{1,2}|[a-z])[.)]|\((?:\d{1,2}|[a-z])\))$/;
/** A cell that reads as a label: one to four words, no digit. */
const labelCell = (t: string): boolean => !/\d/.test(t) && t.split(' ').length <= 4;

/**
 * The value cell of a label in a row of label–value pairs, as [start, end) on the line: the label
 * fills its cell, and the cells after it pair up ("Sort code   40-22-17   Account number   61839204",
 * "1.  Landlord      CALDER VALE PROPERTIES LIMITED …", "Mevrouw A. de Boer   Dagtekening   28
 * februari 2025"). Not in a table's header row: with more than one pair after the label, every
 * label cell reads as one and a value cell has a digit; a last pair after other cells needs a digit
 * too, unless only a list's number stands before the label ("Date   Tooth   Provider   Fee" pairs
 * nothing). `at`, `end`: the label on the line.
 */
/** A cell that holds a number's label and the number ("Member   J. & A. Thurlow   Member no. M-10338"). */
const NUMBERED_CELL = /^\p{L}[\p{L}.' ]{0,30}?(?:[:#]|\bno\.?|\bnr\.?)[ \t]*[\p{L}\d-]*\d[\p{L}\d-]*$/iu;

export function pairedCell(line: string, at: number, end: number): [number, number] | undefined {
    if (line.length > SHORT_LINE) return undefined;
    const cells = cellColumns(line);
    const k = cells.findIndex((c) => c.start === at);
    const text = (c: (typeof cells)[number]): string => line.slice(c.start, c.start + (c.to - c.from));
    // An odd cell after the pair, when the label starts the line and its value has a figure ("Certificate
    // number     PMS-C-2025-11482     Page 1 of 2") or the odd cell is a number's pair (NUMBERED_CELL).
    const odd = k >= 0 && (cells.length - k) % 2 !== 0;
    const third = k === 0 && cells.length === 3 && (/\d/.test(text(cells[1]!)) || NUMBERED_CELL.test(text(cells[2]!)));
    if (k < 0 || (odd && !third)) return undefined;
    if (!/^[\s:.#]*$/.test(line.slice(end, cells[k]!.start + (cells[k]!.to - cells[k]!.from)))) return undefined;
    const value = cells[k + 1]!;
    // A clause's heading and its first sentence ("23.   Governing Law.   This Agreement shall be
    // governed …") are no label and value: a value is short and no sentence.
    const said = text(value);
    // (An abbreviation's stop in a bracket ends no sentence: "Winter wheat (cv. Harlow)".)
    const unbracketed = said.replace(/\([^()]*\)/g, '');
    if (said.length > 80 || SENTENCE_END.test(unbracketed) || (said.split(' ').length > 8 && said.endsWith('.'))) return undefined;
    const alternatesFrom = (from: number): boolean => {
        const row = cells.slice(from);
        return row.every((c, i) => i % 2 === 1 || labelCell(text(c))) && row.some((c, i) => i % 2 === 1 && /\d/.test(text(c)));
    };
    const alternating = alternatesFrom(k) || (k % 2 === 0 && alternatesFrom(0));
    const alone = k === 0 || (k === 1 && LIST_NUMBER.test(text(cells[0]!)));
    const ok = odd || (cells.length - k > 2 ? alternating : alone || /\d/.test(text(value)) || alternating);
    return ok ? [value.start, value.start + (value.to - value.from)] : undefined;
}

/** A line's characters at most for the layouts read from its cells: each label on a line looks at it, so longer lines are never split. */
export const SHORT_LINE = 240;

/**
 * The value under a label alone on its line ("Name:" or the field's own name): the next line; under
 * one of a row of column labels (`headed`): its cell of the next line.
 */
export function valueBelow(win: WindowText, hit: LabelHit, headed: boolean, re: RE2JS | undefined, bareName = false): Span | undefined {
    let next = win.nextTextLine(hit.line);
    if (next < 0 || next - hit.line > 2) return undefined;
    // A heading over a name's label alone on its line reads the line under the label ("Gegevens
    // ouder/verzorger (contractant)" over "Naam" over "    mevrouw M.E. van Leeuwen-Bos").
    const under = headed ? -1 : win.nextTextLine(next);
    if (under === next + 1 && nameLabel(win, win.lines[next]!.text.trim().toLowerCase())) next = under;
    const nl = win.lines[next]!;
    const indent = nl.start + (nl.text.length - nl.text.trimStart().length);
    let [from, to] = (headed ? cellUnder(win, hit, next) : undefined) ?? (headed ? [0, 0] : firstCell(win, next));
    // A first cell that repeats the heading's word, ends with a colon or says "name", is the label
    // of the cell after it ("Abonnement" over "Abonnementsvorm       All-in Plus (alle clubs, …)",
    // "BUYER" over "Name:   Mr. Tobias Renner", "SWIMMER" over "Name      Oliver Hollings").
    const heading = win.text.slice(hit.start, hit.end).toLowerCase();
    const first = win.text.slice(from, to).trim().toLowerCase();
    // (But a form's empty field over the next field's line is no heading of it: "Tweede nationaliteit:" /
    // "BSN:   (wordt door de gemeente ingevuld)".)
    const emptyField = /^[ \t]*[:=][ \t]*$/.test(win.text.slice(hit.end, win.lines[hit.line]!.end));
    // (Read from the indent, 43 characters: a regex from the line's start would backtrack over a long
    // indent. A web address's scheme is no label: "Website:" / "https://…".)
    const nextLabel = emptyField
        ? /^([^:\n]{1,40}):(?!\/\/)/
              .exec(win.text.slice(indent, Math.min(nl.end, indent + 43)))?.[1]
              ?.trim()
              .toLowerCase()
        : undefined;
    if (nextLabel !== undefined && !nextLabel.startsWith(heading) && !nameLabel(win, nextLabel)) return undefined;
    if (!headed && to < nl.end && (first.startsWith(heading) || first.endsWith(':') || nameLabel(win, first)))
        [from, to] = nextCell(win, next, to);
    let v = to <= from ? undefined : re ? shortestMatch(win.text, Math.max(from, indent), to, re) : trimValue(win.text, from, to);
    // Without hints, a heading over a labelled line ("VESSEL" over "Name: SEA ANEMONE II"): the
    // value after its label. (With hints this moved receipts' candidates, and the ranker's data.)
    const inner = v && !re && bareName ? /^[\p{L}][\p{L} .'/-]{0,20}?(?::|\s\.{3,})\s*/u.exec(v.quote) : null;
    if (v && inner && inner[0].length < v.quote.length) v = trimValue(win.text, v.start + inner[0].length, v.end);
    return v && v.quote.length <= 120 ? v : undefined;
}

/** Whether a cell (in lower case) is a label of a name: "name", "first name", Dutch "voornaam". */
export function nameLabel(win: WindowText, cell: string): boolean {
    const words = cell.split(' ');
    const last = words[words.length - 1]!;
    if (words.length > 3) return false;
    for (const w of wordsOf(win.locale, 'nameWords')) if (last.endsWith(w)) return true;
    return false;
}

/** The cell of line `row` after position `at` (a wide gap or a tab parts cells), to the next gap or the line's end. */
function nextCell(win: WindowText, row: number, at: number): [number, number] {
    const line = win.lines[row]!;
    const rest = win.text.slice(at, line.end);
    const start = at + rest.search(/\S|$/);
    const gap = win.text.slice(start, line.end).search(/ {3}|\t/);
    return [start, gap < 0 ? line.end : start + gap];
}

/**
 * The line under a label alone on its line, or its first cell when a gap of three spaces or more
 * parts it ("PASSENGER" over "OKONKWO/ADAEZE MS        Adult        Frequent flyer: …").
 */
function firstCell(win: WindowText, row: number): [number, number] {
    const line = win.lines[row]!;
    if (line.text.length > SHORT_LINE) return [line.start, line.end];
    const first = line.text.search(/\S/);
    const gap = first < 0 ? -1 : line.text.slice(first).search(/ {3}|\t/);
    return gap < 0 ? [line.start, line.end] : [line.start, line.start + first + gap];
}

/** How much a value's head is preferred to the whole rest of its line. */
export const HEAD_PREFERRED = 1.05;
/** Whether the text at `start` (to `end`) is a label of its own: a few words and a colon. */
export function labelAhead(text: string, start: number, end: number): boolean {
    return LABEL_AHEAD.test(text.slice(start, Math.min(end, start + LABEL_AHEAD_CHARS)));
}

/** A label, its colon and the gap before its value, at a line's start ("Creator:             "). */
const LABEL_GAP = /^[ \t]*\p{L}[^:\n]{0,30}:[ \t]+(?=\S)/u;

/**
 * Whether the value of the line above or below a label's line starts in the column `at` starts in
 * ("Project:   Tidewater: A Cooperative Board Game" over "Creator:   Saltmarsh Games LLC"): what
 * stands there is a value, whatever colon it holds, not the next column's label.
 */
export function valueColumn(win: WindowText, row: number, at: number): boolean {
    const col = at - win.lines[row]!.start;
    return [win.previousTextLine(row), win.nextTextLine(row)].some(
        (r) => r >= 0 && Math.abs(r - row) <= 2 && LABEL_GAP.exec(win.lines[r]!.text)?.[0].length === col,
    );
}

/**
 * The cell of line `row` that stands under the label's cell: its left edge within two columns (tabs
 * expanded), or the same place in a row of as many cells (tab-separated cells seldom line up):
 * [start, end) in the text, or undefined when no cell does.
 */
function cellUnder(win: WindowText, hit: LabelHit, row: number): [number, number] | undefined {
    const line = win.lines[hit.line]!;
    const at = hit.start - line.start;
    const header = cellColumns(line.text);
    const k = header.findIndex((c) => c.start <= at && at <= c.start + (c.to - c.from));
    const below = win.lines[row]!;
    const cells = cellColumns(below.text);
    let v =
        k < 0
            ? undefined
            : (cells.find((c) => Math.abs(c.from - header[k]!.from) <= 2) ?? (cells.length === header.length ? cells[k] : undefined));
    // A label and its value under one heading ("PATIENT" over "Name:    WHITAKER, JOANNE M", "RENTER"
    // over "Name       HOLLOWAY, MARCUS D"): the value is the next cell, when it starts before the
    // next heading's column.
    const after = v && cells[cells.indexOf(v) + 1];
    const nextHead = header[k + 1];
    const text = (c: (typeof cells)[number]): string => below.text.slice(c.start, c.start + (c.to - c.from));
    if (v && after && (!nextHead || after.from < nextHead.from - 2) && labelCell(text(v).replace(/[:#]$/, ''))) v = after;
    return v ? [below.start + v.start, below.start + v.start + (v.to - v.from)] : undefined;
}
/** Words written with a full stop that ends no sentence, besides legal forms: "Jr.", "St.", "Bros.". */
const ABBREVIATIONS = new Set(['jr', 'sr', 'st', 'dr', 'mr', 'mrs', 'ms', 'bros', 'no', 'nr', 'zn', 'gebr', 'fa']);

/**
 * Whether a value's final full stop is its last word's: an initial or a dotted abbreviation ("R.A.",
 * "B.V."), a legal form abbreviated ("Inc.", "Ltd.", not "Corporation.") or a known abbreviation — not a sentence's ("Ohio.").
 */
/** Characters at the end of a value read for its last word ("U.S.A.", "Bros."). */
const ABBREVIATION_TAIL = 16;

function abbreviated(value: string): boolean {
    // Only the value's last few characters: an expression anchored at the end would try every start
    // of a long value (30,000 letters and " b." took 2 s).
    const tail = value.slice(-ABBREVIATION_TAIL);
    const last = /(?:\p{L}+\.)*\p{L}+\.$/u.exec(tail.slice(tail.search(/\S*$/)))?.[0] ?? '';
    const word = last.slice(0, -1).toLowerCase();
    return word.length === 1 || word.includes('.') || (word.length <= 4 && LEGAL_FORMS.has(word)) || ABBREVIATIONS.has(word);
}

/** An opening quote mark and the mark that closes it. */
const CLOSING_QUOTES = new Map([
    ['"', '"'],
    ['“', '”'],
    ["'", "'"],
    ['‘', '’'],
]);

/**
 * A value that starts with another of its field's labels and a wide gap is the rest after the gap:
 * ":50:  APPLICANT   MINERA QUEBRADA ALTA SPA" for the hints ":50:" and "Applicant"; so is one that
 * starts with its label, a number and a spaced dash ("Reviewer 2 - Dr Ingrid Solheim"). `labels`:
 * the field's label hits' texts, in lower case.
 */
export function withoutOwnLabel(text: string, v: Span | undefined, labels: ReadonlySet<string>): Span | undefined {
    const head = v && /^(\S[^\n]{0,40}?)(?: {2,}|\t)\s*(?=\S)/.exec(v.quote);
    if (head && labels.has(head[1]!.toLowerCase())) return trimValue(text, v.start + head[0].length, v.end);
    // (Or the label numbered and a spaced dash: "Reviewer:   Reviewer 2 - Dr Ingrid Solheim".)
    // (Only before a person's name, titled or initialled: "Ward 7 - Cardiology" is the ward's whole name.)
    const numbered =
        v &&
        /^(\p{L}[\p{L} ]{0,30}?) #?\d{1,3} [-–—] (?=(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Professor|Sir|Dame|Revd?|dhr|mw|mevr)\.? \p{Lu}|(?:\p{Lu}\.){1,4} ?\p{Lu})/u.exec(
            v.quote,
        );
    return numbered && labels.has(numbered[1]!.toLowerCase()) ? trimValue(text, v.start + numbered[0].length, v.end) : v;
}

export function trimValue(text: string, start: number, end: number): Span | undefined {
    let s = start;
    let e = end;
    // (A box's border, "| Licensed address:  Flat 6, … South, |", is no part of the value either,
    // nor a rating's or a footnote's stars after it: "… De Zwarte Dennen ****".)
    // (Nor a certificate's ornaments around a name: "~ BRITISH SHOTOKAN KARATE FEDERATION ~", "• Name •".)
    while (s < e && /[\s,;:("“'‘\-–—|~•·★☆*]/.test(text[s]!)) {
        // An area code's bracket opens a telephone number: "(312) 555-0148".
        if (text[s] === '(' && /^\(\d{2,5}\)[ \t]?\d/.test(text.slice(s, Math.min(e, s + 9)))) break;
        s++;
    }
    // A row's number in a cell of its own before a name ("  1  Mrs Niamh Brennock   Adult").
    const index = /^\d{1,3}[.)]?[ \t]{2,}(?=\p{L})/u.exec(text.slice(s, Math.min(e, s + 12)));
    if (index) s += index[0].length;
    while (e > s && /[\s,;:)"”'’\-–—|*★☆~•·]/.test(text[e - 1]!)) {
        // A closing bracket that closes an opening one inside the value stays.
        if (text[e - 1] === ')' && text.slice(s, e).includes('(')) break;
        e--;
    }
    // A quoted value and an aside after it: "Priya" (name badge).
    const close = s > start ? CLOSING_QUOTES.get(text[s - 1]!) : undefined;
    const closed = close === undefined ? -1 : text.indexOf(close, s);
    if (closed > s && closed < e && /^[ \t]*\([^()\n]*\)$/.test(text.slice(closed + 1, e))) e = closed;
    // A final full stop ends the sentence unless it ends an abbreviation ("Inc.", "B.V.").
    if (e > s && text[e - 1] === '.' && !abbreviated(text.slice(s, e))) e--;
    // A blank to fill in ("______", "........") is no value: a value has a letter or a digit.
    return e > s && /[\p{L}\p{N}]/u.test(text.slice(s, e)) ? { start: s, end: e, quote: text.slice(s, e) } : undefined;
}

/**
 * The shortest run of whole white-space-separated tokens from `start` that the pattern matches
 * whole (a trailing comma, semicolon or full stop is not part of a token).
 */
export function shortestMatch(text: string, start: number, end: number, pattern: RE2JS): Span | undefined {
    for (let e = start + 1; e <= end; e++) {
        if (e < end && !/\s/.test(text[e]!)) continue;
        let stop = e;
        while (stop > start + 1 && /[,;.:)]/.test(text[stop - 1]!)) stop--;
        for (const cut of stop === e ? [e] : [e, stop]) {
            const quote = text.slice(start, cut);
            if (pattern.testExact(quote)) return { start, end: cut, quote };
        }
    }
    return undefined;
}

/** A short line in capitals, no lower-case letter: a title (tests that stay linear on any line). */
export function titleLine(t: string): boolean {
    return t.length <= 120 && !/\p{Ll}/u.test(t) && /\p{Lu}[^\p{Lu}]*\p{Lu}/u.test(t);
}
