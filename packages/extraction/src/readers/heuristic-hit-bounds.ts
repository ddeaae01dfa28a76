// Where a label hit stops labelling (split from heuristic-scoring.ts): a bracket that holds it alone
// after a row's head labels that row; "no later than" labels only in a sentence of the field's own;
// a label right after a count is that count's.
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Whether a label stands in a bracket that holds it alone after a row's head, no figure before it on
 * its line: the head's short name ("Zuurgraad (pH)   …   7,6"), not a bracket's own words.
 */
export function bracketAlias(win: WindowText, hit: LabelHit): boolean {
    const text = win.text;
    return (
        text[hit.start - 1] === '(' &&
        text[hit.end] === ')' &&
        !/\d/.test(text.slice(Math.max(win.lines[hit.line]!.start, hit.start - 80), hit.start))
    );
}

/**
 * Labels that say only when something must be done ("no later than"): a field's only in a sentence
 * that says a word of the field's own (`corrective_action_due`: "… corrective action plan … no later
 * than 10 June 2025"; not "Cancellations must be notified … no later than 1 August" for
 * `balance_due_date`). A field that asks for a deadline takes them anywhere.
 */
export const OWN_SENTENCE: ReadonlySet<string> = new Set(['no later than', 'not later than']);
export function sentenceOwns(win: WindowText, hit: LabelHit, own: ReadonlySet<string> = new Set()): boolean {
    // (Once per hit: every date after it asks.)
    let owns = OWNED_SENTENCES.get(hit);
    if (owns === undefined) OWNED_SENTENCES.set(hit, (owns = readsOwn(win, hit, own)));
    return owns;
}
const OWNED_SENTENCES = new WeakMap<LabelHit, boolean>();
function readsOwn(win: WindowText, hit: LabelHit, own: ReadonlySet<string>): boolean {
    if (own.has('deadline') || own.has('uiterste')) return true;
    const before = win.text.slice(Math.max(0, hit.start - 240), hit.start);
    const sentence = before.slice(Math.max(before.search(/[.!?]\s[^.!?]*$/u) + 1, before.lastIndexOf('\n\n') + 1));
    const stop = wordsOf(win.locale, 'stopwords');
    const types = wordsOf(win.locale, 'typeWords');
    // (Or a word an own word of five letters or more starts: "acceptance" for `accept_by`.)
    const stems = [...own].filter((o) => o.length >= 5);
    const owned = (w: string): boolean => own.has(w) || stems.some((o) => w.startsWith(o));
    return (sentence.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => owned(w) && !stop.has(w) && !types.has(w) && w !== 'due');
}

/** Whether a whole number stands right before a label, only the field's own words between ("5 stemmen tegen" for the hit "tegen"). */
export function countBefore(text: string, hit: LabelHit, own: ReadonlySet<string> = new Set()): boolean {
    // (Once per hit: every figure after it on its line asks.)
    let said = COUNTED_HITS.get(hit);
    if (said === undefined) {
        // (A label with its colon is a form's, its value after it: "Groep 7  Aantal leerlingen: 26".)
        const m = /^[ \t]*:/.test(text.slice(hit.end, hit.end + 4))
            ? null
            : COUNT_BEFORE.exec(text.slice(Math.max(0, hit.start - 60), hit.start));
        said = m !== null && (m[1]!.toLowerCase().match(/\p{L}+/gu) ?? []).every((w) => own.has(w));
        COUNTED_HITS.set(hit, said);
    }
    return said;
}
const COUNTED_HITS = new WeakMap<LabelHit, boolean>();
/** A whole number, then up to three words, each after a space or two, right before a label. */
const COUNT_BEFORE = /(?:^|[^\d.,])\d{1,7}[ \t]{1,2}((?:\p{L}+[ \t]{1,2}){0,3})$/u;
