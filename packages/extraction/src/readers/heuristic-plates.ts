// A vehicle's registration after its label, for a field that asks for one (`vehicle_registration`,
// `kenteken`): capitals and digits in up to three groups, a digit and a letter among them ("Reg No:
// NU21 KXD", "registration WV18 KXP.", "Reg. 191-WX-4478"), after the label and at most "No", a full
// stop or a colon. Plates are written with a space or dashes that a code elsewhere never has.
import { afterLabelScores } from './heuristic-after-label.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';

/** Words of a field's name that ask for a vehicle's registration. */
const PLATE_WORDS: ReadonlySet<string> = new Set(['registration', 'reg', 'plate', 'rego', 'kenteken', 'numberplate', 'nummerplaat']);

/** What may stand between a label and a plate, then the plate, ending at a space, a stop or the line's end. */
const PLATE =
    /^\.?[ \t]*(?:no\.?|nr\.?|number)?[ \t]*[:.]?[ \t]*((?=[A-Z\d -]*\d)(?=[A-Z\d -]*[A-Z])[A-Z\d]{1,4}(?:[ -][A-Z\d]{1,4}){0,2})(?=[,.;)]?(?:[ \t\n]|$))/iu;

/** Registrations right after the field's labels, as candidates of a field that asks for one. */
export function plateScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { field, type } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !labelWords(field.name).some((w) => PLATE_WORDS.has(w))) return [];
    // (Written in capitals: a word in lower case after the label is prose, "registration no longer".)
    return afterLabelScores(ctx, fits, PLATE, 32, (plate) => plate === plate.toUpperCase() && plate.replace(/[ -]/g, '').length >= 5);
}
