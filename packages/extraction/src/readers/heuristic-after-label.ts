// A value of a particular shape right after a field's label in running text (a telephone number,
// a vehicle's registration), scored as a label in running text scores: shared by the scorers of
// those shapes (heuristic-phones.ts, heuristic-plates.ts), and the candidate a span makes
// (heuristic-job-titles.ts too).
import { parseQuote } from '../parsers/quote-parser.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { LABEL } from './heuristic-weights.js';

/** A span of the field as a scored candidate at `context`, if it fits the field's shape and parses. */
export function spanScored(ctx: FieldContext, fits: (s: Span) => boolean, span: Span, context: number): Scored | undefined {
    const { input, field, type } = ctx;
    const parsed = fits(span) ? parseQuote(type, span.quote, input.language) : undefined;
    if (!parsed) return undefined;
    const early = 1 - (input.offset + span.start) / Math.max(1, input.documentLength);
    return { field: field.id, span, parsed, score: context, features: { context, early } };
}

/**
 * The value `pattern` reads within `reach` characters after each of the field's labels (its first
 * group the value), where `accept` takes it: candidates as sure as a label in running text.
 */
export function afterLabelScores(
    ctx: FieldContext,
    fits: (s: Span) => boolean,
    pattern: RegExp,
    reach: number,
    accept: (value: string) => boolean = () => true,
): Scored[] {
    const out: Scored[] = [];
    for (const hit of ctx.hits) {
        const m = pattern.exec(ctx.win.text.slice(hit.end, hit.end + reach));
        if (!m || !accept(m[1]!)) continue;
        const start = hit.end + m[0].length - m[1]!.length;
        const scored = spanScored(ctx, fits, { start, end: start + m[1]!.length, quote: m[1]! }, hit.weight * LABEL.inRunningText);
        if (scored) out.push(scored);
    }
    return out;
}
