// Codes after their labels, for string fields: a label that ends in a word for "number" labels a
// code ("Agreement No.", "contractnr."), a code alone in its cell after a label reads whole
// ("VIN 2HKRW2H53HH612884", "NHS No. 485 777 3456"), and a word of a number field's name labels
// the code right after it ("site licence SMD/WAR/0147"). codeAfter moved here from heuristic-strings.ts.
import type { LocaleProfile } from '../locale/locale-types.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/**
 * Whether a label ends in a word for "number" ("Agreement No.", "Factuur nr", "Order number"): it
 * labels a code, and is never part of a name.
 */
export function numberLabel(win: WindowText, hit: LabelHit): boolean {
    const last = /(\p{L}+)\.?$/u.exec(win.text.slice(hit.start, hit.end))?.[1]?.toLowerCase() ?? '';
    // Dutch compounds end in theirs: "relatienummer", "betalingskenmerk", "contractnr".
    return last === 'number' || /(?:nummer|kenmerk)$|\p{L}{3}nr$/u.test(last) || abbreviationsOf(win.locale).has(last);
}

/** The label abbreviations of a profile, as one set (asked once per label hit). */
const ABBREVIATIONS = new WeakMap<LocaleProfile, ReadonlySet<string>>();
function abbreviationsOf(locale: LocaleProfile): ReadonlySet<string> {
    let set = ABBREVIATIONS.get(locale);
    if (!set) ABBREVIATIONS.set(locale, (set = new Set([...(locale.labelAbbreviations?.values() ?? [])].flat())));
    return set;
}

/** A code after a number sign: letters, digits and joiners, with a digit, ending in a letter or digit. */
export const HASH_CODE = /^(?=[\p{L}\p{N}\-/.]*\d)[\p{L}\p{N}](?:[\p{L}\p{N}\-/.]*[\p{L}\p{N}])?/u;
/**
 * A number written in groups of digits, maybe after a country's two letters, or in thousands with
 * commas, to its cell's end ("NHS No. 485 777 3456", "VAT reg. no. GB 318 4470 26", "Reg. No. 7,812,336").
 */
export const GROUPED_DIGITS = /^((?:[A-Z]{2} ?)?\d{2,6}(?: \d{2,6}){1,4}|\d{1,3}(?:,\d{3}){2,4})(?=$| {2}|\t|[,;.)]?\s*$|[,;.]\s)/;
/** Whether a code after a label and a space or a number sign ("RO# 58821") is the rest of its cell, with three digits or more. */
export function codeAlone(code: string | undefined, sep: string, rest: string): boolean {
    return (
        code !== undefined &&
        /^(?:[ \t]+|#[ \t]*)$/.test(sep) &&
        code.replace(/\D/g, '').length >= 3 &&
        // (Or a bracket that says whose it is after it: "licence SMD/WAR/0147 (Warrington Borough Council)".)
        /^(?:$| {2}|\t| \([^()\n]{1,60}\)[ \t]*$)/.test(rest.slice(code.length))
    );
}

/**
 * Whether a code right after a word of the field's name, one space on, is the field's number: a
 * code with three digits or more and a letter or a joiner, before the line's end, a gap, a stop or
 * a bracket ("Scrap metal site licence SMD/WAR/0147 (Warrington …)" for `dealer_licence_number`;
 * not a year: "contract 2025").
 */
export function kindCode(code: string | undefined, sep: string, rest: string): boolean {
    return (
        code !== undefined &&
        /^[ \t]$/.test(sep) &&
        code.replace(/\D/g, '').length >= 3 &&
        /[\p{L}\-/]/u.test(code) &&
        /^(?:$| {2}|\t|[,.;)]?[ \t]|[ \t]*\()/.test(rest.slice(code.length))
    );
}

/**
 * The code a document's title line numbers it by, for a field named by the kind of document and a
 * word for "number" (`docket_no`, Dutch `briefnummer`): a word of the kind on the line, then a bare
 * number label and the code later on it ("DELIVERY DOCKET / INVOICE      No. 0048817",
 * "BEGELEIDINGSBRIEF VOOR HET VERVOER VAN AFVALSTOFFEN      Nr. BGB-2025-114208").
 */
export function kindNumberAfter(win: WindowText, hit: LabelHit, words: readonly string[]): Span | undefined {
    const line = win.lines[hit.line]!;
    // (Every word of the kind on the line: "Registered charity no." numbers the letterhead's charity, no
    // `recipient_charity_number`.)
    const said = win.text.slice(line.start, line.end).toLowerCase();
    if (!words.every((w) => said.includes(w))) return undefined;
    const rest = win.text.slice(hit.end, Math.min(line.end, hit.end + KIND_NUMBER_CHARS));
    const m = /(?:^|\s)(?:no|nr|nummer|number|#)\.?:?[ \t]+/iu.exec(rest);
    if (!m) return undefined;
    const from = hit.end + m.index + m[0].length;
    const after = win.text.slice(from, Math.min(line.end, from + 40));
    // (A number in groups of digits is one code: "Juror No. 418 220 937".)
    const code = GROUPED_DIGITS.exec(after)?.[1] ?? HASH_CODE.exec(after)?.[0];
    return code && code.replace(/\D/g, '').length >= 3 ? { start: from, end: from + code.length, quote: code } : undefined;
}
/** Characters after a kind's word read for the number label on its line. */
const KIND_NUMBER_CHARS = 80;

/** Words in capitals and a figure with digits after a code, one space apart, before a stop or the line's end ("CV EXPL 25-3107"). */
const CODE_GOES_ON = /^(?: \p{Lu}{2,5}){1,3} (?=[\p{L}\d\-/.]*\d)[\p{L}\d\-/]+(?=[,.;]?(?:\s|$)|\))/u;

/**
 * The code after a label: "Invoice #1043", "your order #WB-558120 has shipped" (the number sign
 * joins a code, without hints); a label of a number ("Agreement No. RA-558120"); a label that
 * starts a cell, followed by a code alone in its cell ("VIN 2HKRW2H53HH612884", "Till 2    Trans
 * 40871"; not a name's "SDN BHD 862725-U"); for a field that asks for a number (`identifier`), a word
 * of its name (`kinds`) or a hint of one word before a code.
 * `rest`: the label's line after its separator `sep`.
 */
export function codeAfter(
    win: WindowText,
    hit: LabelHit,
    sep: string,
    rest: string,
    bareName: boolean,
    kinds: readonly string[],
    identifier: boolean,
): string | undefined {
    const code = GROUPED_DIGITS.exec(rest)?.[1] ?? HASH_CODE.exec(rest)?.[0];
    // A court's case number goes on in capitals and figures: "11204588 CV EXPL 25-3107".
    const more = code !== undefined && rest.startsWith(code) ? CODE_GOES_ON.exec(rest.slice(code.length))?.[0] : undefined;
    const found = more ? code + more : code;
    const line = win.lines[hit.line]!;
    const cellStart = /(?:^|\s{2}|\t)$/.test(win.text.slice(Math.max(line.start, hit.start - 2), hit.start));
    // (Or a field's hint of one word, for a field that asks for a number: "Invoice KTS-11927 dated …".)
    const kindWord = identifier && ((hit.kind === 'name-word' && kinds.includes(hit.phrase)) || (hit.kind === 'hint' && hit.length === 1));
    const kind = kindWord && kindCode(found, sep, rest);
    // (With hints, a hint the schema writes with its number sign: "cert. #" before "#5047821".)
    // (Glued to the sign: "Tracking #  JD0148 2291 GB" goes on in groups.)
    const hashed = /#\s*$/.test(sep) && (bareName || (hit.kind === 'hint' && /#$/.test(sep) && /#\s*$/.test(hit.source ?? '')));
    return hashed || numberLabel(win, hit) || kind || (cellStart && codeAlone(found, sep, rest)) ? found : undefined;
}
