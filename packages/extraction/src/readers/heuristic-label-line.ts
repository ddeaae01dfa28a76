// Where a label stands on its line and what the line around it says of its value's place: the
// separator after it (a colon, a wide gap of a row of two cells, dot leaders, "no.:" for a
// number), whether the rest of the line is another label, a header row, a pair of cells (split
// from heuristic-strings.ts, which reads the values).
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import { taglineLine } from './heuristic-letterhead.js';
import { LABEL_BEFORE, LABEL_BEFORE_CHARS, SHORT_LINE, headerRow, labelAhead, pairedCell, valueColumn } from './heuristic-lines.js';
import { cellColumns } from './heuristic-rows.js';
import type { WindowText } from './heuristic-text.js';

/**
 * What may stand between a label and its value: a colon, leaders, a form's star for a required field
 * ("Land*:"), a bracketed plural's ending first ("First name(s):", "Naam kind(eren):").
 */
const SEPARATORS = /^(?:\((?:s|es|en|eren|ren)\))?[\s:=#.\-–—>|*]*/;
/** A slash, an alternative of a word or two and a colon after a label ("/ carer:"), and the blanks after it. */
/** A word in lower case and a colon after a label ("trekker:" in "Kenteken trekker:"). */
const OF_TAIL = /^(\p{Ll}{3,})[ \t]*:[ \t]*/u;
/** A word and a colon after a label ("name:" in "Employee name:"), or dot leaders ("Sponsor name ......... "). */
const NAME_TAIL = /^(\p{L}+)[ \t]*(?::|\.{3,})[ \t]*/u;
const SLASH_TAIL = /^\/[ \t]*\p{L}+(?: \p{L}+)?[ \t]*:[ \t]*/u;
/**
 * A number sign, or an identifier's word, and a colon after a label ("#:", "no.:", "nr:"), or dot
 * leaders ("CoS reference number ......... "), and the blanks after it.
 */
const NUMBER_TAIL = /^[ \t]*(?:#|(\p{L}{1,6})\.?)[ \t]*(?:[:#]|\.{3,})[ \t]*/u;
/** Characters read after a label for its number's tail (dot leaders may be long). */
const NUMBER_TAIL_CHARS = 96;

/**
 * The tail that makes a label a number's label, read from `at` on its line: "#:" or an
 * identifier's word and a colon ("Customer #:", "registration no.:"); undefined for none.
 */
export function numberTail(win: WindowText, at: number, end: number): string | undefined {
    const m = NUMBER_TAIL.exec(win.text.slice(at, Math.min(end, at + NUMBER_TAIL_CHARS)));
    return m && (m[1] === undefined || wordsOf(win.locale, 'identifierWords').has(m[1].toLowerCase())) ? m[0] : undefined;
}

/**
 * Whether a label follows a word of acting for someone on its line ("Aanwezig namens aannemer:",
 * "Signed on behalf of the Supplier:", an article between): its value is who acts for the field's
 * party, not the party.
 */
export function actingFor(win: WindowText, hit: LabelHit): boolean {
    const line = win.lines[hit.line]!;
    const before = win.text.slice(Math.max(line.start, hit.start - ACTING_BEFORE), hit.start).toLowerCase();
    const words = before.match(/\p{L}+/gu) ?? [];
    if (words.length && wordsOf(win.locale, 'definitionArticles').has(words.at(-1)!)) words.pop();
    const said = ` ${words.join(' ')}`;
    return /^[\p{L}\s]*$/u.test(before) && [...wordsOf(win.locale, 'behalfWords')].some((b) => said.endsWith(` ${b}`));
}

/** Characters before a label read for a word of acting for someone. */
const ACTING_BEFORE = 40;

/** Where a label stands on its line, and what the line around it says of the value's place. */
interface LabelLine {
    line: WindowText['lines'][number];
    /** The line the label ends on (a label may run over a line break: "the laws of the\nState of"). */
    endLine: WindowText['lines'][number];
    /** Separators after the label, and where its rest starts. */
    sep: string;
    restStart: number;
    startsLine: boolean;
    /** A colon, or what serves as one (a dash; the wide gap of a line of two cells). */
    colon: boolean;
    /** The rest of the line is the next column's label ("Vendor:          Ship to:"). */
    restLabel: boolean;
    /** One of a row of column labels: another label after it on its line, or before it. */
    headed: boolean;
    /** In a row of label–value pairs: the value's cell (`pairedCell`). */
    pair?: { start: number; end: number };
    /** The label ends a row of cells, after another cell: it heads the cell under it. */
    lastCell: boolean;
}

/**
 * Whether the rest of a label's line, far from it, is another column's label and value ("Bill
 * to:                    Invoice no.   FS-10473"): a cell of words without a figure, then one with.
 */
function farPair(sep: string, rest: string): boolean {
    if (sep.length < FAR_GAP || rest.length > SHORT_LINE) return false;
    const cells = rest.trim().split(/ {2,}|\t+/);
    return cells.length === 2 && /^\p{Lu}[^\d]{0,30}$/u.test(cells[0]!) && /\d/.test(cells[1]!);
}

/**
 * Whether a line is two cells, a bracketed remark on the second aside ("Instructor     Capt. Hamish
 * MacRury   (Yachtmaster Instructor)").
 */
function twoCells(text: string): boolean {
    const cells = cellColumns(text);
    if (cells.length === 2) return true;
    const last = cells[2];
    // (After a wide gap, where the value's column ends: "F-17  (Food Court, row F)" is one cell.)
    return (
        cells.length === 3 && /^\([^()]*\)$/.test(text.slice(last!.start).trim()) && / {3}|\t/.test(text.slice(0, last!.start).slice(-3))
    );
}

/**
 * Whether words in capitals run up to a label from its line's start, the label ending a name
 * ("AUSTRAL PACIFIC AIRLINES - BAGGAGE SERVICES" for `airline`): a dash after it is no colon.
 */
function midName(text: string, lineStart: number, at: number): boolean {
    // (A name's line is short; a long line is read once per label on it.)
    if (at - lineStart > NAME_LINE_CHARS) return false;
    return /^\s*(?:\p{Lu}[\p{Lu}&'’.-]*\s)+$/u.test(text.slice(lineStart, at));
}

/** Characters before a label a name in capitals may run over. */
const NAME_LINE_CHARS = 120;

/** Characters of white space after a label's colon beyond which its line's rest is another column. */
const FAR_GAP = 12;

export function labelLine(win: WindowText, hit: LabelHit, bareName: boolean, identifier = false): LabelLine {
    const text = win.text;
    const line = win.lines[hit.line]!;
    const endLine = hit.end > line.end ? win.lines[win.lineOf(hit.end)]! : line;
    // Without hints, a short bracket between a label and its colon qualifies the label: "BOOKING
    // REFERENCE (PNR):". (With them it moved a ruling's "Rolnummer (oud):", and the ranker's data.)
    const qualifier =
        (bareName && /^[ \t]*\([^()\n]{1,24}\)(?=[ \t]*[:=])/.exec(text.slice(hit.end, Math.min(endLine.end, hit.end + 40)))?.[0]) || '';
    // A label in brackets at the end of a longer one closes its bracket before the colon: "Federal
    // Tax ID (EIN):  86-2041937" for `ein`.
    // (Or a square one: "Bank Identificatie [BIC]*:   ABNANL2A".)
    const closing =
        !qualifier && ((text[hit.start - 1] === '(' && text[hit.end] === ')') || (text[hit.start - 1] === '[' && text[hit.end] === ']'))
            ? text[hit.end]!
            : '';
    let sep =
        qualifier +
        closing +
        SEPARATORS.exec(text.slice(hit.end + qualifier.length + closing.length, Math.min(endLine.end, hit.end + 40)))![0];
    // For a field that asks for a number, a word of its name before "no.:" is the number's label
    // ("FENSA registration no.:  45218" for `installer_registration`, described as the registration
    // number): the value is after the colon. (Not for other fields: "Patient no.:" labels no
    // patient's name.)
    const tail = identifier ? numberTail(win, hit.end + sep.length, endLine.end) : undefined;
    if (tail) sep += tail;
    // A role's label followed by "name" and a colon ("Employee name:   Rachel Adeyemi" for
    // `employee`): the label is the whole, its value after the colon.
    const named =
        !identifier && (hit.kind === 'name' || hit.kind === 'name-word') && /^\s*$/.test(sep)
            ? NAME_TAIL.exec(text.slice(hit.end + sep.length, Math.min(endLine.end, hit.end + NUMBER_TAIL_CHARS)))
            : null;
    if (named && wordsOf(win.locale, 'nameWords').has(named[1]!.toLowerCase())) sep += named[0];
    // A language that writes a compound's head first writes what a label is of after it: the whole
    // name, a word in lower case and a colon ("Kenteken trekker:   52-BLT-8" for `kenteken`).
    else if (hit.kind === 'name' && /^\s*$/.test(sep) && wordsOf(win.locale, 'headFirstWords').size) {
        const of = OF_TAIL.exec(text.slice(hit.end + sep.length, Math.min(endLine.end, hit.end + 40)));
        if (of) sep += of[0];
    }
    // A label that names an alternative after a slash ends at the colon after it ("Parent / carer:
    // Sophie Fenwick" for `parent_name`, "Make / model:  Steinway & Sons Model M").
    const other = SLASH_TAIL.exec(text.slice(hit.end + sep.length, Math.min(endLine.end, hit.end + sep.length + 24)));
    if (other && /^\s*$/.test(sep)) sep += other[0];
    const restStart = hit.end + sep.length;
    const startsLine = hit.start - line.start <= 40 && text.slice(line.start, hit.start).trim() === '';
    // A label that starts a line of two cells, and the wide gap between them, serve as a colon
    // ("Invoice no.   BD-2024-0311"; not a table's header row: "Description    Hours    Rate").
    // A dash serves as a colon before a capital or a figure, and not in the letterhead's line of
    // what the business does, which runs on past one ("Stairlifts - rental, sales & servicing",
    // "House & probate clearances - North Somerset & Bristol" under the name).
    let colon =
        /[:=]/.test(sep) ||
        (/^\s*-\s/.test(sep) &&
            !taglineLine(win, hit.line) &&
            !midName(text, line.start, hit.start) &&
            /^[\p{Lu}\p{N}\p{Sc}"'“(]/u.test(text.slice(hit.end + sep.length, hit.end + sep.length + 1))) ||
        (startsLine && /^\.?(?: {2,}|\t)\s*$/.test(sep) && line.text.length <= SHORT_LINE && twoCells(line.text)) ||
        // Dot leaders, as forms print them: "Company ......... Helix Biometrics, Inc.".
        /\.{3,}\s*$/.test(sep);
    const next = win.nextTextLine(hit.line);
    const below = next > hit.line && next - hit.line <= 2 ? win.lines[next]!.text : '';
    const header = headerRow(line.text, below, () => blockAfter(win, next));
    // A label in a row of label–value pairs: its value is the next cell.
    const cell =
        !colon && !header && endLine === line && /^\.?(?: {2,}|\t)\s*$/.test(sep)
            ? pairedCell(line.text, hit.start - line.start, hit.end - line.start)
            : undefined;
    const pair = cell ? { start: line.start + cell[0], end: line.start + cell[1] } : undefined;
    if (pair) colon = true;
    const restLabel =
        !pair &&
        restStart < endLine.end &&
        /(?: {2}|\t)/.test(sep) &&
        ((colon &&
            (labelAhead(text, restStart, endLine.end) || farPair(sep, text.slice(restStart, endLine.end))) &&
            !valueColumn(win, hit.line, restStart)) ||
            header);
    const headed =
        restLabel ||
        ((colon || header) && hit.start - line.start <= LABEL_BEFORE_CHARS && LABEL_BEFORE.test(text.slice(line.start, hit.start)));
    // A label that ends a row of cells heads the cell under it ("Box 8   Importer" over
    // "        Brightwell Home Supplies Ltd"); not a clause's heading after its number ("10.4     Governing Law").
    const lastCell =
        !startsLine &&
        restStart >= endLine.end &&
        line.text.length <= SHORT_LINE &&
        cellColumns(line.text).some(
            (c, k, all) =>
                k > 0 &&
                // The cell starts with the label, or a word or two before it when its colon ends the
                // cell ("To:   Your elector number:"; not "West Coker   Day pupil").
                (line.start + c.start === hit.start ||
                    (line.start + c.start < hit.start &&
                        /^\p{L}+(?: \p{L}+)? $/u.test(text.slice(line.start + c.start, hit.start)) &&
                        /^[^:]*:$/.test(text.slice(hit.end, line.start + c.start + (c.to - c.from))))) &&
                !/^[\d.]+$/.test(line.text.slice(all[k - 1]!.start, c.start).trim()),
        );
    return { line, endLine, sep, restStart, startsLine, colon, restLabel, headed, pair, lastCell };
}

/** Lines of a block read after a header row's first row, at most. */
const BLOCK_AFTER = 3;

/** The lines right after line `at` up to a blank line, at most BLOCK_AFTER of them. */
function blockAfter(win: WindowText, at: number): string[] {
    const out: string[] = [];
    for (let k = at + 1; k < win.lines.length && out.length < BLOCK_AFTER && win.lines[k]!.text.trim() !== ''; k++)
        out.push(win.lines[k]!.text);
    return out;
}

/** The words of a label's line ("total payable"): identifies a label as written. */
export function lineWordsOf(win: WindowText, hit: LabelHit): string {
    // Once per line and window: every candidate of a line's labels asks, and a line may be a whole
    // window long (4,000 labels and values on one line took half a second).
    let byLine = labelLines.get(win);
    if (!byLine) labelLines.set(win, (byLine = new Map()));
    let words = byLine.get(hit.line);
    if (words === undefined) {
        words = (win.lines[hit.line]!.text.toLowerCase().match(/\p{L}+/gu) ?? []).join(' ');
        byLine.set(hit.line, words);
    }
    return words;
}
const labelLines = new WeakMap<WindowText, Map<number, string>>();
