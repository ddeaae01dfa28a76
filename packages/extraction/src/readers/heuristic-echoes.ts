// Across windows (docs/extraction.md), once every window of a document was read:
// - the reader decides between the values windows proposed, as it does within a window: a value
//   clearly behind the document's best (the noisy-or of each value's p) keeps less of its p, so the
//   values of two windows do not stand as equals in settling when one window read a label;
// - a value read in one window of a long document is often written first in another — a state in
//   the parties' clause before the governing-law clause names it, a date in the heading before the
//   body repeats it: the first place the document writes each field's best value is proposed as a
//   trace of the same reading (p of an echo), so the value's mentions include the place it is first
//   written. The mention quotes the value as written there; it is evidence, never a rival.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';
import { PROPOSE, SHARPNESS } from './heuristic-weights.js';
import { quoteKeys, type QuoteKey } from './quote-keys.js';
import type { ReaderCandidate } from './reader-types.js';

const WORD = /[\p{L}\p{N}]/u;

/** The first whole-word occurrence of `text` in `document` (-1: none). */
export function firstWhole(document: string, text: string): number {
    const wordFirst = WORD.test(text[0] ?? '');
    for (let i = document.indexOf(text); i >= 0;) {
        if (!WORD.test(document[i - 1] ?? '') && !WORD.test(document[i + text.length] ?? '')) return i;
        // A whole occurrence of a text that starts with a letter starts after a character that is
        // none: none starts inside the run of letters from here. (Searching again from the next
        // character found every overlapping place in a long run: quadratic, 2.4 s for a 90,000-letter word.)
        let next = i + 1;
        if (wordFirst) while (next < document.length && WORD.test(document[next - 1]!)) next++;
        i = document.indexOf(text, next);
    }
    return -1;
}

/**
 * The document in lower case when that keeps every offset (no letter changes length), for finding a
 * value written in other capitals ("Washington" before "WASHINGTON"); else the document itself.
 */
function lowerCased(document: string): string {
    const lower = document.toLowerCase();
    return lower.length === document.length ? lower : document;
}

/**
 * For each single-valued field, the strongest candidate of all windows; where the document writes
 * its quote (or the quote without outer punctuation, "Ohio." → "Ohio") before every candidate of
 * that value, that first occurrence, as one more window of candidates spanning the document.
 */
export function documentEchoes(
    document: string,
    schema: CompiledSchema,
    language: Language,
    windows: readonly WindowCandidates[],
    keyOf: QuoteKey = quoteKeys(schema, language),
): WindowCandidates | undefined {
    const best = new Map<string, { c: ReaderCandidate; at: number }>();
    for (const w of windows)
        for (const c of w.candidates) {
            const seen = best.get(c.slot);
            if (c.p > PROPOSE.echoP && (!seen || c.p > seen.c.p)) best.set(c.slot, { c, at: w.start + (c.at ?? 0) });
        }
    const out: ReaderCandidate[] = [];
    let lower: string | undefined;
    for (const field of schema.fields) {
        const top = best.get(field.name);
        if (field.type.kind === 'array' || !top) continue;
        const key = keyOf(field.name, top.c.quote);
        if (key === undefined) continue;
        const bare = trimPunctuation(top.c.quote);
        for (const text of new Set([top.c.quote, bare])) {
            if (text.length < 2) continue;
            // Where it is written first, as read or in other capitals (a string's reading folds case).
            let at = firstWhole(document, text);
            if (at < 0 || at >= top.at) {
                lower ??= lowerCased(document);
                at = firstWhole(lower, lower === document ? text : text.toLowerCase());
            }
            if (at < 0 || at >= top.at) continue;
            const quote = document.slice(at, at + text.length);
            if (keyOf(field.name, quote) !== key) continue;
            out.push({ slot: field.name, quote, p: PROPOSE.echoP, at });
            break;
        }
    }
    return out.length ? { start: 0, end: document.length, candidates: out } : undefined;
}

/**
 * The windows' candidates with the values of each single-valued field weighed against each other:
 * a value's p times (its support ÷ the best value's support) to the power SHARPNESS.windows. One
 * window: as read (the window decided already).
 */
export function decideAcross(
    schema: CompiledSchema,
    language: Language,
    windows: readonly WindowCandidates[],
    keyOf: QuoteKey = quoteKeys(schema, language),
): WindowCandidates[] {
    if (windows.length < 2) return [...windows];
    const keys = new Map<ReaderCandidate, string>();
    const support = new Map<string, Map<string, number>>();
    for (const w of windows)
        for (const c of w.candidates) {
            const key = c.p > PROPOSE.echoP ? keyOf(c.slot, c.quote) : undefined;
            if (key === undefined) continue;
            keys.set(c, key);
            const byValue = support.get(c.slot) ?? support.set(c.slot, new Map()).get(c.slot)!;
            byValue.set(key, 1 - (1 - (byValue.get(key) ?? 0)) * (1 - c.p));
        }
    const top = new Map([...support].map(([slot, byValue]) => [slot, Math.max(...byValue.values())]));
    return windows.map((w) => ({
        ...w,
        candidates: w.candidates.map((c) => {
            const key = keys.get(c);
            if (key === undefined) return c;
            const ratio = support.get(c.slot)!.get(key)! / top.get(c.slot)!;
            if (ratio >= 1) return c;
            return { ...c, p: Math.max(PROPOSE.echoP, Math.round(c.p * Math.pow(ratio, SHARPNESS.windows) * 1000) / 1000) };
        }),
    }));
}

/** The text without outer white space and punctuation (by hand: `[…]+$` tried at every start of a long run is quadratic). */
function trimPunctuation(t: string): string {
    const outer = (c: string): boolean => /[\s.,;:"'()]/.test(c);
    let a = 0;
    let b = t.length;
    while (a < b && outer(t[a]!)) a++;
    while (b > a && outer(t[b - 1]!)) b--;
    return t.slice(a, b);
}
