// A label that stands on several lines where the field's description says which one: "IMO number
// of the receiving ship" takes the "IMO No.:" on the "Receiving vessel:" line, not the one on the
// delivering barge's line.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit } from './heuristic-labels.js';
import { root, SET_APART } from './heuristic-siblings.js';
import { labelWords, unaccented, type WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/**
 * The content words of a field's description (their roots) that its name and hints do not say,
 * without what it sets apart ("…, not the passport"): the words that tell its line from another's.
 */
export function describedWords(field: CompiledField, locale: LocaleProfile): ReadonlySet<string> {
    if (!field.description) return new Set();
    const skip = new Set([...wordsOf(locale, 'stopwords'), ...wordsOf(locale, 'typeWords')]);
    const own = new Set([...labelWords(field.name), ...field.hints.flatMap((h) => labelWords(h))].map(root));
    const said = labelWords(field.description.replace(SET_APART, ' '));
    return new Set(
        said
            .filter((w) => w.length > 3 && !skip.has(w))
            .map((w) => root(unaccented(w)))
            .filter((w) => !own.has(w)),
    );
}

/**
 * Hits of one label in a later cell of lines a form's label heads ("Receiving vessel:   MV NORDIC
 * TERN   IMO No.:"), some of whose heads say a word of the field's description and some not:
 * those whose heads do not count less.
 */
export function yieldToDescribed(win: WindowText, hits: readonly LabelHit[], described: ReadonlySet<string>): void {
    if (described.size === 0 || hits.length < 2) return;
    const heads = new Map<LabelHit, string | undefined>(hits.map((h) => [h, lineHead(win, h)] as const));
    const says = (h: LabelHit): boolean =>
        (
            heads
                .get(h)
                ?.toLowerCase()
                .match(/\p{L}+/gu) ?? []
        ).some((w) => described.has(root(unaccented(w))));
    const phrases = new Set(hits.filter(says).map((h) => h.phrase));
    for (const h of hits) if (heads.get(h) !== undefined && !says(h) && phrases.has(h.phrase)) h.weight *= LABEL.qualifiedByWord;
}

/** Characters of a line's head label at most. */
const HEAD_CHARS = 40;
const HEAD = /^[ \t]*(\p{L}[\p{L} '’/-]{0,40}?)[ \t]*:/u;

/** The label that heads a hit's line, before its colon, where the hit stands in a later cell; else undefined. */
function lineHead(win: WindowText, h: LabelHit): string | undefined {
    const line = win.lines[h.line]!;
    const m = HEAD.exec(win.text.slice(line.start, Math.min(h.start, line.start + HEAD_CHARS + 8)));
    return m && line.start + m[0].length <= h.start ? m[1] : undefined;
}
