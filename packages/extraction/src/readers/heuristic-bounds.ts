// Which end of a range of figures a field asks for: its name says the most or the least
// (`maximum_salaris`, `fee_estimate_max`, `minimum_order`), and the text writes two figures as a
// range ("£6,500 - £9,000", "£6,500 to £9,000", "between £6,500 and £9,000", "tussen € 3.450 en
// € 4.780"). The other end is not the field's; for a field that asks for neither end, neither is.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { shapesOf } from '../locale/locale-shapes.js';
import { wordsOf } from '../locale/locale-words.js';
import type { Span } from './heuristic-spans.js';
import { betweenJoin, rangePairs } from './heuristic-terms.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** The end of a range the field's name asks for: 1 for the most, 0 for the least, else none. */
export function boundPart(field: CompiledField, locale: LocaleProfile): 0 | 1 | undefined {
    const words = labelWords(field.name);
    if (words.some((w) => wordsOf(locale, 'maximumWords').has(w))) return 1;
    return words.some((w) => wordsOf(locale, 'minimumWords').has(w)) ? 0 : undefined;
}

/** The figures that stand as the other end of a range than the field's name asks for (both ends when it asks for none). */
export function otherBounds(win: WindowText, found: readonly Span[], field: CompiledField): Set<Span> | undefined {
    const part = boundPart(field, win.locale);
    // A field that asks for one figure, not an end, is neither end of a range ("estimated at $16,500 - $19,000").
    if (part === undefined) return new Set(rangePairs(win, found).flat());
    return new Set(rangePairs(win, found, betweenJoin(win)).map((pair) => pair[1 - part]!));
}

/**
 * The figures a phrase of the end the field's name asks for brings in ("ten minste drie (3)", "no
 * more than 12"), in a sentence that says a word of the field's name by its first five letters
 * (`min_bestuursleden`: "Het bestuur … bestaat uit ten minste drie (3) en ten hoogste zeven (7)
 * leden"): as labelled (heuristic-contexts.ts).
 */
export function boundPhrased(win: WindowText, found: readonly Span[], field: CompiledField): Set<number> | undefined {
    const part = boundPart(field, win.locale);
    if (part === undefined) return undefined;
    const bounds = new Set([...wordsOf(win.locale, 'maximumWords'), ...wordsOf(win.locale, 'minimumWords')]);
    const heads = labelWords(field.name).flatMap((w) => (w.length >= 5 && !bounds.has(w) ? [w.slice(0, 5)] : []));
    const phrases = [...wordsOf(win.locale, part === 1 ? 'upperBoundPhrases' : 'lowerBoundPhrases')];
    if (!heads.length || !phrases.length) return undefined;
    const out = new Set<number>();
    found.forEach((span, i) => {
        const before = win.text
            .slice(Math.max(0, span.start - BOUND_REACH), span.start)
            .toLowerCase()
            .replace(/\s+/g, ' ');
        if (!phrases.some((p) => phraseBefore(before, p))) return;
        // (Not a period's count: "ten hoogste vier (4) jaren".)
        const next = /^\)?\s*(\p{L}+)/u.exec(win.text.slice(span.end, span.end + BOUND_REACH));
        if (next && shapesOf(win.locale).unitOf.has(next[1]!.toLowerCase())) return;
        const sentence = win.text.slice(Math.max(0, span.start - SENTENCE_REACH), span.end + BOUND_REACH).toLowerCase();
        if ((sentence.match(/\p{L}{5,}/gu) ?? []).some((w) => heads.includes(w.slice(0, 5)))) out.add(i);
    });
    return out;
}

/** Characters before a figure read for its phrase (a number word and a bracket may stand between), and after it for the sentence. */
const BOUND_REACH = 40;
/** Characters before a figure read for a word of the field's name. */
const SENTENCE_REACH = 160;

/** Whether text ends with a phrase and at most a number word and an opening bracket after it ("ten minste drie ("). */
function phraseBefore(before: string, phrase: string): boolean {
    const at = before.lastIndexOf(phrase);
    if (at < 0 || (at > 0 && /\p{L}/u.test(before[at - 1]!))) return false;
    return /^\s+(?:\p{L}+\s*\(\s*)?$/u.test(before.slice(at + phrase.length));
}
