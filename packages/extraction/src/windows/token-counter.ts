// o200k_base token counts (docs/extraction.md) from gpt-tokenizer, which ships its vocabulary, so
// counting works offline. The tokenizer first splits text into pieces by its pre-tokenisation
// pattern and encodes each piece on its own, so a piece boundary is always a token boundary and
// always falls between whole code points: windows cut only there, and never cut a token.
import { decode, encodeGenerator } from 'gpt-tokenizer/encoding/o200k_base';

/** Special-token text ("<|endoftext|>") in a document is ordinary text, never a control token. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

export interface TokenizedText {
    /** Total tokens. */
    tokens: number;
    /** UTF-16 offset where each piece ends (ascending; the last is the text's length). */
    pieceEnds: Int32Array;
    /** Tokens up to and including each piece (cumulative). */
    tokensBefore: Int32Array;
}

/**
 * Byte-pair encoding of one pre-tokenised piece costs time quadratic in its length, and a document
 * may hold a 50,000-character run without white space (a base64 blob): 1.3 s for one request. Runs
 * longer than this are encoded in parts of this length, which can only shift their token count by
 * one per part; text with ordinary words is encoded whole, exactly.
 */
export const MAX_RUN = 1000;

/** The text in parts: everything whole, except runs of non-white-space longer than MAX_RUN. */
export function* segments(text: string): Generator<string> {
    const longRun = new RegExp(`\\S{${MAX_RUN + 1},}`, 'gu');
    let from = 0;
    for (const m of text.matchAll(longRun)) {
        if (m.index! > from) yield text.slice(from, m.index);
        const run = m[0];
        for (let i = 0; i < run.length; ) {
            let end = Math.min(run.length, i + MAX_RUN);
            // Never split a surrogate pair.
            if (end < run.length && (run.charCodeAt(end) & 0xfc00) === 0xdc00) end++;
            yield run.slice(i, end);
            i = end;
        }
        from = m.index! + run.length;
    }
    if (from < text.length || text.length === 0) yield text.slice(from);
}

/** Tokens of a short text (the schema rendering). */
export function countTokens(text: string): number {
    let n = 0;
    for (const part of segments(text)) for (const chunk of encodeGenerator(part, AS_TEXT)) n += chunk.length;
    return n;
}

/**
 * Tokenizes a document keeping piece boundaries. Decoding each piece gives back exactly its text
 * (pieces hold whole code points), which is how offsets are known without a second pass.
 */
export function tokenizeWithOffsets(text: string): TokenizedText {
    const ends: number[] = [];
    const cumulative: number[] = [];
    let offset = 0;
    let tokens = 0;
    for (const part of segments(text)) {
        for (const chunk of encodeGenerator(part, AS_TEXT)) {
            offset += decode(chunk).length;
            tokens += chunk.length;
            ends.push(offset);
            cumulative.push(tokens);
        }
    }
    if (offset !== text.length) {
        // Cannot happen with whole-code-point pieces; guard so a tokenizer change cannot shift offsets.
        throw new Error(`tokenizer pieces cover ${offset} of ${text.length} UTF-16 units`);
    }
    return { tokens, pieceEnds: Int32Array.from(ends), tokensBefore: Int32Array.from(cumulative) };
}
