// How a label's words are found in a window's words: the same word or its plural or another form
// of it, an abbreviation ("no" for "number"), a compound's tail, and a phrase running on over a
// wrapped line (split from heuristic-labels.ts).
import { MIN_COMPOUND_TAIL } from './heuristic-qualifiers.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, unaccented, type WindowText } from './heuristic-text.js';

/** The same word, or one a plural "s" or a possessive away. */
export function pluralOrSame(a: string, b: string): boolean {
    return a === b || (a.length > 3 && (a === b + 's' || b === a + 's' || a === `${b}'s` || a === `${b}’s`));
}

/** Same word, allowing a plural "s" either way, or another form of it (the profile's stem). */
export function sameWord(win: WindowText, a: string, b: string): boolean {
    const same = (x: string, y: string): boolean =>
        pluralOrSame(x, y) || (x.length > 4 && y.length > 4 && win.locale.stem(x) === win.locale.stem(y));
    if (same(a, b)) return true;
    // (Or the same without a diaeresis: "patiënt" and `patient`.)
    const [x, y] = [unaccented(a), unaccented(b)];
    return (x !== a || y !== b) && same(x, y);
}

/** Whether a label writes `word` for `full` after its first word: "no" for "number" ("Invoice no."). */
export function abbreviates(win: WindowText, word: string, full: string): boolean {
    const abbreviations = win.locale.labelAbbreviations;
    // Either way round: a name's "no" is the label's "number" too (`certificate_no`: "Certificate number").
    return (abbreviations?.get(full) ?? []).includes(word) || (abbreviations?.get(word) ?? []).includes(full);
}

/** Where a word stands in the window: itself, its plural or singular, another form, a compound that ends with it. */
export function wordPositions(win: WindowText, w: string, known?: ReadonlySet<string>): number[] {
    const exact = win.wordIndex.get(w) ?? [];
    if (w.length <= 3) return exact;
    const plural = win.wordIndex.get(w + 's') ?? [];
    const singular = w.endsWith('s') ? (win.wordIndex.get(w.slice(0, -1)) ?? []) : [];
    const forms = w.length > 4 ? win.positionsOfForm(win.locale.stem(w)).filter((i) => win.words[i]!.norm.length > 4) : [];
    // "Opzegtermijn" for the label "termijn", "Rechnungsbetrag" for "Betrag" (languages that join compounds).
    const compounds = known && w.length >= MIN_COMPOUND_TAIL ? win.positionsOfCompound(w, known) : [];
    if (!plural.length && !singular.length && !compounds.length && forms.length <= exact.length) return exact;
    return [...new Set([...exact, ...plural, ...singular, ...forms, ...compounds])].sort((a, b) => a - b);
}

/** Whether word `i + 1` follows word `i` on its line, or on the next when `i`'s line is wrapped prose. */
export function runsOn(win: WindowText, i: number): boolean {
    const a = win.words[i]!.line;
    const b = win.words[i + 1]!.line;
    return b === a || (b === a + 1 && win.wrapped(a));
}

/** Whether word `i` is the second part of the word `full` joined by a hyphen ("mail" of "E-mail" for `email`). */
export function hyphenJoined(win: WindowText, i: number, full: string): boolean {
    const before = win.words[i - 1];
    const first = win.words[i]!;
    return !!before && before.end + 1 === first.start && win.text[before.end] === '-' && sameWord(win, before.norm + first.norm, full);
}

/** Where a phrase of two words or more starts with its first word's abbreviation and a full stop ("Reg." of "Reg. No."). */
export function abbreviatedFirst(win: WindowText, phrase: { words: readonly string[] }): number[] {
    const shorts = phrase.words.length < 2 ? undefined : win.locale.labelAbbreviations?.get(phrase.words[0]!);
    if (!shorts) return NONE;
    return shorts.flatMap((short) => (win.wordIndex.get(short) ?? []).filter((i) => win.text[win.words[i]!.end] === '.'));
}
/** No positions (shared: most phrases have no abbreviated first word). */
const NONE: number[] = [];

/** Whether a span is a word of the field's name that the name's next word follows in the text. */
export function ownNameWord(win: WindowText, span: Span, field: { name: string }): boolean {
    const name = labelWords(field.name);
    const i = name.indexOf(span.quote.toLowerCase());
    if (i < 0 || i + 1 >= name.length) return false;
    const next = /^[\s-]+(\p{L}+)/u.exec(win.text.slice(span.end, span.end + 40))?.[1]?.toLowerCase();
    return next !== undefined && (next === name[i + 1] || sameWord(win, next, name[i + 1]!));
}
