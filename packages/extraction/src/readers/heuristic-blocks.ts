// Values over several lines or in a part of a line: an address that runs on under its first line,
// the address after a subject's dash, a name under a section's heading that says whose it is
// (split from heuristic-strings.ts, which reads the values labels point at).
import { hasPostcode, streetLike } from './heuristic-address.js';
import type { LabelHit } from './heuristic-labels.js';
import { columnEnd, nameLabel, SHORT_LINE, trimValue } from './heuristic-lines.js';
import { indentOf } from './heuristic-rows.js';
import type { Span } from './heuristic-spans.js';
import type { StringCandidate } from './heuristic-strings.js';
import type { WindowText } from './heuristic-text.js';
import { wordsOf } from '../locale/locale-words.js';

/** Lines an address may run on over under its first, at most. */
const HANGING_ADDRESS_LINES = 4;

/** What may follow an address on its first line: a comma, a box's border. */
const BORDER = /^[\s,|]*$/;

/**
 * An address whose lines stand under its first, at the column where it starts ("Address:   72
 * Hollybush Lane" / "           Penn" / "           Wolverhampton" / "           WV4 4JD"): the
 * value runs on over them. Each is short, holds no label and no wide gap, and the first ends its
 * line.
 */
function hangingAddress(win: WindowText, v: Span): Span | undefined {
    const l = win.lineOf(v.start);
    const line = win.lines[l]!;
    // (A box's border may close the line, and open the lines under it: "| Licensed address:  Flat
    // 6, …, |" over "|                    Stockport, SK2 6NG      |".)
    if (line.end - line.start > SHORT_LINE || !BORDER.test(win.text.slice(v.end, line.end))) return undefined;
    const column = v.start - line.start;
    let last = l;
    for (let k = l + 1; k < win.lines.length && k - l <= HANGING_ADDRESS_LINES; k++) {
        const t = win.lines[k]!.text.replace(/[ \t]*\|[ \t]*$/, '');
        const at = t.search(/[^\s|]/);
        if (at !== column || t.length > column + 60 || /:|\S {3,}\S|\t/.test(t.slice(at))) break;
        last = k;
    }
    // It ends at its postcode ("WV4 4JD", "3011 PP Rotterdam"): a list of lines without one is no address.
    while (last > l && !hasPostcode(win.lines[last]!.text)) last--;
    if (last === l) return undefined;
    // A first line that describes the place in a bracket or quotes is none of its address ("Mobiel
    // onderzoekscentrum (de "screeningsunit")" over "Parkeerterrein …" over "Tongerenseweg 2a, …").
    if (last > l + 1 && /[("“]/.test(v.quote)) return trimValue(win.text, win.lines[l + 1]!.start, win.lines[last]!.end);
    return trimValue(win.text, v.start, win.lines[last]!.end);
}

/** Lines a value left open runs on over at most. */
const RUN_ON_LINES = 3;

/**
 * A labelled value that its line leaves open, a bracket unclosed ("Location:   A456
 * Kidderminster Road, Bewdley (westbound," / "   near junction with Catchem's End)"), runs on over
 * the lines set in under it at its column, no label or second cell among them, until it closes.
 * (Not a comma last: "… en mevrouw Anna Marije Postma," goes on with "ieder voor de onverdeelde
 * helft", which says how, not who.)
 */
export function openValue(win: WindowText, v: Span): Span | undefined {
    const l = win.lineOf(v.start);
    const line = win.lines[l]!;
    const raw = win.text.slice(v.start, line.end).trimEnd();
    if (line.end - line.start > SHORT_LINE || raw.length > v.quote.length + 1) return undefined;
    // (Or a title broken after a word that cannot end it: "Sleep, Light Exposure and Metabolic
    // Health in" / "Night-Shift Nurses (SLEM-N)"; the next line then ends it.)
    const links = wordsOf(win.locale, 'stopwords');
    const linked = (t: string): boolean => links.has(/(?:^|\s)(\p{Ll}+)$/u.exec(t)?.[1] ?? '') || /\s&$/.test(t);
    const open = (t: string): boolean => (t.match(/\(/g)?.length ?? 0) > (t.match(/\)/g)?.length ?? 0);
    if (!open(raw) && !linked(raw)) return undefined;
    const column = v.start - line.start;
    let last = -1;
    for (let k = l + 1; k < win.lines.length && k - l <= RUN_ON_LINES; k++) {
        const t = win.lines[k]!.text;
        if (indentOf(t) !== column || t.length > column + 80 || /:|\S {3,}\S|\t/.test(t.trim())) break;
        last = k;
        const upTo = win.text.slice(v.start, win.lines[k]!.end).trimEnd();
        if (!open(upTo) && !linked(upTo)) break;
    }
    return last < 0 ? undefined : trimValue(win.text, v.start, win.lines[last]!.end);
}

/** Characters of a section's heading at most. */
const HEADING_CHARS = 120;
/** Lines under a section's heading read for its "Name:" line. */
const SECTION_NAME_LINES = 3;

/**
 * A short heading of a form's section, in any case ("Gegevens verhuurder", "Landlord details"), its
 * number and a dash before it at most ("Section 1 - Employee", "Part B - Landlord", "2. Huurder").
 */
const SECTION_TITLE =
    /^\s{0,4}(?:(?:\p{L}{3,12} )?(?:\p{N}{1,2}|\p{Lu})[.)]? [-–—] |\p{N}{1,2}[.)] )?\p{L}[\p{L}'’()/-]*(?: \p{L}[\p{L}'’()/-]*){0,3}\s*$/u;

/**
 * The value of the "Name:" line under a heading that names whose it is: the heading a line of its
 * own without a colon, mostly in capitals, holding the hit; the name's label starts one of the next
 * lines, before another heading. For a field named by its role alone (`verhuurder`, `landlord`:
 * `kinds` the profile's name words) the heading may be a short title in any case ("Gegevens
 * verhuurder" over "Naam / bedrijf:   Vastgoedbeheer Spaarne B.V."), and a few more words of the
 * name's label may stand before its colon.
 */
export function sectionName(win: WindowText, hit: LabelHit, kinds: readonly string[], role = false): Span | undefined {
    const heading = win.lines[hit.line]!.text;
    if (heading.length > HEADING_CHARS) return undefined;
    // (A bracket after the heading's words only qualifies it: "A. LEVERANCIER (vervoer vanaf)".)
    const letters = heading.replace(/\([^()]*\)/g, '').replace(/[^\p{L}]/gu, '');
    const capitals = letters.length >= 3 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length >= 0.6;
    if (heading.includes(':') || !(capitals || (role && SECTION_TITLE.test(heading)))) return undefined;
    // A heading of a later column ("APPLICANT 1        APPLICANT 2") heads the labels under it.
    const hitCol = hit.start - win.lines[hit.line]!.start;
    const column = hitCol > indentOf(heading) + 2 && !/\S/.test(heading.slice(hitCol - 2, hitCol)) ? hitCol : undefined;
    for (let l = win.nextTextLine(hit.line), k = 0; l >= 0 && k < SECTION_NAME_LINES; l = win.nextTextLine(l), k++) {
        const line = win.lines[l]!;
        const at = column ?? indentOf(line.text);
        if (column !== undefined && /\S/.test(line.text.slice(at - 2, at))) continue;
        const kind = kinds.find(
            (w) => line.text.slice(at, at + w.length).toLowerCase() === w && !/\p{L}/u.test(line.text[at + w.length] ?? ''),
        );
        if (kind === undefined) continue;
        // (A wide gap serves as the colon in a form's row: "Name                      KIRSTY EDWARDS".)
        const colon = (role ? /^[^:\n]{0,20}:\s*/ : /^\s*:\s*|^(?: {3,}|\t)\s*(?=\S)/).exec(line.text.slice(at + kind.length));
        // (Or the label alone on its line, the value set in under it: "Naam" over "    Pluis".)
        if (!colon && !line.text.slice(at + kind.length).trim()) {
            const under = win.lines[l + 1];
            if (under && under.text.trim() && indentOf(under.text) > indentOf(line.text))
                return trimValue(win.text, under.start, under.end);
        }
        if (!colon) continue;
        // A role's name over more lines than one is no value of it: a surname before "Voornamen:", a
        // numbered "Naam huurder 1:" before "Naam huurder 2:".
        if (role && (/\d/.test(colon[0]) || nameLabel(win, labelOf(win, win.nextTextLine(l))))) return undefined;
        const from = line.start + at + kind.length + colon[0].length;
        return trimValue(win.text, from, columnEnd(win.text, from, line.end));
    }
    return undefined;
}

/** The label of line `l` before its colon, in lower case ("voornamen" of "Voornamen   : Sanne"); '' for none. */
function labelOf(win: WindowText, l: number): string {
    const m = l < 0 ? null : /^\s*([^:\n]{1,40}?)\s*:/.exec(win.lines[l]!.text);
    return m ? m[1]!.toLowerCase() : '';
}

/** An address after a subject's dash outranks the whole subject line. */
const SUBJECT_ADDRESS = 1.05;

/**
 * A subject line names the address after what it is about ("RE: RENT ARREARS - FLAT 2, 19
 * BRINKSWAY TERRACE, STOCKPORT SK3 0BJ"): the address is the part after the dash.
 */
function subjectAddress(v: Span, hit: LabelHit): StringCandidate | undefined {
    const dash = /\s[-–]\s+/.exec(v.quote);
    if (!dash || streetLike(v.quote.slice(0, dash.index)) || !streetLike(v.quote.slice(dash.index + dash[0].length))) return undefined;
    const at = dash.index + dash[0].length;
    return { start: v.start + at, end: v.end, quote: v.quote.slice(at), context: hit.weight * SUBJECT_ADDRESS, hit };
}

/**
 * The parts of a labelled address read as an address of their own: after a subject's dash, before
 * a bracket that ends it, and (`lines`) run on over the lines under it.
 */
export function addressParts(win: WindowText, v: Span, hit: LabelHit, lines: boolean): StringCandidate[] {
    const out: StringCandidate[] = [];
    const subject = subjectAddress(v, hit);
    if (subject) out.push(subject);
    const hanging = lines ? hangingAddress(win, v) : undefined;
    if (hanging) out.push({ ...hanging, context: hit.weight * SUBJECT_ADDRESS, hit });
    // An aside in a bracket after the address says something of the delivery, not where
    // ("Kerkplein 4, 2061 JD Bloemendaal (2 dozen à 2.500 stuks)").
    const aside = ADDRESS_ASIDE.exec(v.quote);
    if (aside && streetLike(aside[1]!))
        out.push({ start: v.start, end: v.start + aside[1]!.length, quote: aside[1]!, context: hit.weight * SUBJECT_ADDRESS, hit });
    return out;
}

/** An address and a bracket after it that ends the value. */
const ADDRESS_ASIDE = /^([^()\n]*\S)[ \t]+\([^()\n]{1,60}\)[.,;]?$/u;
