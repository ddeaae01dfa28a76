// Other ways a field's name is written: in another language's words (locale.schemaWords), and in
// capitals only, by its initials or an abbreviation. Split from heuristic-labels.ts, which makes a
// field's label phrases of them.
import type { LabelPhrase } from './heuristic-labels.js';
import { labelWords } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Longest key of `words` tried first: "due date" before "date". */
const LONGEST_SCHEMA_KEY = 3;

/**
 * A field name's words as another language writes them (locale.schemaWords), or undefined when none
 * is known — or, `whole`, when any is not (a hint is translated only as a whole).
 */
export function translatedName(
    name: readonly string[],
    words: ReadonlyMap<string, string> | undefined,
    whole = false,
): string[] | undefined {
    if (!words?.size) return undefined;
    const out: string[] = [];
    let changed = false;
    for (let i = 0; i < name.length;) {
        let n = Math.min(LONGEST_SCHEMA_KEY, name.length - i);
        for (; n > 0; n--) {
            const t = words.get(name.slice(i, i + n).join(' '));
            if (t !== undefined) {
                out.push(...labelWords(t));
                changed = true;
                break;
            }
        }
        if (n === 0) {
            if (whole) return undefined;
            out.push(name[i]!);
        }
        i += Math.max(1, n);
    }
    return changed ? out : undefined;
}

/**
 * Labels of a name written only in capitals: its initials, for a name of three words or more
 * ("DOB" for `date_of_birth`, "VIN" for `vehicle_identification_number`); a word of two letters
 * of a longer name, an abbreviation ("Client PO:" for `po_number`, "C2" for `c2_count`).
 */
export function capitalsOf(
    name: readonly string[],
    stop: { has(w: string): boolean },
    types: ReadonlySet<string>,
): [string, LabelPhrase][] {
    const out: [string, LabelPhrase][] = [];
    if (name.length >= 3 && name.every((w) => /^\p{L}/u.test(w)))
        out.push([
            `initials:${name.join(' ')}`,
            { words: [name.map((w) => w[0]).join('')], weight: LABEL.nameWords, kind: 'name', initials: true },
        ]);
    if (name.length > 1)
        for (const w of name)
            if (w.length === 2 && /^\p{L}/u.test(w) && !stop.has(w) && !types.has(w))
                out.push([`initials:${w}`, { words: [w], weight: LABEL.nameWord, kind: 'name-word', initials: true }]);
    return out;
}

/**
 * A name that ends with a part's letter or number ("fee_part_a", "box_8"): the word before it and
 * the mark together label it ("Part A", "Box 8"), which the mark alone, a stopword or a figure,
 * cannot; `raw`: the name's words, figures kept.
 */
export function markedPart(raw: readonly string[], stop: { has(w: string): boolean }): LabelPhrase | undefined {
    const [before, mark] = raw.slice(-2);
    if (raw.length < 3 || !before || !mark || !/^(?:\p{L}|\d{1,2})$/u.test(mark) || stop.has(before) || before.length < 3) return undefined;
    return { words: [before, mark], weight: LABEL.nameWords, kind: 'name' };
}
