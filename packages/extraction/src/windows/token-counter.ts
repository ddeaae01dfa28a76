// o200k_base token counts (docs/extraction.md) from gpt-tokenizer, which ships its vocabulary, so
// counting works offline. The tokenizer first splits text into pieces by its pre-tokenisation
// pattern and encodes each piece on its own, so a piece boundary is always a token boundary and
// always falls between whole code points: windows cut only there, and never cut a token.
import { createRequire } from 'node:module';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

type O200k = typeof import('gpt-tokenizer/encoding/o200k_base');
let o200k: O200k | undefined;

/**
 * The vocabulary takes about 66 MB per thread, so it is loaded on first use: a process or a
 * server's worker thread that only compiles schemas never pays for it.
 */
function encodeGenerator(text: string, options: { disallowedSpecial: Set<string> }): Generator<number[], number, undefined> {
    o200k ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as O200k;
    return o200k.encodeGenerator(text, options);
}

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
 * Byte-pair encoding of one pre-tokenised piece costs time quadratic in its length, and a piece can
 * be as long as the text: a run without white space (a base64 blob), a run of white space of any
 * kind (50,000 U+3000 took 18 s), or punctuation followed by newlines and slashes. Pieces longer than
 * this are encoded in parts of this length, which can only shift their token count by about one per
 * part; every other piece is encoded whole, so ordinary text counts exactly. 128 code units keeps
 * the quadratic part per character small (the bench's adversarial rows run at the speed of ordinary
 * text) while separator lines ("_____", "-----") of up to 128 still count exactly (at 64 the cuts
 * moved windows enough to change a dev-set score).
 */
export const MAX_RUN = 128;

/** The tokenizer's own pre-tokenisation pattern, so long pieces are found exactly where it makes them. */
const PIECES = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

/**
 * The text in parts: runs of whole pieces, and the parts of pieces longer than MAX_RUN. A part ends
 * where a piece of the whole text ends, and the pattern reads no character before its match, so
 * encoding the parts one by one gives the pieces of the whole text (up to the long ones' cuts).
 */
export function* segments(text: string): Generator<string> {
    let from = 0;
    for (const m of text.matchAll(PIECES)) {
        const piece = m[0];
        if (piece.length <= MAX_RUN) continue;
        if (m.index! > from) yield text.slice(from, m.index);
        yield* partsOfLongPiece(piece);
        from = m.index! + piece.length;
    }
    if (from < text.length || text.length === 0) yield text.slice(from);
}

/** A piece longer than MAX_RUN in parts of MAX_RUN code units, never splitting a surrogate pair. */
function* partsOfLongPiece(piece: string): Generator<string> {
    for (let i = 0; i < piece.length;) {
        let end = Math.min(piece.length, i + MAX_RUN);
        if (end < piece.length && (piece.charCodeAt(end) & 0xfc00) === 0xdc00) end++;
        yield piece.slice(i, end);
        i = end;
    }
}

/**
 * Tokens of each short piece already encoded, by its text: a document repeats most of its pieces
 * (" the", ",", "\n\n"), and so do documents read one after another. A pure function of the piece,
 * so it can be shared by every request; emptied when full so its size stays bounded.
 */
const pieceTokens = new Map<string, number>();
const PIECE_CACHE_ENTRIES = 1 << 16;

/** Forgets the pieces' counts (benchmarks of text no cache has seen). */
export function clearPieceTokens(): void {
    pieceTokens.clear();
}

function tokensOfPiece(piece: string): number {
    let n = pieceTokens.get(piece);
    if (n === undefined) {
        n = 0;
        // The piece alone is one piece of the pattern again, so this is its chunk in the whole text.
        for (const chunk of encodeGenerator(piece, AS_TEXT)) n += chunk.length;
        if (pieceTokens.size >= PIECE_CACHE_ENTRIES) pieceTokens.clear();
        pieceTokens.set(piece, n);
    }
    return n;
}

/** Receives each piece's end offset and token count, in order. */
type PieceSink = (end: number, tokens: number) => void;

/**
 * Walks the text's pieces once: a short piece is counted from the cache or encoded alone; a piece
 * longer than MAX_RUN is encoded in parts, each part's pieces in step with its chunks, as segments()
 * cuts them.
 */
function walkPieces(text: string, sink: PieceSink): void {
    let offset = 0;
    for (const m of text.matchAll(PIECES)) {
        const piece = m[0];
        if (m.index !== offset) break; // a gap: reported by the caller's coverage check
        if (piece.length <= MAX_RUN) {
            offset += piece.length;
            sink(offset, tokensOfPiece(piece));
            continue;
        }
        for (const part of partsOfLongPiece(piece)) {
            const pieces = part.matchAll(PIECES);
            for (const chunk of encodeGenerator(part, AS_TEXT)) {
                const p = pieces.next();
                offset += p.done ? 0 : p.value[0].length;
                sink(offset, chunk.length);
            }
        }
    }
}

/** Tokens of a short text (the schema rendering). */
export function countTokens(text: string): number {
    let n = 0;
    walkPieces(text, (_end, tokens) => {
        n += tokens;
    });
    return n;
}

/**
 * Tokenizes a document keeping piece boundaries: one walk of the tokenizer's own pattern gives each
 * piece's length, and its tokens come from encoding that piece. (Decoding the tokens instead loses
 * a leading U+FEFF: TextDecoder drops a byte-order mark, and a document starting with one failed.)
 */
export function tokenizeWithOffsets(text: string): TokenizedText {
    const ends: number[] = [];
    const cumulative: number[] = [];
    let tokens = 0;
    walkPieces(text, (end, n) => {
        tokens += n;
        ends.push(end);
        cumulative.push(tokens);
    });
    const covered = ends.length === 0 ? 0 : ends[ends.length - 1]!;
    if (covered !== text.length) {
        // Cannot happen while the pattern matches every character; guard so a tokenizer change cannot shift offsets.
        throw new Error(`tokenizer pieces cover ${covered} of ${text.length} UTF-16 units`);
    }
    return { tokens, pieceEnds: Int32Array.from(ends), tokensBefore: Int32Array.from(cumulative) };
}
