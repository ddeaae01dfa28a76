// How strongly a field's labels point at a span: a label just before it on the same line ("Total:
// 12.50"), on the line above when the span starts its line, in the column above it (tables), just
// after it, or a few words before it in running text ("effective as of March 3, 2024"). The best
// single label counts, scaled by its weight (hint > name > description) and by distance.
import { currenciesOfMark } from '../parsers/currency-marks.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';
import { sumQualifier } from './heuristic-totals.js';

const TIGHT_GAP = /^[\s:=#.\-–—>|()\[\]*]*(?:\((?:[A-Z]{2,3}|\p{Sc})\)[\s:.]*)?$/u;

/** Proximity of a label ending `words` words before a span: 1 adjacent, fading to 0 at 12. */
function fade(words: number): number {
    return Math.max(0, 1 - words / 12);
}

/** Nothing but separators, or a currency mark ("TOTAL (RM):", "RM"), after a label on its line. */
function labelTail(tail: string): boolean {
    const rest = tail.replace(/[\s:=#.\-–—>|()\[\]*]+/g, '');
    return rest === '' || currenciesOfMark(rest) !== undefined;
}

/** A few words ending in a colon: the rest of a label's line when the label has more words. */
function continuedLabel(tail: string): boolean {
    return tail.length <= 48 && /[:=]\s*$/.test(tail) && (tail.match(/[\p{L}]+/gu)?.length ?? 0) <= 5;
}

/** Text of a line split into cells by runs of two or more spaces or tabs (a table row has several). */
function cells(line: string): number {
    return line.trim().split(/\s{2,}|\t+/).filter(Boolean).length;
}

/**
 * A label preceded on its line by other words ("SUB TOTAL", "TAX TOTAL:") names something more
 * specific than the field: it counts less.
 */
function qualified(win: WindowText, hit: LabelHit, until?: number): number {
    // A sum label says which sum it is: "TOTAL QTY", "SUB TOTAL", "TOTAL (EXCLUDING GST)" name a
    // partial one, "GRAND TOTAL", "TOTAL (INCLUSIVE OF GST)" the amount paid (heuristic-totals.ts).
    const sum = sumQualifier(win, hit, until);
    if (sum === 'partial') return 0.45;
    if (sum === 'final') return 1;
    const line = win.lines[hit.line]!;
    if (line.end - line.start > 60) return 1;
    const before = win.text.slice(line.start, hit.start);
    const segment = before.slice(Math.max(before.lastIndexOf(':'), before.lastIndexOf('|')) + 1);
    return /[\p{L}]{2,}/u.test(segment) ? 0.75 : 1;
}

/** The context score of one label hit for a span, 0 when it does not point at it. */
function hitScore(win: WindowText, hit: LabelHit, span: Span, spanLine: number): number {
    if (hit.end > span.start && hit.start < span.end) return 0;
    const text = win.text;
    if (hit.line === spanLine) {
        if (hit.end <= span.start) {
            // Slices stay short: a line may be a whole document long.
            if (span.start - hit.end > 240) return 0;
            const gap = text.slice(hit.end, span.start);
            if (gap.length <= 24 && (TIGHT_GAP.test(gap) || labelTail(gap))) return hit.weight * qualified(win, hit, span.start);
            // "TOTAL QTY: 4": the label is "TOTAL QTY", of which this hit is only the start; unless
            // the words continuing it name the final sum ("TOTAL SALES (INCLUSIVE OF GST): 7.42").
            if (/[:=]\s*$/.test(gap)) return hit.weight * (sumQualifier(win, hit, span.start) === 'final' ? 0.8 : 0.35);
            return hit.weight * fade(win.wordsBetween(hit.end, span.start)) * 0.9;
        }
        // Label after the value on the same line ("60.30 Total"): weaker.
        if (hit.start - span.end > 40) return 0;
        const words = win.wordsBetween(span.end, hit.start);
        return words <= 2 ? hit.weight * 0.45 : 0;
    }
    if (hit.line > spanLine) return 0;
    const line = win.lines[spanLine]!;
    const hitLine = win.lines[hit.line]!;
    // The label's line holds nothing after it but separators or a currency mark ("TOTAL (RM):").
    const labelAlone = hit.start - hitLine.start <= 16 && hitLine.end - hit.end <= 24 && labelTail(text.slice(hit.end, hitLine.end));
    const startsOwnLine = span.start - line.start <= 24 && text.slice(line.start, span.start).trim().length <= 4;
    const above = startsOwnLine ? win.previousTextLine(spanLine) : -2;
    // Label on the line above, the span starting its own line (label: newline value).
    if (hit.line === above && startsOwnLine && labelAlone) return hit.weight * 0.85 * qualified(win, hit);
    // A label continued by a few words and a colon, the value on the next line ("TOTAL SALES
    // (INCLUSIVE OF GST) :" / "7.42"): the whole line is the label, this hit only its start.
    if (hit.line === above && startsOwnLine && hit.start - hitLine.start <= 16 && continuedLabel(text.slice(hit.end, hitLine.end))) {
        return hit.weight * (sumQualifier(win, hit) === 'final' ? 0.8 : 0.3);
    }
    // Label one more line up with a currency-only line between (receipts: "TOTAL\nRM\n60.30").
    if (labelAlone && above >= 0 && hit.line === win.previousTextLine(above) && startsOwnLine && labelTail(win.lines[above]!.text)) {
        return hit.weight * 0.75 * qualified(win, hit);
    }
    // Table: label in a header row above, over the same columns, both rows having several cells.
    if (spanLine - hit.line <= 8 && line.end - line.start <= 400 && hitLine.end - hitLine.start <= 400 && cells(hitLine.text) >= 2 && cells(line.text) >= 2) {
        const c0 = span.start - line.start;
        const c1 = span.end - line.start;
        const h0 = hit.start - hitLine.start;
        const h1 = hit.end - hitLine.start;
        if (c0 <= h1 + 2 && h0 <= c1 + 2) return hit.weight * 0.7 * (1 - (spanLine - hit.line - 1) * 0.08);
    }
    // Running text across a line break: a label a few words before, in prose (long lines).
    if (span.start - hit.end <= 160 && hitLine.end - hitLine.start >= 40 && !text.slice(hit.end, span.start).includes('\n\n')) {
        const words = win.wordsBetween(hit.end, span.start);
        return hit.weight * fade(words) * 0.8;
    }
    return 0;
}

export interface ContextScore {
    score: number;
    /** The label that scored. */
    hit?: LabelHit;
}

/**
 * The context score of a span among a field's label hits (hits sorted by start): the best label,
 * plus a share of the best label of another phrase — two labels agreeing ("governed by the laws of
 * the State of Ohio") say more than one.
 */
export function contextScore(win: WindowText, hits: readonly LabelHit[], span: Span): ContextScore {
    const spanLine = win.lineOf(span.start);
    let best: ContextScore = { score: 0 };
    let second = 0;
    // Hits far away cannot score (columns above may be up to 8 lines up): start at the first hit
    // that can, by binary search on the hits' starts.
    let lo = 0;
    let hi = hits.length;
    const from = span.start - 1200;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (hits[mid]!.start < from) lo = mid + 1;
        else hi = mid;
    }
    for (let i = lo; i < hits.length; i++) {
        const hit = hits[i]!;
        if (hit.start > span.end + 200) break;
        const s = hitScore(win, hit, span, spanLine);
        if (s <= 0) continue;
        if (s > best.score) {
            if (best.hit && best.hit.phrase !== hit.phrase) second = Math.max(second, best.score);
            best = { score: s, hit };
        } else if (best.hit && hit.phrase !== best.hit.phrase) second = Math.max(second, s);
    }
    return { score: Math.min(1, best.score + 0.3 * second), hit: best.hit };
}
