// A vehicle's registration after its label, for a field that asks for one (`vehicle_registration`,
// `kenteken`): capitals and digits in up to three groups, a digit and a letter among them ("Reg No:
// NU21 KXD", "registration WV18 KXP.", "Reg. 191-WX-4478"), after the label and at most "No", a full
// stop or a colon. Plates are written with a space or dashes that a code elsewhere never has.
import { parseQuote } from '../parsers/quote-parser.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Words of a field's name that ask for a vehicle's registration. */
const PLATE_WORDS: ReadonlySet<string> = new Set(['registration', 'reg', 'plate', 'rego', 'kenteken', 'numberplate', 'nummerplaat']);

/** What may stand between a label and a plate, then the plate, ending at a space, a stop or the line's end. */
const PLATE =
    /^\.?[ \t]*(?:no\.?|nr\.?|number)?[ \t]*[:.]?[ \t]*((?=[A-Z\d -]*\d)(?=[A-Z\d -]*[A-Z])[A-Z\d]{1,4}(?:[ -][A-Z\d]{1,4}){0,2})(?=[,.;)]?(?:[ \t\n]|$))/iu;

/** Registrations right after the field's labels, as candidates of a field that asks for one. */
export function plateScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { input, win, field, type, hits } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !labelWords(field.name).some((w) => PLATE_WORDS.has(w))) return [];
    const out: Scored[] = [];
    for (const hit of hits) {
        const m = PLATE.exec(win.text.slice(hit.end, hit.end + 32));
        // (Written in capitals: a word in lower case after the label is prose, "registration no longer".)
        if (!m || m[1] !== m[1]!.toUpperCase() || m[1]!.replace(/[ -]/g, '').length < 5) continue;
        const start = hit.end + m[0].length - m[1]!.length;
        const span = { start, end: start + m[1]!.length, quote: m[1]! };
        const parsed = fits(span) ? parseQuote(type, span.quote, input.language) : undefined;
        if (!parsed) continue;
        const context = hit.weight * LABEL.inRunningText;
        const early = 1 - (input.offset + start) / Math.max(1, input.documentLength);
        out.push({ field: field.id, span, parsed, score: context, features: { context, early } });
    }
    return out;
}
