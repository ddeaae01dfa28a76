// Grounding (docs/extraction.md): a candidate becomes a mention only if its quote occurs verbatim
// in the window — the occurrence nearest the reader's position hint, else the first — and parses as
// the field's type. Everything else is dropped and counted, never guessed at: a model's paraphrase
// has no offsets, and a value that does not parse cannot be settled.
import type { CompiledField, CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { ReaderCandidate } from '../readers/reader-types.js';
import type { CodePointIndex } from './code-points.js';
import type { GroundedMention, Mention } from './mention-types.js';

export interface WindowCandidates {
    /** UTF-16 offsets of the window in the document. */
    start: number;
    end: number;
    candidates: readonly ReaderCandidate[];
}

export interface DropCounts {
    unknownField: number;
    badConfidence: number;
    notInWindow: number;
    notParsed: number;
}

export interface GroundingResult {
    /** Merged, in document order (start, end, field), without ids yet. */
    mentions: GroundedMention[];
    dropped: DropCounts;
}

/** The occurrence of `quote` in `text[from, to)` nearest `near` (else the first); -1 when none. */
export function findOccurrence(text: string, quote: string, from: number, to: number, near?: number): number {
    let best = -1;
    let bestDistance = Infinity;
    for (let i = text.indexOf(quote, from); i >= 0 && i + quote.length <= to; i = text.indexOf(quote, i + 1)) {
        if (near === undefined) return i;
        const d = Math.abs(i - near);
        if (d < bestDistance) {
            best = i;
            bestDistance = d;
        } else if (i > near) break; // occurrences only move away from here on
    }
    return best;
}

/** Grounds the candidates of every window and merges mentions of the same field and span. */
export function groundCandidates(
    schema: CompiledSchema,
    language: Language,
    doc: CodePointIndex,
    windows: readonly WindowCandidates[],
): GroundingResult {
    const byName = new Map<string, CompiledField>(schema.fields.map((f) => [f.name, f]));
    const dropped: DropCounts = { unknownField: 0, badConfidence: 0, notInWindow: 0, notParsed: 0 };
    const merged = new Map<string, GroundedMention>();
    const text = doc.text;
    for (const w of windows) {
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
                dropped.notInWindow++;
                continue;
            }
            const at = findOccurrence(text, c.quote, w.start, w.end, c.at === undefined ? undefined : w.start + c.at);
            if (at < 0) {
                dropped.notInWindow++;
                continue;
            }
            const parsed = parseQuote(field.type, c.quote, language);
            if (!parsed) {
                dropped.notParsed++;
                continue;
            }
            const start = doc.toCodePoint(at);
            const end = doc.toCodePoint(at + c.quote.length);
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
    if (d.notParsed) out.push(`${d.notParsed} candidate(s) dropped: the quote does not parse as the field's type`);
    if (d.unknownField) out.push(`${d.unknownField} candidate(s) dropped: no such field`);
    if (d.badConfidence) out.push(`${d.badConfidence} candidate(s) dropped: p not strictly between 0 and 1`);
    return out;
}
