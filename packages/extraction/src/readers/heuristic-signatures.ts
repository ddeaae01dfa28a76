// The closing lines where parties sign ("Aldus overeengekomen en getekend," over "Werknemer: S.
// Kuijpers      Werkgever: …", "Photographer: Lena Morrow      Date: 07/21/2025"): a label there
// names who signs, which repeats the party in a shorter form or names its signatory ("Voor
// akkoord huurder: K. Mulder" for a foundation), so it counts less than the label in the body.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { titleLine } from './heuristic-lines.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Characters of a signature's line at most (and of the lines above it read). */
const SIGNATURE_CHARS = 200;
/** Lines of text above a label read for the words of signing. */
const SIGNING_ABOVE = 3;
/** A date's label later on the label's line, after a wide gap: a signature's row. */
const DATED_ROW = /\S {2,}(?:date|datum|dated)\s*:/iu;

/** Whether line `l` is a signature's line: words of signing on it or just above it, or a date's label after its value. */
export function signatureLine(win: WindowText, l: number): boolean {
    // Short lines only: a line may be a whole document long, and each label on it asks.
    if (win.lines[l]!.text.length > SIGNATURE_CHARS) return false;
    if (DATED_ROW.test(win.lines[l]!.text)) return true;
    const signing = wordsOf(win.locale, 'signingWords');
    const says = (k: number): boolean =>
        (
            win.lines[k]!.text.slice(0, SIGNATURE_CHARS)
                .toLowerCase()
                .match(/\p{L}+/gu) ?? []
        ).some((w) => signing.has(w));
    for (let k = l, n = 0; k >= 0 && n <= SIGNING_ABOVE; k = win.previousTextLine(k), n++) if (says(k)) return true;
    // Or, for a row of two labels and their values (a signatures' row: "Leverancier:   R. Hoekstra
    // Afnemer:   J. van Wieren"), the section's heading in capitals a few lines up says it ("E.
    // VERKLARING EN ONDERTEKENING"); a form's own single labels under "CONFIRMATION AND SIGNATURE" are not.
    if ((win.lines[l]!.text.match(/:/g)?.length ?? 0) < 2) return false;
    for (let k = win.previousTextLine(l), n = 0; k >= 0 && n < HEADING_ABOVE; k = win.previousTextLine(k), n++)
        if (sectionHeading(win.lines[k]!.text)) return says(k);
    return false;
}

/** Text lines above a label read for its section's heading. */
const HEADING_ABOVE = 8;

/** A short title line in capitals, no colon: a section's heading (titleLine). */
function sectionHeading(text: string): boolean {
    return text.length <= 60 && !text.includes(':') && titleLine(text);
}

/**
 * Whether a label stands after words of signing for a party on its line ("Signed for the
 * Designer:   Iona Fraser, Director", "Getekend namens de opdrachtgever:"): what follows is the
 * one who signs for the party, not the party. `signedBy` of "Signed by the Landlord:" is the
 * landlord.
 */
export function signedFor(win: WindowText, hit: { line: number; start: number }): boolean {
    const line = win.lines[hit.line]!;
    if (hit.start - line.start > 80) return false;
    const words =
        win.text
            .slice(line.start, hit.start)
            .toLowerCase()
            .match(/\p{L}+/gu) ?? [];
    const articles = wordsOf(win.locale, 'definitionArticles');
    while (words.length && articles.has(words[words.length - 1]!)) words.pop();
    const said = ` ${words.join(' ')}`;
    const signing = wordsOf(win.locale, 'signingWords');
    return words.some((w) => signing.has(w)) && [...wordsOf(win.locale, 'behalfWords')].some((b) => said.endsWith(` ${b}`));
}

/** Whether a field asks for the one who signs: a word of its name is a party word ("signatory") or a signing word. */
export function asksForSigner(field: CompiledField, locale: LocaleProfile): boolean {
    const words = new Set([...wordsOf(locale, 'partyWords'), ...wordsOf(locale, 'signingWords'), 'signer', 'signee']);
    return labelWords(field.name).some((w) => words.has(w));
}
