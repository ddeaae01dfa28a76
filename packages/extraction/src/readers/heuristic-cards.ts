// A payment card's last four digits, for a field that asks for them (`card_last4`, `card_last_four`):
// a card is written masked, its last four digits after the mask or "ending" ("VISA DEBIT  **** 6612",
// "Visa debit ending 4417", "xxxx xxxx xxxx 2231"), wherever the document writes it: the card's
// label is often its brand ("Paid by:"), no word of the field's name.
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { spanScored } from './heuristic-after-label.js';
import type { Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Four digits alone, and a mask or "ending (in)" right before them, read in the few characters before. */
const FOUR_DIGITS = /(?<!\d)\d{4}(?!\d)/g;
const MASK_BEFORE = /(?:\bending(?: in)?[ \t]+|[*xX•]{3}[ \t-]?)$/;
/** Characters before four digits read for their mask (bounded: a window's runs of digits are read once each). */
const MASK_CHARS = 12;

/** Whether a field's name asks for the last four digits of something: "last" and "4" or "four". */
function asksForLastFour(name: string): boolean {
    const words = labelWords(name);
    return words.includes('last4') || (words.includes('last') && (words.includes('four') || words.includes('4')));
}

/** The masked cards' last four digits in the window, as candidates of a field that asks for them. */
export function cardScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { field, type, win } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !asksForLastFour(field.name)) return [];
    const out: Scored[] = [];
    for (const m of win.text.matchAll(FOUR_DIGITS)) {
        if (!MASK_BEFORE.test(win.text.slice(Math.max(0, m.index - MASK_CHARS), m.index))) continue;
        const scored = spanScored(ctx, fits, { start: m.index, end: m.index + 4, quote: m[0] }, LABEL.namePart);
        if (scored) out.push(scored);
    }
    return out;
}
