// How strongly a field's labels point at a span: a label just before it on the same line ("Total:
// 12.50"), on the line above when the span starts its line, in the column above it (tables), just
// after it, or a few words before it in running text ("effective as of March 3, 2024"). The best
// single label counts, scaled by its weight (hint > name > description) and by distance.
import { sumWordsOf, wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';
import { bracketClosedBetween, insideRowBracket, qualifyingWord, withoutWeekday } from './heuristic-qualifiers.js';
import { cells, hangingRow, headedParagraph, indentOf, lineCellCount, lineCells, typedCellOfRow } from './heuristic-rows.js';
import { sumQualifier } from './heuristic-totals.js';
import { LABEL } from './heuristic-weights.js';
import { tickedAnswer } from './heuristic-boxes.js';
import { factsOfHit, folded, headBefore, labelTail, partOf, productCell } from './heuristic-gaps.js';
import { amountColumnCell } from './heuristic-table.js';
import { bracketAlias, countBefore, OWN_SENTENCE, sentenceOwns } from './heuristic-hit-bounds.js';

const TIGHT_GAP = /^[\s:=#.\-–—>|()[\]*]*(?:\((?:[A-Z]{2,3}|\p{Sc})\)[\s:.]*)?$/u;

/** Proximity of a label ending `words` words before a span: 1 adjacent, fading to 0 at LABEL.fadeWords. */
function fade(words: number): number {
    return Math.max(0, 1 - words / LABEL.fadeWords);
}

/** The end of a gap before a value that restates the phrase before it: ", that is on", ", i.e.", "; namely". */
const RESTATED = /[,;(]\s*(?:that is|i\.e\.|namely|dat wil zeggen|d\.w\.z\.)\s+(?:on\s+|op\s+)?$/iu;

/** Lines a section's heading stands above its labelled value at most. */
const SECTION_LINES = 4;
const RULE_LINE = /^[\s\-=_*~]+$/;
const KIND_LABEL = /^\s*(\p{L}[\p{L} ]{0,20}?)\s*:\s*$/u;
const LABELLED_LINE = /^\s*\p{L}[^:\n]{0,30}:\s+\S/u;

/**
 * Whether the span's line labels it by its kind alone ("Date:", "Datum:", "Amount:": the profile's
 * `typeWords`) and only rule lines or other labelled lines stand between it and the heading's line.
 */
function sectionValue(win: WindowText, head: number, spanLine: number, spanStart: number): boolean {
    if (spanLine - head > SECTION_LINES) return false;
    const kind = KIND_LABEL.exec(win.text.slice(win.lines[spanLine]!.start, spanStart))?.[1];
    const types = wordsOf(win.locale, 'typeWords');
    if (
        !kind ||
        !kind
            .toLowerCase()
            .split(/\s+/)
            .every((w) => types.has(w))
    )
        return false;
    for (let k = head + 1; k < spanLine; k++) {
        const t = win.lines[k]!.text;
        if (t.trim() && !RULE_LINE.test(t) && !LABELLED_LINE.test(t)) return false;
    }
    return true;
}

/** Words between a sum label and its amount that only qualify the sum ("incl. BTW", "(excl. VAT)"). */
function onlySumWords(win: WindowText, gap: string): boolean {
    const words = gap.toLowerCase().match(/\p{L}+/gu);
    if (!words) return false;
    const final = sumWordsOf(win.locale, 'final');
    const partial = sumWordsOf(win.locale, 'partial');
    return words.every((w) => final.has(w) || partial.has(w));
}

/** Whether a span ends its line after a wide gap, the line's second and last cell. */
function rowOfTwo(win: WindowText, span: Span): boolean {
    const line = win.lines[win.lineOf(span.start)]!;
    return (
        line.end - line.start <= 160 &&
        win.text.slice(span.end, line.end).trim() === '' &&
        /\S {3,}(?:\S{1,3} +)?$/.test(win.text.slice(line.start, span.start)) &&
        cells(line.text.slice(0, span.start - line.start)) === 1
    );
}

/** A few words ending in a colon: the rest of a label's line when the label has more words. */
function continuedLabel(tail: string): boolean {
    return tail.length <= 48 && /[:=]\s*$/.test(tail) && (tail.match(/[\p{L}]+/gu)?.length ?? 0) <= 5;
}

/**
 * A label preceded on its line by other words ("SUB TOTAL", "TAX TOTAL:") names something more
 * specific than the field: it counts less.
 */
function qualified(win: WindowText, hit: LabelHit, until?: number): number {
    // A sum label says which sum it is: "TOTAL QTY", "SUB TOTAL", "TOTAL (EXCLUDING GST)" name a
    // partial one, "GRAND TOTAL", "TOTAL (INCLUSIVE OF GST)" the amount paid (heuristic-totals.ts).
    const sum = sumQualifier(win, hit, until);
    if (sum === 'partial') return LABEL.partialSum;
    if (sum === 'final') return 1;
    const line = win.lines[hit.line]!;
    if (line.end - line.start > 60) return 1;
    const before = win.text.slice(line.start, hit.start);
    const segment = before.slice(Math.max(before.lastIndexOf(':'), before.lastIndexOf('|')) + 1);
    return qualifyingWord(win, segment) ? LABEL.qualifiedByWord : 1;
}

/**
 * Whether the span's line is the next line of text, one cell that starts where the label's cell
 * starts, and the label's cell ends its row ("FILED" at the end of "Case Number: SCV-25-004187
 * FILED", over "FEB 19 2025").
 */
function underLastCell(win: WindowText, hit: LabelHit, spanLine: number): boolean {
    if (spanLine !== win.nextTextLine(hit.line)) return false;
    const header = lineCells(win, hit.line);
    const last = header[header.length - 1]!;
    const row = lineCells(win, spanLine);
    return hit.start - win.lines[hit.line]!.start >= last.start && row.length === 1 && Math.abs(row[0]!.from - last.from) <= 2;
}

/**
 * A header cell over the span's column: the cells overlap (tabs expanded), or the span's cell is
 * nearer the header cell than any other header cell is (right-aligned amounts under a left-aligned
 * header, "Qty   Unit price   Total").
 */
function sameColumn(win: WindowText, hit: LabelHit, span: Span, hitLineStart: number, lineStart: number): boolean {
    const header = lineCells(win, hit.line);
    const row = lineCells(win, win.lineOf(span.start));
    const h = header.find((c) => c.start <= hit.start - hitLineStart && hit.start - hitLineStart < c.start + (c.to - c.from) + 1);
    const v = row.find((c) => c.start <= span.start - lineStart && span.start - lineStart < c.start + (c.to - c.from) + 1);
    if (!h || !v) return false;
    if (v.from <= h.to + 2 && h.from <= v.to + 2) return true;
    const centre = (c: { from: number; to: number }): number => (c.from + c.to) / 2;
    const nearest = header.reduce((a, c) => (Math.abs(centre(c) - centre(v)) < Math.abs(centre(a) - centre(v)) ? c : a));
    return nearest === h && header.length === row.length;
}

/**
 * A label that the document defines as the span just before it: "May 1, 2021 (the “Effective
 * Date”)", "NIKE, Inc. (“NIKE”)". The bracket opens right after the value (a comma at most) and the
 * label is quoted and closes it; a line break may fall anywhere between.
 */
const DEFINITION = /^[\s,]*\((?:(?:hereinafter|hereafter)(?:\s+(?:referred\s+to\s+as|called))?[\s,]*)?(?:the\s+)?["“”'‘]$/iu;
export function definedAs(text: string, span: Span, hit: LabelHit): boolean {
    if (hit.start < span.end || hit.start - span.end > 60) return false;
    return DEFINITION.test(text.slice(span.end, hit.start)) && /^["”“'’]\s*\)/u.test(text.slice(hit.end, hit.end + 4));
}

/** A date written in a label's words ("1 October 2025", "01-10-2025"). */
const DATE_WORDS = /\b\d{1,2}\s+\p{L}{3,9}\.?\s+\d{4}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b/gu;

/**
 * The weight of a label continued by a few words and a colon before its value: "TOTAL QTY: 4" (the
 * label is "TOTAL QTY", of which this hit is only the start), unless the words name the final sum
 * ("TOTAL SALES (INCLUSIVE OF GST): 7.42"). One word naming whose or which ("Opzegtermijn huurder:
 * één maand") keeps the label's sense; so does the unit the field itself says ("Purchase price per
 * share:" for a price "paid per share").
 */
function continuedBy(win: WindowText, hit: LabelHit, span: Span, unbracketed: string, asks: Asks): number {
    const sum = sumQualifier(win, hit, span.start);
    if (sum === 'final') return LABEL.continuedFinal;
    // (A short bracket qualifies too: "Weekly storage charge (3 containers):   £37.50".)
    // (A date says when, as a word would: "Full annual rent from 1 October 2025:   £66.00".)
    const undated = unbracketed.replace(DATE_WORDS, ' ');
    if (sum === undefined && asks.own && ownUnit(win, undated, asks.own)) return qualified(win, hit, span.start);
    const words = undated.toLowerCase().match(/\p{L}+/gu) ?? [];
    const oneWord = sum === undefined && words.length === 1;
    // (Or a second thing the label joins to its own, whose value follows the field's: "Postcode en woonplaats:   3011 PV ROTTERDAM".)
    // (A string's only, whose value splits so: one figure is no value of two things, "VAT and duty:   £21.40".)
    const joined =
        asks.joinable === true &&
        sum === undefined &&
        words.length === 2 &&
        /^\s*(?:\p{L}+\s+|[&/]\s*)\p{L}+\s*[:=]\s*$/u.test(undated) &&
        joiner(win, undated, words[0]!);
    return oneWord || joined ? LABEL.qualifiedByWord : LABEL.continuedLabel;
}

/** A label's colon and its value after it on its line. */
const PAIRED = /^[ \t]*:[ \t]*[^\s_.]/;

/** The context score of one label hit for a span, 0 when it does not point at it. */
/** A bracketed aside of up to 60 characters and a wide gap, all that stands between a row's label and its value. */
const ROW_ASIDE = /^\s*\([^()\n]{1,60}\)(?: {2,}|\t)\s*$/;
/** A bracket the label opens and a span is inside of; the bracket closed after the span, a wide gap and a last cell. */
const ASIDE_OPEN = /^\s*\([^()\n]*$/;
const ASIDE_CLOSE = /^[^()\n]*\)(?: {2,}|\t)\s*\S+\s*$/;

function hitScore(win: WindowText, hit: LabelHit, span: Span, spanLine: number, headed: boolean, asks: Asks): number {
    const rate = asks.rate ?? false;
    if (hit.end > span.start && hit.start < span.end) return 0;
    const text = win.text;
    if (definedAs(text, span, hit)) return hit.weight * LABEL.definition;
    if (OWN_SENTENCE.has(hit.phrase) && !sentenceOwns(win, hit, asks.own)) return 0;
    // A label inside a bracket closed before the value speaks of the bracket's own words ("(and
    // interest to date of judgment) and costs, on or before 31 October 2025").
    if (hit.end <= span.start && !bracketAlias(win, hit) && bracketClosedBetween(text, hit, span)) return 0;
    // The name or a word of it in a row's bracket of words speaks of the row's head: "Jayden (first child, born
    // …)   £339.00" is no `child_amount_total`.
    // (A hint too: "Totaal   (8 fondsen + liquiditeiten)   191.977,30" is no `liquiditeiten`.)
    if (
        (hit.kind === 'name-word' || hit.kind === 'name' || hit.kind === 'hint') &&
        hit.line === spanLine &&
        hit.end <= span.start &&
        insideRowBracket(text, hit, span)
    )
        return 0;
    if (hit.line === spanLine) {
        if (hit.end <= span.start) {
            // A label right after a count, or after it and the field's own words, is that count's
            // ("68 stemmen voor, 5 stemmen tegen en 2 onthoudingen"): none of the figures after it.
            if (span.start - hit.end <= 240 && asks.count && countBefore(text, hit, asks.own)) return 0;
            // Slices stay short: a line may be a whole document long.
            if (span.start - hit.end > 240) return 0;
            const gap = withoutWeekday(win, folded(text.slice(hit.end, span.start)));
            // A longer bracketed aside between a row's label and the amount that ends the row
            // qualifies the label too ("Mileage reimbursement (42 mi round trip @ $0.70)    $29.40"),
            // and the aside's own figures are none of the label's.
            const rest = text.slice(span.end, win.lines[spanLine]!.end);
            const raw = text.slice(hit.end, span.start);
            // (But a rate quoted per unit in it is the rate of the label's thing: "Aircraft (tacho 1.1 hr @ £215.00/hr wet)".)
            if (!rate && ASIDE_OPEN.test(raw) && ASIDE_CLOSE.test(rest) && ROW_ASIDE.test(raw + span.quote + rest.replace(/\S+\s*$/, '')))
                return 0;
            // A short bracket qualifies the label, as a colon would end it: "Annual premium (incl. IPT)   £568.08".
            const unbracketed = gap.replace(/\([^()]{0,20}\)/g, ' ');
            if (gap.length <= 24 && (TIGHT_GAP.test(gap) || labelTail(gap) || labelTail(unbracketed)))
                return hit.weight * qualified(win, hit, span.start);
            // The answer ticked among a question's options: "Belay certified?   [ ] Yes   [X] No".
            if (tickedAnswer(text, span, gap)) return hit.weight * qualified(win, hit, span.start);
            if (ROW_ASIDE.test(raw) && rest.trim() === '') return hit.weight * LABEL.qualifiedByWord;
            if (productCell(raw) && rest.trim() === '') return hit.weight * LABEL.qualifiedByWord;
            if (asks.money && amountColumnCell(win, hit, span)) return hit.weight * LABEL.qualifiedByWord;
            // A label continued by a few words and a colon ("TOTAL QTY: 4").
            if (/[:=]\s*$/.test(gap)) return hit.weight * continuedBy(win, hit, span, unbracketed, asks);
            if (typedCellOfRow(win, hit, span, wordsOf(win.locale, 'typeWords'))) return hit.weight * LABEL.qualifiedByWord;
            // In running text a label speaks of its own sentence ("… of the Effective Date. Reports
            // are due on July 1"): not across a sentence's end.
            // The full stop of an abbreviation that qualifies a sum ("Totaal incl. BTW   € 314,60")
            // ends no sentence.
            // Nor does one in a short bracket that qualifies the label.
            // (Nor across a semicolon right before a bare figure: "loss of deposit; 90 to 31 days"; a
            // marked sum there is the label's, "… under 25 years of age; £350".)
            const semicolon = /;\s*$/.test(gap) && !span.marked && !/[.,]\d\d$/.test(span.quote) && /^\d/.test(span.quote);
            if ((/[.;!?]\s+[\p{Lu}\d]/u.test(unbracketed) || semicolon) && !(gap.length <= 24 && onlySumWords(win, gap))) return 0;
            if (partOf(text, hit, span, asks.own)) return 0;
            // A row of two cells, its amount last ("1e termijn (aanbetaling), uiterlijk 15-01-2025
            // €   600,00"): the label cell's words qualify the label, no prose between: it counts at
            // least as a qualified label.
            // A value that restates what the label's phrase named ("lapses on the tenth anniversary of the
            // date of grant, that is on 16 February 2036"): the words restated are no distance.
            const words = RESTATED.test(raw) ? 0 : win.wordsBetween(hit.end, span.start);
            const faded = hit.weight * fade(words) * LABEL.inRunningText;
            return rowOfTwo(win, span) ? Math.max(faded, hit.weight * LABEL.qualifiedByWord) : faded;
        }
        // Label after the value on the same line ("60.30 Total"): weaker.
        if (hit.start - span.end > 40) return 0;
        const words = win.wordsBetween(span.end, hit.start);
        return words <= 2 ? hit.weight * LABEL.after : 0;
    }
    if (hit.line > spanLine) return 0;
    const line = win.lines[spanLine]!;
    const hitLine = win.lines[hit.line]!;
    // The label's line holds nothing after it but separators or a currency mark ("TOTAL (RM):").
    const { tail, alone: labelAlone } = factsOfHit(win, hit);
    // The span starts its line: only white space (of any width: right-aligned columns) or a short mark before it.
    const lead = headBefore(win, spanLine, span.start, 24);
    const startsOwnLine = lead !== undefined && lead.trim().length <= 4;
    const above = startsOwnLine ? win.previousTextLine(spanLine) : -2;
    // Label on the line above, the span starting its own line (label: newline value).
    if (hit.line === above && startsOwnLine && labelAlone) return hit.weight * LABEL.lineAbove * qualified(win, hit);
    // A label continued by a few words and a colon, the value on the next line ("TOTAL SALES
    // (INCLUSIVE OF GST) :" / "7.42"): the whole line is the label, this hit only its start.
    if (hit.line === above && startsOwnLine && hit.start - hitLine.start <= 16 && tail !== undefined && continuedLabel(tail)) {
        return hit.weight * (sumQualifier(win, hit) === 'final' ? LABEL.continuedFinal : LABEL.continuedAbove);
    }
    // Label one more line up with a currency-only line between (receipts: "TOTAL\nRM\n60.30").
    if (labelAlone && above >= 0 && hit.line === win.previousTextLine(above) && startsOwnLine && labelTail(win.lines[above]!.text)) {
        return hit.weight * LABEL.twoLinesUp * qualified(win, hit);
    }
    // A column of labels read before the column of their values (OCR of receipts).
    if (win.stackedValueLine(hit.line) === spanLine && startsOwnLine) return hit.weight * LABEL.stacked * qualified(win, hit);
    // Table: label in a header row above, over the same columns, both rows having several cells;
    // not a label with its value after its colon ("DOB:  03/14/1979" over a table's dates).
    const near = spanLine - hit.line <= 8 && line.end - line.start <= 400 && hitLine.end - hitLine.start <= 400;
    if (near && lineCellCount(win, hit.line) >= 2 && !PAIRED.test(text.slice(hit.end, Math.min(hitLine.end, hit.end + 40)))) {
        if (lineCellCount(win, spanLine) >= 2 ? sameColumn(win, hit, span, hitLine.start, line.start) : underLastCell(win, hit, spanLine))
            return hit.weight * LABEL.column * (1 - (spanLine - hit.line - 1) * LABEL.columnRowFade);
    }
    // A section's heading over a line that labels the value by its kind alone ("APPOINTMENT" /
    // "-----" / "Date:   Tuesday, 22 April 2025"): the heading says which date it is.
    if (labelAlone && (hit.kind === 'name-word' || hit.kind === 'name') && sectionValue(win, hit.line, spanLine, span.start))
        return hit.weight * LABEL.section;
    // As far from the amount as the words after the label on its line, as if the row were one line.
    if (hangingRow(win, hit, span, spanLine))
        return hit.weight * LABEL.hangingRow * fade(win.wordsBetween(hit.end, win.lines[hit.line]!.end));
    // Running text across a line break: a label a few words before, in prose (long lines); not
    // into a row of cells set in under it ("… the pay 'In this employment' figure above" /
    // "  SMP £0.00     SPP £0.00"): prose runs on at its margin.
    if (
        span.start - hit.end <= 160 &&
        win.wrapped(hit.line) &&
        !text.slice(hit.end, span.start).includes('\n\n') &&
        // (Not past the end of the label's sentence: "… above your work allowance." over "£495.77".)
        !/[.!?]\s*$/.test(text.slice(hit.end, hitLine.end)) &&
        !(indentOf(line.text) > indentOf(hitLine.text) && lineCellCount(win, spanLine) >= 2)
    ) {
        const words = RESTATED.test(text.slice(hit.end, span.start)) ? 0 : win.wordsBetween(hit.end, span.start);
        return hit.weight * fade(words) * LABEL.acrossLines;
    }
    return headed && headedParagraph(win, hit, spanLine) ? hit.weight * LABEL.section : 0;
}

export interface ContextScore {
    score: number;
    /** The label that scored. */
    hit?: LabelHit;
}

/** What a field asks that bears on its labels: a rate's sum per unit (in an aside), the words of its name, description and hints. */
export interface Asks {
    rate?: boolean;
    own?: ReadonlySet<string>;
    /** A string field's: a label joined to a second thing ("Postcode en woonplaats:") labels its value's start. */
    joinable?: boolean;
    /** A money field's: a row's label reaches its sum under the table's column of amounts. */
    money?: boolean;
    /** A count's (an integer field's): a label right after a count is that count's. */
    count?: boolean;
}

/** Whether a continuation starts with a word that joins a second thing ("en", "and", "&", "/"). */
function joiner(win: WindowText, continuation: string, first: string): boolean {
    return /^\s*[&/]/.test(continuation) || wordsOf(win.locale, 'listJoiners').has(first);
}

/** Whether a label's continuation says per which unit, in the field's own words ("per share:" for a price "paid per share"). */
function ownUnit(win: WindowText, gap: string, own: ReadonlySet<string>): boolean {
    const words = gap.toLowerCase().match(/\p{L}+/gu);
    return !!words && words.length <= 3 && wordsOf(win.locale, 'perUnitWords').has(words[0]!) && words.every((w) => own.has(w));
}

/**
 * The context score of a span among a field's label hits (hits sorted by start): the best label,
 * plus a share of the best label of another phrase — two labels agreeing ("governed by the laws of
 * the State of Ohio") say more than one.
 */
export function contextScore(win: WindowText, hits: readonly LabelHit[], span: Span, headed = false, asks: Asks = {}): ContextScore {
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
        const s = hitScore(win, hit, span, spanLine, headed, asks);
        if (s <= 0) continue;
        if (s > best.score) {
            if (best.hit && best.hit.phrase !== hit.phrase) second = Math.max(second, best.score);
            best = { score: s, hit };
        } else if (best.hit && hit.phrase !== best.hit.phrase) second = Math.max(second, s);
    }
    return { score: Math.min(1, best.score + LABEL.secondLabel * second), hit: best.hit };
}
