// Check boxes: what a box answers and which box answers a question, and which box is an option's
// (heuristic-spans.ts asks: an option whose box is empty is not chosen). A box is labelled by the
// statement it stands before, up to the next box on its line; a question's options ("[ ] Yes   [X]
// No") are answered by the word after the ticked box. Split from heuristic-scoring.ts.
import type { LabelHit } from './heuristic-labels.js';
import type { ContextScore } from './heuristic-scoring.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';
import { ADJUST } from './heuristic-weights.js';

/** A ticked box right before an answer. */
const TICKED_BEFORE = /(?:\[[xX✓✔]\]|[☒☑])[ \t]*$/u;
/** A question's options, each a box and a word (passed over between a question and its ticked answer). */
const OPTIONS = /(?:\[[xX✓✔ ]\]|[☒☑☐])(?:[ \t]*\p{L}+)?/gu;
/** The rest of a question after its label, to its mark: "… at Summit Forge?". */
const QUESTION_REST = /^[^?:.\n]{0,40}\?\s*$/u;

/**
 * Whether the span is the answer ticked among a question's options, `gap` the text between the
 * question's label and it: "Belay certified at Summit Forge?   [ ] Yes   [X] No".
 */
export function tickedAnswer(text: string, span: Span, gap: string): boolean {
    return TICKED_BEFORE.test(text.slice(Math.max(0, span.start - 6), span.start)) && QUESTION_REST.test(gap.replace(OPTIONS, ' '));
}

/**
 * A check box is labelled only by the statement it stands before, on its line ("[x] I confirm I am
 * over 18"): a label elsewhere belongs to another box or another answer.
 */
export function boxContext(win: WindowText, hits: readonly LabelHit[], span: Span): ContextScore {
    const line = win.lines[win.lineOf(span.start)]!;
    // The statement runs to the next box on the line: "[X] Top-rope   [ ] Lead climbing".
    const next = win.text.slice(span.end, line.end).search(/\[[xX✓✔ ]\]|[☒☑☐]/u);
    const end = next < 0 ? line.end : span.end + next;
    let best: LabelHit | undefined;
    // Not a compound's tail: "[x] binnenstalling" is no statement about the "stalling".
    for (const h of hits) if (h.start >= span.end && h.end <= end && !h.compound && h.weight > (best?.weight ?? 0)) best = h;
    // However far along the statement the label stands ("[ ] I would like to join the mailing list").
    return best ? { score: best.weight * ADJUST.boxStatement, hit: best } : { score: 0 };
}

/** A check box just before an option, and the white space between: "[ ]", "( )", "☐", "[X]". */
const BOX_BEFORE = /(?:\[[\sxX✓✔]?\]|\(\s?\)|[☐☒☑])([^\S\n]*)$/u;
/** A check box just after an option: "YES   [X]", "NO   [ ]". */
const BOX_AFTER = /^([^\S\n]*)(?:\[[\sxX✓✔]?\]|\(\s?\)|[☐☒☑])/u;
/** An empty box. */
const EMPTY = /^(?:\[\s?\]|\(\s?\)|☐)$/u;

/**
 * Whether an option's box is left empty: the box nearer to it on its line, before it ("[ ] Yes
 * [X] No") or after it ("YES   [X]        NO   [ ]").
 */
export function emptyBox(text: string, s: Span): boolean {
    const before = BOX_BEFORE.exec(text.slice(Math.max(0, s.start - 12), s.start));
    const after = BOX_AFTER.exec(text.slice(s.end, s.end + 12));
    const boxBefore = before?.[0].trimEnd();
    const boxAfter = after?.[0].trimStart();
    if (!before && !after) return false;
    if (!after) return EMPTY.test(boxBefore!);
    if (!before) return EMPTY.test(boxAfter!);
    // (At a tie, the box before: most forms put it there.)
    const useAfter = after[1]!.length < before[1]!.length;
    return EMPTY.test(useAfter ? boxAfter! : boxBefore!);
}
