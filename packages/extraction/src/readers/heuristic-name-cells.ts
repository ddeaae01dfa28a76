// A field's name ending a name written in capitals ("CASCADIA MUTUAL HEALTH PLAN" for
// `health_plan`): the name of the thing, no label (split from heuristic-strings.ts).
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import { allCaps } from './heuristic-lines.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Whether the field's name (or its last word) ends a cell written in capitals after one or more
 * words of its own ("CASCADIA MUTUAL HEALTH PLAN      EXPLANATION OF BENEFITS" for `health_plan`): the name of
 * the thing, no label of the line under it.
 */
export function endsCapitalName(win: WindowText, hit: LabelHit): boolean {
    if (hit.kind !== 'name' && hit.kind !== 'name-word') return false;
    const line = win.lines[hit.line]!;
    if (
        hit.start - line.start > CAPITAL_NAME_CHARS ||
        !/^(?:[ \t]{2,}|\t|$)/.test(win.text.slice(hit.end, Math.min(line.end, hit.end + 2)))
    )
        return false;
    const before = win.text.slice(line.start, hit.start);
    const cell = before.slice(before.search(/\S(?:(?! {2,}|\t).)*$/));
    // (Not an article alone: "THE EMPLOYER" over the employer's name is a heading.)
    const stop = wordsOf(win.locale, 'stopwords');
    return (
        /^(?:[\p{Lu}][\p{Lu}'’&.-]* )+$/u.test(cell) &&
        cell.split(' ').some((w) => w !== '' && !stop.has(w.toLowerCase())) &&
        allCaps(win.text.slice(hit.start, hit.end).replace(/\s/g, ''))
    );
}
/** Characters before a name's last words read for the rest of it. */
const CAPITAL_NAME_CHARS = 60;
