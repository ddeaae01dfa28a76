// A job's title in running text, for a field that asks for one (`job_title`, `functie`): the
// capitalised words after the word that introduces it ("employed as Senior Data Engineer.", "your
// introductory period as Dispatch Coordinator in our …", "werkzaam als Projectleider"). A title
// is capitalised in letters and contracts; a word in lower case or a stop ends it.
import { wordsOf } from '../locale/locale-words.js';
import { spanScored } from './heuristic-after-label.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import type { Span } from './heuristic-spans.js';
import { labelWords } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Capitalised words (one to five, "of", "&", "and" between) after an introducing word, ending before a stop or a word in lower case. */
const TITLE =
    /^[ \t]+(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|of|&|and|en|van)){0,4})(?=[ \t]*[.,;:)]|[ \t]+\p{Ll}|[ \t]*(?:\n|$))/u;

/** Job titles after the language's introducing words, as candidates of a field that asks for one. */
export function jobTitleScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { win, field, type } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined) return [];
    const jobs = wordsOf(win.locale, 'jobWords');
    if (!labelWords(field.name).some((w) => jobs.has(w))) return [];
    const out: Scored[] = [];
    for (const introducer of wordsOf(win.locale, 'jobIntroducers'))
        for (const at of win.wordIndex.get(introducer) ?? []) {
            const word = win.words[at]!;
            const m = TITLE.exec(win.text.slice(word.end, word.end + 80));
            if (!m || / (?:of|&|and|en|van)$/.test(m[1]!)) continue;
            const start = word.end + m[0].length - m[1]!.length;
            const scored = spanScored(ctx, fits, { start, end: start + m[1]!.length, quote: m[1]! }, LABEL.namePart);
            if (scored) out.push(scored);
        }
    return out;
}
