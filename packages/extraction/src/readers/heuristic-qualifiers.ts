// What qualifies a label hit: a part an amount is counted with or without ("incl. 21% btw"), a
// compound whose head names another kind of the thing ("Contracturen" for "verlofuren"), a word
// of the name after another word in its cell ("Current school:"). Split from heuristic-labels.ts
// and heuristic-strings.ts.
import { sumWordsOf, wordsOf } from '../locale/locale-words.js';
import type { CompiledField, CompiledSchema } from '@svc/compiler';
import type { LabelHit, LabelPhrase } from './heuristic-labels.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import type { Span } from './heuristic-spans.js';
import { indentOf } from './heuristic-rows.js';
import { LABEL } from './heuristic-weights.js';

/** Compound tails shorter than this are not split off ("nr" is no label inside "januari"). */
export const MIN_COMPOUND_TAIL = 4;

/**
 * A label after "excl." or "incl." on its line, its rate between or not ("Bedrag excl. btw: €
 * 100,00", "Total incl. VAT", "Totaal incl. 21% btw", "Balance outstanding (before rebate)"),
 * names the part an amount is counted without or with, so the amount is not that part: no label
 * of a money field it names ("btw" of `vat`).
 */
export function countedApart(win: WindowText, hit: LabelHit): boolean {
    let i = win.wordAt(hit.start);
    // Its rate may stand between: "Totaal incl. 21% btw", "Total excl. 20% VAT".
    const rate = i > 1 ? win.words[i - 1]! : undefined;
    if (rate && /^\d{1,2}$/.test(rate.norm) && /^[,.]?\d*\s?%\s*$/.test(win.text.slice(rate.end, hit.start))) i--;
    const before = i > 0 ? win.words[i - 1] : undefined;
    // (Or ending the line above a wrapped label: "received to date (Visits 1-4, excl.⏎reimbursements):".)
    const wrapped =
        before !== undefined && before.line === hit.line - 1 && win.text.slice(win.lines[hit.line]!.start, hit.start).trim() === '';
    return before !== undefined && (before.line === hit.line || wrapped) && sumWordsOf(win.locale, 'apart').has(before.norm);
}

/**
 * Whether a compound's head differs from the one the field gives the same word ("Contracturen per
 * week" for `uren_per_week`, described as "verlofuren"): the compound names another thing of the
 * kind. (A field that names no kind of its own keeps every compound: "betalingsachterstand" is an
 * `achterstand`.)
 */
export function foreignHead(win: WindowText, hit: LabelHit, phrases: readonly LabelPhrase[]): boolean {
    const word = win.words[win.wordAt(hit.start)]!.norm;
    const tail = hit.phrase.split(' ')[0]!;
    const at = word.lastIndexOf(tail.slice(0, MIN_COMPOUND_TAIL));
    const head = at > 0 ? word.slice(0, at) : '';
    if (head.length < 3) return false;
    const words = phrases.flatMap((p) => p.words);
    const stem = tail.slice(0, MIN_COMPOUND_TAIL);
    return !words.some((w) => w.includes(head)) && words.some((w) => w !== word && w.indexOf(stem) > 2);
}

/**
 * A word of the field's name after another word in its cell names another thing of that kind
 * ("Current school:" for `school_offered`, "Home phone:" for `mobile_phone`): it counts less.
 */
export function ownWord(win: WindowText, hit: LabelHit): number {
    if (hit.kind !== 'name-word') return 1;
    const line = win.lines[hit.line]!;
    // (Its cell is short: a long line is read only near the label.)
    const cell = win.text
        .slice(Math.max(line.start, hit.start - 64), hit.start)
        .split(/ {2,}|\t|[:|]/)
        .pop()!;
    return qualifyingWord(win, cell) ? LABEL.qualifiedByWord : 1;
}

/**
 * Whether text before a label holds a word that says which of its kind ("Current school", "SUB
 * TOTAL"): not only a possessive, which says whose ("Uw dagloon", "Your account number").
 */
export function qualifyingWord(win: WindowText, before: string): boolean {
    const possessives = wordsOf(win.locale, 'possessives');
    for (const m of before.matchAll(/\p{L}{2,}/gu)) if (!possessives.has(m[0].toLowerCase())) return true;
    return false;
}

/**
 * Two cells of a line: text, a gap of three spaces or more, text. A heading of two cells is a
 * letterhead's or a title's row, no section's ("FENWRIGHT HOME & GARDEN LTD      STOCK RESULT").
 */
const TWO_CELLS = /\S {3,}\S/;

/** Lines a section's heading stands above a label in its block at most. */
const HEADING_LINES = 8;
/** Characters of a section's heading at most. */
const HEADING_CHARS = 80;
/** A heading over a value set in under it starts its line within this many spaces. */
const HEADING_INDENT = 4;

/** The rest of a form's label line: a few more words of the label, its colon, the value. */
const FORM_LABEL_REST = /^[\p{L} ]{0,30}:/u;
const FORM_LABEL_BEFORE = /^\s*(?:\p{L}+ ){0,3}$/u;
/** Characters before and after a label read for its form line. */
const FORM_LABEL_NEAR = 48;

/** Whether line `k` heads the block set in under it: short, without a colon, the next line deeper. */
function heads(win: WindowText, k: number): boolean {
    const t = win.lines[k]!.text;
    const next = win.lines[k + 1]?.text ?? '';
    if (t.trim() === '' || t.length > HEADING_CHARS || t.includes(':') || next.trim() === '') return false;
    // Set in under it, or a heading in capitals over "Label:" lines as deep ("LICENCE HOLDER" over "Name:   …").
    return indentOf(next) > indentOf(t) || (indentOf(next) === indentOf(t) && capitalHeading(t) && next.includes(':'));
}

/** A line of a few words in capitals ("DOG DETAILS", "LICENCE HOLDER"). */
function capitalHeading(t: string): boolean {
    const letters = t.replace(/[^\p{L}]/gu, '');
    return letters.length >= 3 && letters === letters.toUpperCase() && /^\s*\p{L}[\p{L}'’&/ -]*$/u.test(t.trimEnd());
}

/**
 * The one line a heading stands over, set in under it and alone in its block, no label of its own
 * ("Police Records of Convictions, Cautions, Reprimands and Warnings" over "  NONE RECORDED"):
 * the heading's value. Undefined for a heading over a form's labelled lines.
 */
export function valueUnderHeading(win: WindowText, k: number): number | undefined {
    // (Not a centred title over its subtitle: "CERTIFICATE OF CHIMNEY SWEEPING" over "Certificate No. 0047193".)
    if (!heads(win, k) || indentOf(win.lines[k]!.text) > HEADING_INDENT) return undefined;
    const under = win.lines[k + 1]!.text;
    const after = win.lines[k + 2]?.text ?? '';
    if (under.includes(':') || (after.trim() !== '' && indentOf(after) > indentOf(win.lines[k]!.text))) return undefined;
    return k + 1;
}

/**
 * The heading over an indented label's block: the nearest line above it set less deep, with no
 * blank line between ("Your old account" over "    Bank:    Harbour Cross Bank plc").
 */
function headingOver(win: WindowText, at: number): number | undefined {
    const depth = indentOf(win.lines[at]!.text);
    for (let k = at - 1; k >= 0 && at - k <= HEADING_LINES; k--) {
        const t = win.lines[k]!.text;
        if (!t.trim()) return undefined;
        if (indentOf(t) < depth) return heads(win, k) && !TWO_CELLS.test(t.trim()) ? k : undefined;
        // (A heading in capitals as deep as the labels under it.)
        if (indentOf(t) === depth && capitalHeading(t)) return heads(win, k) && !TWO_CELLS.test(t.trim()) ? k : undefined;
    }
    return undefined;
}

/** The stems of a line's words. */
function lineStems(win: WindowText, k: number): Set<string> {
    const out = new Set<string>();
    for (let i = win.wordAt(win.lines[k]!.start); i < win.words.length && win.words[i]!.line === k; i++)
        out.add(win.locale.stem(win.words[i]!.norm));
    return out;
}

/** A window's blocks' headings: each heading line's stems, and how many headings hold each stem. */
interface Headings {
    lines: Map<number, Set<string>>;
    counts: Map<string, number>;
}
const HEADINGS = new WeakMap<WindowText, Headings>();

function headings(win: WindowText): Headings {
    let out = HEADINGS.get(win);
    if (!out) {
        out = { lines: new Map(), counts: new Map() };
        for (let k = 0; k + 1 < win.lines.length; k++) {
            if (!heads(win, k)) continue;
            const stems = lineStems(win, k);
            out.lines.set(k, stems);
            for (const s of stems) out.counts.set(s, (out.counts.get(s) ?? 0) + 1);
        }
        HEADINGS.set(win, out);
    }
    return out;
}

/**
 * A label of some of the name's words (or its description's) in a block whose heading says another kind of it ("Sort code:" under "Your
 * old account" for `new_sort_code`): another block's heading holds a word of the field's name
 * that this heading lacks ("Your new account"), or this heading holds none of the field's other
 * words but a word of another field's name that has the label's words too ("old" of `old_bank`
 * for `new_bank`'s "Bank:"). Such a label is the other block's field's, not this one's.
 * `names`: each field's name words (field id → words).
 */
export function otherSection(win: WindowText, hit: LabelHit, names: ReadonlyMap<number, readonly string[]>): boolean {
    if (hit.kind === 'hint') return false;
    // Only a form's "Label:" line whose first cell the label is in (read near the label only: a
    // line may be a whole document long).
    const line = win.lines[hit.line]!;
    if (hit.start - line.start > FORM_LABEL_NEAR || !FORM_LABEL_BEFORE.test(win.text.slice(line.start, hit.start))) return false;
    if (!FORM_LABEL_REST.test(win.text.slice(hit.end, Math.min(line.end, hit.end + FORM_LABEL_NEAR)))) return false;
    const heading = headingOver(win, hit.line);
    if (heading === undefined) return false;
    const all = headings(win);
    const said = all.lines.get(heading)!;
    const stem = (w: string): string => win.locale.stem(w);
    const matched = hit.phrase.split(' ');
    const own = (names.get(hit.field) ?? []).filter((w) => !matched.includes(w) && w.length >= 3 && !/^\d+$/.test(w)).map(stem);
    if (own.some((w) => said.has(w))) return false;
    // The heading names another field's kind of the thing, by a word of its name this one lacks.
    const other = [...names].some(
        ([field, words]) =>
            field !== hit.field && words.some((w) => w.length >= 3 && !own.includes(stem(w)) && !matched.includes(w) && said.has(stem(w))),
    );
    if (!other) return false;
    // And this field's own kind is another block's heading ("Your new account"), or the other
    // field has the label's words too ("Bank:" is `old_bank`'s as well as `new_bank`'s).
    // (Counted once per window: a hit asks in as many steps as the field's name has words.)
    if (own.some((w) => (all.counts.get(w) ?? 0) > (said.has(w) ? 1 : 0))) return true;
    for (const [field, words] of names)
        if (
            field !== hit.field &&
            matched.every((w) => words.includes(w)) &&
            words.some((w) => w.length >= 3 && !own.includes(stem(w)) && said.has(stem(w)))
        )
            return true;
    return false;
}

/**
 * A word of the name right before a word of tax names that tax ("Insurance Premium Tax at 12% …
 * (this year £60.87)" for `annual_premium`): no label of the sum itself.
 */
export function taxAfter(win: WindowText, hit: LabelHit): boolean {
    if (hit.kind !== 'name-word' && hit.kind !== 'name') return false;
    const next = win.words[win.wordAt(hit.end)];
    return (
        !!next && next.line === hit.line && win.text.slice(hit.end, next.start) === ' ' && wordsOf(win.locale, 'taxWords').has(next.norm)
    );
}

/**
 * Whether a label stands inside a bracket (opened shortly before it) that closes before the value,
 * prose running on between them; a row's bracket before its cell's value ("Locker rental (no. 114,
 * gents' locker room)     40.00") keeps the row's label.
 */
export function bracketClosedBetween(text: string, hit: LabelHit, span: Span): boolean {
    const between = text.slice(hit.end, Math.min(span.start, hit.end + BRACKET_REACH));
    const close = between.indexOf(')');
    if (close < 0 || between.lastIndexOf('(', close) >= 0) return false;
    if ((between.slice(close).match(/\p{L}{2,}/gu)?.length ?? 0) < 2) return false;
    const before = text.slice(Math.max(0, hit.start - BRACKET_REACH), hit.start);
    return before.lastIndexOf('(') > before.lastIndexOf(')');
}

/**
 * Whether a label stands inside a bracket on its line, after words it qualifies, and the bracket
 * closes before the value: "Jayden (first child, born before 6 April 2017)   £339.00"; `phrase`: the label's words.
 */
export function insideRowBracket(text: string, hit: LabelHit, span: Span): boolean {
    const between = text.slice(hit.end, Math.min(span.start, hit.end + BRACKET_REACH));
    const close = between.indexOf(')');
    if (close < 0 || between.lastIndexOf('(', close) >= 0) return false;
    const before = text.slice(Math.max(0, hit.start - BRACKET_REACH), hit.start);
    const open = before.lastIndexOf('(');
    const lineStart = before.lastIndexOf('\n') + 1;
    const head = before.slice(lineStart, Math.max(lineStart, open)).toLowerCase();
    // (A bracket of words, not a short qualifier of the row: "Booking fee (per ticket)   3".)
    const inside = before.slice(open + 1) + between.slice(0, close);
    const words = inside.match(/\p{L}+/gu)?.length ?? 0;
    // (Or a sum of parts: "Totaal   (8 fondsen + liquiditeiten)".)
    if (words < 3 && !inside.includes('+')) return false;
    // (Not a bracket that repeats its head's word: "Locker rental (no. 114, gents' locker room)".)
    return open > before.lastIndexOf(')') && open >= lineStart && /\p{L}/u.test(head) && !head.includes(hit.phrase);
}

/** Characters around a label read for a bracket it stands in. */
const BRACKET_REACH = 80;

/** A gap without the weekday that ends it ("Technician visit ....... Thursday, 02/13/2025"): the date's own. */
export function withoutWeekday(win: WindowText, gap: string): string {
    const day = WEEKDAY_LAST.exec(gap);
    return day && win.locale.weekdays.includes(day[1]!.toLowerCase()) ? gap.slice(0, day.index) + ' ' : gap;
}
const WEEKDAY_LAST = /(?<![\p{L}])(\p{L}+)\.?,?\s*$/u;

/**
 * A field's labels without a remark's about the role they name: a word of remarks next to the
 * label in its cell ("Opmerkingen ontvanger:   bijmenging gips < 5%", "Customer comments:") makes
 * it no label of the role, unless the field asks for the remark (`opmerkingen`).
 */
function withoutRemarks(win: WindowText, name: string, hits: readonly LabelHit[]): readonly LabelHit[] {
    const remarks = wordsOf(win.locale, 'remarkWords');
    if (remarks.size === 0 || labelWords(name).some((w) => remarks.has(w))) return hits;
    const next = (w: { norm: string; line: number } | undefined, gap: string, line: number): boolean =>
        w !== undefined && w.line === line && /^(?:[ \t]|['’]s[ \t]?)?$/.test(gap) && remarks.has(w.norm);
    return hits.filter((h) => {
        const i = win.wordAt(h.start);
        const j = win.wordAt(Math.max(h.start, h.end - 1));
        const before = i > 0 ? win.words[i - 1] : undefined;
        const after = win.words[j + 1];
        return !(
            next(before, before ? win.text.slice(before.end, h.start) : '', h.line) ||
            next(after, after ? win.text.slice(h.end, after.start) : '', h.line)
        );
    });
}

/**
 * A field's labels without those in another role's block: where the schema has a field named by a
 * role and this field's name (`witness_address` beside `address`), a bare label of this field under a
 * line that starts with the role ("Witness signature:" over "Address:   19 Clarendon Park Road")
 * is that role's. Lines read: up to ROLE_BLOCK_LINES above, no blank line between.
 */
function withoutOtherRoles(win: WindowText, field: CompiledField, schema: CompiledSchema, hits: readonly LabelHit[]): readonly LabelHit[] {
    const own = labelWords(field.name);
    const roles = schema.fields.flatMap((g) => {
        const words = labelWords(g.name);
        // (Of the same type: `spreekuur_bedrijfsarts`, a date, names no role of `bedrijfsarts`.)
        return g.id !== field.id &&
            g.type.kind === field.type.kind &&
            words.length === own.length + 1 &&
            own.every((w, i) => words[i + 1] === w) &&
            !own.includes(words[0]!)
            ? [words[0]!]
            : [];
    });
    if (roles.length === 0) return hits;
    const roleAbove = (line: number): boolean => {
        for (let l = line - 1, k = 0; l >= 0 && k < ROLE_BLOCK_LINES; l--, k++) {
            const first = /^\s*(\p{L}+)/u.exec(win.lines[l]!.text)?.[1]?.toLowerCase();
            if (first === undefined) return false;
            if (roles.includes(first)) return true;
        }
        return false;
    };
    return hits.filter((h) => h.kind !== 'name' || !roleAbove(h.line));
}
const ROLE_BLOCK_LINES = 4;

/** The labels a string field reads values after: without a remark's about its role, nor another role's in its block. */
export function stringLabels(
    win: WindowText,
    field: CompiledField,
    schema: CompiledSchema,
    hits: readonly LabelHit[],
): readonly LabelHit[] {
    return withoutOtherRoles(win, field, schema, withoutRemarks(win, field.name, hits));
}

/**
 * Words that ask for a thing's kind or use before "of" ("Type of business:", "Use of premises:"), and
 * Dutch ones alone ("Soort bedrijf:"); one space apart (a table's "Type      Price" are two columns).
 */
const KIND_WORDS = ['type', 'kind', 'sort', 'category', 'nature', 'use', 'purpose', 'soort', 'aard', 'categorie', 'gebruik'];
const KIND_OF = new RegExp(`(?:^|[\\s(])(?:${KIND_WORDS.join('|')})(?: (?:of|van))? $`, 'i');

/**
 * A word of the field's name after words that ask for its kind ("Type of business:   Restaurant /
 * cafe" for `business_name`) labels the kind, not the field: unless the field's name asks for a
 * kind too (`business_type`).
 */
export function kindOfLabel(win: WindowText, hit: LabelHit, name: readonly string[]): boolean {
    // (A hint of one word too: "Use of premises:" for the hint "Premises".)
    if (!(hit.kind === 'name-word' || (hit.kind === 'hint' && hit.length === 1)) || name.some((w) => KIND_WORDS.includes(w))) return false;
    const line = win.lines[hit.line]!;
    return KIND_OF.test(win.text.slice(Math.max(line.start, hit.start - 24), hit.start));
}

/**
 * A field's hits whose word is one of its name's first words where a hit of the name's last word
 * follows on the same line ("Aircraft: G-WFSX   Type: Piper PA-28-161" for `aircraft_type`): the
 * row names the thing first and the field's kind of it after: the first word's label counts less than the last's.
 */
export function yieldToHead(win: WindowText, hits: LabelHit[], name: readonly string[]): void {
    const head = name[name.length - 1];
    if (name.length < 2 || head === undefined) return;
    // The last hit of the head word on each line: one pass.
    const lastHead = new Map<number, LabelHit>();
    for (const h of hits)
        if (h.kind === 'name-word' && h.phrase === head && h.start > (lastHead.get(h.line)?.start ?? -1)) lastHead.set(h.line, h);
    if (!lastHead.size) return;
    for (const h of hits) {
        const at = lastHead.get(h.line);
        if (!at || h.kind !== 'name-word' || h.phrase === head || !name.includes(h.phrase) || at.start <= h.end) continue;
        // Labels of two cells, each ending in its colon ("per maand" is one label; "hrs:  20 hours per
        // month" a label and its value).
        const colon = (from: number, to: number): boolean => /^[ \t]*:/.test(win.text.slice(from, Math.min(to, from + ROW_CELLS)));
        if (colon(h.end, at.start) && colon(at.end, at.end + 8)) h.weight = Math.min(h.weight, at.weight) * LABEL.qualifiedByWord;
    }
}

/** Characters between two labels of one row at most. */
const ROW_CELLS = 120;
