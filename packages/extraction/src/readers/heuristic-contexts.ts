// Each span's label context, the part of a candidate's score its labels give (heuristic-scoring.ts
// contextScore), with what a field's kind adds: a check box answers by its tick, a duration's or a
// date's section heading labels its paragraph, a rate's sum per unit in an aside is the label's, and what
// a sum per unit comes to in its sentence is labelled as the sum is. Split from heuristic-scorers.ts.
import type { CompiledField } from '@svc/compiler';
import type { ParsedValue } from '../parsers/quote-parser.js';
import { boxContext } from './heuristic-boxes.js';
import { boundPhrased } from './heuristic-bounds.js';
import { FIGURES, fieldAsksForRate, quotedPerUnit, unitResult } from './heuristic-columns.js';
import { ADJUST } from './heuristic-weights.js';
import type { FieldContext } from './heuristic-scorers.js';
import { contextScore, type ContextScore } from './heuristic-scoring.js';
import { isCheckBox, type Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';

/** Each span's label context: a check box's by the answer it ticks; a duration's or a date's section heading labels its paragraph. */
export function contextsOf(ctx: FieldContext, found: readonly Span[], parsed: readonly (ParsedValue | undefined)[]): ContextScore[] {
    const { win, hits, type } = ctx;
    // (A date's too, in the paragraph's prose: "Uitbetaling" over "Wij betalen de transitievergoeding
    // uiterlijk op 30 april 2026 uit"; not a line of its own label, "Date:   Tuesday, 22 April 2025";
    // 200 characters back at most: a line may be a document long.)
    const dated = type.kind === 'date' || type.kind === 'datetime';
    const headed = (span: Span): boolean =>
        type.kind === 'duration' ||
        (dated && !win.text.slice(Math.max(win.lines[win.lineOf(span.start)]!.start, span.start - 200), span.start).includes(':'));
    // A field that asks for a rate reads a sum quoted per unit in a row's aside as the label's.
    const rate = type.kind === 'money' && fieldAsksForRate(win, ctx.field);
    const own = ownWordsOf(ctx.field);
    const read = found.map((span, i) =>
        !parsed[i]
            ? { score: 0 }
            : isCheckBox(span.quote)
              ? boxContext(win, hits, span)
              : contextScore(win, hits, span, headed(span), {
                    rate: rate && quotedPerUnit(win, span, ctx.field),
                    own,
                    joinable: type.kind === 'string',
                    money: type.kind === 'money' && !rate,
                    count: type.kind === 'integer',
                }),
    );
    // A figure a phrase of the end the field asks for brings in ("ten minste drie (3)" for `min_bestuursleden`).
    for (const i of FIGURES.has(type.kind) ? (boundPhrased(win, found, ctx.field) ?? []) : [])
        if (read[i]!.score < ADJUST.boundPhrase) read[i] = { score: ADJUST.boundPhrase };
    // What a sum per unit comes to in its sentence is labelled as the sum is ("… charged at £600.00 per day, being £1,800.00").
    if (type.kind === 'money')
        for (let i = 1; i < found.length; i++) if (unitResult(win, found, i) && read[i - 1]!.score > read[i]!.score) read[i] = read[i - 1]!;
    return read;
}

/** The words of a field's name, description and hints, once per field (a pure function of it). */
function ownWordsOf(field: CompiledField): ReadonlySet<string> {
    let own = OWN.get(field);
    if (!own) OWN.set(field, (own = new Set([field.name, field.description ?? '', ...field.hints].flatMap((t) => labelWords(t)))));
    return own;
}
const OWN = new WeakMap<CompiledField, ReadonlySet<string>>();
