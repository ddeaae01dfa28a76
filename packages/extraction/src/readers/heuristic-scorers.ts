// The scorers of the heuristic reader: named parts of a candidate's score over one shared context
// (the window, the field, its labels, the spans of its type). Each part is recorded as a feature of
// the candidate (ranker-features.ts) and the parts combine, with the weights of heuristic-weights.ts,
// into the heuristic score that decides which candidates a window proposes.
import type { CompiledField, FieldType } from '@svc/compiler';
import { parseQuote, type ParsedValue } from '../parsers/quote-parser.js';
import { addressBlocks, labelNotAddress, letterheadNames, wantsAddress, wantsIssuer, wantsOthersAddress } from './heuristic-address.js';
import type { LabelHit } from './heuristic-labels.js';
import { contextScore, definedAs, type ContextScore } from './heuristic-scoring.js';
import { inRunningText, type Span } from './heuristic-spans.js';
import { durationAsks, inIncorporationClause, periodContext, renewalClause, sentenceShare } from './heuristic-clauses.js';
import { addresseeNames, wantsAddressee } from './heuristic-addressee.js';
import { nameOverTagline, senderNames, taglineLine } from './heuristic-letterhead.js';
import { kindOfAnother, letterheadScored, organisationNames } from './heuristic-organisations.js';
import { ibanCandidates } from './heuristic-iban.js';
import { FIGURES, figureDetail, earlierFigure } from './heuristic-columns.js';
import { countsOf, foreignTimeUnit } from './heuristic-counts.js';
import { contextsOf } from './heuristic-contexts.js';
import { dateZones, labelledOutright } from './heuristic-zones.js';
import { partyNames, roleNames, wantsParties } from './heuristic-parties.js';
import { asksForSigner } from './heuristic-signatures.js';
import { signatureLine } from './heuristic-signatures.js';
import { cellScores, rowColumnCell } from './heuristic-table.js';
import { timeScores } from './heuristic-times.js';
import { appositionScores } from './heuristic-appositions.js';
import { jobTitleScores } from './heuristic-job-titles.js';
import { phoneScores } from './heuristic-phones.js';
import { mailScores } from './heuristic-mails.js';
import { behalfScores } from './heuristic-behalf.js';
import { plateScores } from './heuristic-plates.js';
import { cardScores } from './heuristic-cards.js';
import { asLabelled, fieldUnit } from './heuristic-units.js';
import { readsAsProse } from './heuristic-nonvalues.js';
import { labelledOptions } from './heuristic-options.js';
import { stringLabels } from './heuristic-qualifiers.js';
import { stringCandidates } from './heuristic-strings.js';
import { stringOptions } from './heuristic-string-options.js';
import { notOwnDate, rangeLabelled, rangePairs, termDates } from './heuristic-terms.js';
import { routeEnd, routeParts } from './heuristic-routes.js';
import { shapeOf, valueShaper } from './heuristic-shapes.js';
import { otherBounds } from './heuristic-bounds.js';
import type { WindowText } from './heuristic-text.js';
import { ownNameWord } from './heuristic-label-words.js';
import { asksForTax, cents, rateBase, sumQualifier, tillPaid } from './heuristic-totals.js';
import { ADJUST, BASE, LABEL, ZONES } from './heuristic-weights.js';
import { spansOf } from './heuristic-field-spans.js';
import { lineWordsOf } from './heuristic-label-line.js';
import { pairMarked, pairOrdered, pairPart, pairRanged } from './heuristic-pairs.js';
import type { Features } from './ranker-features.js';
import type { ReaderInput } from './reader-types.js';

export type Scalar = Exclude<FieldType, { kind: 'array' }>;

export interface Scored {
    field: number;
    span: Span;
    parsed: ParsedValue;
    score: number;
    features: Features;
    /** The label line that placed it (totals compare candidates by it). */
    label?: string;
    /** The most its probability may be (a guess: heuristic-organisations.ts). */
    cap?: number;
}

/** What every scorer of one field in one window reads. */
export interface FieldContext {
    input: ReaderInput;
    win: WindowText;
    field: CompiledField;
    type: Scalar;
    hits: readonly LabelHit[];
    /** Spans of a type in the window (shared by the fields of one window). */
    spans(type: Scalar): Span[];
}

const position = (ctx: FieldContext, s: Span): number => (ctx.input.offset + s.start) / Math.max(1, ctx.input.documentLength);
const inHead = (ctx: FieldContext, s: Span): boolean => ctx.input.offset + s.start < ZONES.head;
const isDate = (t: Scalar): boolean => t.kind === 'date' || t.kind === 'datetime';

/** Score of a span without any label: what its type and place alone say. */
function baseScore(type: Scalar, span: Span, distinct: number, pos: number): number {
    const unique = distinct === 1 ? BASE.unique : distinct === 2 ? BASE.oneOfTwo : 0;
    const early = isDate(type) ? 0 : BASE.early * (1 - pos);
    switch (type.kind) {
        case 'date':
        case 'datetime':
            return BASE.date + unique + early;
        case 'money':
            return BASE.money + (span.marked ? BASE.marked : 0) + unique + early;
        case 'duration':
            return BASE.duration + unique + early;
        case 'enum':
            return BASE.enum + early;
        case 'string':
            return distinct <= 2 ? BASE.specificCode + early : BASE.commonCode;
        default:
            return BASE.other + unique / 2;
    }
}

function compareAmounts(a: ParsedValue, b: ParsedValue): number {
    const x = cents(a);
    const y = cents(b);
    return x < y ? -1 : x > y ? 1 : 0;
}

/** The share of the document from its end where parties sign (`early` below it). */
const SIGNING_ZONE = 0.25;

/** Lines of a document's head that hold its letterhead. */
const LETTERHEAD_LINES = 4;

/** A string field's candidates after its labels, a route's ends apart (heuristic-strings.ts, heuristic-routes.ts). */
function labelledStrings(ctx: FieldContext, options: ReturnType<typeof stringOptions>) {
    const labels = stringLabels(ctx.win, ctx.field, ctx.input.schema, ctx.hits);
    return routeParts(stringCandidates(ctx.win, labels, options), routeEnd(ctx.field, ctx.win.locale));
}

/**
 * A string field's candidates of particular shapes: a table's cell named by its row and its column
 * together, a time of day, a person beside a role, a job's title, a telephone number, a plate, a card's last digits.
 */
function shapedScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    return [
        ...cellScores(ctx, fits),
        ...timeScores(ctx),
        ...appositionScores(ctx, fits),
        ...jobTitleScores(ctx, fits),
        ...phoneScores(ctx, fits),
        ...mailScores(ctx, fits),
        ...behalfScores(ctx, fits),
        ...plateScores(ctx, fits),
        ...cardScores(ctx, fits),
    ];
}

/** Candidates of a string field: from its labels, an address block, a letterhead. */
function stringScores(ctx: FieldContext): Scored[] {
    const { input, win, field, type, hits } = ctx;
    if (type.kind !== 'string') return [];
    const out: Scored[] = [];
    const pattern = type.pattern;
    const about = [field.name, field.description ?? '', ...field.hints];
    const address = pattern === undefined && wantsAddress(about);
    const addressLines = address && wantsAddress([field.name, field.description ?? '']);
    const options = stringOptions(field, win, address, addressLines, input.schema.fields);
    const fits = shapeOf(win, field, type, input.language, input.schema.fields);
    const valueOf = valueShaper(win, field, type);
    const signer = asksForSigner(field, win.locale);
    for (const found of labelledStrings(ctx, options)) {
        const c = valueOf(found);
        if ((address && labelNotAddress(c.quote)) || !fits(c)) continue;
        const parsed = parseQuote(type, c.quote, input.language);
        if (!parsed) continue;
        // A piece of a sentence the pattern happens to allow is no code: not proposed at all.
        if (pattern !== undefined && readsAsProse(c.quote, pattern)) continue;
        const head = pattern !== undefined && inHead(ctx, c);
        const early = 1 - position(ctx, c);
        const incorporation = c.hit !== undefined && inIncorporationClause(win, c.hit.start);
        // A label in the closing lines where parties sign names who signs (heuristic-signatures.ts).
        const signed = !signer && c.hit !== undefined && early < SIGNING_ZONE && signatureLine(win, c.hit.line);
        const context = c.context * (signed ? LABEL.qualifiedByWord : 1);
        const score = context * (incorporation ? ADJUST.incorporation : 1) + ADJUST.stringEarly * early + (head ? ADJUST.headCode : 0);
        out.push({
            field: field.id,
            span: c,
            parsed,
            score,
            features: { context, early, headCode: +head, incorporation: +incorporation, ...labelKind(c.hit) },
        });
    }
    if (pattern !== undefined) return out;
    out.push(...shapedScores(ctx, fits));
    const party = (name: Span, context: number, features: Features): void => {
        const parsed = parseQuote(type, name.quote, input.language);
        if (!parsed) return;
        const early = 1 - position(ctx, name);
        out.push({
            field: field.id,
            span: name,
            parsed,
            score: context + ADJUST.stringEarly * early,
            features: { context, early, party: 1, ...features },
        });
    };
    if (wantsParties(about, win))
        for (const name of partyNames(win, input.offset))
            party(name, name.how === 'listed' ? ADJUST.partyListed : ADJUST.partyDefined, { defined: name.how === 'defined' ? 1 : 0 });
    // A party the agreement defines with the role the field is named by: "Tom Baker (the “Tenant”)".
    for (const name of roleNames(win, input.offset, field)) party(name, ADJUST.partyDefined, { defined: 1, labelName: 1 });
    // The person a letter greets, for a field named by a role letters are sent to ("applicant_name").
    if (input.offset === 0 && field.type.kind !== 'array' && wantsAddressee(field.name, win.locale))
        for (const name of addresseeNames(win, wantsIssuer([field.name, field.description ?? ''], win.locale), field.name))
            party(name, ADJUST.addressee, { labelName: 1 });
    if (address) {
        const others = wantsOthersAddress(field.name, win.locale);
        for (const block of addressBlocks(win, input.offset === 0)) {
            // The letterhead's address is the issuer's, not the one a qualified name asks for.
            if (others && input.offset === 0 && win.lineOf(block.start) < LETTERHEAD_LINES) continue;
            const parsed = parseQuote(type, block.quote, input.language);
            const context = contextScore(win, hits, block).score;
            // The issuer's address stands in the letterhead, before a customer's or a branch's.
            const early = 1 - position(ctx, block);
            if (parsed)
                out.push({
                    field: field.id,
                    span: block,
                    parsed,
                    score: Math.max(ADJUST.address, context) + ADJUST.addressEarly * early,
                    features: { context, address: 1, early },
                });
        }
    } else if (wantsIssuer(about, win.locale) && !wantsAddressee(field.name, win.locale)) {
        // (A field named by the role a document is sent to, `customer`, asks for no letterhead.)
        // A letterhead's name is no `vat_number` either, though the field asks for the seller's.
        // An e-mail's sender is its letterhead.
        const senders = input.offset === 0 ? senderNames(win) : [];
        const heads = letterheadNames(win, addressBlocks(win, input.offset === 0).slice(0, 1)).map((n) => nameOverTagline(win, n));
        for (const name of [...heads, ...senders]) {
            const scored = kindOfAnother(ctx, name) ? undefined : letterheadScored(ctx, name, fits);
            if (scored) out.push(scored);
        }
    }
    if (!address) out.push(...organisationNames(ctx, fits, out));
    return ibanCandidates(ctx, out) ?? out;
}

function labelKind(hit: LabelHit | undefined): Features {
    if (!hit) return {};
    return hit.kind === 'hint' ? { labelHint: 1 } : hit.kind === 'description' ? { labelDescription: 1 } : { labelName: 1 };
}

/**
 * The different values each label points at in one window: a label that points at many ("Total" on
 * every line of a receipt, "uitspraak van" before every earlier decision quoted) says less about each.
 */
function labelValues(contexts: readonly ContextScore[], parsed: readonly (ParsedValue | undefined)[]): Map<string, Set<string>> {
    const valuesPerLabel = new Map<string, Set<string>>();
    contexts.forEach((c, i) => {
        if (!c.hit || c.score < ADJUST.ambiguityFloor) return;
        let set = valuesPerLabel.get(c.hit.phrase);
        if (!set) valuesPerLabel.set(c.hit.phrase, (set = new Set()));
        set.add(parsed[i]!.key);
    });
    return valuesPerLabel;
}

/**
 * The contexts of a field's spans with a range's label given to the end it asks for ("Statement
 * period: 06/04/2024 to 05/04/2025"), and of two figures labelled alike, the one its name asks for
 * ("beginwaarde": the first).
 */
function endsOrdered(ctx: FieldContext, found: readonly Span[], read: ContextScore[], parsed: readonly (ParsedValue | undefined)[]) {
    const { field, type, win } = ctx;
    const pair = FIGURES.has(type.kind) || isDate(type) ? pairPart(field, win.locale) : undefined;
    const marked = (c: ContextScore[]): ContextScore[] => (pair === undefined ? c : pairMarked(pair, win, found, c, ADJUST.otherRangeEnd));
    if (isDate(type)) return marked(rangeLabelled(field, win, found, read, ADJUST.otherRangeEnd));
    if (pair === undefined) return read;
    const ordered = pairOrdered(pair, found, read, parsed, (at) => win.lineOf(at), ADJUST.otherRangeEnd, ADJUST.ambiguityFloor);
    return marked(pairRanged(pair, rangePairs(win, found), found, ordered, ADJUST.otherRangeEnd));
}

/** Scored candidates of one field in one window. */
export function scoreField(ctx: FieldContext): Scored[] {
    const { input, win, field, type } = ctx;
    const out = stringScores(ctx);
    if (type.kind === 'string' && type.pattern === undefined) return out;
    const found = spansOf(ctx, type);
    const parsed = found.map((s) => parseQuote(type, s.quote, input.language));
    const distinct = new Set(parsed.filter((p) => p).map((p) => p!.key)).size;
    const read = contextsOf(ctx, found, parsed);
    // A range's label for the end a field asks for; of two figures labelled alike, the one its name asks for.
    const contexts = endsOrdered(ctx, found, read, parsed);
    const valuesPerLabel = labelValues(contexts, parsed);
    const unhinted = field.hints.length === 0;
    const { paid, amounts } = tillPaid(field, type.kind, win, found, parsed);
    // A date when something ends or falls due is never the document's own (its head's latest, its
    // signature's: "Date: November 20, 2023" under the signatures is no lease's end); a range's
    // first or second date is a start's or an end's. With hints, only a date of an end, a due day or
    // a start loses the zones; another date keeps them (an NDA's effective date is mostly its own
    // date, and the ranker weighs the zones as the labelled sets taught it).
    const terms = isDate(type) && unhinted ? termDates(field, win, found, input.offset === 0, input.schema) : undefined;
    const other = isDate(type) && (terms ? terms.other : notOwnDate(field, win.locale));
    const ranged = terms?.ranged;
    const outright = isDate(type) && !other && labelledOutright(input, contexts, parsed, field, win.locale);
    const dates = isDate(type) && !other && !outright ? dateZones(input, win, found, parsed) : undefined;
    const { described, aboutAgreement, aboutRenewal, ofAgreementOnly } = durationAsks(field, type, win);
    // A tax is not the amount its rate is charged on ("BTW 9% over 10,86   0,98").
    const tax = type.kind === 'money' && asksForTax(field, win.locale);
    // The other end of a range than the one the name asks for ("tussen € 3.450 en € 4.780" for `maximum_salaris`).
    const others = FIGURES.has(type.kind) ? otherBounds(win, found, field) : undefined;
    const counts = type.kind === 'integer' ? countsOf(field, win, input.schema.fields) : undefined;
    const unit = type.kind === 'integer' || type.kind === 'decimal' ? fieldUnit(field) : undefined;
    found.forEach((span, i) => {
        const p = parsed[i];
        // (A number of days, weeks or hours is no count of anything else: "returned within 60 days".)
        if (!p || (tax && rateBase(win, span.start)) || (type.kind === 'integer' && foreignTimeUnit(win, span, field))) return;
        const c = contexts[i]!;
        if (type.kind === 'boolean' && !c.hit && inRunningText(win.text, span)) return;
        // (Nor a word of the field's own name: the "no" of "your no claims discount" for `no_claims_discount_affected`.)
        if (type.kind === 'boolean' && ownNameWord(win, span, field)) return;
        // The letterhead's line of what the business sells ("Home Heating Oil - Agri Diesel -
        // Lubricants") names no option this document chose.
        if (type.kind === 'enum' && input.offset === 0 && taglineLine(win, win.lineOf(span.start))) return;
        // Without hints, a label the final sum's words qualify ("Totaal incl. BTW") names one value,
        // however many a bare "Totaal" heading a column points at. (With hints, the labelled sets
        // taught otherwise: a receipt's "TOTAL INCL GST 31.02" is rounded to 31.00 below it.)
        const final = unhinted && c.hit && sumQualifier(win, c.hit, span.start) === 'final';
        const ambiguity = c.hit && !final ? (valuesPerLabel.get(c.hit.phrase)?.size ?? 1) : 1;
        let context = c.score / (1 + ADJUST.labelAmbiguity * (ambiguity - 1));
        if (ranged?.has(span)) context = Math.max(context, terms!.own ? ADJUST.headingDate : ADJUST.rangeDate);
        // A count followed by the thing the field counts ("We will collect 12 payments"), a table's
        // cell named by its row and its column together ("Small Game …  $22.00" under "FEE"): as labelled.
        const cell = rowColumnCell(win, span, field);
        // (Or measured in the unit the field's name says: "6.5 m" for `fabric_metres`.)
        context = Math.max(context, asLabelled(win, span, counts, unit, cell));
        const pos = position(ctx, span);
        const base = baseScore(type, span, distinct, pos);
        const f: Features = { context, base, early: 1 - pos, marked: +!!span.marked, unique: distinct === 1 ? 1 : 0, ...labelKind(c.hit) };
        if (c.hit && definedAs(win.text, span, c.hit)) f.defined = 1;
        // The range says which end it is, as the field's name would; so do a table's row and column.
        if ((ranged?.has(span) && !c.hit) || cell) f.labelName = 1;
        let score = Math.max(context, base);
        if (type.kind === 'duration' && described) {
            // The words the field is described by, in the candidate's sentence ("renewal" for a
            // notice of non-renewal): the clause is about what the field asks.
            f.described = sentenceShare(win, span, described);
            score *= 1 - ADJUST.undescribed * (1 - f.described);
        }
        if (type.kind === 'duration') {
            const said = periodContext(win, span);
            // Only a field that asks about the agreement itself ("How long the agreement lasts").
            f.lifetime = +(said.lifetime && aboutAgreement);
            f.afterEnd = +said.afterEnd;
            // The sentence itself says what the period is: as good as a label.
            if (f.lifetime) score = Math.max(score, ADJUST.lifetimeFloor) + ADJUST.lifetime;
            if (said.afterEnd) score *= ADJUST.afterEnd;
            // A covenant's period (not to compete, not to solicit) is not how long the agreement
            // lasts, unless the sentence says it is the agreement's life.
            if (ofAgreementOnly && said.restriction && !f.lifetime) score *= ADJUST.restriction;
            // A field of the renewal: a period in a clause that speaks of renewal is as good as a label.
            f.renewal = aboutRenewal ? renewalClause(win, span) : 0;
            if (f.renewal) score = Math.max(score, ADJUST.renewalFloor) + ADJUST.renewal * f.renewal;
        }
        if (dates) {
            f.edge = +(input.documentLength > ZONES.longDocument && (pos < ZONES.edgeHead || pos > ZONES.edgeFoot));
            // A document with no body between its head and its foot is all edge: of several dates
            // there, the latest or the last is no more its own than the others (an invoice's due
            // date after its date); a single date stays the document's.
            const zoned = input.documentLength > ZONES.head + ZONES.foot || dates.single;
            f.latestEdge = +(zoned && dates.latest !== undefined && p.key === dates.latest && dates.atEdge(span));
            f.closing = +(zoned && span === dates.closing);
            score += ADJUST.edge * f.edge + ADJUST.latestEdge * f.latestEdge + ADJUST.closing * f.closing;
        } else if (context > 0 && !other) score += ADJUST.labelledEarly * (1 - pos);
        // Money is written with its minor units ("12.50"); a bare "2" is more often a count, and
        // one decimal without a currency mark a quantity ("Arbeidsloon per uur   1,5   78,00").
        if (type.kind === 'money' && type.scale > 0 && (!/[.,]\d/.test(span.quote) || (!span.marked && /^\d+[.,]\d$/.test(span.quote))))
            score *= ADJUST.bareMoney * (f.bareMoney = 1);
        // A document's own reference numbers stand in its heading; numbers in the body cite others.
        if (type.kind === 'string') {
            if (readsAsProse(span.quote, type.pattern)) return;
            f.headCode = +inHead(ctx, span);
            score += ADJUST.headCode * f.headCode;
        }
        // A value in a line repeated on every page is page furniture (a filing stamp, a running head).
        if (win.isFurniture(win.lineOf(span.start))) score *= ADJUST.furniture * (f.furniture = 1);
        if (paid?.has(amounts[i]!)) score = Math.max(score, ADJUST.paidFloor) + ADJUST.paidBonus * (f.paid = 1);
        // Last year's premium, the year to date; the other end of a range.
        if (earlierFigure(win, span, field, type.kind)) score *= ADJUST.earlierColumn;
        if (others?.has(span)) score *= ADJUST.otherBound;
        if (FIGURES.has(type.kind) && figureDetail(win, span, field, type)) score *= ADJUST.bracketDetail;
        out.push({ field: field.id, span, parsed: p, score, features: f, label: c.hit ? lineWordsOf(win, c.hit) : undefined });
    });
    if (paid) preferLargest(out);
    return type.kind === 'enum' ? labelledOptions(out) : out;
}

/**
 * A total is the largest of the sums its labels point at (subtotals, tax, a tax summary's rows are
 * parts of it): the largest well-labelled amount is preferred — unless another amount has the very
 * same label ("Total: 1,234.56" and "Total: 1,243.56" disagree).
 */
function preferLargest(out: Scored[]): void {
    const labelled = out.filter((s) => s.score >= ADJUST.wellLabelled && s.label !== undefined);
    if (!labelled.length) return;
    const top = labelled.reduce((a, s) => (compareAmounts(s.parsed, a.parsed) > 0 ? s : a)).parsed;
    const largest = labelled.filter((s) => compareAmounts(s.parsed, top) === 0);
    const topLabels = new Set(largest.map((s) => s.label));
    if (labelled.some((s) => compareAmounts(s.parsed, top) !== 0 && topLabels.has(s.label))) return;
    for (const s of largest) {
        s.score += ADJUST.largest;
        s.features.largest = 1;
    }
}
