// Two figures a document labels alike, the earlier and the later of a pair ("Waarde portefeuille
// per 01-07-2025   184.612,37" over "… per 30-09-2025   191.977,30" for `beginwaarde` and
// `eindwaarde`; "Current annual base salary" over "New annual base salary" for `previous_salary`
// and `new_salary`): a field whose name says which of the two it is takes its label's first value
// or its last.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { ParsedValue } from '../parsers/quote-parser.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** A word of the list, or a compound it heads ("beginsaldo", "eindwaarde"). */
function says(words: readonly string[], list: ReadonlySet<string>): boolean {
    return words.some((w) => list.has(w) || [...list].some((l) => l.length >= 4 && w.length >= l.length + 4 && w.startsWith(l)));
}

/** Which of a pair the field's name asks for: 0 the earlier, 1 the later, else undefined. */
export function pairPart(field: CompiledField, locale: LocaleProfile): 0 | 1 | undefined {
    const words = labelWords(field.name);
    const earlier = says(words, wordsOf(locale, 'earlierWords'));
    const later = says(words, wordsOf(locale, 'laterWords'));
    return earlier === later ? undefined : earlier ? 0 : 1;
}

/**
 * The contexts (indexed as `found`) with a label's values other than the one the field's place in
 * the pair asks for weakened by `other`: where one label points at two values, a pair, on lines of
 * their own, the first is the earlier's, the last the later's (a label of three values or more
 * names a list, or prose: "your balance falls below $20.00").
 */
export function pairOrdered<C extends { score: number; hit?: { phrase: string } }>(
    part: 0 | 1,
    found: readonly Span[],
    contexts: readonly C[],
    parsed: readonly (ParsedValue | undefined)[],
    lineOf: (at: number) => number,
    other: number,
    floor: number,
): C[] {
    const byLabel = new Map<string, number[]>();
    contexts.forEach((c, i) => {
        if (!c.hit || c.score < floor || !parsed[i]) return;
        const list = byLabel.get(c.hit.phrase);
        if (list) list.push(i);
        else byLabel.set(c.hit.phrase, [i]);
    });
    const out = contexts.slice();
    for (const list of byLabel.values()) {
        const keys = new Set(list.map((i) => parsed[i]!.key));
        const lines = new Set(list.map((i) => lineOf(found[i]!.start)));
        if (keys.size !== 2 || lines.size < 2) continue;
        const keep = part === 0 ? list[0]! : list.at(-1)!;
        for (const i of list) if (parsed[i]!.key !== parsed[keep]!.key) out[i] = { ...out[i]!, score: out[i]!.score * other };
    }
    return out;
}

/**
 * A range of two figures ("will increase from $96,000 to $102,240") for a field that asks for the
 * earlier or the later: the end it asks for takes the better context of the two, the other keeps
 * `other` of it (contexts indexed as `found`), as a range's label gives a date's end (heuristic-terms.ts).
 */
export function pairRanged<C extends { score: number }>(
    part: 0 | 1,
    pairs: readonly [Span, Span][],
    found: readonly Span[],
    contexts: readonly C[],
    other: number,
): C[] {
    const index = new Map(found.map((s, i) => [s, i]));
    const out = contexts.slice();
    for (const pair of pairs) {
        const [want, rest] = [index.get(pair[part])!, index.get(pair[1 - part]!)!];
        const best = out[want]!.score >= out[rest]!.score ? out[want]! : out[rest]!;
        out[want] = best;
        out[rest] = { ...best, score: best.score * other };
    }
    return out;
}

/** Which of a pair the word right before a value marks it: 0 the earlier ("previously"), 1 the later ("now"), else undefined. */
export function pairMark(win: WindowText, span: Span): 0 | 1 | undefined {
    const before = MARK_BEFORE.exec(win.text.slice(Math.max(0, span.start - MARK_CHARS), span.start))?.[1]?.toLowerCase();
    if (before === undefined) return undefined;
    return wordsOf(win.locale, 'earlierMarks').has(before) ? 0 : wordsOf(win.locale, 'laterMarks').has(before) ? 1 : undefined;
}

/**
 * The contexts (indexed as `found`) with a value the document marks the other of a pair weakened by
 * `other` ("Date for Completion now 29/08/2025 (previously 22/08/2025)": for
 * `original_completion_date` the first is the later).
 */
export function pairMarked<C extends { score: number }>(
    part: 0 | 1,
    win: WindowText,
    found: readonly Span[],
    contexts: readonly C[],
    other: number,
): C[] {
    return contexts.map((c, i) => (pairMark(win, found[i]!) === 1 - part ? { ...c, score: c.score * other } : c));
}
/** The word right before a value: a bracket, a colon or a currency's mark may stand between. */
const MARK_BEFORE = /(\p{L}+)[ \t]*[:(]?[ \t]*\p{Sc}?[ \t]*$/u;
/** Characters before a value read for its mark. */
const MARK_CHARS = 24;
