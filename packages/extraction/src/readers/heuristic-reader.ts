// The embedded `heuristic` reader (docs/extraction.md): deterministic, offline, no model weights.
// For each field it finds the spans of the field's type (heuristic-spans.ts), keeps those that
// parse as the field's value, and scores them by how strongly the field's labels point at them
// (heuristic-scoring.ts); strings come from the labels themselves (heuristic-strings.ts). A span
// claimed more strongly by another field's labels counts less for this one. It returns what it
// reads as each field's value — the few best-placed spans — not every span of the right type.
import type { CompiledField, CompiledSchema, FieldType } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { splitCurrencyMark } from '../parsers/currency-marks.js';
import { parseQuote, type ParsedValue } from '../parsers/quote-parser.js';
import { scalarType } from '../response/value-format.js';
import { findLabels, labelPhrases, type LabelHit, type LabelPhrase } from './heuristic-labels.js';
import { contextScore } from './heuristic-scoring.js';
import { amountSpans, booleanSpans, dateSpans, durationSpans, enumSpans, patternSpans, type Span } from './heuristic-spans.js';
import { stringCandidates } from './heuristic-strings.js';
import { addressBlocks, letterheadNames, wantsAddress, wantsIssuer } from './heuristic-address.js';
import { WindowText } from './heuristic-text.js';
import { asksForSum, paidAmounts } from './heuristic-totals.js';
import type { Reader, ReaderCandidate, ReaderInput } from './reader-types.js';

/** Candidates kept per field and window. */
const MAX_PER_FIELD = 12;
/** A candidate below this share of the field's best in the window is not proposed. */
const KEEP_SHARE = 0.3;
const MIN_SCORE = 0.08;
const NULLABLE_MIN_SCORE = 0.4;
/** Other occurrences of the best value: how many, and their confidence. */
const MAX_ECHOES = 5;
const ECHO_P = 0.05;
/** An address-shaped block of lines, for a field that asks for an address. */
const ADDRESS_SCORE = 0.5;
/** The name line above an address, for a field that asks for the issuing business. */
const LETTERHEAD_SCORE = 0.45;
/** Added to dates at the head or foot of a document (see scoreField). */
const EDGE_BONUS = 0.2;
/** Added to the latest of the dates within the head or foot of a document (characters, or 5% / 8%). */
const LATEST_EDGE_BONUS = 0.15;
const EDGE_HEAD = 400;
/** Factor for a pattern field's candidate that reads as prose (see codeShape). */
const PROSE = 0.3;
/** Added to a pattern field's candidate in the heading of a document (the first EDGE_HEAD characters). */
const HEAD_CODE_BONUS = 0.15;
/** Added to the last date of a document when it stands in the closing characters. */
const CLOSING_BONUS = 0.15;
const CLOSING_ZONE = 300;
/** Factor for values in page furniture (heuristic-text.ts). */
const FURNITURE = 0.4;
const EDGE_FOOT = 600;
/** A total confirmed by tendered − change: at least this placed, plus the bonus. */
const PAID_FLOOR = 0.5;
const PAID_BONUS = 0.35;
/** The largest of the well-labelled amounts of a total: the others are parts of it. */
const LARGEST_BONUS = 0.1;
const WELL_LABELLED = 0.4;
/** How sharply confidence falls for candidates behind the window's best (see readWindow). */
const SHARPNESS = 8;
const LIST_SHARPNESS = 2;

interface Scored {
    field: number;
    span: Span;
    parsed: ParsedValue;
    score: number;
}

type Scalar = Exclude<FieldType, { kind: 'array' }>;

/** Spans of a type in the window, shared by the fields of one kind. */
class SpanCache {
    private readonly cache = new Map<string, Span[]>();
    constructor(private readonly text: string, private readonly language: Language) {}

    get(type: Scalar): Span[] {
        // Enum spans depend on the labels (enumSpans caches its expression per type).
        if (type.kind === 'enum') return enumSpans(this.text, type);
        const key = type.kind === 'string' ? `s:${type.pattern ?? ''}` : type.kind;
        let spans = this.cache.get(key);
        if (!spans) {
            spans = this.compute(type);
            this.cache.set(key, spans);
        }
        return spans;
    }

    private compute(type: Scalar): Span[] {
        switch (type.kind) {
            case 'date': return dateSpans(this.text, false);
            case 'datetime': return dateSpans(this.text, true);
            case 'money': return amountSpans(this.text, this.language, true);
            case 'decimal': return amountSpans(this.text, this.language, false, true);
            case 'integer': return amountSpans(this.text, this.language, false);
            case 'duration': return durationSpans(this.text);
            case 'boolean': return booleanSpans(this.text);
            case 'string': return type.pattern === undefined ? [] : patternSpans(this.text, type.pattern);
            default: return [];
        }
    }
}

/** Score of a span without any label: what its type and place alone say. */
function baseScore(type: Scalar, span: Span, distinct: number, position: number): number {
    const unique = distinct === 1 ? 0.25 : distinct === 2 ? 0.08 : 0;
    const early = type.kind === 'date' || type.kind === 'datetime' ? 0 : 0.06 * (1 - position);
    switch (type.kind) {
        case 'date':
        case 'datetime':
            return 0.1 + unique + early;
        case 'money':
            return 0.04 + (span.marked ? 0.06 : 0) + unique + early;
        case 'duration':
            return 0.06 + unique + early;
        case 'enum':
            return 0.3 + early;
        case 'string':
            // A pattern that matches few spans is specific (an invoice number's shape); one that
            // matches many is not evidence by itself.
            return distinct <= 2 ? 0.3 + early : 0.02;
        default:
            return 0.02 + unique / 2;
    }
}

export class HeuristicReader implements Reader {
    readonly name = 'heuristic';
    private readonly phrases = new WeakMap<CompiledSchema, Map<number, LabelPhrase[]>>();

    private phrasesOf(schema: CompiledSchema): Map<number, LabelPhrase[]> {
        let p = this.phrases.get(schema);
        if (!p) {
            p = new Map(schema.fields.map((f) => [f.id, labelPhrases(f)]));
            this.phrases.set(schema, p);
        }
        return p;
    }

    async read(input: ReaderInput): Promise<ReaderCandidate[]> {
        return readWindow(input, this.phrasesOf(input.schema));
    }
}

function scoreField(input: ReaderInput, win: WindowText, spans: SpanCache, field: CompiledField, hits: readonly LabelHit[]): Scored[] {
    const type = scalarType(field.type);
    const out: Scored[] = [];
    const position = (s: Span): number => (input.offset + s.start) / Math.max(1, input.documentLength);
    const inHead = (s: Span): boolean => input.offset + s.start < EDGE_HEAD;
    if (type.kind === 'string') {
        for (const c of stringCandidates(win, hits, type.pattern, field.type.kind === 'array')) {
            const parsed = parseQuote(type, c.quote, input.language);
            // Names and labelled strings come first in a document (letterhead, parties, header).
            if (parsed) out.push({ field: field.id, span: c, parsed, score: (c.context + 0.1 * (1 - position(c))) * (type.pattern !== undefined ? codeShape(c.quote, type.pattern) : 1) + (type.pattern !== undefined && inHead(c) ? HEAD_CODE_BONUS : 0) });
        }
        const about = [field.name, field.description ?? '', ...field.hints];
        if (type.pattern === undefined && wantsAddress(about)) {
            for (const block of addressBlocks(win)) {
                const parsed = parseQuote(type, block.quote, input.language);
                if (parsed) out.push({ field: field.id, span: block, parsed, score: Math.max(ADDRESS_SCORE, contextScore(win, hits, block).score) });
            }
        } else if (type.pattern === undefined && wantsIssuer(about)) {
            for (const name of letterheadNames(win, addressBlocks(win))) {
                const parsed = parseQuote(type, name.quote, input.language);
                if (parsed) out.push({ field: field.id, span: name, parsed, score: LETTERHEAD_SCORE + 0.1 * (1 - position(name)) });
            }
        }
        if (type.pattern === undefined) return out;
    }
    let found = spans.get(type);
    if (type.kind !== 'date' && type.kind !== 'datetime') {
        // A number inside a date ("14 MAR 2018") is no amount.
        const dates = spans.get({ kind: 'datetime', eom: 'clamp', dateOrder: 'auto' });
        if (dates.length) found = found.filter((s) => !dates.some((d) => d.start < s.end && s.start < d.end));
    }
    const parsed = found.map((s) => parseQuote(type, s.quote, input.language));
    const distinct = new Set(parsed.filter((p) => p).map((p) => p!.key)).size;
    const contexts = found.map((span, i) => (parsed[i] ? contextScore(win, hits, span) : { score: 0 }));
    // A label that points at many different values in one window ("Total" on every line of a
    // receipt, "uitspraak van" before every earlier decision quoted) says less about each.
    const valuesPerLabel = new Map<string, Set<string>>();
    contexts.forEach((c, i) => {
        if (!c.hit || c.score < 0.25) return;
        let set = valuesPerLabel.get(c.hit.phrase);
        if (!set) valuesPerLabel.set(c.hit.phrase, (set = new Set()));
        set.add(parsed[i]!.key);
    });
    // The till's arithmetic (tendered − change) confirms the amount paid, for a field of a total.
    let paid: Set<number> | undefined;
    if (type.kind === 'money' && asksForSum(field)) {
        const amounts = found.flatMap((span, i) => (parsed[i] ? [{ span, value: moneyAmount(parsed[i]!) }] : []));
        paid = paidAmounts(win, amounts);
    }
    // Of the dates at the head or foot of a document, the latest is most often the document's own
    // (a decision quotes the earlier decisions in its heading; a signature line dates the whole).
    const atEdge = (s: Span): boolean => {
        const at = input.offset + s.start;
        return at < Math.max(EDGE_HEAD, 0.05 * input.documentLength) || at > Math.min(input.documentLength - EDGE_FOOT, 0.92 * input.documentLength);
    };
    let latestEdge: string | undefined;
    if (type.kind === 'date' || type.kind === 'datetime') {
        for (let i = 0; i < found.length; i++) {
            const p = parsed[i];
            if (p && atEdge(found[i]!) && !win.isFurniture(win.lineOf(found[i]!.start)) && (latestEdge === undefined || p.key > latestEdge)) latestEdge = p.key;
        }
    }
    // The last date of a document, in its closing lines ("uitgesproken op ...", "in raadkamer
    // van ...", a signature's date), dates the document.
    let closing: Span | undefined;
    if ((type.kind === 'date' || type.kind === 'datetime') && input.offset + input.text.length >= input.documentLength) {
        for (let i = found.length - 1; i >= 0 && !closing; i--) {
            if (parsed[i] && !win.isFurniture(win.lineOf(found[i]!.start))) closing = found[i];
        }
        if (closing && input.offset + closing.start < input.documentLength - CLOSING_ZONE) closing = undefined;
    }
    const labelOf = new Map<Scored, string>();
    found.forEach((span, i) => {
        const p = parsed[i];
        if (!p) return;
        const c = contexts[i]!;
        const ambiguity = c.hit ? valuesPerLabel.get(c.hit.phrase)?.size ?? 1 : 1;
        const context = c.score / (1 + 0.3 * (ambiguity - 1));
        const pos = position(span);
        let score = Math.max(context, baseScore(type, span, distinct, pos));
        if (type.kind === 'date' || type.kind === 'datetime') {
            // A document's own dates stand at its head or its foot (letterhead, signature,
            // "uitgesproken op"); dates in the body are mostly about other things.
            if (input.documentLength > 2000 && (pos < 0.03 || pos > 0.94)) score += EDGE_BONUS;
            if (latestEdge !== undefined && p.key === latestEdge && atEdge(span)) score += LATEST_EDGE_BONUS;
            if (span === closing) score += CLOSING_BONUS;
        } else if (context > 0) score += 0.06 * (1 - pos);
        // Money is written with its minor units ("12.50"); a bare "2" is more often a count.
        if (type.kind === 'money' && type.scale > 0 && !/[.,]\d/.test(span.quote)) score *= 0.6;
        // A document's own reference numbers stand in its heading; numbers in the body cite others.
        if (type.kind === 'string') score = score * codeShape(span.quote, type.pattern) + (inHead(span) ? HEAD_CODE_BONUS : 0);
        // A value in a line repeated on every page is page furniture (a filing stamp, a running head).
        if (win.isFurniture(win.lineOf(span.start))) score *= FURNITURE;
        if (paid?.has(Math.round(moneyAmount(p) * 100))) score = Math.max(score, PAID_FLOOR) + PAID_BONUS;
        out.push({ field: field.id, span, parsed: p, score });
        if (c.hit) labelOf.set(out[out.length - 1]!, labelLine(win, c.hit));
    });
    if (paid) {
        // A total is the largest of the sums its labels point at (subtotals, tax, a tax summary's
        // rows are parts of it): the largest well-labelled amount is preferred — unless another
        // amount has the very same label ("Total: 1,234.56" and "Total: 1,243.56" disagree).
        const labelled = out.filter((s) => s.score >= WELL_LABELLED && labelOf.has(s));
        const top = Math.max(...labelled.map((s) => moneyAmount(s.parsed)));
        const largest = labelled.filter((s) => moneyAmount(s.parsed) === top);
        const topLabels = new Set(largest.map((s) => labelOf.get(s)));
        if (!labelled.some((s) => moneyAmount(s.parsed) !== top && topLabels.has(labelOf.get(s)))) for (const s of largest) s.score += LARGEST_BONUS;
    }
    return out;
}

function readWindow(input: ReaderInput, phrases: ReadonlyMap<number, LabelPhrase[]>): ReaderCandidate[] {
    const { schema } = input;
    const win = new WindowText(input.text);
    const hits = findLabels(win, schema.fields, phrases);
    const spans = new SpanCache(input.text, input.language);
    const perField = schema.fields.map((f) => scoreField(input, win, spans, f, hits[f.id]!));

    // The same span claimed by several fields: each field's score against the strongest claim.
    const strongest = new Map<string, number>();
    for (const list of perField) {
        for (const s of list) {
            const k = `${s.span.start}:${s.span.end}`;
            strongest.set(k, Math.max(strongest.get(k) ?? 0, s.score));
        }
    }
    const out: ReaderCandidate[] = [];
    for (const list of perField) {
        for (const s of list) {
            const top = strongest.get(`${s.span.start}:${s.span.end}`)!;
            if (s.score < top - 0.1) s.score *= 0.5;
        }
        // One candidate per span (the best way it was found), best first.
        const bySpan = new Map<string, Scored>();
        for (const s of list) {
            const k = `${s.span.start}:${s.span.end}`;
            const seen = bySpan.get(k);
            if (!seen || s.score > seen.score) bySpan.set(k, s);
        }
        // Overlapping spans are rival cuts of one piece of text ("AWB 98/1312" and "98/1312"): the
        // best placed one stands for it.
        const ranked: Scored[] = [];
        for (const s of [...bySpan.values()].sort((a, b) => b.score - a.score || a.span.start - b.span.start)) {
            if (!ranked.some((k) => k.span.start < s.span.end && s.span.start < k.span.end)) ranked.push(s);
        }
        const best = ranked[0]?.score ?? 0;
        // A nullable field may well be absent: only well-placed candidates are proposed for it,
        // unless the text itself identifies the value (an enum label, a string pattern).
        const floor = ranked[0] && needsContext(schema.fields[ranked[0].field]!) ? NULLABLE_MIN_SCORE : MIN_SCORE;
        const kept = ranked.slice(0, MAX_PER_FIELD).filter((s) => s.score >= floor && s.score >= KEEP_SHARE * best);
        // The reader decides between values: a value whose sightings are clearly behind the best
        // value's in this window is proposed with much less confidence, so it does not compete
        // with it (settling drops readings below half of the strongest); equally placed values
        // keep equal confidence. A value seen in several good places is judged by all of them.
        const byValue = new Map<string, number>();
        for (const s of kept) byValue.set(s.parsed.key, 1 - (1 - (byValue.get(s.parsed.key) ?? 0)) * (1 - Math.min(0.95, s.score)));
        const bestValue = Math.max(...byValue.values());
        // A list field (an array) holds several values: the reader decides less sharply between them.
        const sharpness = schema.fields[ranked[0]?.field ?? 0]?.type.kind === 'array' ? LIST_SHARPNESS : SHARPNESS;
        for (const s of kept) {
            const p = s.score * Math.pow(byValue.get(s.parsed.key)! / bestValue, sharpness);
            out.push({ slot: schema.fields[s.field]!.name, quote: s.span.quote, p: toP(p), at: s.span.start });
        }
        if (kept.length) out.push(...echoes(input, kept[0]!, kept));
    }
    return out;
}

/**
 * Other places the window writes the best candidate's value ("California" in an address as well
 * as in the governing-law clause; an amount repeated on a receipt), proposed with a low confidence:
 * they are evidence of the same reading, not readings of their own.
 */
function echoes(input: ReaderInput, top: Scored, taken: readonly Scored[]): ReaderCandidate[] {
    const field = input.schema.fields[top.field]!;
    const texts = new Set([top.span.quote]);
    const bare = splitCurrencyMark(top.span.quote);
    if (field.type.kind === 'money' && bare?.mark) texts.add(bare.amount.trim());
    const out: ReaderCandidate[] = [];
    for (const t of texts) {
        if (t.length < 2) continue;
        for (let i = input.text.indexOf(t); i >= 0 && out.length < MAX_ECHOES; i = input.text.indexOf(t, i + 1)) {
            const end = i + t.length;
            if (/[\p{L}\p{N}]/u.test(input.text[i - 1] ?? '') || /[\p{L}\p{N}]/u.test(input.text[end] ?? '')) continue;
            if (taken.some((k) => k.span.start < end && i < k.span.end)) continue;
            if (parseQuote(field.type, t, input.language)?.key !== top.parsed.key) continue;
            out.push({ slot: field.name, quote: t, p: ECHO_P, at: i });
        }
    }
    return out;
}

/**
 * A pattern field's value is a code (a case number, an invoice number): text with two or more
 * ordinary lower-case words ("te vernietigen", "Dit project betreft") is a piece of a sentence the
 * pattern happens to allow, not a code.
 */
function codeShape(quote: string, pattern?: string): number {
    if ((quote.match(/(?<![\p{L}\p{N}])\p{Ll}{3,}(?![\p{L}\p{N}])/gu)?.length ?? 0) >= 2) return PROSE;
    // A pattern that admits digits describes a number-like code: a match without any digit
    // ("Gerechtshof te", "Sector Kanton") is a pair of words the pattern happens to allow.
    if (pattern !== undefined && /\\d|0-9|\[:digit:\]|\\pN|\\p\{N/.test(pattern) && !/\p{N}/u.test(quote)) return PROSE;
    return 1;
}

/** The words of a label's line ("total payable", "total eur"): identifies a label as written. */
function labelLine(win: WindowText, hit: LabelHit): string {
    return (win.lines[hit.line]!.text.toLowerCase().match(/\p{L}+/gu) ?? []).join(' ');
}

function moneyAmount(p: ParsedValue): number {
    return Number((p.json as { amount: string }).amount);
}

function needsContext(field: CompiledField): boolean {
    const t = scalarType(field.type);
    return field.nullable && t.kind !== 'enum' && !(t.kind === 'string' && t.pattern !== undefined);
}

/** Scores to confidences strictly inside (0, 1), rounded so equal contexts give equal p. */
function toP(score: number): number {
    const p = 0.02 + 0.93 * Math.min(1, Math.max(0, score));
    return Math.round(Math.min(0.97, p) * 1000) / 1000;
}
