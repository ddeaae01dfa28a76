// A form printed as boxes, its columns parted by bars ("1  Afzender (naam, adres, land)   | 16
// Vervoerder (naam, adres, land)" over "   Zuivelcoöperatie De Vechtstreek U.A.  |    Transportbedrijf
// …"): a label that heads its numbered box, a bracket of what the box holds after it at most, has
// its value in the same box on the next line.
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';
import type { StringCandidate } from './heuristic-strings.js';
import { trimValue } from './heuristic-lines.js';
import { slashedCellUnder } from './heuristic-tidy.js';

/**
 * A string field's values under a label: its part of a slashed column heading's cell whose other
 * part names another field (`others`: their names' and hints' words; not for an address), its box's
 * value in a form of boxes.
 */
export function cellsUnder(win: WindowText, hit: LabelHit, address: boolean, others: ReadonlySet<string> = new Set()): StringCandidate[] {
    const v = boxCell(win, hit);
    return [...(address ? [] : slashedCellUnder(win, hit, others)), ...(v ? [{ ...v, context: hit.weight * BOX, hit }] : [])];
}
/** A box's value counts as a value under its label on the next line. */
const BOX = 0.85;

function boxCell(win: WindowText, hit: LabelHit): Span | undefined {
    const line = win.lines[hit.line]!;
    const below = win.lines[hit.line + 1];
    if (!below || line.text.length > BOX_ROW_CHARS || below.text.length > BOX_ROW_CHARS || !line.text.includes('|')) return undefined;
    const bars = barsOf(line.text);
    // (The boxes' bars stand where they stood on the label's line: the bar under each of them.)
    const under = barsUnder(bars, barsOf(below.text));
    if (!under) return undefined;
    const at = hit.start - line.start;
    const k = bars.filter((b) => b < at).length;
    const from = k ? bars[k - 1]! + 1 : 0;
    const to = k < bars.length ? bars[k]! : line.text.length;
    if (!HEAD.test(line.text.slice(from, at)) || !TAIL.test(line.text.slice(hit.end - line.start, to))) return undefined;
    const underFrom = k ? under[k - 1]! + 1 : 0;
    const underTo = k < bars.length ? under[k]! : below.text.length;
    const v = trimValue(win.text, below.start + underFrom, below.start + underTo);
    // (A box of labelled lines is a section's: "PATIENT   | SPECIMEN" over "Name:    WHITAKER, JOANNE M   | …";
    // nor is a caption of what to write a value: "(name, address, country)", "naam / adres", "dd-mm-jjjj".)
    return v && !LABELLED.test(v.quote) && !CAPTION.test(v.quote) ? v : undefined;
}

/** For each bar of a row, the bar of the line under it within a character, or undefined when one has none (one walk of both). */
function barsUnder(bars: readonly number[], under: readonly number[]): number[] | undefined {
    const out: number[] = [];
    let j = 0;
    for (const b of bars) {
        while (j < under.length && under[j]! < b - 1) j++;
        if (j >= under.length || under[j]! > b + 1) return undefined;
        out.push(under[j]!);
    }
    return out;
}
/** A caption: a bracket first, or words in lower case without a figure ("naam, adres, land", "dd-mm-jjjj"). */
const CAPTION = /^\(|^[\p{Ll}\s,/.'’-]+$/u;
/** A label and its colon that start a box's line. */
const LABELLED = /^\p{L}[\p{L} .'’/#-]{0,30}:/u;

/** Positions of a line's bars. */
function barsOf(text: string): number[] {
    const out: number[] = [];
    for (let i = text.indexOf('|'); i >= 0; i = text.indexOf('|', i + 1)) out.push(i);
    return out;
}

/** Characters of a box's row at most (a long line is no row of boxes). */
const BOX_ROW_CHARS = 240;
/** Before a box's label: its number (a form of boxes numbers them: "1  Afzender", "16 Vervoerder"). */
const HEAD = /^[ \t]*\p{N}{1,2}[.)]?[ \t]+$/u;
/** After it: a bracket of what the box holds, or a colon, at most (one run of spaces: the pattern cannot split it two ways). */
const TAIL = /^[ \t]*(?:(?:\([^()\n]{0,60}\)|:)[ \t]*)?$/;
