// A payment card's last four digits, for a field that asks for them (`card_last4`, `card_last_four`):
// a card is written masked, its last four digits after the mask or "ending" ("VISA DEBIT  **** 6612",
// "Visa debit ending 4417", "xxxx xxxx xxxx 2231"), wherever the document writes it: the card's
// label is often its brand ("Paid by:"), no word of the field's name.
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { spanScored } from './heuristic-after-label.js';
import type { Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** A mask or "ending (in)" before four digits that end a card's number. */
const MASKED = /(?:\bending(?: in)?[ \t]+|(?:[*xX•]{3,}[ \t-]?)+)(\d{4})(?!\d)/g;

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
    for (const m of win.text.matchAll(MASKED)) {
        const start = m.index + m[0].length - 4;
        const scored = spanScored(ctx, fits, { start, end: start + 4, quote: m[1]! }, LABEL.namePart);
        if (scored) out.push(scored);
    }
    return out;
}
