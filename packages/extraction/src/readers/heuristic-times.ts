// Times of day for a string field that asks for one (`hearing_time`, `start_time`, Dutch
// `ophaaltijd`). A label in running text names no string after it ("The hearing will take place on
// Monday 3 November 2025 at 2.00 pm in Meeting Room 2"), so each time the window writes is
// proposed, scored by the labels near it as a date or an amount is.
import { parseQuote } from '../parsers/quote-parser.js';
import { contextScore } from './heuristic-scoring.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { labelWords } from './heuristic-text.js';
import { ADJUST } from './heuristic-weights.js';

/**
 * A time of day: hours and minutes with a colon ("14:00", "8:00 AM"), or with a full stop and a
 * half of the day or a word for the hour after it ("2.00 pm", "10.30 uur"; "12.50" alone is an
 * amount), or an hour and a half of the day ("2 pm").
 */
const TIME =
    /(?<![\p{N}.:,])(?:(?:[01]?\d|2[0-3]):[0-5]\d(?:[ \t]?(?:[ap]\.?m\b\.?|uur\b|u\b|h\b|hrs\b))?|(?:[01]?\d|2[0-3])\.[0-5]\d[ \t]?(?:[ap]\.?m\b\.?|uur\b|u\b|h\b|hrs\b)|(?:1[0-2]|0?[1-9])[ \t]?[ap]\.?m\b\.?)(?![\p{N}:])/giu;

/** Words of a field's name that ask for a time of day; a Dutch compound may end in one ("ophaaltijd"). */
const TIME_WORDS: ReadonlySet<string> = new Set(['time', 'tijd', 'tijdstip', 'aanvangstijd']);

/**
 * Whether a string field asks for a time of day: its name's last word, or a compound ending in
 * "tijd" anywhere in it (a qualifier may follow: `sluitingstijd_doordeweeks`); or its description
 * starts by saying so ("Clock time the appointment itself starts" for `appointment_start`).
 */
export function asksForTime(name: string, description = ''): boolean {
    const words = labelWords(name);
    return (
        TIME_WORDS.has(words.at(-1) ?? '') ||
        words.some((w) => w.length > 6 && w.endsWith('tijd')) ||
        clockDescribed(labelWords(description))
    );
}

/** A description's first two words say a time of day: "Clock time …", "Time the …" (not "Time limit …", a period). */
function clockDescribed(words: readonly string[]): boolean {
    const k = words.slice(0, 2).findIndex((w) => TIME_WORDS.has(w));
    return k >= 0 && !PERIOD_HEADS.has(words[k + 1] ?? '');
}
/** Words after "time" that make it a period, no time of day. */
const PERIOD_HEADS: ReadonlySet<string> = new Set(['limit', 'limits', 'period', 'frame', 'span', 'zone', 'spent', 'scale', 'allowed']);

/** The times of day the window writes, as candidates of a string field that asks for one. */
export function timeScores(ctx: FieldContext): Scored[] {
    const { input, win, field, type } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !asksForTime(field.name, field.description)) return [];
    const out: Scored[] = [];
    for (const m of win.text.matchAll(TIME)) {
        const span = { start: m.index, end: m.index + m[0].length, quote: m[0].replace(/[.]$/, '') };
        span.end = span.start + span.quote.length;
        const parsed = parseQuote(type, span.quote, input.language);
        if (!parsed) continue;
        const context = contextScore(win, ctx.hits, span).score;
        const early = 1 - (input.offset + span.start) / Math.max(1, input.documentLength);
        out.push({ field: field.id, span, parsed, score: context + ADJUST.stringEarly * early, features: { context, early } });
    }
    return out;
}
