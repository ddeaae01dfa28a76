// Bank account numbers in the IBAN format, for a field that asks for one (`iban`, a description
// "Rekeningnummer waarop betaald moet worden"): an IBAN says what it is by its shape and its check
// digits (ISO 13616, mod 97) and its country's length, wherever it stands — after "IBAN" and a single space, in a sentence
// ("… over te maken op NL47 RABO 0318 4472 09 t.n.v. …") — so it is found without a label; a masked
// one ("NL** INGB **** **44 71") fails its check and is none.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { contextScore } from './heuristic-scoring.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { ADJUST } from './heuristic-weights.js';

/** Two letters, two check digits, then 11 to 30 letters and digits, in groups of four or run together. */
const IBAN = /(?<![\p{L}\p{N}])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)(?![\p{L}\p{N}])/gu;

/** Whether a field asks for an IBAN: a word of its name, hints or description (the profile's `ibanWords`). */
export function asksForIban(field: CompiledField, locale: LocaleProfile): boolean {
    const words = wordsOf(locale, 'ibanWords');
    return [field.name, field.description ?? '', ...field.hints].some((t) => labelWords(t).some((w) => words.has(w)));
}

/** IBAN lengths of the countries whose documents the reader meets most (ISO 13616 registry). */
const LENGTHS = new Map(
    Object.entries({
        NL: 18,
        BE: 16,
        DE: 22,
        GB: 22,
        IE: 22,
        FR: 27,
        ES: 24,
        IT: 27,
        LU: 20,
        AT: 20,
        CH: 21,
        DK: 18,
        SE: 24,
        NO: 15,
        FI: 18,
        PT: 25,
        PL: 28,
    }),
);

/**
 * The IBANs of a window: of a known country's length, `checked` when their check digits hold (a
 * document's own example or a typo may not: the shape still says what it is, less surely).
 */
export function ibanSpans(win: WindowText): (Span & { checked: boolean })[] {
    const out: (Span & { checked: boolean })[] = [];
    for (const m of win.text.matchAll(IBAN)) {
        const iban = m[1]!;
        if (LENGTHS.get(iban.slice(0, 2)) !== iban.replace(/ /g, '').length) continue;
        out.push({ start: m.index!, end: m.index! + iban.length, quote: iban, checked: validIban(iban) });
    }
    return out;
}

/** ISO 13616: the country and check digits moved to the end, letters as 10–35, the number mod 97 is 1. */
export function validIban(text: string): boolean {
    const s = text.replace(/ /g, '');
    if (s.length < 15 || s.length > 34) return false;
    let rest = 0;
    for (const ch of s.slice(4) + s.slice(0, 4)) {
        const code = ch.charCodeAt(0);
        const value = code >= 65 ? code - 55 : code - 48;
        rest = (value >= 10 ? rest * 100 + value : rest * 10 + value) % 97;
    }
    return rest === 1;
}

/** The context an IBAN's shape gives it where no label is near: as good as a label of its name. */
const IBAN_CONTEXT = 0.7;
/** Less when its check digits fail. */
const UNCHECKED_CONTEXT = 0.5;

/**
 * A field that asks for an IBAN: the window's valid IBANs, each as labelled by its shape, instead of
 * what labels found (`found`); undefined where the window has none, so the labels' candidates stand.
 */
export function ibanCandidates(ctx: FieldContext, found: readonly Scored[]): Scored[] | undefined {
    if (!asksForIban(ctx.field, ctx.win.locale)) return undefined;
    const spans = ibanSpans(ctx.win);
    if (!spans.length) return undefined;
    const out: Scored[] = [];
    for (const span of spans) {
        const parsed = parseQuote(ctx.type, span.quote, ctx.input.language);
        if (!parsed) continue;
        const context = Math.max(contextScore(ctx.win, ctx.hits, span).score, span.checked ? IBAN_CONTEXT : UNCHECKED_CONTEXT);
        const early = 1 - (ctx.input.offset + span.start) / Math.max(1, ctx.input.documentLength);
        out.push({
            field: ctx.field.id,
            span,
            parsed,
            score: context + ADJUST.stringEarly * early,
            features: { context, early, labelName: 1 },
        });
    }
    return out.length ? out : [...found];
}
