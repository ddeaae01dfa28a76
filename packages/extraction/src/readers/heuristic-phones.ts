// A telephone number after a label in running text, for a field that asks for one ("Book by phone
// on 01422 845 300 or online", "of bel⏎088 - 000 1388 (op werkdagen …)"): a run of digits with
// spaces, dashes and brackets that starts as a number is dialled (a "+" or a 0), after the label
// and at most a word ("on", "op") and a line break.
import { afterLabelScores } from './heuristic-after-label.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { asksForPhone } from './heuristic-shapes.js';
import type { Span } from './heuristic-spans.js';

/** What may stand between a label and its number, then the number (ending on a digit). */
const DIALLED = /^[ \t]*:?[ \t]*(?:\p{Ll}{1,3}[ \t]+)?\n?[ \t]*((?:\+|\(?0)[\d() \-–]{5,20}\d)(?![\d])/u;

/** Telephone numbers right after the field's labels, as candidates of a field that asks for one. */
export function phoneScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { field, type } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !asksForPhone(field)) return [];
    return afterLabelScores(ctx, fits, DIALLED, 48);
}
