// The closing lines where parties sign ("Aldus overeengekomen en getekend," over "Werknemer: S.
// Kuijpers      Werkgever: …", "Photographer: Lena Morrow      Date: 07/21/2025"): a label there
// names who signs, which repeats the party in a shorter form or names its signatory ("Voor
// akkoord huurder: K. Mulder" for a foundation), so it counts less than the label in the body.
import { wordsOf } from '../locale/locale-words.js';
import type { WindowText } from './heuristic-text.js';

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
    for (let k = l, n = 0; k >= 0 && n <= SIGNING_ABOVE; k = win.previousTextLine(k), n++) {
        const words =
            win.lines[k]!.text.slice(0, SIGNATURE_CHARS)
                .toLowerCase()
                .match(/\p{L}+/gu) ?? [];
        if (words.some((w) => signing.has(w))) return true;
    }
    return false;
}
