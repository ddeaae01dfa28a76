// Fields that ask for an organisation: of a kind (`club_name`, `insurer`, Dutch `vereniging`), or
// the issuer. The name line at the document's head that says the kind ("ASHDOWN PARK LAWN TENNIS
// CLUB" for `club_name`) is as good as a letterhead. Where the window has nothing else for such a
// field, the name the document is written under (its first line, an e-mail's sender) is a guess:
// the letterhead names who wrote, which is often but not always the organisation asked for (a
// warranty names its retailer under the maker's letterhead), so it is proposed at a coin flip's
// confidence at most.
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { parseQuote } from '../parsers/quote-parser.js';
import { besideName, letterheadLine, wantsIssuer, withoutRegistration } from './heuristic-address.js';
import { beforeTagline, withoutOrnaments } from './heuristic-name-trims.js';
import { wantsAddressee } from './heuristic-addressee.js';
import { kindNameLine, senderNames } from './heuristic-letterhead.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { ADJUST } from './heuristic-weights.js';

/** The most a letterhead's name is worth for an organisation no line of the window names. */
export const GUESSED_ORGANISATION_P = 0.5;

/**
 * The kind of thing a field's name asks for: its last word, a word for "name" set aside (`club_name`
 * → "club"); none where a word before it asks for another one than the writer's (`previous_practice`).
 */
function askedKind(name: string, locale: LocaleProfile): string | undefined {
    const names = wordsOf(locale, 'nameWords');
    return forAnother(name, locale)
        ? undefined
        : labelWords(name)
              .filter((w) => !names.has(w))
              .at(-1);
}

/** Whether a field's name asks for another organisation than the writer's (`previous_practice`). */
function forAnother(name: string, locale: LocaleProfile): boolean {
    const others = wordsOf(locale, 'otherOrganisationWords');
    return labelWords(name).some((w) => others.has(w));
}

/** Whether a field's name asks for an organisation of a kind ("practice"; a Dutch compound ending in one: "hypotheekverstrekker"). */
function asksForOrganisation(name: string, locale: LocaleProfile): boolean {
    const kind = askedKind(name, locale);
    if (kind === undefined) return false;
    const kinds = wordsOf(locale, 'organisationWords');
    if (kinds.has(kind)) return true;
    for (const k of kinds) if (k.length >= COMPOUND_HEAD && kind.length >= k.length + 3 && kind.endsWith(k)) return true;
    return false;
}

/** Kinds at least this long end Dutch compounds ("verstrekker", "praktijk"); shorter ones are words of their own. */
const COMPOUND_HEAD = 6;

/** Whether a name is headed or ended by a kind's word ("Hotel De Wadden", "Riverside Medical Practice"). */
function namesKind(name: string, kind: string): boolean {
    const words = name.toLowerCase().match(/\p{L}+/gu) ?? [];
    return words.length >= 2 && (words[0] === kind || words.at(-1) === kind);
}

/** A string field's candidates from the names of organisations, beside those found before (`found`). */
export function organisationNames(ctx: FieldContext, fits: (s: Span) => boolean, found: readonly Scored[]): Scored[] {
    const named = ctx.input.offset === 0 ? kindNamed(ctx, fits) : undefined;
    if (named && !found.some((o) => o.span.start === named.span.start && o.span.end === named.span.end)) return [named];
    const guessed = found.length === 0 ? guessedOrganisation(ctx, fits) : undefined;
    return guessed ? [guessed] : [];
}

/**
 * The letterhead name that says the kind a field's name asks for: a head line's, else an e-mail
 * sender's. The kind is the name's last word; for an organisation's, a word for "name" is set aside
 * (`club_name`: "club"; `patient_name` asks for no "Outpatient Booking Centre").
 */
function kindNamed(ctx: FieldContext, fits: (s: Span) => boolean): Scored | undefined {
    const locale = ctx.win.locale;
    if (forAnother(ctx.field.name, locale)) return undefined;
    const kind = asksForOrganisation(ctx.field.name, locale) ? askedKind(ctx.field.name, locale) : labelWords(ctx.field.name).at(-1);
    if (!kind || kind.length < 4 || wordsOf(locale, 'typeWords').has(kind)) return undefined;
    const named = kindNameLine(ctx.win, kind) ?? senderNames(ctx.win).find((s) => namesKind(s.quote, kind));
    return named && letterheadScored(ctx, named, fits);
}

/** A letterhead's name as a candidate of the field, if it fits the field's shape and type. */
export function letterheadScored(ctx: FieldContext, name: Span, fits: (s: Span) => boolean): Scored | undefined {
    name = beforeTagline(ctx.win.text, withoutOrnaments(ctx.win.text, name));
    const parsed = fits(name) ? parseQuote(ctx.type, name.quote, ctx.input.language) : undefined;
    if (!parsed) return undefined;
    const early = 1 - (ctx.input.offset + name.start) / Math.max(1, ctx.input.documentLength);
    const score = ADJUST.letterhead + ADJUST.letterheadEarly * early;
    return { field: ctx.field.id, span: name, parsed, score, features: { letterhead: 1, early } };
}

/**
 * For a field that asks for an organisation and has no other candidate in the document's first
 * window: the name its first line of text starts with, else its sender's, at GUESSED_ORGANISATION_P
 * at most.
 */
function guessedOrganisation(ctx: FieldContext, fits: (s: Span) => boolean): Scored | undefined {
    const { field, win } = ctx;
    const about = [field.name, field.description ?? '', ...field.hints];
    // (A field named by the role a document is sent to, `customer_name`, asks for no letterhead.)
    if (ctx.input.offset !== 0 || wantsAddressee(field.name, win.locale)) return undefined;
    if (!(asksForOrganisation(field.name, win.locale) || wantsIssuer(about, win.locale))) return undefined;
    const name = headName(win) ?? senderNames(win).find((s) => ownDomain(win, s));
    const scored = name && !kindOfAnother(ctx, name) ? letterheadScored(ctx, name, fits) : undefined;
    return scored && { ...scored, cap: GUESSED_ORGANISATION_P };
}

/** Lines of text at a window's head read for its first name line. */
const HEAD_LINES = 6;

/** The most words a head line's name has: a longer line is a title ("UNIVERSITY OF THE YEAR AWARD TO THE FACULTY"). */
const HEAD_NAME_WORDS = 6;

/**
 * Whether a sender's name is its mail domain's ("Coastal Cottages of Northumberland
 * <stay@coastalcottagesnorthumberland.co.uk>"): an organisation's, not a person's who writes for
 * one ("Sinéad Kavanagh <events@ballyrowanhouse.ie>").
 */
function ownDomain(win: WindowText, sender: Span): boolean {
    const line = win.lines[win.lineOf(sender.start)]!;
    const domain = /@([^\s<>]+)>/.exec(line.text.slice(sender.end - line.start))?.[1]?.toLowerCase() ?? '';
    const words = sender.quote.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    return words.some((w) => domain.includes(w));
}

/**
 * The name a window's first line of text starts with ("CLEARVIEW INVENTORIES", "PALLETLINK NETWORK -
 * MEMBER DEPOT 047", "|  ASHDOWN PARK LAWN TENNIS CLUB   est. 1921  |"): a name line of two words or
 * more, inside a box's borders, before a wide gap or a dash; not the document's title ("CREDIT CARD
 * STATEMENT", "CHECK-OUT REPORT").
 */
function headName(win: WindowText): Span | undefined {
    // (Rules and a box's borders are passed over, a few lines at most: a window of rules is read once.)
    for (let l = win.nextTextLine(-1), seen = 0; l >= 0 && seen < HEAD_LINES; l = win.nextTextLine(l), seen++) {
        const line = win.lines[l]!;
        const inner = line.text.replace(/^\s*\|/, ' ').replace(/\|\s*$/, '');
        if (!/\p{L}/u.test(inner)) continue;
        const cell = withoutRegistration(inner.trim().split(/ {2,}|\t| [-–|] /)[0]!);
        const words = cell.toLowerCase().match(/\p{L}+/gu) ?? [];
        const docs = wordsOf(win.locale, 'documentWords');
        if (
            words.length < 2 ||
            words.length > HEAD_NAME_WORDS ||
            !letterheadLine(cell) ||
            besideName(cell, win.locale) ||
            words.some((w) => docs.has(w))
        )
            return undefined;
        const start = line.start + line.text.indexOf(cell);
        return { start, end: start + cell.length, quote: cell };
    }
    return undefined;
}

/**
 * Whether a letterhead's name says a kind of organisation ("WILTSHIRE COUNCIL", "Gemeente Emmen")
 * that another string field of the schema asks for and this one does not (`highway_authority`,
 * "council that makes the order", beside `works_promoter`, "company or body carrying out the
 * works"): the letterhead is the other field's.
 */
export function kindOfAnother(ctx: FieldContext, name: Span): boolean {
    const kinds = wordsOf(ctx.win.locale, 'organisationWords');
    const words = name.quote.toLowerCase().match(/\p{L}+/gu) ?? [];
    const kind = words.length >= 2 ? [words[0]!, words.at(-1)!].find((w) => kinds.has(w)) : undefined;
    if (kind === undefined) return false;
    const asks = (f: { name: string; description?: string }): boolean => labelWords(`${f.name} ${f.description ?? ''}`).includes(kind);
    if (asks(ctx.field)) return false;
    return ctx.input.schema.fields.some((f) => f.id !== ctx.field.id && f.type.kind === 'string' && asks(f));
}
