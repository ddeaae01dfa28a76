// Splits a document into windows of 4,096 tokens of schema rendering plus document (docs/extraction.md,
// windows): the document part of each window is at most `room` tokens, consecutive windows share at
// least 10% of that room, and every cut falls on a tokenizer piece boundary (so never inside a token
// or a code point). Where a line break lies near a cut, the cut moves to it, so a reader sees whole
// lines at a window's edges whenever that costs little.
import type { TokenizedText } from './token-counter.js';

export const WINDOW_TOKENS = 4096;
/** Least document room a window must leave (else E-LIMIT at /fields). */
export const MIN_DOCUMENT_TOKENS = 1024;
export const OVERLAP_SHARE = 0.1;
/** How far (share of the room) a cut may move to reach a line break. */
const LINE_SLACK_SHARE = 0.05;

export interface DocumentWindow {
    index: number;
    /** UTF-16 offsets into the document, end exclusive. */
    start: number;
    end: number;
    tokens: number;
}

/** Piece index p's start offset (p = 0 is the text's start). */
function boundary(t: TokenizedText, p: number): number {
    return p === 0 ? 0 : t.pieceEnds[p - 1]!;
}

/** Tokens before piece index p. */
function tokensAt(t: TokenizedText, p: number): number {
    return p === 0 ? 0 : t.tokensBefore[p - 1]!;
}

/** Largest p in [lo, hi] with tokensAt(p) <= limit (tokensAt is non-decreasing). */
function lastAtMost(t: TokenizedText, lo: number, hi: number, limit: number): number {
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (tokensAt(t, mid) <= limit) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

function startsLine(text: string, t: TokenizedText, p: number): boolean {
    const at = boundary(t, p);
    return at === 0 || text.charCodeAt(at - 1) === 10;
}

/** Windows over the document given its tokenization and the room each window leaves for it. */
export function planWindows(text: string, t: TokenizedText, room: number): DocumentWindow[] {
    const pieces = t.pieceEnds.length;
    if (t.tokens <= room) return [{ index: 0, start: 0, end: text.length, tokens: t.tokens }];
    const overlap = Math.ceil(room * OVERLAP_SHARE);
    const slack = Math.floor(room * LINE_SLACK_SHARE);
    const windows: DocumentWindow[] = [];
    let s = 0;
    for (;;) {
        let e = lastAtMost(t, s, pieces, tokensAt(t, s) + room);
        if (e < pieces) {
            // End after a line break when one lies within the slack.
            const floor = tokensAt(t, e) - slack;
            for (let q = e; q > s && tokensAt(t, q) >= floor; q--) {
                if (startsLine(text, t, q)) {
                    e = q;
                    break;
                }
            }
        }
        if (e <= s) e = s + 1; // a single piece longer than the room cannot occur (pieces are short), but never stall
        windows.push({ index: windows.length, start: boundary(t, s), end: boundary(t, e), tokens: tokensAt(t, e) - tokensAt(t, s) });
        if (e >= pieces) break;
        // The next window starts at least `overlap` tokens before this one's end, earlier still to a
        // line start within the slack, and always after this one's start.
        let next = lastAtMost(t, s, e, tokensAt(t, e) - overlap);
        const floor = tokensAt(t, next) - slack;
        for (let q = next; q > s && tokensAt(t, q) >= floor; q--) {
            if (startsLine(text, t, q)) {
                next = q;
                break;
            }
        }
        s = next > s ? next : s + 1;
    }
    return windows;
}
