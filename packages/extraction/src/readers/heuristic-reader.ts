// The embedded `heuristic` reader (docs/extraction.md): deterministic, offline. For each field it
// finds the spans of the field's type (heuristic-spans.ts), keeps those that parse as the field's
// value, and scores them with named scorers (heuristic-scorers.ts) by how strongly the field's
// labels point at them; strings come from the labels themselves (heuristic-strings.ts). A span
// claimed more strongly by another field's labels counts less for this one. The window's best
// candidates are then weighed by the learned ranker (ranker-model.ts, weights trained on labelled
// documents) and their p calibrated, so that p — and the confidence built from it — is the
// probability that the value is right.
import { statedEmpty } from './heuristic-nonvalues.js';
import type { CompiledField, CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import { localeOf } from '../locale/locale-registry.js';
import type { LocaleProfile } from '../locale/locale-types.js';
import { splitCurrencyMark } from '../parsers/currency-marks.js';
import { parseQuote } from '../parsers/quote-parser.js';
import { scalarType } from '../response/value-format.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';
import { DOUBTFUL_DATE_P, doubtfulDate } from './heuristic-date-doubt.js';
import { decideAcross, documentEchoes } from './heuristic-echoes.js';
import { findLabels, labelPhrases, type LabelPhrase } from './heuristic-labels.js';
import { scoreField, type FieldContext, type Scalar, type Scored } from './heuristic-scorers.js';
import { amountSpans, booleanSpans, dateSpans, durationSpans, enumSpans, withTimes, type Span } from './heuristic-spans.js';
import { labelWords, WindowText } from './heuristic-text.js';
import { addedFields, reducedFields, subtractedFields } from './heuristic-signs.js';
import { withDueLabels } from './heuristic-totals.js';
import { ADJUST, PROPOSE, SHARPNESS } from './heuristic-weights.js';
import { patternSpans, ScanBudget } from './pattern-scan.js';
import type { ValueKind } from './ranker-features.js';
import { quoteKeys } from './quote-keys.js';
import { finalCalibration, finalTable } from './ranker-final.js';
import { calibrate, calibrationGroup, languageTable, rank, shippedWeights, tableFor, type RankerWeights } from './ranker-model.js';
import type { Reader, ReaderCandidate, ReaderInput } from './reader-types.js';

/** Spans of a type in the window, shared by the fields of one kind. */
class SpanCache {
    private readonly cache = new Map<string, Span[]>();
    private readonly patternSteps: ScanBudget;
    constructor(
        private readonly text: string,
        private readonly language: Language,
    ) {
        this.patternSteps = new ScanBudget(text.length);
    }

    get(type: Scalar): Span[] {
        // Enum spans depend on the labels (enumSpans caches its expression per type).
        if (type.kind === 'enum') return enumSpans(this.text, type);
        return this.cached(type.kind === 'string' ? `s:${type.pattern ?? ''}` : type.kind, () => this.compute(type));
    }

    private cached(key: string, make: () => Span[]): Span[] {
        let spans = this.cache.get(key);
        if (!spans) {
            spans = make();
            this.cache.set(key, spans);
        }
        return spans;
    }

    private compute(type: Scalar): Span[] {
        switch (type.kind) {
            case 'date':
                return dateSpans(this.text, this.language, false);
            case 'datetime':
                // The dates' scan is the window's costliest: dates and date-times share it.
                return withTimes(
                    this.text,
                    this.language,
                    this.cached('date', () => dateSpans(this.text, this.language, false)),
                );
            case 'money':
                return amountSpans(this.text, this.language, true);
            case 'decimal':
                return amountSpans(this.text, this.language, false, true);
            case 'integer':
                return amountSpans(this.text, this.language, false);
            case 'duration':
                return durationSpans(this.text, this.language);
            case 'boolean':
                return booleanSpans(this.text, this.language);
            case 'string':
                return type.pattern === undefined ? [] : patternSpans(this.text, type.pattern, undefined, this.patternSteps);
            default:
                return [];
        }
    }
}

/** One proposed candidate with what the ranker saw (for training: scripts/train-ranker.mjs). */
export interface RankedCandidate {
    field: string;
    quote: string;
    at: number;
    kind: ValueKind;
    features: Scored['features'];
    /** The parsed value as the response shows it. */
    json: unknown;
    /** Its calibration group (ranker-model.ts calibrationGroup) and p as proposed. */
    group: string;
    p: number;
}

export interface HeuristicReaderOptions {
    /** Ranker weights; null: p from the heuristic score alone (how training data is collected). Default: the shipped weights. */
    weights?: RankerWeights | null;
    /** Receives every proposed candidate with its features. */
    collect?: (c: RankedCandidate) => void;
}

export class HeuristicReader implements Reader {
    readonly name = 'heuristic';
    private readonly phrases = new WeakMap<CompiledSchema, Map<string, Map<number, LabelPhrase[]>>>();
    private readonly weights: RankerWeights | null;

    constructor(private readonly options: HeuristicReaderOptions = {}) {
        this.weights = options.weights === undefined ? shippedWeights() : options.weights;
    }

    private phrasesOf(schema: CompiledSchema, locale: LocaleProfile): Map<number, LabelPhrase[]> {
        let byLanguage = this.phrases.get(schema);
        if (!byLanguage) this.phrases.set(schema, (byLanguage = new Map()));
        let p = byLanguage.get(locale.code);
        if (!p) {
            // Neither a deduction nor the sum it is taken from is the amount left to pay; nor is a
            // part of a sum the schema adds up (`loan_amount` in `repay_total == loan_amount + interest_total`).
            const deducted = new Set([...subtractedFields(schema), ...reducedFields(schema), ...addedFields(schema)]);
            p = new Map(
                schema.fields.map((f) => [
                    f.id,
                    withDueLabels(f, locale, labelPhrases(f, locale, otherNameWords(schema, f)), deducted.has(f.id)),
                ]),
            );
            byLanguage.set(locale.code, p);
        }
        return p;
    }

    async read(input: ReaderInput): Promise<ReaderCandidate[]> {
        const locale = localeOf(input.language);
        return this.readWindow(input, new WindowText(input.text, locale), this.phrasesOf(input.schema, locale));
    }

    /**
     * The windows' values weighed against each other; the first place the document writes each field's
     * best value (heuristic-echoes.ts); every value at its final confidence (ranker-final.ts).
     */
    across(document: string, schema: CompiledSchema, language: Language, windows: readonly WindowCandidates[]): WindowCandidates[] {
        const keyOf = quoteKeys(schema, language);
        const decided = decideAcross(schema, language, windows, keyOf);
        const echoes = documentEchoes(document, schema, language, decided, keyOf);
        // Then each value's confidence as the field will report it, through the final table (ranker-final.ts).
        const read = echoes ? [...decided, echoes] : decided;
        return finalCalibration(document, schema, language, read, finalTable(this.weights, this.name, language, document.length), keyOf);
    }

    private readWindow(input: ReaderInput, win: WindowText, phrases: ReadonlyMap<number, LabelPhrase[]>): ReaderCandidate[] {
        const { schema } = input;
        const hits = findLabels(win, schema.fields, phrases);
        const cache = new SpanCache(input.text, input.language);
        const perField = schema.fields.map((field) =>
            fieldScores({ input, win, field, type: scalarType(field.type), hits: hits[field.id]!, spans: (t) => cache.get(t) }),
        );
        // The same span claimed by several fields: each field's score against the strongest claim.
        const strongest = new Map<string, number>();
        const spanKey = (s: Scored): string => `${s.span.cutFrom ?? s.span.start}:${s.span.end}`;
        // A definition ("May 1, 2021 (the “Effective Date”)") names the span once more; it does not
        // take it from a field whose own label points at it ("dated as of May 1, 2021").
        for (const list of perField)
            for (const s of list) if (!s.features.defined) strongest.set(spanKey(s), Math.max(strongest.get(spanKey(s)) ?? 0, s.score));
        const out: ReaderCandidate[] = [];
        for (const list of perField) {
            for (const s of list) {
                if (s.score < (strongest.get(spanKey(s)) ?? 0) - ADJUST.claimedMargin) {
                    s.score *= ADJUST.claimed;
                    s.features.claimed = 1;
                }
            }
            const kept = proposed(schema, list);
            if (!kept.length) continue;
            const field = schema.fields[kept[0]!.field]!;
            const kind = valueKind(field);
            // A value seen in several good places is judged by all of them.
            const byValue = supportOf(kept, kind, input.text);
            const bestValue = Math.max(...byValue.values());
            const count = new Map<string, number>();
            for (const s of list) count.set(s.parsed.key, (count.get(s.parsed.key) ?? 0) + 1);
            // How clearly the window decides: the best score of each value, the runner-up's.
            const valueScores = [...new Map(kept.map((s) => [s.parsed.key, s.score] as const)).values()];
            const runnerUp = valueScores.length > 1 ? valueScores[1]! : 0;
            kept.forEach((s) => {
                Object.assign(s.features, {
                    alone: valueScores.length === 1 ? 1 : 0,
                    margin: s.score - (s.score >= kept[0]!.score ? runnerUp : kept[0]!.score),
                    rivals: Math.min(1, (valueScores.length - 1) / 5),
                    hinted: field.hints.length ? 1 : 0,
                    heuristic: s.score,
                    support: byValue.get(s.parsed.key)! / bestValue,
                    share: s.score / kept[0]!.score,
                    // A zero written many times is a form's empty entries ("SMP £0.00   SPP £0.00"), no sum the document repeats.
                    repeat: zero(s) ? 0 : Math.min(1, Math.log1p(count.get(s.parsed.key)! - 1) / 3),
                    nullable: field.nullable ? 1 : 0,
                    list: field.type.kind === 'array' ? 1 : 0,
                });
            });
            const scores = kept.map((s) => this.score(s, kind));
            const byRank = new Map<string, number>();
            kept.forEach((s, i) => byRank.set(s.parsed.key, Math.max(byRank.get(s.parsed.key) ?? 0, scores[i]!)));
            const top = Math.max(...byRank.values());
            // The reader decides between values: a value clearly behind the best one is proposed
            // with much less confidence, so it does not compete with it (settling drops readings
            // below half of the strongest); a list field holds several values, not rivals: not at all. A
            // field's confidence combines its mentions as independent evidence (noisy-or): the
            // value's best candidate carries its probability, its other sightings a trace only.
            const sharpness = field.type.kind === 'array' ? SHARPNESS.list : SHARPNESS.single;
            const seen = new Set<string>();
            kept.forEach((s, i) => {
                const first = !seen.has(s.parsed.key) && scores[i] === byRank.get(s.parsed.key);
                if (first) seen.add(s.parsed.key);
                const group = calibrationGroup(kind, s.features, input.windows);
                // A value in every window of a long document is proposed once per window and the
                // field's confidence is their noisy-or: each window claims its share, so W sightings
                // together say what one calibrated sighting says.
                const share = (q: number): number => (input.windows > 1 ? 1 - Math.pow(1 - q, 1 / Math.sqrt(input.windows)) : q);
                let p = Math.max(
                    PROPOSE.echoP,
                    Math.round(
                        (first
                            ? share(this.probability(scores[i]!, kind, group, input.language)) * Math.pow(scores[i]! / top, sharpness)
                            : PROPOSE.echoP) * 1000,
                    ) / 1000,
                );
                // A date read month first where the document writes its dates day first: a coin flip.
                if (doubtfulDate(win, scalarType(field.type), s.span.quote, input.language)) p = Math.min(p, DOUBTFUL_DATE_P);
                if (s.cap !== undefined) p = Math.min(p, s.cap);
                out.push({ slot: field.name, quote: s.span.quote, p, at: s.span.start });
                this.options.collect?.({
                    field: field.name,
                    quote: s.span.quote,
                    at: input.offset + s.span.start,
                    kind,
                    features: { ...s.features },
                    json: s.parsed.json,
                    group,
                    p,
                });
            });
            out.push(...echoes(input, kept[0]!, kept));
        }
        return out;
    }

    /** The ranker's probability, or without weights the heuristic score. */
    private score(s: Scored, kind: ValueKind): number {
        return this.weights ? rank(this.weights, s.features, kind) : Math.min(1, s.score);
    }

    /**
     * A score as a calibrated probability (the identity without weights): its group's table, else its
     * kind's, then its language's correction (`lang:<code>`, ranker-model.ts languageTable).
     */
    private probability(score: number, kind: ValueKind, group: string, language: Language): number {
        const p = calibrate(
            score,
            this.weights ? (tableFor(this.weights, this.name, group) ?? tableFor(this.weights, this.name, kind)) : undefined,
        );
        const correction = languageTable(this.weights, this.name, language);
        return correction ? calibrate(p, correction) : p;
    }
}

/**
 * The candidates a window proposes for one field: one per span (the best way it was found), the
 * best placed of overlapping cuts ("AWB 98/1312" and "98/1312"), above the field's floor — a
 * nullable field may well be absent, so only well-placed candidates, unless the text itself
 * identifies the value (an enum label, a pattern) — and within a share of the best.
 */
function proposed(schema: CompiledSchema, list: readonly Scored[]): Scored[] {
    const bySpan = new Map<string, Scored>();
    for (const s of list) {
        const k = `${s.span.start}:${s.span.end}`;
        const seen = bySpan.get(k);
        if (!seen || s.score > seen.score) bySpan.set(k, s);
    }
    const ranked: Scored[] = [];
    for (const s of [...bySpan.values()].sort((a, b) => b.score - a.score || a.span.start - b.span.start)) {
        // Only the first few are proposed: stop there (each is checked against those before it).
        if (ranked.length >= PROPOSE.perField) break;
        if (!ranked.some((k) => k.span.start < s.span.end && s.span.start < k.span.end)) ranked.push(s);
    }
    const best = ranked[0]?.score ?? 0;
    const floor = ranked[0] && needsContext(schema.fields[ranked[0].field]!) ? PROPOSE.nullableMinScore : PROPOSE.minScore;
    return ranked.slice(0, PROPOSE.perField).filter((s) => s.score >= floor && s.score >= PROPOSE.keepShare * best);
}

/** Whether a candidate is an amount of zero. */
function zero(s: Scored): boolean {
    const json = s.parsed.json as { amount?: unknown } | null;
    return typeof json?.amount === 'string' && /^-?0(?:\.0*)?$/.test(json.amount);
}

/** Each value's support: the noisy-or of its sightings (a number's: its best one). */
function supportOf(kept: readonly Scored[], kind: ValueKind, text: string): Map<string, number> {
    // A number written many times ("1 x Cola", "1 x Saté") is a count, no more the field's for it.
    // (No labelled set has a number field.)
    const join = kind === 'number' ? (a: number, b: number) => Math.max(a, b) : (a: number, b: number) => 1 - (1 - a) * (1 - b);
    // An amount written twice on one line (a row's unit price and its total, one item bought) is
    // one sighting: the line counts once, at its best.
    const sightings = new Map<string, Scored>();
    for (const s of kept) {
        const k = `${s.parsed.key}\u0000${kind === 'money' ? text.lastIndexOf('\n', s.span.start) : s.span.start}`;
        const seen = sightings.get(k);
        if (!seen || s.score > seen.score) sightings.set(k, s);
    }
    const byValue = new Map<string, number>();
    // Nor are a form's zeros one sum seen many times.
    for (const s of sightings.values()) {
        const seen = byValue.get(s.parsed.key) ?? 0;
        byValue.set(s.parsed.key, zero(s) ? Math.max(seen, Math.min(0.95, s.score)) : join(seen, Math.min(0.95, s.score)));
    }
    return byValue;
}

function valueKind(field: CompiledField): ValueKind {
    const t = scalarType(field.type);
    // A list of names (the parties) is weighed apart from single strings: its values do not compete.
    if (field.type.kind === 'array' && t.kind === 'string' && t.pattern === undefined) return 'names';
    switch (t.kind) {
        case 'date':
        case 'datetime':
            return 'date';
        case 'money':
            return 'money';
        case 'integer':
        case 'decimal':
            return 'number';
        case 'duration':
            return 'duration';
        case 'enum':
            return 'enum';
        case 'boolean':
            return 'boolean';
        default:
            return t.pattern !== undefined ? 'code' : 'string';
    }
}

/**
 * Other places the window writes the best candidate's value ("California" in an address as well
 * as in the governing-law clause; an amount repeated on a receipt), proposed with a low confidence:
 * they are evidence of the same reading, not readings of their own.
 */
function echoes(input: ReaderInput, top: Scored, taken: readonly Scored[]): ReaderCandidate[] {
    const field = input.schema.fields[top.field]!;
    const texts = new Set([top.span.quote]);
    const bare = field.type.kind === 'money' ? splitCurrencyMark(top.span.quote) : undefined;
    if (bare?.mark) texts.add(bare.amount.trim());
    const out: ReaderCandidate[] = [];
    for (const t of texts) {
        if (t.length < 2) continue;
        for (let i = input.text.indexOf(t); i >= 0 && out.length < PROPOSE.echoes; i = input.text.indexOf(t, i + 1)) {
            const end = i + t.length;
            if (/[\p{L}\p{N}]/u.test(input.text[i - 1] ?? '') || /[\p{L}\p{N}]/u.test(input.text[end] ?? '')) continue;
            if (taken.some((k) => k.span.start < end && i < k.span.end)) continue;
            if (parseQuote(field.type, t, input.language)?.key !== top.parsed.key) continue;
            out.push({ slot: field.name, quote: t, p: PROPOSE.echoP, at: i });
        }
    }
    return out;
}

function needsContext(field: CompiledField): boolean {
    const t = scalarType(field.type);
    return field.nullable && t.kind !== 'enum' && !(t.kind === 'string' && t.pattern !== undefined);
}

/**
 * The words of every other field's name in the schema, and each two words that follow each other in
 * one, joined by a space (heuristic-labels.ts labelPhrases; heuristic-label-forms.ts nameParts).
 */
function otherNameWords(schema: CompiledSchema, field: CompiledField): Set<string> {
    const names = schema.fields.filter((f) => f !== field).map((f) => labelWords(f.name));
    return new Set([...names.flat(), ...names.flatMap((ws) => ws.slice(1).map((w, i) => `${ws[i]} ${w}`))]);
}

/** A field's scored candidates in a window: none for a field that may be empty where the window states it empty. */
function fieldScores(ctx: FieldContext): Scored[] {
    return ctx.field.nullable && statedEmpty(ctx.win, ctx.hits) ? [] : scoreField(ctx);
}
