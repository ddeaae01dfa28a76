// The value key of each (field, quote) a document's candidates carry, parsed once: overlapping
// windows propose the same quotes, and the steps after reading (deciding across windows, echoes,
// the final calibration) each need the keys of all of them.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { parseQuote } from '../parsers/quote-parser.js';

/** The key a quote parses to as a value of a single-valued field (undefined: none, or a list field). */
export type QuoteKey = (slot: string, quote: string) => string | undefined;

export function quoteKeys(schema: CompiledSchema, language: Language): QuoteKey {
    const types = new Map(schema.fields.filter((f) => f.type.kind !== 'array').map((f) => [f.name, f.type]));
    const memo = new Map<string, string | undefined>();
    return (slot, quote) => {
        const type = types.get(slot);
        if (!type) return undefined;
        const k = `${slot}\u0000${quote}`;
        if (memo.has(k)) return memo.get(k);
        const key = parseQuote(type, quote, language)?.key;
        memo.set(k, key);
        return key;
    };
}
