// A string candidate tidied after it was read (split from heuristic-strings.ts): without another
// label of its field before a code ("Kenteken S-472-KV"), a name without a number's item after it
// ("Sgt. L. Bramwell, Badge #2207"), a value over lines without the field's own label under it
// ("Janet Morrow" / "Coroner's Officer"), the part of a value its label's part asks for ("FLIGHT /
// DATE : XP417 / 12MAR25").
import type { LocaleProfile } from '../locale/locale-types.js';
import { shapesOf } from '../locale/locale-shapes.js';
import { parseDateQuote } from '../parsers/date-parser.js';
import type { LabelHit } from './heuristic-labels.js';
import type { Span } from './heuristic-spans.js';
import type { StringCandidate } from './heuristic-strings.js';
import { cellColumns } from './heuristic-rows.js';
import { HEAD_PREFERRED, headerRow } from './heuristic-lines.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Candidates without another label of their field before a code, and names without a number's item after them or a number's word and figure ending them. */
export function tidied(
    text: string,
    hits: readonly LabelHit[],
    found: readonly StringCandidate[],
    name: boolean,
    locale: LocaleProfile,
): StringCandidate[] {
    const tidy = afterOwnLabel(text, hits);
    const labels = new Set(hits.map((h) => text.slice(h.start, h.end).toLowerCase()));
    // (A name is no registration's label and number either: "UKAS Testing Laboratory No. 2871".)
    // (Nor a date, or a month and its year: "24–26 June 2025", "June 2025" for `farm_name`.)
    const months = shapesOf(locale).monthNumber;
    const dated = (q: string): boolean =>
        parseDateQuote(q.replace(DAY_RANGE_HEAD, ''), 'auto', locale.code) !== undefined ||
        months.has(MONTH_YEAR.exec(q)?.[1]?.toLowerCase() ?? '');
    const kept = name
        ? found.filter((c) => !NUMBERED_TAIL.test(c.quote) && !NUMBERED_AFTER.test(text.slice(c.end, c.end + 16)) && !dated(c.quote))
        : found;
    return kept.map((c) => withFormFirst(text, beforeOwnLabel(name ? nameBeforeNumber(tidy(c)) : tidy(c), labels)));
}

/** Legal forms a Dutch name starts with ("Stichting Buurtmoestuin De Zandhoek", "Vereniging Oud-Noord"). */
const FORMS_FIRST: ReadonlySet<string> = new Set(['stichting', 'vereniging', 'coöperatie', 'coöperatieve', 'cooperatie']);
/** Words of a label that asks for a name. */
const NAME_WORDS: ReadonlySet<string> = new Set(['naam', 'name', 'statutaire']);

/**
 * A value right after its label's word that is a legal form a name starts with, one space between
 * ("Stichting Buurtmoestuin De Zandhoek" for `naam_stichting`): the form is the name's first word.
 */
function withFormFirst(text: string, c: StringCandidate): StringCandidate {
    const h = c.hit;
    if (!h || c.start !== h.end + 1 || text[h.end] !== ' ' || !/^\p{Lu}/u.test(c.quote)) return c;
    // (The label's last word: "naam: Stichting" is the phrase `naam stichting` read across its colon.)
    const word = /\p{L}+$/u.exec(text.slice(h.start, h.end))?.[0] ?? '';
    if (!/^\p{Lu}/u.test(word) || !FORMS_FIRST.has(word.toLowerCase())) return c;
    // (Only a label of the form's name, "naam stichting"; "Contactpersoon Stichting Jan de Vries" names a person.)
    if (!h.phrase.split(' ').some((w) => NAME_WORDS.has(w))) return c;
    const start = h.end - word.length;
    return { ...c, start, quote: text.slice(start, c.end) };
}

/** A number's word and its figure ending a value ("… No. 2871", "… nr. 12345"). */
const NUMBERED_TAIL = /[ \t](?:No|Nr|Number|Nummer)\.?[ \t]*\d[\d \t-]*$/i;
/** A range of days' first day and its dash, before the date that ends the range ("24–" of "24–26 June 2025"). */
const DAY_RANGE_HEAD = /^\d{1,2}(?:st|nd|rd|th)?[ \t]*[-–][ \t]*(?=\d)/;
/** A word and a year alone: a month's name if the word is one. */
const MONTH_YEAR = /^(\p{L}{3,})\.?,?[ \t]+\d{4}$/u;
/** The same right after a value: its head. */
const NUMBERED_AFTER = /^[ \t](?:No|Nr|Number|Nummer)\.?[ \t]*\d/i;

/**
 * A value over lines ends before a line that is its field's own label: a signature's name over the
 * role the field is named by ("Janet Morrow" / "Coroner's Officer" under "Yours sincerely," for
 * `coroners_officer`, both hints).
 */
function beforeOwnLabel(c: StringCandidate, labels: ReadonlySet<string>): StringCandidate {
    const lines = c.quote.split('\n');
    // (A label of words in lower case and a space, a role's: not "SDN BHD" or "LLC", a name's own end.)
    const k = lines.findIndex((l, i) => i > 0 && /\p{Ll}/u.test(l) && / /.test(l.trim()) && labels.has(l.trim().toLowerCase()));
    if (k < 0) return c;
    const quote = lines.slice(0, k).join('\n').trimEnd();
    return quote ? { ...c, quote, end: c.start + quote.length } : c;
}

/**
 * A name is no number: for a field that asks for a name (`officer_name`), what follows a comma and
 * a word or two before a number is another item of the line ("Sgt. L. Bramwell, Badge #2207").
 */
function nameBeforeNumber(c: StringCandidate): StringCandidate {
    const m = /^([^,\d#]{3,}?),[ \t]+\p{L}[\p{L}. ]{0,20}?[#:]?[ \t]*\d/u.exec(c.quote);
    return m ? { ...c, quote: m[1]!, end: c.start + m[1]!.length } : c;
}

/** A code that ends a value after a label's word: letters, digits and joiners, at least one digit. */
const CODE_END = /^[ \t]*[:#]?[ \t]*(?=[^\s]*\d)[\p{Lu}\p{N}][\p{L}\p{N}\-/.]*$/u;

/**
 * A value that starts with another label of its field, a code after it ("Gedekt voertuig   Kenteken
 * S-472-KV", both hints): the code is the value, not the label with it. Only hints and whole names,
 * and only before a figure: a name may start with a word of the field's ("Bank of Scotland").
 */
function afterOwnLabel(text: string, hits: readonly LabelHit[]): (c: StringCandidate) => StringCandidate {
    const own = new Set(hits.filter((h) => h.kind === 'hint' || h.kind === 'name').map((h) => text.slice(h.start, h.end).toLowerCase()));
    // Hits by start, searched for those inside a value (a window may hold thousands).
    const sorted = hits.slice().sort((a, b) => a.start - b.start);
    const inside = (c: StringCandidate): LabelHit | undefined => {
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (sorted[mid]!.start <= c.start) lo = mid + 1;
            else hi = mid;
        }
        for (let i = lo; i < sorted.length && sorted[i]!.start < c.end; i++) {
            const h = sorted[i]!;
            // (A word of the name or a hint, not of the description: "versie" of "Rapportnummer, zonder versie".)
            if (
                h.kind !== 'description' &&
                !h.compound &&
                h.end < c.end &&
                h.phrase !== c.hit?.phrase &&
                CODE_END.test(text.slice(h.end, c.end))
            )
                return h;
        }
        return undefined;
    };
    return (c) => {
        // (Not a hint that begins its own value: "AWB 99/216" for the hint "AWB".)
        if (c.hit && c.start < c.hit.end) return c;
        // Another word of the field's name inside the value before a code that ends it: "Vehicle:
        // Toyota RAV4, NSW rego CJX-41T" for `vehicle_rego` is the code.
        const inner = inside(c);
        if (inner) {
            const at = inner.end + /^[ \t]*[:#]?[ \t]*/.exec(text.slice(inner.end, c.end))![0].length;
            return { ...c, quote: text.slice(at, c.end), start: at };
        }
        // (Not a number a comma ends, which names a place with the label: "Court:  Court 3, Harrogate Justice Centre".)
        const head = /^(\p{L}[\p{L} ]{0,40}?)[ \t]+(?=\S*\d)(?!\S*,)/u.exec(c.quote);
        // (Nor a number of one to three digits alone, which names the thing with its word: "Room:  Room 2 (…)".)
        if (!head || !own.has(head[1]!.toLowerCase()) || /^\d{1,3}(?![\p{L}\d\-/.])/u.test(c.quote.slice(head[0].length))) return c;
        const cut = head[0].length;
        return { ...c, quote: c.quote.slice(cut), start: c.start + cut };
    };
}

/**
 * The part of a value that answers its label's part, where both name two things apart by a slash
 * ("FLIGHT / DATE    : XP417 / 12MAR25" for `flight_number`, "Lengte / gewicht:   162 cm /
 * onbekend"): the label's part the hit stands in, the value's part in the same place.
 */
export function slashPart(text: string, lineStart: number, hit: LabelHit, v: Span): Span | undefined {
    // (A label's cell is short: a long line is read once per label on it.)
    if (v.start - lineStart > LABEL_CELL) return undefined;
    const label = text.slice(lineStart, Math.max(lineStart, v.start));
    const slashes = [...label.matchAll(SLASH)];
    const parts = [...v.quote.matchAll(SLASH)];
    if (slashes.length !== 1 || parts.length !== 1 || !/[:=]/.test(label)) return undefined;
    const cut = parts[0]!.index;
    const first = lineStart + slashes[0]!.index > hit.start;
    const [start, end] = first ? [v.start, v.start + cut] : [v.start + cut + parts[0]![0].length, v.end];
    return start < end ? { start, end, quote: text.slice(start, end) } : undefined;
}

/**
 * A column's heading that names two things apart by a slash over a cell that gives two ("VESSEL /
 * VOYAGE" over "MERIDIAN AURORA / 614W" for `vessel`, in a row of column labels): the part of the
 * cell under the label's part.
 */
export function slashedCellUnder(win: WindowText, hit: LabelHit, others: ReadonlySet<string>): StringCandidate[] {
    const part = slashedPart(win, hit, others);
    return part ? [{ ...part, context: hit.weight * 0.85 * HEAD_PREFERRED, hit }] : [];
}

function slashedPart(win: WindowText, hit: LabelHit, others: ReadonlySet<string>): Span | undefined {
    // (The field's whole name or a hint: a word of a longer name, "GUESTS" for `lead_guest`, names another thing.)
    if (hit.kind !== 'name' && hit.kind !== 'hint') return undefined;
    const line = win.lines[hit.line]!;
    const next = win.nextTextLine(hit.line);
    // (Short lines only: a long line's cells are split once per label on it.)
    if (next < 0 || next - hit.line > 2 || line.text.length > ROW_CHARS || win.lines[next]!.text.length > ROW_CHARS) return undefined;
    const at = hit.start - line.start;
    const head = cellColumns(line.text).find((c) => c.start <= at && at < c.start + (c.to - c.from));
    const heading = head && line.text.slice(head.start, head.start + (head.to - head.from));
    const slashes = heading ? [...heading.matchAll(SLASH)] : [];
    if (!head || slashes.length !== 1) return undefined;
    const below = win.lines[next]!;
    // (A row of column labels, not a row of a label and its value: "Train / service   Not known".)
    if (!headerRow(line.text, below.text)) return undefined;
    const cell = cellColumns(below.text).find((c) => Math.abs(c.from - head.from) <= 2);
    if (!cell) return undefined;
    const start = below.start + cell.start;
    const v = { start, end: start + (cell.to - cell.from), quote: below.text.slice(cell.start, cell.start + (cell.to - cell.from)) };
    const parts = [...v.quote.matchAll(SLASH)];
    if (parts.length !== 1) return undefined;
    const cut = parts[0]!.index;
    const first = at < head.start + slashes[0]!.index;
    // (The heading's other part names another field: "STORING / KLACHT" over "Lekkage / druppelt …" is one complaint.)
    const other = first ? heading!.slice(slashes[0]!.index) : heading!.slice(0, slashes[0]!.index);
    if (!labelWords(other).some((w) => others.has(w))) return undefined;
    const [s, e] = first ? [v.start, v.start + cut] : [v.start + cut + parts[0]![0].length, v.end];
    return s < e ? { start: s, end: e, quote: win.text.slice(s, e) } : undefined;
}

/** Characters of a heading's row or its values' at most, for a slashed column's parts. */
const ROW_CHARS = 240;

/** Characters from a line's start to a value at most, for its label's parts. */
const LABEL_CELL = 120;

/** A slash set apart by spaces, between two things named or given. */
const SLASH = /[ \t]+\/[ \t]+/g;
