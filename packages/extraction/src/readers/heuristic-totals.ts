// Totals: what the words around a "total" label say about the amount it points at, and the
// arithmetic of a till receipt. Both are about how receipts and invoices are written in English and
// Dutch (the words are each language's, locale/), not about any one shop:
//
// - a total label qualified by words of a partial sum ("SUB TOTAL", "TOTAL QTY", "TOTAL (EXCLUDING
//   GST)", "TOTAL TAX", "subtotaal", "excl. btw") names something other than the amount paid; one
//   qualified by words of the final sum ("GRAND TOTAL", "TOTAL (INCLUSIVE OF GST)", "ROUNDED TOTAL",
//   "totaal te betalen", "incl. btw") names it;
// - the amount paid is what was tendered minus the change given back ("CASH 70.30", "CHANGE
//   10.00": 60.30), so a total candidate equal to that difference is confirmed by the till.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { sumWordsOf, wordsOf } from '../locale/locale-words.js';
import type { LabelHit, LabelPhrase } from './heuristic-labels.js';
import { LABEL } from './heuristic-weights.js';
import type { Span } from './heuristic-spans.js';
import type { ParsedValue } from '../parsers/quote-parser.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/**
 * Whether a field asks for a total: its name, hints or description use a word of a sum or of
 * paying, and its name asks for no deduction (`deposit_paid`, `discount_total`: asksForCredit) and
 * no sum per unit.
 */
export function asksForSum(field: { name: string; hints: readonly string[]; description?: string }, locale: LocaleProfile): boolean {
    const sum = sumWordsOf(locale, 'sum');
    const paid = sumWordsOf(locale, 'paid');
    const says = (w: string): boolean => sum.has(w) || paid.has(w);
    // A description's sum word before a word of the field's own name totals that thing, not the
    // document ("Total interest claimed" for `interest_claimed`).
    const own = new Set(labelWords(field.name).filter((w) => !says(w)));
    const described = labelWords(field.description ?? '');
    // A sum paid per unit is a unit's price, no total ("Price paid per share", `fee_per_month`).
    const per = wordsOf(locale, 'perUnitWords');
    const perUnit = [field.name, field.description ?? '', ...field.hints].some((t) =>
        labelWords(t).some((w, i, ws) => per.has(w) && i + 1 < ws.length),
    );
    return (
        !asksForCredit(field, locale) &&
        !perUnit &&
        ([field.name, ...field.hints].some((t) => labelWords(t).some(says)) ||
            described.some((w, i) => says(w) && !own.has(described[i + 1] ?? '')))
    );
}

/**
 * The labels of the amount to pay by themselves ("Amount due", "Te betalen"), as labels of a field
 * that asks for a sum whatever its name (an invoice's `total` is its "Amount due") and has no hints:
 * hints are the schema author's own word on how the documents label the field, these a guess for a
 * field without them.
 */
export function withDueLabels(
    field: { name: string; hints: readonly string[]; description?: string },
    locale: LocaleProfile,
    phrases: LabelPhrase[],
    deducted = false,
): LabelPhrase[] {
    // (A sum a relation subtracts, `amount_paid` in `balance_due == total - amount_paid`, is no
    // amount to pay: its labels are its own.)
    if (field.hints.length || deducted) return phrases;
    // A field that asks for the sum before tax in its description (`net_total`: "Total before
    // VAT") is labelled "Subtotal", and takes none of the amount to pay's labels; nor does a tax's
    // amount (`vat_amount` is no "Balance due"). A name that says it is its own label
    // (`totaal_excl_btw`: "Subtotaal" may stand before a discount), and takes neither.
    const before = sumWordsOf(locale, 'beforeTax');
    const says = (t: string): boolean => labelWords(t).some((w) => before.has(w));
    const named = says(field.name);
    const net = !named && says(field.description ?? '');
    const labels = net
        ? locale.sums.subtotals
        : !named && asksForSum(field, locale) && !asksForTax(field, locale)
          ? locale.sums.due
          : undefined;
    const seen = new Set(phrases.map((p) => p.words.join(' ')));
    const more = (labels ?? []).map(labelWords).filter((words) => !seen.has(words.join(' ')));
    // For that field a sum's word alone ("TOTAL") labels the sum after tax: weakly.
    const sum = sumWordsOf(locale, 'sum');
    const own = net
        ? phrases.map((p) => (p.words.every((w) => sum.has(w)) ? { ...p, weight: Math.min(p.weight, LABEL.description) } : p))
        : phrases;
    return [...own, ...more.map((words) => ({ words, weight: LABEL.name, kind: 'name' as const }))];
}

function isSumLabel(win: WindowText, hit: LabelHit): boolean {
    const sum = sumWordsOf(win.locale, 'sum');
    return hit.phrase.split(' ').some((w) => sum.has(w));
}

/**
 * What the other words on a sum label's line say about it: 'partial' ("TOTAL QTY", "SUB TOTAL",
 * "TOTAL (EXCLUDING GST)"), 'final' ("TOTAL (INCLUSIVE OF GST)", "GRAND TOTAL"), or undefined
 * (no qualifier, or the label is no sum). Words up to the value, or to the line's end when the
 * value is not on it; only short lines (labels, not prose).
 */
export function sumQualifier(win: WindowText, hit: LabelHit, until?: number): 'partial' | 'final' | undefined {
    if (!isSumLabel(win, hit)) return undefined;
    const PARTIAL_WORDS = sumWordsOf(win.locale, 'partial');
    const FINAL_WORDS = sumWordsOf(win.locale, 'final');
    const line = win.lines[hit.line]!;
    const stop = until !== undefined && until > hit.end && until <= line.end ? until : line.end;
    if (stop - line.start > 80) return undefined;
    let partial = false;
    let final = false;
    for (let i = win.wordAt(line.start); i < win.words.length && win.words[i]!.start < stop; i++) {
        const w = win.words[i]!;
        // A compound is the label and its qualifier in one word: "Subtotaal", "Eindtotaal".
        if (w.start >= hit.start && w.end <= hit.end && !hit.compound) continue;
        if (PARTIAL_WORDS.has(w.norm)) partial = true;
        else if (FINAL_WORDS.has(w.norm)) final = true;
    }
    // "TOTAL INCL. GST": the final word qualifies the tax word, not the other way round.
    return final ? 'final' : partial ? 'partial' : undefined;
}

/** Nothing but separators and currency letters between a label and its amount (across lines). */
const AMOUNT_GAP = /^[\s:=#.\-–—>|()[\]*]*(?:[A-Z]{2,3}|\p{Sc})?[\s:=#.\-–—>|()[\]*]*$/u;

/** The amount a word labels: the first amount after it, with only separators between. */
function labelledAmount(win: WindowText, wordIndex: number, amounts: readonly { span: Span; value: bigint }[]): bigint | undefined {
    const w = win.words[wordIndex]!;
    for (const a of amounts) {
        if (a.span.start < w.end) continue;
        if (a.span.start - w.end > 60) return undefined;
        return AMOUNT_GAP.test(win.text.slice(w.end, a.span.start)) ? a.value : undefined;
    }
    return undefined;
}

/**
 * The amount a tender or change word labels, also past up to two more words of the same label on its
 * line ("CASH RECEIVED : 25.50", "CHANGE DUE 0.05").
 */
function amountAfterLabel(win: WindowText, wordIndex: number, amounts: readonly { span: Span; value: bigint }[]): bigint | undefined {
    const line = win.lineOf(win.words[wordIndex]!.start);
    for (let k = wordIndex; k <= wordIndex + 2 && k < win.words.length; k++) {
        if (k > wordIndex && (win.lineOf(win.words[k]!.start) !== line || /\d/.test(win.words[k]!.norm))) return undefined;
        const v = labelledAmount(win, k, amounts);
        if (v !== undefined) return v;
    }
    return undefined;
}

/**
 * Amounts the till's arithmetic confirms as the amount paid: tendered minus change, for each
 * tendered amount and change amount the window labels, in cents (exact integers, never floats).
 * Empty when it labels neither.
 */
export function paidAmounts(win: WindowText, amounts: readonly { span: Span; value: bigint }[]): Set<bigint> {
    const tendered: bigint[] = [];
    const change: bigint[] = [];
    const sorted = [...amounts].sort((a, b) => a.span.start - b.span.start);
    const TENDER_WORDS = sumWordsOf(win.locale, 'tender');
    const CHANGE_WORDS = sumWordsOf(win.locale, 'change');
    win.words.forEach((w, i) => {
        const list = TENDER_WORDS.has(w.norm) ? tendered : CHANGE_WORDS.has(w.norm) ? change : undefined;
        if (!list) return;
        const v = amountAfterLabel(win, i, sorted);
        if (v !== undefined && v >= 0n) list.push(v);
    });
    const out = new Set<bigint>();
    for (const t of tendered) for (const c of change) if (t - c > 0n) out.add(t - c);
    return out;
}

/** Characters before an amount read for a tax rate and the word that makes the amount its base. */
const RATE_BEFORE = 24;

/**
 * Whether a money field asks for a tax (a word of its name is one of the language's tax words:
 * `vat`, `btw`), not for a sum counted with or without it (`totaal_incl_btw`, `total_inc_vat`,
 * `amount_excl_vat`: the tax word after a word that counts it apart or in).
 */
export function asksForTax(field: { name: string }, locale: LocaleProfile): boolean {
    const words = wordsOf(locale, 'taxWords');
    const apart = sumWordsOf(locale, 'apart');
    const final = sumWordsOf(locale, 'final');
    const name = labelWords(field.name);
    return name.some((w, i) => words.has(w) && !apart.has(name[i - 1] ?? '') && !final.has(name[i - 1] ?? ''));
}

/**
 * Whether the amount at `start` is the base a tax rate is charged on: "BTW 9% over 10,86", "VAT
 * 20% on £450.00" — a percentage, one of the language's base words, at most a currency mark.
 */
export function rateBase(win: WindowText, start: number): boolean {
    const before = win.text.slice(Math.max(0, start - RATE_BEFORE), start);
    const m = /%\s*(\p{L}+)\s*(?:\p{Sc}|[A-Z]{3})?\s*$/u.exec(before);
    return !!m && wordsOf(win.locale, 'rateBaseWords').has(m[1]!.toLowerCase());
}

/** Cents of a money value, exactly (decimal digits, never a float). */
export function cents(p: ParsedValue): bigint {
    const [whole, fraction = ''] = (p.json as { amount: string }).amount.split('.');
    return BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
}

/**
 * Whether a money field's name asks for a sum a statement prints as a deduction ("Deposit paid
 * -$25.00", "Early-bird discount -£54.00": the profile's `creditWords`): its value is the sum, the
 * minus sign says which way it counts.
 */
export function asksForCredit(field: { name: string }, locale: LocaleProfile): boolean {
    const credit = wordsOf(locale, 'creditWords');
    return labelWords(field.name).some((w) => credit.has(w));
}

/**
 * Whether a field says its value is negative ("amount of the credit memo (negative)"): the minus sign
 * the document prints is the value's, though the name asks for a deduction.
 */
export function saysNegative(field: { name: string; description?: string }): boolean {
    return [field.name, field.description ?? ''].some((t) => labelWords(t).some((w) => NEGATIVE_WORDS.has(w)));
}
const NEGATIVE_WORDS: ReadonlySet<string> = new Set(['negative', 'negatief', 'minus']);

/** The till's arithmetic (tendered − change) confirms the amount paid, for a field of a total: the amounts paid, and each span's in cents. */
export function tillPaid(
    field: CompiledField,
    kind: string,
    win: WindowText,
    found: readonly Span[],
    parsed: readonly (ParsedValue | undefined)[],
): { paid?: Set<bigint>; amounts: (bigint | undefined)[] } {
    if (kind !== 'money' || !asksForSum(field, win.locale)) return { amounts: [] };
    const amounts = parsed.map((p) => (p ? cents(p) : undefined));
    const paid = paidAmounts(
        win,
        found.flatMap((span, i) => (amounts[i] !== undefined ? [{ span, value: amounts[i]! }] : [])),
    );
    return { paid, amounts };
}

/** An amount without its minus sign ("-$25.00" → "$25.00"). */
export function unsigned(span: Span): Span {
    const m = /^[-−–]\s?(?=[\p{Sc}\d])/u.exec(span.quote);
    return m ? { ...span, start: span.start + m[0].length, quote: span.quote.slice(m[0].length), cutFrom: span.start } : span;
}
