// How a string field's candidates are read, from its name, description and hints: its pattern,
// whether it holds a list, asks for an address, a name, a number, a person (split from
// heuristic-strings.ts, which reads the candidates).
import type { CompiledField } from '@svc/compiler';
import { wordsOf } from '../locale/locale-words.js';
import { asksForSigner } from './heuristic-signatures.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** How a field's strings are read: its pattern, whether it holds a list, has no hints, asks for an address. */
export interface StringOptions {
    pattern?: string;
    several?: boolean;
    bareName?: boolean;
    address?: boolean;
    /** The word with which the field's name asks for a name ("name" of `owner_name`), if it does. */
    nameKind?: string;
    /**
     * The field's name or description asks for an address (not only a hint: "Employer name and
     * address"): a labelled address runs on over the lines under it.
     */
    addressLines?: boolean;
    /** The field may be empty: "None appointed" says it is (the profile's `noneWords`). */
    nullable?: boolean;
    /** The field asks for a number: its name or description says so ("registration number").*/
    identifier?: boolean;
    /** The words of the field's name that say what is numbered (`docket` of `docket_no`). */
    kindWords?: readonly string[];
    /** The field's name asks for several names (`tenant_names`): a list of people is one value. */
    people?: boolean;
    /** The field asks for who signs: a label after "namens", "on behalf of" names its value too. */
    signer?: boolean;
    /** The field asks for a person: a name, who did something (`checked_by`), a role letters are sent to, a signer. */
    person?: boolean;
    /** The words of the other fields' names and hints: a heading's other part that says one names another field. */
    otherWords?: ReadonlySet<string>;
}

/** How a string field's candidates are read. */
export function stringOptions(
    field: CompiledField,
    win: WindowText,
    address: boolean,
    addressLines: boolean,
    fields: readonly CompiledField[] = [],
): StringOptions {
    const type = field.type.kind === 'array' ? field.type.items : field.type;
    const nameWords = labelWords(field.name);
    const last = nameWords.at(-1) ?? '';
    // (The name word may come first: Dutch `naam_dier`.)
    const nameKind = nameWords.length > 1 ? [last, nameWords[0]!].find((w) => wordsOf(win.locale, 'nameWords').has(w)) : undefined;
    // (The words the profile abbreviates to one too: "reference" for "ref".)
    const ids = new Set([...wordsOf(win.locale, 'identifierWords'), ...(win.locale.labelAbbreviations?.keys() ?? [])]);
    const told = [...nameWords, ...labelWords(field.description ?? '')];
    const signer = asksForSigner(field, win.locale);
    return {
        pattern: type.kind === 'string' ? type.pattern : undefined,
        several: field.type.kind === 'array',
        bareName: field.hints.length === 0,
        address,
        addressLines,
        nameKind,
        nullable: field.nullable,
        // (A compound ending in one too: "werkbonnummer".)
        identifier: told.some((w) => ids.has(w) || [...ids].some((i) => i.length >= 5 && w.length >= i.length + 3 && w.endsWith(i))),
        // (A Dutch compound's head before its "nummer": "brief" of `briefnummer`.)
        kindWords: nameWords.flatMap((w) =>
            ids.has(w) ? [] : [[...ids].reduce((k, i) => (k.length > i.length + 2 && k.endsWith(i) ? k.slice(0, -i.length) : k), w)],
        ),
        people: nameWords.some((w) => wordsOf(win.locale, 'nameListWords').has(w)),
        signer,
        otherWords: otherWordsOf(field, fields),
        // (Who did something, `checked_by`, or a role letters are sent to, `employee`.)
        person:
            nameKind !== undefined ||
            PERSON_LAST.has(last) ||
            nameWords.some((w) => wordsOf(win.locale, 'addresseeWords').has(w)) ||
            signer,
    };
}
/** A name's last word that asks who did it: `checked_by`, Dutch `gecontroleerd_door`. */
const PERSON_LAST: ReadonlySet<string> = new Set(['by', 'door']);

/** Each field's other fields' name and hint words, per schema's fields: a pure function of them, built once, not per window. */
const OTHER_WORDS = new WeakMap<readonly CompiledField[], Map<number, ReadonlySet<string>>>();

function otherWordsOf(field: CompiledField, fields: readonly CompiledField[]): ReadonlySet<string> {
    let byField = OTHER_WORDS.get(fields);
    if (!byField) OTHER_WORDS.set(fields, (byField = new Map()));
    let words = byField.get(field.id);
    if (!words)
        byField.set(
            field.id,
            (words = new Set(fields.filter((f) => f !== field).flatMap((f) => [f.name, ...f.hints].flatMap(labelWords)))),
        );
    return words;
}
