// Which end of a range of figures a field asks for: its name says the most or the least
// (`maximum_salaris`, `fee_estimate_max`, `minimum_order`), and the text writes two figures as a
// range ("£6,500 - £9,000", "£6,500 to £9,000", "between £6,500 and £9,000", "tussen € 3.450 en
// € 4.780"). The other end is not the field's; for a field that asks for neither end, neither is.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { Span } from './heuristic-spans.js';
import { betweenJoin, rangePairs } from './heuristic-terms.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** The end of a range the field's name asks for: 1 for the most, 0 for the least, else none. */
export function boundPart(field: CompiledField, locale: LocaleProfile): 0 | 1 | undefined {
    const words = labelWords(field.name);
    if (words.some((w) => wordsOf(locale, 'maximumWords').has(w))) return 1;
    return words.some((w) => wordsOf(locale, 'minimumWords').has(w)) ? 0 : undefined;
}

/** The figures that stand as the other end of a range than the field's name asks for (both ends when it asks for none). */
export function otherBounds(win: WindowText, found: readonly Span[], field: CompiledField): Set<Span> | undefined {
    const part = boundPart(field, win.locale);
    // A field that asks for one figure, not an end, is neither end of a range ("estimated at $16,500 - $19,000").
    if (part === undefined) return new Set(rangePairs(win, found).flat());
    return new Set(rangePairs(win, found, betweenJoin(win)).map((pair) => pair[1 - part]!));
}
