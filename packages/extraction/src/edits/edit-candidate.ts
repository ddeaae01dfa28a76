// A candidate sent with `insert` or `preview_reconciliation` becomes a mention under the same rule as
// the reader's (docs/extraction.md): the slot is a field, the quote occurs verbatim in the
// document — at code point `start` when one is given, else its first occurrence — and parses as the
// field's type under the extraction's language and the field's keys. What fails is a detail at
// ["edit","candidate",…]; all failures of one candidate are reported together.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { CodePointIndex } from '../grounding/code-points.js';
import type { GroundedMention } from '../grounding/mention-types.js';
import { parseQuote } from '../parsers/quote-parser.js';
import type { Candidate, EditDetail } from './edit-types.js';

export const CANDIDATE_PATH = ['edit', 'candidate'] as const;

export type GroundedCandidate = { ok: true; mention: GroundedMention } | { ok: false; details: EditDetail[] };

function detail(member: string, message: string, extra: Record<string, unknown> = {}): EditDetail {
    return { code: 'invalid_value', path: [...CANDIDATE_PATH, member], message, ...extra };
}

/** Whether a UTF-16 offset falls between code points (not inside a surrogate pair). */
function onBoundary(doc: CodePointIndex, utf16: number): boolean {
    return doc.toUtf16(doc.toCodePoint(utf16)) === utf16;
}

/** The UTF-16 offset of the chosen occurrence of `quote`, or -1 when there is none. */
export function locateQuote(doc: CodePointIndex, quote: string, start?: number): number {
    const text = doc.text;
    if (quote.length === 0) return -1;
    if (start !== undefined) {
        if (!Number.isSafeInteger(start) || start < 0 || start > doc.codePoints) return -1;
        const at = doc.toUtf16(start);
        return text.startsWith(quote, at) && onBoundary(doc, at + quote.length) ? at : -1;
    }
    // The first occurrence that begins and ends between code points (a quote of one lone surrogate
    // could otherwise match half of a pair).
    for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
        if (onBoundary(doc, at) && onBoundary(doc, at + quote.length)) return at;
    }
    return -1;
}

/** Grounds one candidate in the document, or explains why it cannot be one. */
export function groundCandidate(schema: CompiledSchema, language: Language, doc: CodePointIndex, c: Candidate): GroundedCandidate {
    const details: EditDetail[] = [];
    const field = typeof c.slot === 'string' ? schema.fields.find((f) => f.name === c.slot) : undefined;
    if (!field)
        details.push(
            detail('slot', `${JSON.stringify(c.slot)} is not a field of the schema`, { values: schema.fields.map((f) => f.name) }),
        );
    if (typeof c.p !== 'number' || !(c.p > 0 && c.p < 1)) details.push(detail('p', 'p must be strictly between 0 and 1'));
    if (typeof c.quote !== 'string' || c.quote.length === 0) {
        details.push(detail('quote', 'the quote must be a non-empty string'));
        return { ok: false, details };
    }
    const at = locateQuote(doc, c.quote, c.start);
    const parsed = at >= 0 && field ? parseQuote(field.type, c.quote, language) : undefined;
    if (at < 0) {
        details.push(
            detail(
                'quote',
                c.start === undefined
                    ? 'the quote does not occur in the document'
                    : `the quote does not occur in the document at code point ${c.start}`,
            ),
        );
    } else if (field && !parsed) {
        details.push(
            detail('quote', `the quote does not parse as a value of field ${field.name} (type ${field.type.kind}, language ${language})`),
        );
    }
    if (details.length > 0 || !field || !parsed) return { ok: false, details };
    return {
        ok: true,
        mention: { field: field.id, start: doc.toCodePoint(at), end: doc.toCodePoint(at + c.quote.length), quote: c.quote, p: c.p, parsed },
    };
}
