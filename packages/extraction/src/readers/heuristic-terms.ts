// A term's first and last day, for date fields: which end of a term a field asks for (its name or
// description says "start", "end", "due"…), and the dates a text writes as a range ("April 1, 2023
// to March 31, 2024", "1 april 2023 t/m 31 maart 2024"), whose first date starts something and
// whose second ends it.
import type { CompiledField, CompiledSchema } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { dateSpans, type Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Text between two dates of a range at most: " through " and "tot en met" fit, a clause does not. */
const MAX_JOIN = 16;

function asks(field: CompiledField, locale: LocaleProfile, list: 'expiryWords' | 'startWords' | 'ownStartWords'): boolean {
    const words = wordsOf(locale, list);
    return labelWords(`${field.name} ${field.description ?? ''}`).some((w) => words.has(w));
}

/** Whether a field's name or description asks when something ends or falls due ("due_date", "Date the lease ends"). */
export function endsSomething(field: CompiledField, locale: LocaleProfile): boolean {
    // A deadline's word in the name ("pay_by_date", "respond_by"); only the name, as a description
    // says "by" of anything ("Date signed by both parties").
    const deadline = wordsOf(locale, 'deadlineNameWords');
    return asks(field, locale, 'expiryWords') || labelWords(field.name).some((w) => deadline.has(w));
}

/**
 * Whether a field with hints asks for a date of its own, never the document's: when something ends
 * or falls due, or starts (`commencement_date`; not an agreement's `effective_date`, mostly the
 * day it was signed: the profile's `ownStartWords`), or the date of another event its name names
 * (`departure_date`, `eerste_termijn`: not every word names a kind of document, its signing or a
 * kind of value).
 */
export function notOwnDate(field: CompiledField, locale: LocaleProfile): boolean {
    if (asks(field, locale, 'ownStartWords')) return false;
    return endsSomething(field, locale) || asks(field, locale, 'startWords') || !documentDate(field, locale);
}

/**
 * Whether a date field asks for the document's own date: the day an invoice, receipt, order or
 * agreement was made or signed (`invoice_date`, `factuurdatum`, `date_signed`), the date its head or
 * closing lines carry and a bare "Date:" labels. Every word of its name names a kind of document or
 * its signing (the profile's `documentWords`, alone or joined to a type word: "factuur|datum") or a
 * kind of value; a date when something ends is none (`due_date`), nor one of another event
 * (`start_date`, `first_payment_date`, `delivery_date`).
 */
export function documentDate(field: CompiledField, locale: LocaleProfile): boolean {
    if (endsSomething(field, locale)) return false;
    const docs = wordsOf(locale, 'documentWords');
    const types = wordsOf(locale, 'typeWords');
    const stop = wordsOf(locale, 'stopwords'); // "signed_on", "date_of_issue"
    // (A Dutch compound may join its parts with an "s": "beschikkingsdatum", "ondertekeningsdatum".)
    const doc = (head: string): boolean => docs.has(head) || (head.endsWith('s') && docs.has(head.slice(0, -1)));
    const ofDocument = (w: string): boolean => docs.has(w) || [...types].some((t) => w.endsWith(t) && doc(w.slice(0, -t.length)));
    return labelWords(field.name).every((w) => types.has(w) || stop.has(w) || ofDocument(w));
}

/** Which date of a range a field asks for: the second for an end, the first for a start, else none. */
export function rangePart(field: CompiledField, locale: LocaleProfile): 0 | 1 | undefined {
    if (endsSomething(field, locale)) return 1;
    return asks(field, locale, 'startWords') ? 0 : undefined;
}

/**
 * The spans (in text order) that stand in a range as its `part` (0: first, 1: second): two dates
 * joined by a dash or one of the language's range words ("to", "until", "tot en met") alone.
 */
export function rangeDates(
    win: WindowText,
    found: readonly Span[],
    part: 0 | 1,
    field?: CompiledField,
    schema?: CompiledSchema,
): Set<Span> {
    // A range "between X and Y" is the field's only where its sentence says a word of the field's
    // name ("absent from school … between 8 September 2025 and 12 September 2025" for
    // `absence_start`; not "vehicles built between …" for `partsAvailableFrom`).
    const between = betweenJoin(win);
    const own = (a: Span, join: string): boolean => field !== undefined && between(a, join) && saysNameWord(win, a, field);
    // Nor is a range another field's whose label names it ("Testing window:   02/09/2026 - 02/18/2026"
    // beside `test_end_date` is no `retest_deadline`'s).
    const others = field && schema ? otherWords(win, field, schema, part) : undefined;
    const pairs = rangePairs(win, found, own).filter((pair) => !others || !labelledOther(win, pair[0], field!, others));
    return new Set(pairs.map((pair) => pair[part]));
}

/**
 * The first four letters of the words of 4 letters or more of the names of other date fields that
 * ask for the same end of a range (`test_end_date` beside `retest_deadline`), but type words.
 */
function otherWords(win: WindowText, field: CompiledField, schema: CompiledSchema, part: 0 | 1): Set<string> {
    const types = wordsOf(win.locale, 'typeWords');
    const heads = (f: CompiledField): string[] =>
        labelWords(f.name).flatMap((w) => (w.length >= 4 && !types.has(w) ? [w.slice(0, 4)] : []));
    const own = new Set(heads(field));
    const rival = (f: CompiledField): boolean =>
        f !== field && (f.type.kind === 'date' || f.type.kind === 'datetime') && rangePart(f, win.locale) === part;
    return new Set(schema.fields.flatMap((f) => (rival(f) ? heads(f).filter((h) => !own.has(h)) : [])));
}

/** Whether the line before a range's first date says a word of another field's name (otherWords) and none of this one's. */
function labelledOther(win: WindowText, a: Span, field: CompiledField, others: ReadonlySet<string>): boolean {
    const line = win.lines[win.lineOf(a.start)]!;
    const words = (
        win.text
            .slice(Math.max(line.start, a.start - 80), a.start)
            .toLowerCase()
            .match(/\p{L}{4,}/gu) ?? []
    ).map((w) => w.slice(0, 4));
    const own = labelWords(field.name).map((w) => w.slice(0, 4));
    return !words.some((w) => own.includes(w)) && words.some((w) => others.has(w));
}

/**
 * Neighbouring spans (in text order) joined as a range: by a dash or one of the language's range
 * words alone, or (`joined`) as the caller also accepts ("between X and Y").
 */
export function rangePairs(win: WindowText, found: readonly Span[], joined?: (a: Span, join: string) => boolean): [Span, Span][] {
    const joins = wordsOf(win.locale, 'rangeWords');
    const out: [Span, Span][] = [];
    for (let i = 0; i + 1 < found.length; i++) {
        const [a, b] = [found[i]!, found[i + 1]!];
        if (b.start - a.end > MAX_ASIDE_JOIN || b.start < a.end) continue;
        // Most neighbours are short and plain apart; asides are looked for only past that (amounts
        // of a receipt are many, and every figure field asks).
        const between = win.text.slice(a.end, b.start);
        const join = bareJoin(between.length <= MAX_JOIN && !between.includes('(') ? between : withoutAsides(between), win.locale);
        if (join.length > MAX_JOIN) continue;
        if (/^[-–—]$/.test(join) || joins.has(join) || joined?.(a, join)) out.push([a, b]);
    }
    return out;
}

/** Characters of a range's line before its first date read for a word of the field's name. */
const SENTENCE_REACH = 160;

/** Whether the text before a span on its line (and the line before) says a word of the field's name, by its first five letters. */
function saysNameWord(win: WindowText, a: Span, field: CompiledField): boolean {
    const heads = labelWords(field.name)
        .filter((w) => w.length >= 5)
        .map((w) => w.slice(0, 5));
    if (!heads.length) return false;
    const before = win.text.slice(Math.max(0, a.start - SENTENCE_REACH), a.start).toLowerCase();
    return (before.match(/\p{L}{5,}/gu) ?? []).some((w) => heads.includes(w.slice(0, 5)));
}

/** Characters before a range's first figure read for the word that introduces it ("between"). */
const INTRODUCER_REACH = 12;

/**
 * A join of a range's two figures by a list word after a word that introduces a range ("between 8
 * September 2025 and 12 September 2025", "tussen € 3.450 en € 4.780"): for rangePairs.
 */
export function betweenJoin(win: WindowText): (a: Span, join: string) => boolean {
    const pairs = wordsOf(win.locale, 'listJoiners');
    const introducers = wordsOf(win.locale, 'rangeIntroducers');
    return (a, join) => {
        if (!pairs.has(join)) return false;
        const before = win.text
            .slice(Math.max(0, a.start - INTRODUCER_REACH), a.start)
            .toLowerCase()
            .match(/\p{L}+(?=\s*$)/u)?.[0];
        return before !== undefined && introducers.has(before);
    };
}

/** Text between two figures of a range with asides: a bracket and a day's name ("(delivery from 10:00) to Monday"). */
const MAX_ASIDE_JOIN = 80;

/**
 * What joins two spans, without a bracketed aside after the first or a day's name before the
 * second ("Friday 20/06/2025 (delivery from 10:00) to\n Monday 23/06/2025"): " to ".
 */
function bareJoin(between: string, locale: LocaleProfile): string {
    let join = between.trim().toLowerCase().replace(/\s+/g, ' ');
    const day = /\s(\p{L}+)\.?,?$/u.exec(join);
    if (day && locale.weekdays.includes(day[1]!)) join = join.slice(0, day.index);
    return join;
}

/** The text between two spans without its bracketed asides. */
function withoutAsides(between: string): string {
    return between.replace(/\([^()\n]{0,48}\)/g, ' ');
}

/**
 * For a date field without hints: whether it asks for a date other than the document's own
 * (`other`: documentDate), and the dates of the window's ranges that stand where it asks (`ranged`:
 * first dates for a start, second ones for an end), or, for the document's own date (`own`), the
 * dates its head writes alone (headingDates).
 */
export function termDates(
    field: CompiledField,
    win: WindowText,
    found: readonly Span[],
    documentHead: boolean,
    schema?: CompiledSchema,
): { other: boolean; own?: boolean; ranged?: Set<Span> } {
    // (Not where the text dates the addressee's document of that kind: "your application received
    // on 22 May 2025" in a letter that answers it; the letter's date is its own.)
    // The dates the text gives that document are as good as labelled.
    const theirs = documentDate(field, win.locale) ? addresseesDocument(win, found, field) : new Set<Span>();
    const own = documentDate(field, win.locale) && theirs.size === 0;
    // The document's own date where a letter writes it: alone on a line of its head, or after its
    // place ("March 3, 2025", "Utrecht, 9 september 2025"), as good as a range's end for an end.
    if (own) return { other: false, own, ranged: documentHead ? headingDates(win, found) : undefined };
    if (theirs.size) return { other: true, ranged: theirs };
    const part = rangePart(field, win.locale);
    return { other: true, ranged: part === undefined ? undefined : rangeDates(win, found, part, field, schema) };
}

/**
 * The dates that stand after the addressee's document of a kind the field's name says ("your
 * application received on", "your letter of", "uw aanvraag van"), or before it in their sentence
 * ("Op 4 augustus 2025 hebben wij uw aanvraag … ontvangen"): the field asks for that document's
 * date, not the one of the letter that mentions it.
 */
function addresseesDocument(win: WindowText, found: readonly Span[], field: CompiledField): Set<Span> {
    const docs = wordsOf(win.locale, 'documentWords');
    // (Not a letter: `letter_date` asks for this one's, whatever "your letter of 2 July" answers;
    // nor a field its description says is this document's: "date of this letter".)
    const kinds = labelWords(field.name).filter((w) => docs.has(w) && !OWN_KINDS.has(w));
    if (!kinds.length || /\b(?:this|deze|dit)\b/i.test(field.description ?? '')) return new Set();
    const dated = found.filter((s) => {
        const m = DATED_BEFORE.exec(win.text.slice(Math.max(0, s.start - 60), s.start).toLowerCase());
        // (Or the date first, the document a few words on: "Op 4 augustus 2025 hebben wij uw aanvraag … ontvangen".)
        const n = DATED_AFTER.exec(win.text.slice(s.end, s.end + 60).toLowerCase());
        return (m !== null && YOURS.has(m[1]!) && kinds.includes(m[2]!)) || (n !== null && kinds.includes(n[1]!));
    });
    return new Set(dated);
}
/** A date's sentence going on, three words at most, to the addressee's document ("hebben wij uw aanvraag", "we received your application"). */
const DATED_AFTER = /^,?\s+(?:\p{L}+\s+){0,3}(?:your|uw|jouw)\s+(\p{L}+)/u;
/** Kinds of document a field's name asks for as the one that mentions another's: a letter, a document. */
const OWN_KINDS: ReadonlySet<string> = new Set(['letter', 'brief', 'document', 'doc']);
/** The addressee's possessives, English and Dutch. */
const YOURS: ReadonlySet<string> = new Set(['your', 'uw', 'jouw']);
/** A possessive, a kind of document, a word or two that date it, right before a date ("your application received on "). */
const DATED_BEFORE =
    /(?:^|[^\p{L}])(\p{L}+)\s+(\p{L}+)\s+(?:dated|received|submitted|sent|of|van|ontvangen|gedateerd|d\.d\.)(?:\s+(?:on|op))?\s+$/u;

/** Text lines of a document's head where a letter's date stands, and how long its line may be. */
const HEADING_LINES = 20;
const HEADING_LINE_CHARS = 120;

/** Dates alone on a line of the document's head, or after a place and a comma ("Utrecht, 9 september 2025"). */
function headingDates(win: WindowText, found: readonly Span[]): Set<Span> {
    const out = new Set<Span>();
    for (const s of found) {
        const lineNo = win.lineOf(s.start);
        if (lineNo >= HEADING_LINES) break;
        const line = win.lines[lineNo]!;
        if (line.end - line.start > HEADING_LINE_CHARS) continue; // a heading's date stands on a short line
        const before = win.text.slice(line.start, s.start).trim();
        const after = win.text.slice(s.end, line.end).trim();
        if (after === '' && (before === '' || /^\p{Lu}[\p{L}' .-]{1,40},$/u.test(before))) out.add(s);
    }
    return out;
}

/** Whether a quote is one date and nothing else ("12-Jan-2025"). */
export function wholeDate(quote: string, language: string): boolean {
    if (quote.length > 40) return false;
    const dates = dateSpans(quote, language, false);
    return dates.length === 1 && quote.trim().replace(/[\s,./-]+$/, '') === dates[0]!.quote;
}

/** Whether a string field asks for a date written as text: a date's word in its name or description. */
export function asksForDate(field: CompiledField): boolean {
    return labelWords(`${field.name} ${field.description ?? ''}`).some((w) => DATE_WORDS.has(w));
}

const DATE_WORDS = new Set(['date', 'dates', 'day', 'when', 'dob', 'birthday', 'datum', 'dag', 'wanneer', 'geboortedatum']);

/**
 * Whether a word of the field's name asks for a name (`guest_name`, `klantnaam`: the profile's
 * `nameWords`), a number (`certificate_no`, `dossiernummer`: its `identifierWords`) or a route's end
 * (`origin_station`: its `routeStartWords`, `routeEndWords`); a word of four letters or more also
 * ends a compound.
 */
export function asksFor(
    field: CompiledField,
    locale: LocaleProfile,
    list: 'nameWords' | 'identifierWords' | 'routeStartWords' | 'routeEndWords',
): boolean {
    const words = [...wordsOf(locale, list)];
    return labelWords(field.name).some((w) => words.some((n) => w === n || (n.length >= 4 && w.endsWith(n))));
}

/**
 * A label of a range as a whole ("Statement period: 06/04/2024 to 05/04/2025") for a field of one
 * of its ends: the end the field asks for takes the label's context from the date it points at,
 * and the other end keeps a share of it (`otherEnd`). Contexts indexed as `found`.
 */
export function rangeLabelled<C extends { score: number }>(
    field: CompiledField,
    win: WindowText,
    found: readonly Span[],
    contexts: C[],
    otherEnd: number,
): C[] {
    const part = rangePart(field, win.locale);
    if (part === undefined) return contexts;
    const index = new Map(found.map((s, i) => [s, i]));
    const out = contexts.slice();
    for (const pair of rangePairs(win, found)) {
        const [want, other] = [index.get(pair[part])!, index.get(pair[1 - part]!)!];
        const label = out[other]!;
        if (label.score <= out[want]!.score) {
            // The end asked for has a label of its own ("t/m" for `periode_einde`): the other end
            // still is not the field's, however well the range's label points at it.
            out[other] = { ...label, score: label.score * otherEnd };
            continue;
        }
        out[want] = label;
        out[other] = { ...label, score: label.score * otherEnd };
    }
    return out;
}
