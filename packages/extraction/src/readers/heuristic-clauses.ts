// What the clause around a candidate says of it, for agreements: a label in a party's
// incorporation clause names where the party was formed, not the governing law; a period in a
// sentence about the agreement's own life is its term, one that runs after employment ends is a
// restriction; a clause that writes the words the field is described by is about what it asks.
import type { CompiledField } from '@svc/compiler';
import { wordsOf } from '../locale/locale-words.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Whether a field asks about what a word list names: a word of its name, description or hints
 * (`about`) is one of them — the agreement itself ("How long the agreement lasts"), its renewal,
 * a restriction ("non_compete_period").
 */
export function asksAbout(
    about: readonly string[],
    win: WindowText,
    list: 'agreementWords' | 'renewalWords' | 'restrictionWords',
): boolean {
    const words = wordsOf(win.locale, list);
    return words.size > 0 && about.some((t) => (t.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.has(w)));
}

/**
 * Whether a label at `at` stands in a party's incorporation clause ("a corporation organized and
 * existing under the laws of the State of Delaware"): the words before it in its sentence say the
 * company was formed there. The laws that govern the agreement are named elsewhere.
 */
export function inIncorporationClause(win: WindowText, at: number): boolean {
    const before = win.text.slice(Math.max(0, at - 80), at);
    const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf(';')) + 1).toLowerCase();
    const words = wordsOf(win.locale, 'incorporationWords');
    return (sentence.match(/\p{L}+/gu) ?? []).some((w) => words.has(w));
}

/**
 * What the sentence around a period says of it: `lifetime` — the sentence before it speaks of the
 * agreement's own life ("This Agreement shall terminate two years …", "the term of this Agreement
 * shall be …"); `afterEnd` — the period runs after something ends ("for one year following
 * termination of employment", "one year thereafter"): a restriction that outlives the agreement,
 * not its term.
 */
export function periodContext(win: WindowText, span: Span): PeriodContext {
    // (A pure function of the window and the span: remembered, as every duration field asks for every span.)
    let byWindow = PERIODS.get(win);
    if (!byWindow) PERIODS.set(win, (byWindow = new Map()));
    const key = `${span.start}:${span.end}`;
    let said = byWindow.get(key);
    if (!said) byWindow.set(key, (said = readPeriodContext(win, span)));
    return said;
}
type PeriodContext = { lifetime: boolean; afterEnd: boolean; restriction: boolean };
const PERIODS = new WeakMap<WindowText, Map<string, PeriodContext>>();

function readPeriodContext(win: WindowText, span: Span): PeriodContext {
    const before = win.text.slice(Math.max(0, span.start - 160), span.start);
    const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf(';'), before.lastIndexOf('\n\n')) + 1);
    const words = (t: string): string[] => t.toLowerCase().match(/\p{L}+/gu) ?? [];
    const own = wordsOf(win.locale, 'agreementWords');
    const life = wordsOf(win.locale, 'lifetimeWords');
    const said = words(sentence);
    const lifetime = said.some((w) => own.has(w)) && said.some((w) => life.has(w));
    const next = words(win.text.slice(span.end, span.end + 48)).slice(0, 6);
    const after = wordsOf(win.locale, 'afterWords');
    const ends = wordsOf(win.locale, 'endWords');
    const at = next.findIndex((w) => after.has(w));
    return { lifetime, afterEnd: at >= 0 && at <= 3 && next.slice(at).some((w) => ends.has(w)), restriction: restrictionClause(win, span) };
}

/** Characters before a period, within its paragraph, and after it, within its sentence, that say what binds a party for it. */
const RESTRICTION_BEFORE = 160;
const RESTRICTION_AFTER = 60;

/**
 * Whether a period is a covenant's ("for a period of one (1) year … will not solicit", "2.
 * Noncompetition. (a) Seller agrees that, for a period of one (1) year", "twelve (12) months (the
 * “Non-Compete Period”)"): a restriction word in its paragraph just before it — a clause's heading
 * counts — or in the rest of its sentence just after it.
 */
export function restrictionClause(win: WindowText, span: Span): boolean {
    const words = wordsOf(win.locale, 'restrictionWords');
    if (!words.size) return false;
    const before = win.text.slice(Math.max(0, span.start - RESTRICTION_BEFORE), span.start);
    const after = win.text.slice(span.end, span.end + RESTRICTION_AFTER);
    const to = after.search(/\.\s|\n\n/);
    const said = (t: string): string[] => t.toLowerCase().match(/\p{L}+/gu) ?? [];
    return [...said(before.slice(before.lastIndexOf('\n\n') + 1)), ...said(to < 0 ? after : after.slice(0, to))].some((w) => words.has(w));
}

/** The word forms of a field's description that are no stopwords (undefined: none). */
export function descriptionForms(field: CompiledField, win: WindowText): ReadonlySet<string> | undefined {
    const stop = wordsOf(win.locale, 'stopwords');
    const text = (field.description ?? '').toLowerCase();
    const forms = new Set((text.match(/\p{L}{4,}/gu) ?? []).filter((w) => !stop.has(w)).map((w) => win.locale.stem(w)));
    return forms.size ? forms : undefined;
}

/** The share of `forms` written in the sentence around a span. */
export function sentenceShare(win: WindowText, span: Span, forms: ReadonlySet<string>): number {
    const before = win.text.slice(Math.max(0, span.start - 250), span.start);
    const after = win.text.slice(span.end, span.end + 250);
    const from = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1;
    const to = after.search(/\.\s|\n\n/);
    const sentence = before.slice(from) + ' ' + (to < 0 ? after : after.slice(0, to));
    const seen = new Set((sentence.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => win.locale.stem(w)));
    let n = 0;
    for (const f of forms) if (seen.has(f)) n++;
    return n / forms.size;
}

/** Words before a period over which its clause's renewal word still speaks of it, and after it. */
const RENEWAL_BEFORE = 30;
const RENEWAL_AFTER = 15;

/**
 * Whether the clause of a period speaks of renewal: 1 when a renewal word stands before it in its
 * sentence ("shall automatically renew for successive one (1) year periods", "notice of
 * non-renewal at least ninety (90) days prior"), 0.5 when one only follows it ("upon sixty (60)
 * days' notice prior to any renewal"), else 0.
 */
export function renewalClause(win: WindowText, span: Span): number {
    const words = wordsOf(win.locale, 'renewalWords');
    if (!words.size) return 0;
    const before = win.text.slice(Math.max(0, span.start - 250), span.start);
    const after = win.text.slice(span.end, span.end + 150);
    const from = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1;
    const to = after.search(/\.\s|\n\n/);
    const said = (t: string): string[] => t.toLowerCase().match(/\p{L}+/gu) ?? [];
    if (
        said(before.slice(from))
            .slice(-RENEWAL_BEFORE)
            .some((w) => words.has(w))
    )
        return 1;
    return said(to < 0 ? after : after.slice(0, to))
        .slice(0, RENEWAL_AFTER)
        .some((w) => words.has(w))
        ? 0.5
        : 0;
}

/** What a duration field asks about: the words it is described by, the agreement's life, its renewal. */
export function durationAsks(field: CompiledField, type: { kind: string }, win: WindowText) {
    const described = type.kind === 'duration' ? descriptionForms(field, win) : undefined;
    const about = type.kind === 'duration' ? [field.name, field.description ?? '', ...field.hints] : [];
    const aboutAgreement = asksAbout(about, win, 'agreementWords');
    const aboutRenewal = asksAbout(about, win, 'renewalWords');
    const ofAgreementOnly = aboutAgreement && !asksAbout(about, win, 'restrictionWords');
    return { described, aboutAgreement, aboutRenewal, ofAgreementOnly };
}
