// Echoes across windows (docs/extraction.md): a value read in one window of a long document is
// often written first in another — a state in the parties' clause before the governing-law clause
// names it, a date in the heading before the body repeats it. After every window was read, the
// first place the document writes each field's best value is proposed as a trace of the same
// reading (p of an echo), so the value's mentions include the place it is first written. The
// mention quotes the value as written there; it is evidence of the same reading, never a rival.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';
import { parseQuote } from '../parsers/quote-parser.js';
import { PROPOSE } from './heuristic-weights.js';
import type { ReaderCandidate } from './reader-types.js';

const WORD = /[\p{L}\p{N}]/u;

/** The first whole-word occurrence of `text` in `document` at or after 0 (-1: none). */
function firstWhole(document: string, text: string): number {
    for (let i = document.indexOf(text); i >= 0; i = document.indexOf(text, i + 1)) {
        if (!WORD.test(document[i - 1] ?? '') && !WORD.test(document[i + text.length] ?? '')) return i;
    }
    return -1;
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
): WindowCandidates | undefined {
    const best = new Map<string, { c: ReaderCandidate; at: number }>();
    for (const w of windows)
        for (const c of w.candidates) {
            const seen = best.get(c.slot);
            if (c.p > PROPOSE.echoP && (!seen || c.p > seen.c.p)) best.set(c.slot, { c, at: w.start + (c.at ?? 0) });
        }
    const out: ReaderCandidate[] = [];
    for (const field of schema.fields) {
        const top = best.get(field.name);
        if (field.type.kind === 'array' || !top) continue;
        const key = parseQuote(field.type, top.c.quote, language)?.key;
        if (key === undefined) continue;
        const bare = top.c.quote.replace(/^[\s.,;:"'()]+|[\s.,;:"'()]+$/gu, '');
        for (const text of new Set([top.c.quote, bare])) {
            if (text.length < 2) continue;
            const at = firstWhole(document, text);
            if (at < 0 || at >= top.at) continue;
            if (parseQuote(field.type, text, language)?.key !== key) continue;
            out.push({ slot: field.name, quote: text, p: PROPOSE.echoP, at });
            break;
        }
    }
    return out.length ? { start: 0, end: document.length, candidates: out } : undefined;
}
