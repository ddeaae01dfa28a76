// Between the session payload and the engine's mentions: the first pass writes bundle 0, and an
// edit restores the active mentions (re-deriving quotes and values from the document, which the
// binding ties to the session) before it settles again.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { CodePointIndex } from '../grounding/code-points.js';
import type { Mention } from '../grounding/mention-types.js';
import { parseQuote, type ParsedValue } from '../parsers/quote-parser.js';
import type { ReconciliationRecord } from '../response/response-builder.js';
import type { SessionPayload } from './session-payload.js';

/**
 * The payload of a first pass: bundle 0 holds the reader's mentions, revision 0. With the document's
 * token count given, edits need not tokenize the document again for `usage.input_tokens`.
 */
export function firstPassPayload(binding: string, mentions: readonly Mention[], inputTokens?: number): SessionPayload {
    const payload: SessionPayload = {
        v: 1,
        binding,
        revision: 0,
        next_mention: mentions.reduce((n, m) => Math.max(n, m.id + 1), 0),
        next_bundle: 1,
        bundles: [{ id: 0, mentions: mentions.map((m) => [m.id, m.field, m.start, m.end, m.p]) }],
        active: [0],
        withdrawn: [],
        reconciliations: [] as ReconciliationRecord[],
    };
    if (inputTokens !== undefined) payload.input_tokens = inputTokens;
    return payload;
}

export type RestoreResult = { ok: true; mentions: Mention[] } | { ok: false; reason: string };

/**
 * The active mentions of a session: in active bundles and not withdrawn, with quotes sliced from
 * the document and values parsed again. Fails when a mention does not fit the document or schema
 * (a session made for something else that slipped past the binding).
 */
export function restoreMentions(payload: SessionPayload, schema: CompiledSchema, doc: CodePointIndex, language: Language): RestoreResult {
    const active = new Set(payload.active);
    const withdrawn = new Set(payload.withdrawn);
    const mentions: Mention[] = [];
    // A value is usually mentioned many times: each (field, quote) is parsed once per restore.
    const parsedOnce = new Map<string, ParsedValue | undefined>();
    for (const bundle of payload.bundles) {
        if (!active.has(bundle.id)) continue;
        for (const [id, field, start, end, p] of bundle.mentions) {
            if (withdrawn.has(id)) continue;
            const f = schema.fields[field];
            if (!f || start >= end || end > doc.codePoints) return { ok: false, reason: 'the session does not match the extraction' };
            const quote = doc.slice(start, end);
            const memo = `${field}\u0000${quote}`;
            let parsed = parsedOnce.get(memo);
            if (parsed === undefined && !parsedOnce.has(memo)) parsedOnce.set(memo, (parsed = parseQuote(f.type, quote, language)));
            if (!parsed) return { ok: false, reason: 'the session does not match the extraction' };
            mentions.push({ id, bundle: bundle.id, field, start, end, quote, p, parsed });
        }
    }
    mentions.sort((a, b) => a.id - b.id);
    return { ok: true, mentions };
}
