// Candidates of string fields. A string has no shape of its own, so where it is depends on labels:
// the rest of a `label: value` line, the line under a label standing alone, the name written after
// a label in running text ("governed by the laws of the State of New York"), or — for hints that
// are part of the value, like "SDN BHD" or "Inc." — the name or line that contains the hint. With a
// `pattern`, the shortest text after a label that the pattern matches whole is the value.
import type { CompiledField } from '@svc/compiler';
import { wordsOf } from '../locale/locale-words.js';
import { compiledPattern } from '../parsers/pattern-cache.js';
import { taglineLine } from './heuristic-letterhead.js';
import { addressParts, openValue, sectionName } from './heuristic-blocks.js';
import { withoutNonValues } from './heuristic-nonvalues.js';
import { ownWord, valueUnderHeading } from './heuristic-qualifiers.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import { cellColumns, emptyMark } from './heuristic-scoring.js';
import {
    HEAD_PREFERRED,
    LABEL_BEFORE,
    LABEL_BEFORE_CHARS,
    SENTENCE_END,
    SHORT_LINE,
    allCaps,
    columnEnd,
    headerRow,
    labelAhead,
    nameLabel,
    pairedCell,
    valueColumn,
    shortestMatch,
    trimValue,
    valueBelow,
    valueHead,
} from './heuristic-lines.js';
import { GROUPED_DIGITS, HASH_CODE, codeAlone, numberLabel } from './heuristic-codes.js';
import { hintNameCandidates } from './heuristic-hint-names.js';
import { firstOfPeople, namePhraseAfter, nextListedName } from './heuristic-names.js';
import { definedTerms } from './heuristic-parties.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

export interface StringCandidate extends Span {
    /** Context score in 0..1 from how the candidate was found. */
    context: number;
    /** The label hit it was found from (no other label of this field is needed). */
    hit?: LabelHit;
}

const SEPARATORS = /^[\s:=#.\-–—>|]*/;
/** An identifier's word and a colon after a label ("no.:", "nr:"), and the blanks after it. */
const NUMBER_TAIL = /^(\p{L}{1,6})\.?[ \t]*[:#][ \t]*/u;
/**
 * Whether a one-word name label, or a word of the name, is joined to what follows by a link word
 * ("position of", "laws of", "als"), and a capitalised word follows that (an article between): in
 * prose, the name then takes a value ("the position of Senior Data Analyst", "governed by the laws
 * of England" for `governing_law`). Only for fields without hints (`bareName`): their name is all
 * there is.
 */
function linked(win: WindowText, hit: LabelHit): boolean {
    if ((hit.kind !== 'name' && hit.kind !== 'name-word') || hit.length !== 1) return false;
    const i = win.wordAt(hit.end);
    const link = win.words[i];
    if (!link || link.line !== win.words[i - 1]?.line || !wordsOf(win.locale, 'nameLinks').has(link.norm)) return false;
    // A word of a name in title case is no label of what follows it: "Superior Court of California"
    // names the court, not California.
    const before = win.words[win.wordAt(hit.start) - 1];
    if (win.words[i - 1]!.capital && before?.capital && before.line === link.line) return false;
    // An article may stand between: "the laws of the State of California".
    const article = wordsOf(win.locale, 'definitionArticles').has(win.words[i + 1]?.norm ?? '') ? 1 : 0;
    return !!win.words[i + 1 + article]?.capital;
}

/**
 * The name a few words after a phrase label in running text ("governed by the laws of the State of
 * Ohio"), and for a list every further name of the list it starts; `v` is the rest of the label's
 * line already proposed. A single name written "<Word> of <Name>" ("State of Ohio", "Commonwealth
 * of Pennsylvania") is also proposed as the name alone, slightly preferred: the place, not its kind.
 */
function phraseCandidates(
    win: WindowText,
    hit: LabelHit,
    restStart: number,
    v: Span | undefined,
    several: boolean,
    bareName = false,
): StringCandidate[] {
    const out: StringCandidate[] = [];
    // "Governing Law and Jurisdiction. This Agreement …": a label followed by "and" heads a clause
    // (without hints; with them, dropping these candidates moved receipts-en by −0.6 on retraining).
    const after = win.words[win.wordAt(hit.end)];
    if (bareName && after && wordsOf(win.locale, 'listJoiners').has(after.norm) && win.text.slice(hit.end, after.start).trim() === '')
        return out;
    const phrase = namePhraseAfter(win, restStart, 60);
    // A name's label alone on the next line heads the name ("Gegevens ouder/verzorger
    // (contractant)" over "Naam" over "    mevrouw M.E. van Leeuwen-Bos").
    const row = phrase ? win.lineOf(phrase.start) : -1;
    if (phrase && nameLabel(win, phrase.quote.toLowerCase()) && win.lines[row]!.text.trim() === phrase.quote) {
        const below = valueBelow(win, { ...hit, start: phrase.start, end: phrase.end, line: row }, false, undefined);
        return below ? [{ ...below, context: hit.weight * 0.85, hit }] : out;
    }
    // A label whose line holds its value ("Guests        : 1") names nothing on the next line ("Rate Code").
    const line = win.lines[win.lineOf(restStart)]!;
    if (phrase && phrase.start > line.end && /:/.test(win.text.slice(hit.end, restStart)) && win.text.slice(restStart, line.end).trim())
        return out;
    if (!phrase || (v && phrase.start === v.start && phrase.end === v.end) || definedTerms(win).has(phrase.quote.toLowerCase())) return out;
    // A bullet or bar between parts an item of a letterhead line from the next ("nonprofit
    // organization  •  Federal Tax ID"): what follows is no value of the label.
    if (/[•·|]/.test(win.text.slice(hit.end, phrase.start))) return out;
    // Nor is the head of another label ("THE REGISTERED KEEPER      Notice No:  WM25/1173048",
    // "Training Centre  *  Centre No. S1287").
    if (/^ ?(?:[\p{L}#]{1,10}\.? ?)?:|^ (?:no|nr|nbr|num)\.?(?![\p{L}])/iu.test(win.text.slice(phrase.end, phrase.end + 16))) return out;
    const between = win.wordsBetween(hit.end, phrase.start);
    const context = hit.weight * Math.max(0.2, 0.9 - 0.1 * between);
    out.push({ ...phrase, context, hit });
    const inner = /^\p{Lu}\p{L}+\s+of\s+(?=\p{Lu})/u.exec(phrase.quote);
    if (inner && !several) {
        const start = phrase.start + inner[0].length;
        out.push({ start, end: phrase.end, quote: win.text.slice(start, phrase.end), context: context * 1.05, hit });
    }
    for (let k = 0, at = phrase.end; several && k < MAX_LISTED; k++) {
        const next = nextListedName(win, at);
        if (!next) break;
        out.push({ ...next, context, hit });
        at = next.end;
    }
    return out;
}

/** Names listed after the first one in running text: at most this many. */
const MAX_LISTED = 4;

/**
 * String candidates of one field in a window, from its label hits. `several`: the field holds a
 * list (an array), so a label in running text introduces every name of the list it starts
 * ("by and between X, a Delaware corporation, and Y"), not only the first.
 */
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

/** Characters of white space after a label's colon beyond which its line's rest is another column. */
const FAR_GAP = 12;

function labelLine(win: WindowText, hit: LabelHit, bareName: boolean, identifier = false): LabelLine {
    const text = win.text;
    const line = win.lines[hit.line]!;
    const endLine = hit.end > line.end ? win.lines[win.lineOf(hit.end)]! : line;
    // Without hints, a short bracket between a label and its colon qualifies the label: "BOOKING
    // REFERENCE (PNR):". (With them it moved a ruling's "Rolnummer (oud):", and the ranker's data.)
    const qualifier =
        (bareName && /^[ \t]*\([^()\n]{1,24}\)(?=[ \t]*[:=])/.exec(text.slice(hit.end, Math.min(endLine.end, hit.end + 40)))?.[0]) || '';
    // A label in brackets at the end of a longer one closes its bracket before the colon: "Federal
    // Tax ID (EIN):  86-2041937" for `ein`.
    const closing = !qualifier && text[hit.start - 1] === '(' && text[hit.end] === ')' ? ')' : '';
    let sep =
        qualifier +
        closing +
        SEPARATORS.exec(text.slice(hit.end + qualifier.length + closing.length, Math.min(endLine.end, hit.end + 40)))![0];
    // For a field that asks for a number, a word of its name before "no.:" is the number's label
    // ("FENSA registration no.:  45218" for `installer_registration`, described as the registration
    // number): the value is after the colon. (Not for other fields: "Patient no.:" labels no
    // patient's name.)
    const tail = identifier ? NUMBER_TAIL.exec(text.slice(hit.end + sep.length, Math.min(endLine.end, hit.end + sep.length + 16))) : null;
    if (tail && wordsOf(win.locale, 'identifierWords').has(tail[1]!.toLowerCase())) sep += tail[0];
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

/** How a field's strings are read: its pattern, whether it holds a list, has no hints, asks for an address. */
export interface StringOptions {
    pattern?: string;
    several?: boolean;
    bareName?: boolean;
    address?: boolean;
    /** The word with which the field's name asks for a name ("name" of `owner_name`), if it does. */
    nameKind?: string;
    /**
     * The field's name or description asks for an address (not only a hint: "Employer name and
     * address"): a labelled address runs on over the lines under it.
     */
    addressLines?: boolean;
    /** The field may be empty: "None appointed" says it is (the profile's `noneWords`). */
    nullable?: boolean;
    /** The field asks for a number: its name or description says so ("registration number").*/
    identifier?: boolean;
}

/** How a string field's candidates are read. */
export function stringOptions(field: CompiledField, win: WindowText, address: boolean, addressLines: boolean): StringOptions {
    const type = field.type.kind === 'array' ? field.type.items : field.type;
    const nameWords = labelWords(field.name);
    const last = nameWords.at(-1) ?? '';
    const nameKind = wordsOf(win.locale, 'nameWords').has(last) && nameWords.length > 1 ? last : undefined;
    const ids = wordsOf(win.locale, 'identifierWords');
    const told = [...nameWords, ...labelWords(field.description ?? '')];
    return {
        pattern: type.kind === 'string' ? type.pattern : undefined,
        several: field.type.kind === 'array',
        bareName: field.hints.length === 0,
        address,
        addressLines,
        nameKind,
        nullable: field.nullable,
        identifier: told.some((w) => ids.has(w)),
    };
}

export function stringCandidates(win: WindowText, hits: readonly LabelHit[], options: StringOptions = {}): StringCandidate[] {
    const { pattern, several = false, bareName = false, address = false, addressLines = false, nameKind } = options;
    const out: StringCandidate[] = [];
    const text = win.text;
    const re = pattern === undefined ? undefined : compiledPattern(pattern);
    const suffixes = hits.flatMap((h) => (h.kind === 'hint' && h.source !== undefined && /^\p{Lu}/u.test(h.source) ? [h.source] : []));
    // A field's own label is no value of it ("Box 8   Importer" for the hints "Box 8" and "Importer").
    const labels = new Set(hits.map((h) => text.slice(h.start, h.end).toLowerCase()));
    const id = options.identifier;
    for (const hit of hits) {
        const { line, endLine, sep, restStart, startsLine, colon, restLabel, headed, pair, lastCell } = labelLine(win, hit, bareName, id);
        // A label alone on its line: a word of the name without hints, or a hint of two words or
        // more not in capitals (which may be a name's own line, "SDN BHD").
        const alone = restStart >= line.end && (bareName ? hit.kind === 'name-word' : hintPhrase(win, hit));
        // A heading the label starts heads the one line set in under it, the heading's rest no value
        // ("Police Records of Convictions, Cautions" over "  NONE RECORDED").
        const underHeading = startsLine && !colon && !pair ? valueUnderHeading(win, hit.line) : undefined;
        if (underHeading !== undefined) {
            const v = valueBelow(win, hit, false, re, bareName);
            if (v) out.push({ ...v, context: hit.weight * 0.85, hit });
            continue;
        }
        // Value on the same line: "Label: value", or a name a few words after a phrase label in prose.
        if (restStart < endLine.end && !restLabel) {
            if (re) {
                // "rolnr.: 4471 KG 19-33": after a colon, the whole rest of the line when the pattern
                // takes it; else the shortest run of words it takes.
                const whole = pair ? trimValue(text, pair.start, pair.end) : colon ? trimValue(text, restStart, line.end) : undefined;
                const m =
                    whole && whole.end - whole.start <= 80 && re.testExact(whole.quote)
                        ? whole
                        : shortestMatch(text, restStart, Math.min(line.end, restStart + 80), re);
                if (m) out.push({ ...m, context: hit.weight * (colon || startsLine ? 1 : 0.8), hit });
            } else {
                const rest = text.slice(restStart, Math.min(endLine.end, restStart + 81));
                const v = pair
                    ? trimValue(text, pair.start, pair.end)
                    : colon && rest.length <= 80 && !SENTENCE_END.test(rest)
                      ? trimValue(text, restStart, columnEnd(text, restStart, endLine.end))
                      : undefined;
                if (v && !labels.has(v.quote.toLowerCase())) out.push({ ...v, context: hit.weight * ownWord(win, hit), hit });
                const code = codeAfter(win, hit, sep, rest, bareName);
                if (code)
                    out.push({ start: restStart, end: restStart + code.length, quote: code, context: hit.weight * ownWord(win, hit), hit });
                // The name or code the line starts with, before what is said of it: "Groenvallei
                // Logistiek B.V., gevestigd te Venlo", "Kok & De Wit V.O.F., Hoofdweg 201, …",
                // "INV-20388 dated 02.08.2024" (not for an address, whose parts these are, nor a list).
                const head =
                    v && !address && !several ? valueHead(v.quote, wordsOf(win.locale, 'rangeWords')) || firstOfPeople(win, v.quote) : 0;
                if (v && head)
                    out.push({
                        start: v.start,
                        end: v.start + head,
                        quote: v.quote.slice(0, head),
                        context: hit.weight * HEAD_PREFERRED,
                        hit,
                    });
                if (address && v) out.push(...addressParts(win, v, hit, addressLines && !pair));
                // A value its line leaves open runs on under it ("Bewdley (westbound," / "near junction …)").
                const runOn = v && !re ? openValue(win, v) : undefined;
                if (runOn) out.push({ ...runOn, context: hit.weight * ownWord(win, hit) * HEAD_PREFERRED, hit });
                if ((hit.length >= 2 || colon || (bareName && linked(win, hit))) && !sep.includes('.'))
                    out.push(...phraseCandidates(win, hit, restStart, v, several, bareName));
            }
        } else if (!headed && !colon && hit.length >= 2 && win.wrapped(win.lineOf(hit.end))) {
            // A phrase label ending a line of prose: the name starts the next line ("laws of the State of" / "New Jersey").
            out.push(...phraseCandidates(win, hit, restStart, undefined, several, bareName));
        } else if (
            (headed || (startsLine && (colon || hit.kind === 'name' || alone)) || lastCell) &&
            !emptyMark(text.slice(hit.end, line.end))
        ) {
            // (Without hints, a word of the name alone on its line heads the line below: "PASSENGER"
            // over "OKONKWO/ADAEZE MS" for `passenger_name`; so does a hint of two words or more, not
            // in capitals, which may be a name's own line: "MOT test number" over "4172 8839 0514".)
            const v = valueBelow(win, hit, headed || lastCell, re, bareName);
            if (v) out.push({ ...v, context: hit.weight * 0.85, hit });
        }
        // A section's heading that says whose name ("SECTION 2 - OWNER / PRINCIPAL" over "Name:
        // Rachel A. Lindqvist" for `owner_name`).
        const under =
            nameKind && hit.kind === 'name-word'
                ? sectionName(win, hit, [nameKind])
                : bareName && !nameKind && hit.kind === 'name' && hit.length === 1 && !several
                  ? sectionName(win, hit, [...wordsOf(win.locale, 'nameWords')], true)
                  : undefined;
        if (under) out.push({ ...under, context: hit.weight * LABEL.section, hit });
        // A hint that begins the value ("AWB 99/216" for the hint "AWB").
        if (re && hit.kind === 'hint' && hit.source !== undefined && text.startsWith(hit.source, hit.start)) {
            const m = shortestMatch(text, hit.start, Math.min(line.end, hit.start + 80), re);
            if (m && m.end > hit.end) out.push({ ...m, context: hit.weight * 0.8, hit });
        }
        if (!re && hit.kind === 'hint' && !colon) out.push(...hintNameCandidates(win, hit, line.text, suffixes, numberLabel(win, hit)));
    }
    return withoutNonValues(win, out, labels, options.nullable ?? false);
}

/**
 * The code after a label: "Invoice #1043", "your order #WB-558120 has shipped" (the number sign
 * joins a code, without hints); a label of a number ("Agreement No. RA-558120"); a label that
 * starts a cell, followed by a code alone in its cell ("VIN 2HKRW2H53HH612884", "Till 2    Trans
 * 40871"; not a name's "SDN BHD 862725-U"). `rest`: the label's line after its separator `sep`.
 */
function codeAfter(win: WindowText, hit: LabelHit, sep: string, rest: string, bareName: boolean): string | undefined {
    const found = GROUPED_DIGITS.exec(rest)?.[1] ?? HASH_CODE.exec(rest)?.[0];
    const line = win.lines[hit.line]!;
    const cellStart = /(?:^|\s{2}|\t)$/.test(win.text.slice(Math.max(line.start, hit.start - 2), hit.start));
    return (bareName && /#\s*$/.test(sep)) || numberLabel(win, hit) || (cellStart && codeAlone(found, sep, rest)) ? found : undefined;
}

/** A hint of two words or more, not written in capitals. */
function hintPhrase(win: WindowText, hit: LabelHit): boolean {
    return hit.kind === 'hint' && hit.length >= 2 && !allCaps(win.text.slice(hit.start, hit.end).replace(/\s/g, ''));
}
