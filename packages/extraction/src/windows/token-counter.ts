// o200k_base token counts (runtime.md section 1) from gpt-tokenizer, which ships its vocabulary, so
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

/** Tokens of a short text (the schema rendering). */
export function countTokens(text: string): number {
    let n = 0;
    for (const chunk of encodeGenerator(text, AS_TEXT)) n += chunk.length;
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
    for (const chunk of encodeGenerator(text, AS_TEXT)) {
        offset += decode(chunk).length;
        tokens += chunk.length;
        ends.push(offset);
        cumulative.push(tokens);
    }
    if (offset !== text.length) {
        // Cannot happen with whole-code-point pieces; guard so a tokenizer change cannot shift offsets.
        throw new Error(`tokenizer pieces cover ${offset} of ${text.length} UTF-16 units`);
    }
    return { tokens, pieceEnds: Int32Array.from(ends), tokensBefore: Int32Array.from(cumulative) };
}
