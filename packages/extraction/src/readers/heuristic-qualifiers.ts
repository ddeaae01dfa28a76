// What qualifies a label hit: a part an amount is counted with or without ("incl. 21% btw"), a
// compound whose head names another kind of the thing ("Contracturen" for "verlofuren"), a word
// of the name after another word in its cell ("Current school:"). Split from heuristic-labels.ts
// and heuristic-strings.ts.
import { sumWordsOf } from '../locale/locale-words.js';
import type { LabelHit, LabelPhrase } from './heuristic-labels.js';
import type { WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Compound tails shorter than this are not split off ("nr" is no label inside "januari"). */
export const MIN_COMPOUND_TAIL = 4;

/**
 * A label after "excl." or "incl." on its line, its rate between or not ("Bedrag excl. btw: €
 * 100,00", "Total incl. VAT", "Totaal incl. 21% btw", "Balance outstanding (before rebate)"),
 * names the part an amount is counted without or with, so the amount is not that part: no label
 * of a money field it names ("btw" of `vat`).
 */
export function countedApart(win: WindowText, hit: LabelHit): boolean {
    let i = win.wordAt(hit.start);
    // Its rate may stand between: "Totaal incl. 21% btw", "Total excl. 20% VAT".
    const rate = i > 1 ? win.words[i - 1]! : undefined;
    if (rate && /^\d{1,2}$/.test(rate.norm) && /^[,.]?\d*\s?%\s*$/.test(win.text.slice(rate.end, hit.start))) i--;
    const before = i > 0 ? win.words[i - 1] : undefined;
    return before !== undefined && before.line === hit.line && sumWordsOf(win.locale, 'apart').has(before.norm);
}

/**
 * Whether a compound's head differs from the one the field gives the same word ("Contracturen per
 * week" for `uren_per_week`, described as "verlofuren"): the compound names another thing of the
 * kind. (A field that names no kind of its own keeps every compound: "betalingsachterstand" is an
 * `achterstand`.)
 */
export function foreignHead(win: WindowText, hit: LabelHit, phrases: readonly LabelPhrase[]): boolean {
    const word = win.words[win.wordAt(hit.start)]!.norm;
    const tail = hit.phrase.split(' ')[0]!;
    const at = word.lastIndexOf(tail.slice(0, MIN_COMPOUND_TAIL));
    const head = at > 0 ? word.slice(0, at) : '';
    if (head.length < 3) return false;
    const words = phrases.flatMap((p) => p.words);
    const stem = tail.slice(0, MIN_COMPOUND_TAIL);
    return !words.some((w) => w.includes(head)) && words.some((w) => w !== word && w.indexOf(stem) > 2);
}

/**
 * A word of the field's name after another word in its cell names another thing of that kind
 * ("Current school:" for `school_offered`, "Home phone:" for `mobile_phone`): it counts less.
 */
export function ownWord(win: WindowText, hit: LabelHit): number {
    if (hit.kind !== 'name-word') return 1;
    const line = win.lines[hit.line]!;
    // (Its cell is short: a long line is read only near the label.)
    const cell = win.text
        .slice(Math.max(line.start, hit.start - 64), hit.start)
        .split(/ {2,}|\t|[:|]/)
        .pop()!;
    return /\p{L}{2,}/u.test(cell) ? LABEL.qualifiedByWord : 1;
}
