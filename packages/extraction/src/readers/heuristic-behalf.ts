// The one who signs for a party under the line that says so, for a field that asks for a signer:
// "For and on behalf of Lumenforge Robotics Ltd" / "Dominic Ferreira-Lund" / "Director", Dutch
// "Namens Autobedrijf Verhoef" / "L. Brinkhuis". The name is the first of the next lines of text
// (three at most) that is a person's name: two to four capitalised words, maybe initials, before a
// comma, a wide gap or the line's end. Not in a row of two signature blocks side by side.
import { wordsOf } from '../locale/locale-words.js';
import { spanScored } from './heuristic-after-label.js';
import { asksForSigner } from './heuristic-signatures.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { LABEL } from './heuristic-weights.js';

/** A person's name starting a line: initials or capitalised words, two to four, before a comma, a gap or the end. */
// (Each word ends where its letters do: a run of capitals cannot be split into words many ways.)
const PERSON_LINE =
    /^[ \t]*((?:\p{Lu}\.|\p{Lu}[\p{L}'’-]*(?![\p{L}'’-]))(?:[ ]?(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]*(?![\p{L}'’-]))){1,3})(?=,|[ \t]{2,}|[ \t]*$)/u;

/** Characters of a line of signing for a party at most (a longer line is prose). */
const BEHALF_LINE = 160;

/** Lines after a line of signing for a party read for the signer's name. */
const SIGNER_LINES = 3;

/** Candidates of a signer field: the name under each line of signing for a party. */
export function behalfScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { field, type, win } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !asksForSigner(field, win.locale)) return [];
    const out: Scored[] = [];
    const behalf = [...wordsOf(win.locale, 'behalfWords')].filter((b) => b.includes(' ') || b === 'namens');
    const signing = [...wordsOf(win.locale, 'signingWords')];
    for (let l = 0; l < win.lines.length; l++) {
        if (!behalfLine(win.lines[l]!.text, behalf, signing)) continue;
        for (let k = win.nextTextLine(l), n = 0; k > l && k < win.lines.length && n < SIGNER_LINES; k = win.nextTextLine(k), n++) {
            const line = win.lines[k]!;
            const m = line.text.length <= BEHALF_LINE ? PERSON_LINE.exec(line.text) : null;
            if (!m) continue;
            const start = line.start + m[0].length - m[1]!.length;
            const scored = spanScored(
                ctx,
                fits,
                { start, end: start + m[1]!.length, quote: m[1]! },
                LABEL.nameWords * LABEL.qualifiedByWord,
            );
            if (scored) out.push(scored);
            break;
        }
    }
    return out;
}

/** Whether a line starts with words of signing for a party, or with them alone ("For and on behalf of X", "Signed for X", "Namens X"). */
function behalfLine(text: string, behalf: readonly string[], signing: readonly string[]): boolean {
    if (text.length > BEHALF_LINE) return false;
    const t = text.trim().toLowerCase();
    // (One column: two parties' blocks side by side say nothing of which name is whose.)
    if (t.length > 120 || /\S[ \t]{3,}\S/.test(t)) return false;
    const after = (w: string): string => (t.startsWith(`${w} `) ? t.slice(w.length + 1) : t);
    const rest = signing.reduce((r, w) => (r === t ? after(w) : r), t);
    return behalf.some((b) => rest.startsWith(`${b} `));
}
