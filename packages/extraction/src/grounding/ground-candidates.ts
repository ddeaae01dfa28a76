// Grounding (docs/extraction.md): a candidate becomes a mention only if its quote occurs verbatim
// in the window — the occurrence nearest the reader's position hint, else the first, never one that
// begins or ends inside a surrogate pair — and parses as the field's type. Everything else is
// dropped and counted, never guessed at: a model's paraphrase has no offsets, a value that does not
// parse cannot be settled, and half a character is no text. The search is bounded (window-search.ts).
import type { CompiledField, CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { ReaderCandidate } from '../readers/reader-types.js';
import type { CodePointIndex } from './code-points.js';
import type { GroundedMention, Mention } from './mention-types.js';
import { scanQuote } from './quote-search.js';
import { WindowSearch } from './window-search.js';

export interface WindowCandidates {
    /** UTF-16 offsets of the window in the document. */
    start: number;
    end: number;
    candidates: readonly ReaderCandidate[];
}

export interface DropCounts {
    unknownField: number;
    badConfidence: number;
    emptyQuote: number;
    notInWindow: number;
    /** Found only beginning or ending between the two halves of a surrogate pair. */
    splitCharacter: number;
    /** Not searched: the window's scans had read it SEARCH_PASSES times over (window-search.ts). */
    overBudget: number;
    notParsed: number;
}

export const noDrops = (): DropCounts => ({
    unknownField: 0,
    badConfidence: 0,
    emptyQuote: 0,
    notInWindow: 0,
    splitCharacter: 0,
    overBudget: 0,
    notParsed: 0,
});

export interface GroundingResult {
    /** Merged, in document order (start, end, field), without ids yet. */
    mentions: GroundedMention[];
    dropped: DropCounts;
}

/**
 * The occurrence of `quote` in `text[from, to)` nearest `near` (else the first; ties to the earlier),
 * skipping any that begins or ends inside a surrogate pair; -1 when none. Linear in the range and
 * the quote (quote-search.ts).
 */
export function findOccurrence(text: string, quote: string, from: number, to: number, near?: number): number {
    return scanQuote(text, quote, from, to, near).at;
}

/** Grounds the candidates of every window and merges mentions of the same field and span. */
export function groundCandidates(
    schema: CompiledSchema,
    language: Language,
    doc: CodePointIndex,
    windows: readonly WindowCandidates[],
): GroundingResult {
    const byName = new Map<string, CompiledField>(schema.fields.map((f) => [f.name, f]));
    const dropped = noDrops();
    const merged = new Map<string, GroundedMention>();
    for (const w of windows) {
        const search = new WindowSearch(doc.text, w.start, w.end);
        for (const c of w.candidates) {
            const field = byName.get(c.slot);
            if (!field) {
                dropped.unknownField++;
                continue;
            }
            if (typeof c.p !== 'number' || !(c.p > 0 && c.p < 1)) {
                dropped.badConfidence++;
                continue;
            }
            if (typeof c.quote !== 'string' || c.quote.length === 0) {
                dropped.emptyQuote++;
                continue;
            }
            const found = search.find(c.quote, c.at === undefined ? undefined : w.start + c.at);
            if (found.drop) {
                dropped[found.drop]++;
                continue;
            }
            const parsed = parseQuote(field.type, c.quote, language);
            if (!parsed) {
                dropped.notParsed++;
                continue;
            }
            const start = doc.toCodePoint(found.at);
            const end = doc.toCodePoint(found.at + c.quote.length);
            const key = `${field.id}:${start}:${end}`;
            const seen = merged.get(key);
            // Overlapping windows read the same span twice: one mention, the higher confidence.
            if (!seen || c.p > seen.p) merged.set(key, { field: field.id, start, end, quote: c.quote, p: c.p, parsed });
        }
    }
    const mentions = [...merged.values()].sort((a, b) => a.start - b.start || a.end - b.end || a.field - b.field);
    return { mentions, dropped };
}

/** Gives grounded mentions ids (from `nextId` on) in one bundle. */
export function numberMentions(grounded: readonly GroundedMention[], bundle: number, nextId: number): Mention[] {
    return grounded.map((g, i) => ({ ...g, id: nextId + i, bundle }));
}

/** Warning lines for dropped candidates (none when nothing was dropped). */
export function dropWarnings(d: DropCounts): string[] {
    const out: string[] = [];
    if (d.notInWindow) out.push(`${d.notInWindow} candidate(s) dropped: the quote does not occur in the window read`);
    if (d.splitCharacter)
        out.push(`${d.splitCharacter} candidate(s) dropped: the quote begins or ends inside a character (half of a surrogate pair)`);
    if (d.overBudget)
        out.push(`${d.overBudget} candidate(s) dropped: not searched for, the window's other quotes had used up its search limit`);
    if (d.notParsed) out.push(`${d.notParsed} candidate(s) dropped: the quote does not parse as the field's type`);
    if (d.unknownField) out.push(`${d.unknownField} candidate(s) dropped: no such field`);
    if (d.badConfidence) out.push(`${d.badConfidence} candidate(s) dropped: p not strictly between 0 and 1`);
    if (d.emptyQuote) out.push(`${d.emptyQuote} candidate(s) dropped: the quote is empty`);
    return out;
}
