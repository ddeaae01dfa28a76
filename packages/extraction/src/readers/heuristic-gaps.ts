// The white space between a label and its value folded (a wide gap, a tab stop, a right-aligned
// column are no evidence), the few characters before a span on its line, and the facts of a label's
// line: its folded tail, whether it stands alone, a lone dash for "none". Split from heuristic-scoring.ts.
import { currenciesOfMark } from '../parsers/currency-marks.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Layout white space folded: exported purchase orders and invoices put wide gaps, tab stops and
 * right-aligned columns between a label and its value; how wide is no evidence.
 */
export function folded(gap: string): string {
    return gap.replace(/[ \t\u00a0\u2000-\u200a\u202f\u3000]+/g, ' ');
}

/** The white space `folded` folds. */
function layoutSpace(c: number): boolean {
    return c === 32 || c === 9 || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x3000;
}

/** Folded characters of a line's head that matter (a label alone: 16; a value starting its line: 24). */
const HEAD_UNITS = 24;
/** Folded characters of a label's tail that matter (continuedLabel: 48). */
const TAIL_UNITS = 48;

/**
 * What hitScore reads of a window's lines, each computed once: the folded head of a line (its first
 * HEAD_UNITS + 1 folded characters and the offset where each starts), and of each label its folded
 * tail up to TAIL_UNITS + 1 characters and whether it stands alone on its line. Folding the whole
 * head or tail for every pair of label and value cost time in the line's length per pair: a long
 * line of labels above a column of values took seconds.
 */
const heads = new WeakMap<WindowText, Map<number, { folded: string; starts: number[] }>>();
const hitFacts = new WeakMap<LabelHit, { tail: string | undefined; alone: boolean }>();

/**
 * folded(text.slice(from, end)) up to its first `units` characters, and the offset where each
 * starts: a run of layout white space is one, so the work stops after `units` of them however wide.
 */
function foldedUnits(text: string, from: number, end: number, units: number): { folded: string; starts: number[] } {
    let folded = '';
    const starts: number[] = [];
    for (let i = from; i < end && starts.length < units;) {
        starts.push(i);
        if (layoutSpace(text.charCodeAt(i))) {
            folded += ' ';
            while (i < end && layoutSpace(text.charCodeAt(i))) i++;
        } else folded += text[i++];
    }
    return { folded, starts };
}

/** folded(text.slice(line start, pos)) when it has at most `max` (≤ HEAD_UNITS) characters, else undefined. */
export function headBefore(win: WindowText, line: number, pos: number, max: number): string | undefined {
    let byLine = heads.get(win);
    if (!byLine) heads.set(win, (byLine = new Map()));
    let head = byLine.get(line);
    if (!head) {
        const { start, end } = win.lines[line]!;
        byLine.set(line, (head = foldedUnits(win.text, start, end, HEAD_UNITS + 1)));
    }
    let k = 0;
    while (k < head.starts.length && head.starts[k]! < pos) k++;
    return k > max ? undefined : head.folded.slice(0, k);
}

/**
 * A label's line that ends in a lone dash after its gap or colon ("Team                    -"): the
 * form's way of writing "none", so the line below is not the label's value.
 */
export function emptyMark(tail: string): boolean {
    return /^\s*[:=]?\s+[-–—]\s*$|^\s*[:=][-–—]\s*$/.test(tail);
}

/**
 * A label's folded tail (folded(text.slice(hit end, its line's end)) when it has at most TAIL_UNITS
 * characters) and whether the label stands alone on its line: at most 16 folded characters before
 * it and nothing after it but separators or a currency mark ("TOTAL (RM):").
 */
export function factsOfHit(win: WindowText, hit: LabelHit): { tail: string | undefined; alone: boolean } {
    let facts = hitFacts.get(hit);
    if (!facts) {
        const folded = foldedUnits(win.text, hit.end, win.lines[hit.line]!.end, TAIL_UNITS + 1).folded;
        const tail = folded.length > TAIL_UNITS ? undefined : folded;
        const alone =
            headBefore(win, hit.line, hit.start, 16) !== undefined &&
            tail !== undefined &&
            tail.length <= 24 &&
            labelTail(tail) &&
            !emptyMark(tail);
        hitFacts.set(hit, (facts = { tail, alone }));
    }
    return facts;
}

/** Nothing but separators, or a currency mark ("TOTAL (RM):", "RM"), after a label on its line. */
export function labelTail(tail: string): boolean {
    const rest = tail.replace(/[\s:=#.\-–—>|()[\]*]+/g, '');
    return rest === '' || currenciesOfMark(rest) !== undefined;
}

/** A sentence opening on a whole, then the comma before a value: "Of the payments received, ", "Van de kosten, ". */
const PARTITIVE =
    /(?:[.!?;:]\s+|\n\s*)(?:of|van)\s+(?:the|these|those|your|its|all|de|het|deze|uw|alle)\s+(?<words>[\p{L}\- ]{1,48}), ?$/iu;

/**
 * A label among the words that name the whole a value is part of: "Of the payments received,
 * £5,000.00 was an overpayment" (the payments received are £19,203.92). `own`: the words of the
 * field's name, description and hints.
 */
export function partOf(text: string, hit: LabelHit, span: Span, own: ReadonlySet<string> = new Set()): boolean {
    const from = Math.max(0, span.start - 80);
    // (The document's start opens a sentence too.)
    const lead = from === 0 ? '\n' : '';
    const before = lead + text.slice(from, span.start);
    const words = PARTITIVE.exec(before)?.groups?.['words'];
    if (words === undefined) return false;
    if (hit.start < from + before.lastIndexOf(words) - lead.length || hit.end > span.start) return false;
    // (Unless the sentence goes on in the field's other words: "Of the rent arrears, £450.00 remains
    // outstanding" for `arrears_outstanding` is the part the field asks for.)
    const rest = /^[^.;!?\n]{0,80}/.exec(text.slice(span.end, span.end + 80))![0].toLowerCase();
    const phrase = new Set(hit.phrase.split(' '));
    return !(rest.match(/\p{L}+/gu) ?? []).some((w) => own.has(w) && !phrase.has(w));
}

/** An operand of a row's product: a figure with its mark, a percentage, or a count of one or two words ("14 weeks"). */
const OPERAND = String.raw`(?:\p{Sc}[ \t]?)?\d[\d.,/]{0,12}(?:[ \t]?%|(?:[ \t]+\p{L}{1,16}){0,2})`;
/** A product of two to four operands, a bracket after it at most. */
const PRODUCT = new RegExp(String.raw`^${OPERAND}(?:[ \t]*[x×*][ \t]*${OPERAND}){1,3}(?:[ \t]*\([^()\n]{0,60}\))?$`, 'u');

/**
 * The gap of a row that works its total out between its label and the total ("Class 4
 * contributions   £6,070.00 x 9%      £546.30", "Statutory pay   14 weeks x £719.00 (cap)   £10,066.00"):
 * the label is the total's, as if next to it. The cell stands apart, wide gaps on both sides
 * (measured by trimming: a regex over runs of spaces would backtrack).
 */
export function productCell(gap: string): boolean {
    if (gap.length > 160) return false;
    const core = gap.trim();
    const lead = gap.slice(0, gap.indexOf(core));
    const trail = gap.slice(lead.length + core.length);
    const wide = (s: string, n: number): boolean => s.includes('\t') || s.length >= n;
    return core !== '' && wide(lead, 2) && wide(trail, 3) && !/\n/.test(gap) && PRODUCT.test(core);
}
