// What a count field counts and how a document writes a count of it: the noun its name or
// description counts ("number_of_payments": "12 payments"), the participle after its plural
// ("412 claims were received" for `claims_received`), and a unit of time after a number that is a
// duration's, no count. Split from heuristic-columns.ts.
import type { CompiledField } from '@svc/compiler';
import { withBorrowed } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/**
 * The thing a count field's name counts (`number_of_payments`: "payments"; `aantal_erfgenamen`:
 * "erfgenamen"; `adults`: "adults"), or undefined when the name asks for no count.
 */
export function countedNoun(field: { name: string }, locale: LocaleProfile): string | undefined {
    const words = labelWords(field.name).filter((w) => w !== 'of' && w !== 'van');
    const counts = wordsOf(locale, 'countWords');
    const k = words.findIndex((w) => counts.has(w));
    // A name of one noun counts it (`adults`: "4 adults, 2 children"); a type's word is no noun (`number`).
    // (Or a plural before how many are wanted, or what befell them: `witnesses_required`,
    // `guests_expected`, `customers_affected`, `units_sold`; a qualifier before them: `loyalty_points_earned`.)
    const [plural, after] = words.slice(-2);
    if (k < 0 && words.length >= 2 && /^\p{L}{4,}s$/u.test(plural!) && (WANTED.has(after!) || PARTICIPLE.test(after!))) return plural;
    if (k < 0)
        return words.length === 1 && /^\p{L}{4,}$/u.test(words[0]!) && !wordsOf(locale, 'typeWords').has(words[0]!) ? words[0] : undefined;
    // The word after the count's ("number of payments"), or before it ("user count").
    const noun = k + 1 < words.length ? words[k + 1] : words[k - 1];
    return noun && /\p{L}{3,}/u.test(noun) ? noun : undefined;
}

/**
 * The things a count field counts: by its name, or, where the window never writes the name's noun,
 * by its description's count word and the noun after it (`rooms` described "Aantal kamers" in a
 * Dutch document counts "kamers"), unless another field's description counts that noun too.
 */
export function countedNouns(field: CompiledField, win: WindowText, fields: readonly CompiledField[]): string[] {
    const named = countedNoun(field, win.locale);
    if (!named || win.wordIndex.has(named) || win.wordIndex.has(`${named}s`)) return named ? [named] : [];
    const described = describedNoun(field, win.locale);
    const shared = described !== undefined && fields.some((f) => f !== field && describedNoun(f, win.locale) === described);
    return described && !shared ? [named, described] : [named];
}

/** The noun after a description's count word ("kamers" of "Aantal kamers"). */
function describedNoun(field: CompiledField, locale: LocaleProfile): string | undefined {
    const words = labelWords(field.description ?? '').filter((w) => w !== 'of' && w !== 'van');
    const k = words.findIndex((w) => wordsOf(locale, 'countWords').has(w));
    return k >= 0 && k + 1 < words.length && /^\p{L}{4,}$/u.test(words[k + 1]!) ? words[k + 1] : undefined;
}

/** What a count field's name says of the things it counts: their nouns, a participle after them, the name's words. */
export interface Counts {
    nouns: readonly string[];
    participle?: string;
    name: readonly string[];
}

/** A count field's Counts in a window. */
export function countsOf(field: CompiledField, win: WindowText, fields: readonly CompiledField[]): Counts {
    return { nouns: countedNouns(field, win, fields), participle: countedParticiple(field, win.locale), name: labelWords(field.name) };
}

/** The participle of a count's name after its plural (`claims_received`: "received"), or undefined. */
export function countedParticiple(field: { name: string }, locale: LocaleProfile): string | undefined {
    const words = labelWords(field.name);
    return words.length === 2 && PARTICIPLE.test(words[1]!) && countedNoun(field, locale) === words[0] ? words[1] : undefined;
}

/** Whether the participle follows the counted noun after a number, two words between at most ("412 claims were received"). */
export function participleAfter(win: WindowText, span: Span, participle: string): boolean {
    const k = win.wordAt(span.end);
    for (let i = k + 1; i <= k + 3 && i < win.words.length; i++) if (win.words[i]!.norm === participle) return true;
    return false;
}

/** A past participle after a plural (English): "affected", "injured", "sold". */
const PARTICIPLE = /^\p{L}{3,}ed$|^(?:sold|lost|held|seen|paid)$/u;

/** Words after a plural that ask how many are wanted or present. */
const WANTED: ReadonlySet<string> = new Set(['required', 'allowed', 'needed', 'permitted', 'expected', 'invited']);

/** Whether the word right after a number is the thing counted ("12 payments", "4 erfgenamen"). */
export function countedBy(win: WindowText, span: Span, noun: string): boolean {
    // Not a bound ("max. 150 guests", "up to 16 players"): a capacity, not the count.
    const before = win.words[win.wordAt(span.start) - 1];
    if (before && before.line === win.lineOf(span.start) && wordsOf(win.locale, 'maximumWords').has(before.norm)) return false;
    if (/\bup to\s*$|\btot\s*$/i.test(win.text.slice(Math.max(0, span.start - 8), span.start))) return false;
    const next = win.words[win.wordAt(span.end)];
    if (!next || next.line !== win.lineOf(span.start) || !/^[ \t]{1,2}$/.test(win.text.slice(span.end, next.start))) return false;
    const a = next.norm;
    return (
        a === noun ||
        a === `${noun}s` ||
        noun === `${a}s` ||
        (a.length > 4 && noun.length > 4 && win.locale.stem(a) === win.locale.stem(noun))
    );
}

/**
 * Whether a count is followed by the whole of a field's name of two words or more, in its order:
 * "68 stemmen voor, 5 stemmen tegen" for `stemmen_voor`, "12 votes against" for `votes_against`.
 * (The count's label after it; the name's label before the next count, "stemmen voor, 5", is a
 * list's item's, no more.)
 */
export function nameAfter(win: WindowText, span: Span, name: readonly string[]): boolean {
    if (name.length < 2 || name.length > 4) return false;
    const k = win.wordAt(span.end);
    if (k + name.length > win.words.length || !/^[ \t]{1,2}$/.test(win.text.slice(span.end, win.words[k]!.start))) return false;
    for (let j = 0; j < name.length; j++) {
        const w = win.words[k + j]!;
        if (w.norm !== name[j] || (j > 0 && !/^\s{1,2}$/.test(win.text.slice(win.words[k + j - 1]!.end, w.start)))) return false;
    }
    // (Not a form's label with its colon: "Groep 7  Aantal leerlingen: 26".)
    return !/^[ \t]*:/.test(win.text.slice(win.words[k + name.length - 1]!.end, win.words[k + name.length - 1]!.end + 4));
}

/**
 * The unit of time right after a whole number ("within 60 days", "44 weeks"), when the field says
 * nothing of that unit: the number is a duration's, no count of the field's (`item_count`; not
 * `contract_weeks` or a field described as a length in weeks).
 */
export function foreignTimeUnit(win: WindowText, span: Span, field: CompiledField): boolean {
    const next = win.words[win.wordAt(span.end)];
    if (!next || next.line !== win.lineOf(span.start) || !/^[ \t]{1,2}$/.test(win.text.slice(span.end, next.start))) return false;
    const shapes = shapesOf(win.locale);
    const unit = shapes.unitOf.get(next.norm);
    if (unit === undefined) return false;
    const said = [field.name, field.description ?? '', ...field.hints].flatMap((t) => t.toLowerCase().match(/\p{L}+/gu) ?? []);
    // (A name in a language the document's borrows from says it too: `contract_hours_per_week` over "38 uur".)
    const named = withBorrowed(win.locale).map((p) => shapesOf(p).unitOf);
    return !said.some((w) => named.some((units) => units.get(w) === unit));
}
