// Other ways a field's name is written: in another language's words (locale.schemaWords), in
// capitals only, by its initials or an abbreviation, as forms write a role's name or a compound; and
// a description's words that label it. Split from heuristic-labels.ts, which makes a field's label
// phrases of them.
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { LabelHit, LabelPhrase } from './heuristic-labels.js';
import { labelWords, type WindowText } from './heuristic-text.js';
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

/**
 * Names as forms write them beside the field's own: a role's kind of name without the role ("First
 * name(s):" for `applicant_first_names`); in a language that writes a compound's head first, the
 * compound so ("Datum controle:" for `controledatum`) and a role's name so ("Naam melder" for
 * `melder`).
 */
export function formNames(
    name: readonly string[],
    locale: LocaleProfile,
    stop: { has(w: string): boolean },
): [readonly string[], number][] {
    const out: [readonly string[], number][] = [];
    const names = wordsOf(locale, 'nameWords');
    if (name.length >= 3 && names.has(name.at(-1)!) && !stop.has(name.at(-2)!))
        out.push([name.slice(-2), LABEL.nameWords * LABEL.qualifiedByWord]);
    for (const head of name.length === 1 ? wordsOf(locale, 'headFirstWords') : []) {
        if (name[0]!.length >= head.length + 4 && name[0]!.endsWith(head))
            out.push([[head, name[0]!.slice(0, -head.length)], LABEL.nameWords]);
        else if (names.has(head) && !name[0]!.endsWith(head)) out.push([[head, name[0]!], LABEL.nameWords]);
    }
    return out;
}

/**
 * A description's words without those naming whom an organisation belongs to ("bedrijf van de
 * erkende technicus": "Technicus:" labels the technician, not the company): the words after its
 * first link word, where its first word is a kind of organisation. ("Name of the tenant" keeps its
 * tenant.)
 */
export function possessorFree(described: readonly string[], locale: LocaleProfile, stop: { has(w: string): boolean }): readonly string[] {
    const head = described.find((w) => !stop.has(w));
    const kinds = [wordsOf(locale, 'organisationWords'), wordsOf(locale, 'issuerWords')];
    if (head === undefined || !kinds.some((k) => k.has(head))) return described;
    const link = described.findIndex((w) => wordsOf(locale, 'nameLinks').has(w));
    return link < 0 ? described : described.slice(0, link);
}

/**
 * A name of three words or more written without its first or its last ("Effective date:" for
 * `salary_effective_date`): each part with a word that says which (no stopword, type word or
 * word of another field's name), its ends words of four letters or more ("per week" is no part of
 * `uren_per_week`), not ending in a number's word.
 */
export function nameParts(
    name: readonly string[],
    stop: { has(w: string): boolean },
    types: ReadonlySet<string>,
    shared: ReadonlySet<string>,
    identifiers: ReadonlySet<string>,
): (readonly string[])[] {
    if (name.length < 3) return [];
    return [name.slice(1), name.slice(0, -1)].filter(
        (part) =>
            // (Words other names have too may still be this name's own together: "Card downloaded" for
            // `card_download_date` beside `driver_card_number` and `download_interval`.)
            (part.some((w) => !stop.has(w) && !types.has(w) && !shared.has(w)) ||
                part.slice(1).some((w, i) => !types.has(w) && !types.has(part[i]!) && !shared.has(`${part[i]} ${w}`))) &&
            [part[0]!, part.at(-1)!].every((w) => w.length >= 4 && !stop.has(w)) &&
            // (Whose a number is, the name's first word says: "Registered charity number" is no
            // `recipient_charity_number`.)
            !identifiers.has(part.at(-1)!),
    );
}

/** A date label's weight: a bare preposition ("from", "until") labels any date of its sentence, as a name's word does. */
export function dateLabelWeight(words: readonly string[], stop: { has(w: string): boolean }): number {
    return words.length === 1 && stop.has(words[0]!) ? LABEL.nameWordDistinct : LABEL.nameWords;
}

/** Units a name may end in after what it asks ("kg" of `stikstof_totaal_kg`; not "net" of `pay_total_net`). */
const UNIT_TAILS: ReadonlySet<string> = new Set(['kg', 'g', 't', 'm', 'm2', 'm3', 'km', 'cm', 'mm', 'l', 'ml', 'kwh', 'ha']);
/** A sum's word after what it sums, written first ("Totaal stikstof" for `stikstof_totaal_kg`, a unit aside). */
export function sumFirst(name: readonly string[], locale: LocaleProfile, stop: { has(w: string): boolean }): string[][] {
    const pair = name.length === 3 && UNIT_TAILS.has(name[2]!) ? name.slice(0, 2) : name;
    return pair.length === 2 && locale.sums.sum.includes(pair[1]!) && !stop.has(pair[0]!) ? [[pair[1]!, pair[0]!]] : [];
}

/**
 * A label of the field, the language's "of" and a word of the field's own name are one label ("First
 * day of service:" for `service_start`): the name's word is no other service's after "First day of",
 * and the value after the colon is the whole label's. One pass over a field's hits in order of start.
 */
export function joinOwnWords(win: WindowText, hits: LabelHit[]): LabelHit[] {
    const link = win.locale.nameLinks?.[0];
    if (!link || hits.length < 2) return hits;
    const articles = win.locale.definitionArticles ?? [];
    const out: LabelHit[] = [];
    for (const h of hits) {
        const k = h.kind === 'name-word' ? joinedBy(h) : -1;
        if (k >= 0) out[k] = { ...out[k]!, end: h.end, length: out[k]!.length + h.length + 1 };
        else out.push(h);
    }
    return out;

    /** The label just before that `h` joins: among the last few hits (hits that start together come apart), or -1. */
    function joinedBy(h: LabelHit): number {
        const floor = Math.max(0, out.length - JOIN_BACK);
        let k = out.length - 1;
        while (k >= floor && !joins(out[k]!, h)) k--;
        return k >= floor ? k : -1;
    }

    function joins(o: LabelHit, h: LabelHit): boolean {
        if (o.kind === 'name-word' || o.kind === 'description' || o.line !== h.line || h.start <= o.end || h.start - o.end > 12)
            return false;
        const between = win.text
            .slice(o.end, h.start)
            .toLowerCase()
            .trim()
            .split(/[ \t]+/);
        return between[0] === link && between.length <= 2 && (between.length === 1 || articles.includes(between[1]!));
    }
}
/** Hits looked back over for the label a name's word joins. */
const JOIN_BACK = 4;
