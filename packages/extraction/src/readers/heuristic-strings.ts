// Candidates of string fields. A string has no shape of its own, so where it is depends on labels:
// the rest of a `label: value` line, the line under a label standing alone, the name written after
// a label in running text ("governed by the laws of the State of New York"), or — for hints that
// are part of the value, like "SDN BHD" or "Inc." — the name or line that contains the hint. With a
// `pattern`, the shortest text after a label that the pattern matches whole is the value.
import { wordsOf } from '../locale/locale-words.js';
import { compiledPattern } from '../parsers/pattern-cache.js';
import { addressParts, openValue, sectionName } from './heuristic-blocks.js';
import { withoutNonValues } from './heuristic-nonvalues.js';
import { ownWord, valueUnderHeading } from './heuristic-qualifiers.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import { emptyMark } from './heuristic-gaps.js';
import { besideRole, nameOverTitledRole, stackedForm } from './heuristic-appositions.js';
import { endsCapitalName } from './heuristic-name-cells.js';
import {
    HEAD_PREFERRED,
    SENTENCE_END,
    allCaps,
    columnEnd,
    nameLabel,
    shortestMatch,
    trimValue,
    valueBelow,
    withoutOwnLabel,
} from './heuristic-lines.js';
import { valueHead } from './heuristic-heads.js';
import { codeAfter, kindNumberAfter, numberLabel } from './heuristic-codes.js';
import { hintNameCandidates } from './heuristic-hint-names.js';
import { firstOfPeople, nameAbove, namePhraseAfter, nextListedName } from './heuristic-names.js';
import { definedTerms } from './heuristic-parties.js';
import type { WindowText } from './heuristic-text.js';
import { actingFor, labelLine, numberTail } from './heuristic-label-line.js';
import { LABEL } from './heuristic-weights.js';
import { taglineHolder } from './heuristic-letterhead.js';
import { slashPart, tidied } from './heuristic-tidy.js';
import type { StringOptions } from './heuristic-string-options.js';
import { cellsUnder } from './heuristic-box-cells.js';
import { cells, indentOf } from './heuristic-rows.js';

export interface StringCandidate extends Span {
    /** Context score in 0..1 from how the candidate was found. */
    context: number;
    /** The label hit it was found from (no other label of this field is needed). */
    hit?: LabelHit;
}

/**
 * Whether a one-word name label, or a word of the name, is joined to what follows by a link word
 * ("position of", "laws of", "als"), and a capitalised word follows that (an article between): in
 * prose, the name then takes a value ("the position of Senior Data Analyst", "governed by the laws
 * of England" for `governing_law`). Only for fields without hints (`bareName`): their name is all
 * there is.
 */
function linked(win: WindowText, hit: LabelHit): boolean {
    if ((hit.kind !== 'name' && hit.kind !== 'name-word') || hit.length !== 1) return false;
    const i = win.wordAt(hit.end);
    const link = win.words[i];
    const before = win.words[win.wordAt(hit.start) - 1];
    // (Or a form of "to be" after "the" or "our": "Our contractor is Hambrook Build Ltd"; not "whose
    // current address is Flat 4, …".)
    const whose =
        before !== undefined &&
        (wordsOf(win.locale, 'possessives').has(before.norm) || wordsOf(win.locale, 'definitionArticles').has(before.norm));
    const links = (w: string): boolean => wordsOf(win.locale, 'nameLinks').has(w) || (whose && wordsOf(win.locale, 'copulas').has(w));
    if (!link || link.line !== win.words[i - 1]?.line || !links(link.norm)) return false;
    // A word of a name in title case is no label of what follows it: "Superior Court of California"
    // names the court, not California.
    if (win.words[i - 1]!.capital && before?.capital && before.line === link.line) return false;
    // An article may stand between: "the laws of the State of California".
    const article = wordsOf(win.locale, 'definitionArticles').has(win.words[i + 1]?.norm ?? '') ? 1 : 0;
    return !!win.words[i + 1 + article]?.capital;
}

/**
 * The name a few words after a phrase label in running text ("governed by the laws of the State of
 * Ohio"), and for a list every further name of the list it starts; `v` is the rest of the label's
 * line already proposed. A single name written "<Word> of <Name>" ("State of Ohio", "Commonwealth
 * of Pennsylvania") is also proposed as the name alone, slightly preferred: the place, not its kind.
 */
function phraseCandidates(
    win: WindowText,
    hit: LabelHit,
    restStart: number,
    v: Span | undefined,
    several: boolean,
    bareName = false,
): StringCandidate[] {
    const out: StringCandidate[] = [];
    // "Governing Law and Jurisdiction. This Agreement …": a label followed by "and" heads a clause
    // (without hints; with them, dropping these candidates moved receipts-en by −0.6 on retraining).
    const after = win.words[win.wordAt(hit.end)];
    if (bareName && after && wordsOf(win.locale, 'listJoiners').has(after.norm) && win.text.slice(hit.end, after.start).trim() === '')
        return out;
    const phrase = namePhraseAfter(win, restStart, 60);
    // A name's label alone on the next line heads the name ("Gegevens ouder/verzorger
    // (contractant)" over "Naam" over "    mevrouw M.E. van Leeuwen-Bos").
    const row = phrase ? win.lineOf(phrase.start) : -1;
    if (phrase && nameLabel(win, phrase.quote.toLowerCase()) && win.lines[row]!.text.trim() === phrase.quote) {
        const below = valueBelow(win, { ...hit, start: phrase.start, end: phrase.end, line: row }, false, undefined);
        return below ? [{ ...below, context: hit.weight * 0.85, hit }] : out;
    }
    // A label whose line holds its value ("Guests        : 1") names nothing on the next line ("Rate Code").
    const line = win.lines[win.lineOf(restStart)]!;
    if (phrase && phrase.start > line.end && /:/.test(win.text.slice(hit.end, restStart)) && win.text.slice(restStart, line.end).trim())
        return out;
    if (!phrase || (v && phrase.start === v.start && phrase.end === v.end) || definedTerms(win).has(phrase.quote.toLowerCase())) return out;
    // A bullet or bar between parts an item of a letterhead line from the next ("nonprofit
    // organization  •  Federal Tax ID"): what follows is no value of the label.
    if (/[•·|]/.test(win.text.slice(hit.end, phrase.start))) return out;
    // Nor is the head of another label ("THE REGISTERED KEEPER      Notice No:  WM25/1173048",
    // "Training Centre  *  Centre No. S1287").
    if (/^ ?(?:[\p{L}#]{1,10}\.? ?)?:|^ (?:no|nr|nbr|num)\.?(?![\p{L}])/iu.test(win.text.slice(phrase.end, phrase.end + 16))) return out;
    // A role "for" a name names whom the role serves ("Managing agents for Brackwell Estates"), not
    // who has it: under a letterhead's name, that name has it.
    // Nor does a signature's role its employer's name after its comma ("Michael Oyelaran" / "Senior
    // Claims Handler, Aldgate Mutual Home Insurance"): the name over it is the role's.
    // (Nor a role's after a person's name, in its bracket: "Professor Henrik Dahlgaard (external examiner, Aarhus University)".)
    if (
        /^,[ \t]+$/.test(win.text.slice(hit.end, phrase.start)) &&
        (nameOverTitledRole(win, hit) || (besideRole(win, hit)?.end ?? Infinity) <= hit.start)
    )
        return out;
    if (/^\s+for\s+$/i.test(win.text.slice(hit.end, phrase.start)))
        return taglineHolder(win, hit).map((name) => ({ ...name, context: hit.weight * LABEL.qualifiedByWord, hit }));
    const between = win.wordsBetween(hit.end, phrase.start);
    // (A form's label, its colon after it, counts less after another word of its cell; prose is no cell.)
    const own = /^[ \t]*:/.test(win.text.slice(hit.end, hit.end + 3)) ? ownWord(win, hit) : 1;
    const context = hit.weight * own * Math.max(0.2, 0.9 - 0.1 * between);
    out.push({ ...phrase, context, hit });
    const inner = /^\p{Lu}\p{L}+\s+of\s+(?=\p{Lu})/u.exec(phrase.quote);
    if (inner && !several) {
        const start = phrase.start + inner[0].length;
        out.push({ start, end: phrase.end, quote: win.text.slice(start, phrase.end), context: context * 1.05, hit });
    }
    for (let k = 0, at = phrase.end; several && k < MAX_LISTED; k++) {
        const next = nextListedName(win, at);
        if (!next) break;
        out.push({ ...next, context, hit });
        at = next.end;
    }
    return out;
}

/** A code that ends a value after a label's word ("rego CJX-41T"). */
const CODE_LAST = /^[ \t]*[:#]?[ \t]*(?=\S*\d)\S+$/;

/** Names listed after the first one in running text: at most this many. */
const MAX_LISTED = 4;

/**
 * String candidates of one field in a window, from its label hits. `several`: the field holds a
 * list (an array), so a label in running text introduces every name of the list it starts
 * ("by and between X, a Delaware corporation, and Y"), not only the first.
 */
export function stringCandidates(win: WindowText, hits: readonly LabelHit[], options: StringOptions = {}): StringCandidate[] {
    const { pattern, several = false, bareName = false, address = false, addressLines = false, nameKind } = options;
    const out: StringCandidate[] = [];
    const text = win.text;
    const re = pattern === undefined ? undefined : compiledPattern(pattern);
    const suffixes = hits.flatMap((h) => (h.kind === 'hint' && h.source !== undefined && /^\p{Lu}/u.test(h.source) ? [h.source] : []));
    // A field's own label is no value of it ("Box 8   Importer" for the hints "Box 8" and "Importer").
    const labels = new Set(hits.map((h) => text.slice(h.start, h.end).toLowerCase()));
    const id = options.identifier;
    for (const hit of hits) {
        // "Customer #:", "Member no.:" label a number: no value of a field that asks for none; the
        // field's whole name ending a name in capitals is that name's ("CASCADIA MUTUAL HEALTH PLAN").
        if (!id && numberTail(win, hit.end, win.lines[hit.line]!.end) !== undefined) continue;
        // (A heading in capitals that ends with the word still heads a "Name" line: "GEGEVENS VAN HET DIER".)
        if (endsCapitalName(win, hit)) {
            out.push(...sectionNameOf(win, hit, options));
            continue;
        }
        // A title line that names the kind and numbers it: "DELIVERY DOCKET / INVOICE   No. 0048817" for `docket_no`.
        const numbered =
            id && hit.kind === 'name-word' && !wordsOf(win.locale, 'identifierWords').has(hit.phrase)
                ? kindNumberAfter(win, hit, options.kindWords ?? [])
                : undefined;
        if (numbered) out.push({ ...numbered, context: hit.weight, hit });
        // "Aanwezig namens aannemer:   E. de Boer" names who acts for the contractor.
        if (!options.signer && actingFor(win, hit)) continue;
        const { line, endLine, sep, restStart, startsLine, colon, restLabel, headed, pair, lastCell } = labelLine(win, hit, bareName, id);
        // A label alone on its line: a word of the name without hints, or a hint of two words or
        // more not in capitals (which may be a name's own line, "SDN BHD").
        const alone = restStart >= line.end && (bareName ? hit.kind === 'name-word' || hit.kind === 'name' : hintPhrase(win, hit));
        // A heading the label starts heads the one line set in under it, the heading's rest no value
        // ("Police Records of Convictions, Cautions" over "  NONE RECORDED").
        const underHeading = startsLine && !colon && !pair ? valueUnderHeading(win, hit.line) : undefined;
        if (underHeading !== undefined) {
            const v = valueBelow(win, hit, false, re, bareName);
            if (v) out.push({ ...v, context: hit.weight * 0.85, hit });
            continue;
        }
        // Value on the same line: "Label: value", or a name a few words after a phrase label in prose.
        if (restStart < endLine.end && !restLabel) {
            if (re) {
                // "rolnr.: 4471 KG 19-33": after a colon, the whole rest of the line when the pattern
                // takes it; else the shortest run of words it takes.
                const whole = pair ? trimValue(text, pair.start, pair.end) : colon ? trimValue(text, restStart, line.end) : undefined;
                const m =
                    whole && whole.end - whole.start <= 80 && re.testExact(whole.quote)
                        ? whole
                        : shortestMatch(text, restStart, Math.min(line.end, restStart + 80), re);
                if (m) out.push({ ...m, context: hit.weight * (colon || startsLine ? 1 : 0.8), hit });
            } else {
                const rest = text.slice(restStart, Math.min(endLine.end, restStart + QUOTED_CHARS + 1));
                // (Longer in quotation marks, which bound it: a thesis's or a report's title.)
                const v = pair
                    ? trimValue(text, pair.start, pair.end)
                    : colon && (rest.length <= 80 || QUOTED.test(rest)) && !SENTENCE_END.test(rest)
                      ? withoutOwnLabel(text, trimValue(text, restStart, columnEnd(text, restStart, endLine.end)), labels)
                      : undefined;
                if (v && !labels.has(v.quote.toLowerCase())) out.push({ ...v, context: hit.weight * ownWord(win, hit), hit });
                const part = v && !address ? slashPart(text, line.start, hit, v) : undefined;
                if (part) out.push({ ...part, context: hit.weight * ownWord(win, hit) * HEAD_PREFERRED, hit });
                const code = codeAfter(win, hit, sep, rest, bareName, options.kindWords ?? [], id === true);
                if (code)
                    out.push({ start: restStart, end: restStart + code.length, quote: code, context: hit.weight * ownWord(win, hit), hit });
                if (v && !address && !several) out.push(...lineHead(win, hits, hit, v, options));
                if (address && v) out.push(...addressParts(win, v, hit, addressLines && !pair));
                // A value its line leaves open runs on under it ("Bewdley (westbound," / "near junction …)").
                const runOn = v && !re ? openValue(win, v) : undefined;
                if (runOn) out.push({ ...runOn, context: hit.weight * ownWord(win, hit) * HEAD_PREFERRED, hit });
                if ((hit.length >= 2 || colon || (bareName && linked(win, hit))) && !sep.includes('.'))
                    out.push(...phraseCandidates(win, hit, restStart, v, several, bareName));
            }
        } else if (!headed && !colon && hit.length >= 2 && win.wrapped(win.lineOf(hit.end))) {
            // A phrase label ending a line of prose: the name starts the next line ("laws of the State of" / "New Jersey").
            out.push(...phraseCandidates(win, hit, restStart, undefined, several, bareName));
        } else if (
            (headed || (startsLine && (colon || hit.kind === 'name' || alone)) || (alone && headingEnd(win, hit)) || lastCell) &&
            !emptyMark(text.slice(hit.end, line.end)) &&
            // (Nor a word that ends a sentence on its line: "… een secretaris en een" / "penningmeester." over a heading.)
            !/^\.[ \t]*$/.test(text.slice(hit.end, Math.min(line.end, hit.end + 8)))
        ) {
            // (Without hints, a word of the name alone on its line heads the line below: "PASSENGER"
            // over "OKONKWO/ADAEZE MS" for `passenger_name`; so does a hint of two words or more, not
            // in capitals, which may be a name's own line: "MOT test number" over "4172 8839 0514".)
            const signer = !colon && alone ? signerAbove(win, hit) : undefined;
            if (signer?.own && !re) out.push({ ...signer.name, context: hit.weight * 0.75, hit });
            const v = signer ? undefined : valueBelow(win, hit, headed || lastCell, re, bareName);
            if (v) out.push({ ...v, context: hit.weight * 0.85, hit });
            // Under a section's heading, a name before its address ("Mr Arjun Mehta-Collins, 12 Weetwood Lane").
            if (v && !re && !address && !several && !startsLine)
                out.push(...headOf(v, valueHead(v.quote, undefined, nameKind !== undefined), hit.weight * 0.85, hit));
        }
        // (And a value under its label's part of a column's heading or in its box: "VESSEL / VOYAGE", "1  Afzender (…)   | 16 …".)
        out.push(...sectionNameOf(win, hit, options), ...(re ? [] : cellsUnder(win, hit, address, options.otherWords)));
        // A hint that begins the value ("AWB 99/216" for the hint "AWB").
        if (re && hit.kind === 'hint' && hit.source !== undefined && text.startsWith(hit.source, hit.start)) {
            const m = shortestMatch(text, hit.start, Math.min(line.end, hit.start + 80), re);
            if (m && m.end > hit.end) out.push({ ...m, context: hit.weight * 0.8, hit });
        }
        if (!re && hit.kind === 'hint' && !colon) out.push(...hintNameCandidates(win, hit, line.text, suffixes, numberLabel(win, hit)));
    }
    const tidy = tidied(text, hits, out, nameKind !== undefined, win.locale);
    return withoutNonValues(win, tidy, labels, options.nullable ?? false, id, address);
}

/**
 * The name over a role's line that signs with it (`nameAbove`), for a role's label alone on its
 * line: "Aoife Brannigan" / "Data Protection Officer" / "Lúnasa Telecom DAC" signs with the name
 * above, the company below is hers, so the line under the role is no value. The name is the
 * field's own (`own`) when the role is a word of the field's name ("Eleanor Marchetti" / "Chair"
 * for `chair_name`); a hint proposes it itself (hintNameCandidates); a plural role's one name is
 * not all of theirs ("J. Whitcombe" over "Building Owners").
 */
function signerAbove(win: WindowText, hit: LabelHit): { name: Span; own: boolean } | undefined {
    // (Not a form of labels over their values, for a name's word: "Tenant" / "Ms Rosa Klein" / "Landlord" / "Mr Colin Barr".)
    if (hit.kind === 'description' || (hit.kind !== 'hint' && stackedForm(win, hit.line))) return undefined;
    const name = nameAbove(win, hit.start, hit.end);
    if (!name) return undefined;
    return { name, own: hit.kind !== 'hint' && !/[^s]s$/i.test(win.text.slice(hit.start, hit.end)) };
}

/**
 * A section's heading that says whose name ("SECTION 2 - OWNER / PRINCIPAL" over "Name: Rachel A.
 * Lindqvist" for `owner_name`; "GEGEVENS VAN HET DIER" over "Naam" for `naam_dier`).
 */
/**
 * The name or code a value read as the rest of its line starts with, before what is said of it:
 * "Groenvallei Logistiek B.V., gevestigd te Venlo", "Kok & De Wit V.O.F., Hoofdweg 201, …",
 * "INV-20388 dated 02.08.2024" (the caller skips an address, whose parts these are, and a list).
 */
function lineHead(win: WindowText, hits: readonly LabelHit[], hit: LabelHit, v: Span, options: StringOptions): StringCandidate[] {
    // (A field that asks for a person may lose a role's bracket after an untitled name.)
    const head =
        valueHead(v.quote, wordsOf(win.locale, 'rangeWords'), options.nameKind !== undefined, options.person === true) ||
        (options.people === true ? 0 : firstOfPeople(win, v.quote));
    // (Not where the rest names the field again before a code: "Toyota RAV4, NSW rego CJX-41T" for
    // `vehicle_rego`, whose code heuristic-tidy.ts reads.)
    const named =
        head > 0 &&
        hits.some((h) => h !== hit && h.start >= v.start + head && h.end <= v.end && CODE_LAST.test(win.text.slice(h.end, v.end)));
    // (A word of the name after another word in its cell counts less here too: "Flight type:   DUAL (not solo)" for `aircraft_type`.)
    return named ? [] : headOf(v, head, hit.weight * ownWord(win, hit), hit);
}

function sectionNameOf(win: WindowText, hit: LabelHit, options: StringOptions): StringCandidate[] {
    const { nameKind, several = false } = options;
    const under =
        nameKind && hit.kind === 'name-word'
            ? sectionName(win, hit, [nameKind])
            : !nameKind && (hit.kind === 'name' || hit.kind === 'hint') && hit.length === 1 && !several
              ? sectionName(win, hit, [...wordsOf(win.locale, 'nameWords')], true)
              : undefined;
    return under ? [{ ...under, context: hit.weight * LABEL.section, hit }] : [];
}

/** A value's head of `head` characters (valueHead), preferred a little to the whole; none for 0. */
function headOf(v: Span, head: number, context: number, hit: LabelHit): StringCandidate[] {
    return head ? [{ start: v.start, end: v.start + head, quote: v.quote.slice(0, head), context: context * HEAD_PREFERRED, hit }] : [];
}

/**
 * Whether a label ends a short heading of a form's section, a word or two before it, and the line
 * under it is set in: "Licence holder" over "    Mr Arjun Mehta-Collins, 12 Weetwood Lane"; the
 * section's number first, the name alone or after another ("6  VERVOERDER", "3  LOCATIE VAN
 * BESTEMMING / ONTVANGER").
 */
function headingEnd(win: WindowText, hit: LabelHit): boolean {
    const line = win.lines[hit.line]!;
    const next = win.nextTextLine(hit.line);
    if (next !== hit.line + 1 || line.text.length > 40) return false;
    const before = win.text.slice(line.start, hit.start);
    // (Not over a table's header: "Uitgeleend hulpmiddel" over "Art.nr.   Omschrijving   Serienr.".)
    return SECTION_HEAD.test(before) && indentOf(win.lines[next]!.text) > indentOf(line.text) && cells(win.lines[next]!.text) === 1;
}

/** What stands before a name that ends a section's heading: a number, a word or two, or another name and a slash. */
const SECTION_HEAD = /^\s*(?:\p{L}+(?: \p{L}+)? |\p{N}{1,2}[.)]?[ \t]+(?:(?:\p{L}+ ){1,3}\/ )?)$/u;

/** A hint of two words or more, not written in capitals; or any hint after a section's number ("1. Event"). */
function hintPhrase(win: WindowText, hit: LabelHit): boolean {
    const numbered = /^[ \t]*\p{N}{1,2}[.)]?[ \t]+$/u.test(win.text.slice(win.lines[hit.line]!.start, hit.start));
    return hit.kind === 'hint' && (numbered || (hit.length >= 2 && !allCaps(win.text.slice(hit.start, hit.end).replace(/\s/g, ''))));
}

/** A value wholly in quotation marks, at most QUOTED_CHARS long: its marks bound it. */
// (Not a statement quoted, which ends as a sentence does: `Tenant: "The stain … was already there, …"`.)
const QUOTED = /^["“‘'][^"“”‘’\n]+[^"“”‘’\n.!?…]["”’'][ \t]*$/u;
const QUOTED_CHARS = 160;
