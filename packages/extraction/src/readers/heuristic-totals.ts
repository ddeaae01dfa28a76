// Totals: what the words around a "total" label say about the amount it points at, and the
// arithmetic of a till receipt. Both are about how receipts and invoices are written in English and
// Dutch, not about any one shop:
//
// - a total label qualified by words of a partial sum ("SUB TOTAL", "TOTAL QTY", "TOTAL (EXCLUDING
//   GST)", "TOTAL TAX", "subtotaal", "excl. btw") names something other than the amount paid; one
//   qualified by words of the final sum ("GRAND TOTAL", "TOTAL (INCLUSIVE OF GST)", "ROUNDED TOTAL",
//   "totaal te betalen", "incl. btw") names it;
// - the amount paid is what was tendered minus the change given back ("CASH 70.30", "CHANGE
//   10.00": 60.30), so a total candidate equal to that difference is confirmed by the till.
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Words that make a label name a sum: the qualifiers below only apply to such labels. */
const SUM_WORDS = new Set(['total', 'totals', 'totaal', 'totale', 'amount', 'amt', 'bedrag', 'sum', 'som']);

/** Qualifiers of a partial sum, or of something counted rather than paid. */
const PARTIAL_WORDS = new Set([
    'sub', 'subtotal', 'subtotaal', 'excl', 'excluding', 'exclusive', 'exc', 'ex', 'before', 'exempt',
    'qty', 'quantity', 'quantities', 'item', 'items', 'pcs', 'units', 'aantal', 'artikelen', 'stuks',
    'disc', 'discount', 'discounts', 'saving', 'savings', 'korting', 'tax', 'gst', 'vat', 'sst', 'btw', 'service', 'svc',
    'change', 'tendered', 'wisselgeld', 'weight', 'gewicht', 'points', 'punten', 'zero', 'rated', 'exvat',
]);

/** Qualifiers of the final sum: the amount paid. */
const FINAL_WORDS = new Set([
    'grand', 'net', 'nett', 'rounded', 'round', 'final', 'due', 'payable', 'pay', 'paid', 'incl', 'inclusive', 'including', 'inc',
    'betalen', 'betaald', 'eindtotaal', 'totaalbedrag', 'after',
]);

/** Whether a field asks for a total: its name, hints or description use a word of a sum or of paying. */
export function asksForSum(field: { name: string; hints: readonly string[]; description?: string }): boolean {
    return [field.name, ...field.hints, field.description ?? ''].some((t) => labelWords(t).some((w) => SUM_WORDS.has(w) || w === 'paid' || w === 'betaald' || w === 'payable'));
}

function isSumLabel(hit: LabelHit): boolean {
    return hit.phrase.split(' ').some((w) => SUM_WORDS.has(w));
}

/**
 * What the other words on a sum label's line say about it: 'partial' ("TOTAL QTY", "SUB TOTAL",
 * "TOTAL (EXCLUDING GST)"), 'final' ("TOTAL (INCLUSIVE OF GST)", "GRAND TOTAL"), or undefined
 * (no qualifier, or the label is no sum). Words up to the value, or to the line's end when the
 * value is not on it; only short lines (labels, not prose).
 */
export function sumQualifier(win: WindowText, hit: LabelHit, until?: number): 'partial' | 'final' | undefined {
    if (!isSumLabel(hit)) return undefined;
    const line = win.lines[hit.line]!;
    const stop = until !== undefined && until > hit.end && until <= line.end ? until : line.end;
    if (stop - line.start > 80) return undefined;
    let partial = false;
    let final = false;
    for (let i = win.wordAt(line.start); i < win.words.length && win.words[i]!.start < stop; i++) {
        const w = win.words[i]!;
        if (w.start >= hit.start && w.end <= hit.end) continue;
        if (PARTIAL_WORDS.has(w.norm)) partial = true;
        else if (FINAL_WORDS.has(w.norm)) final = true;
    }
    // "TOTAL INCL. GST": the final word qualifies the tax word, not the other way round.
    return final ? 'final' : partial ? 'partial' : undefined;
}

const TENDER_WORDS = new Set(['cash', 'tendered', 'tender', 'paid', 'payment', 'contant', 'contanten', 'betaald', 'ontvangen']);
const CHANGE_WORDS = new Set(['change', 'wisselgeld', 'terug', 'retour']);

/** Nothing but separators and currency letters between a label and its amount (across lines). */
const AMOUNT_GAP = /^[\s:=#.\-–—>|()\[\]*]*(?:[A-Z]{2,3}|\p{Sc})?[\s:=#.\-–—>|()\[\]*]*$/u;

/** The amount a word labels: the first amount after it, with only separators between. */
function labelledAmount(win: WindowText, wordIndex: number, amounts: readonly { span: Span; value: number }[]): number | undefined {
    const w = win.words[wordIndex]!;
    for (const a of amounts) {
        if (a.span.start < w.end) continue;
        if (a.span.start - w.end > 60) return undefined;
        return AMOUNT_GAP.test(win.text.slice(w.end, a.span.start)) ? a.value : undefined;
    }
    return undefined;
}

/**
 * Amounts the till's arithmetic confirms as the amount paid: tendered minus change, for each
 * tendered amount and change amount the window labels (in cents). Empty when it labels neither.
 */
export function paidAmounts(win: WindowText, amounts: readonly { span: Span; value: number }[]): Set<number> {
    const tendered: number[] = [];
    const change: number[] = [];
    const sorted = [...amounts].sort((a, b) => a.span.start - b.span.start);
    win.words.forEach((w, i) => {
        const list = TENDER_WORDS.has(w.norm) ? tendered : CHANGE_WORDS.has(w.norm) ? change : undefined;
        if (!list) return;
        const v = labelledAmount(win, i, sorted);
        if (v !== undefined && v >= 0) list.push(Math.round(v * 100));
    });
    const out = new Set<number>();
    for (const t of tendered) for (const c of change) if (t - c > 0) out.add(t - c);
    return out;
}
