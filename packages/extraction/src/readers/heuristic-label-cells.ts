// A label cell headed by another field's label: "Aanwezigen in het gebouw:   212" is the label of
// `aanwezigen` (its head), not of `gebouw`, whose hint only says where the people are counted.
import type { LabelHit } from './heuristic-labels.js';
import type { WindowText } from './heuristic-text.js';

/** Characters of a label cell read before a hit, and words between the head's label and the hit at most. */
const CELL_BEFORE = 60;
const WORDS_BETWEEN = 3;

/**
 * The hits to drop: each ends its label cell (a colon after it) that another field's hit starts,
 * a preposition of place and its article between ("Aanwezigen in het gebouw:"). `all`: the window's hits, any order.
 */
export function headedByOther(
    win: WindowText,
    all: readonly LabelHit[],
    firstWords: ReadonlyMap<number, string> = new Map(),
): Set<LabelHit> {
    const out = new Set<LabelHit>();
    // (Cell starts first: only hits that start a cell can head one.)
    const starts = new Map<number, LabelHit[]>();
    for (const h of all) {
        if (!cellStart(win, h)) continue;
        const list = starts.get(h.start);
        if (list) list.push(h);
        else starts.set(h.start, [h]);
    }
    if (!starts.size) return out;
    for (const h of all) {
        if (!/^[ \t]*:/.test(win.text.slice(h.end, h.end + 4)) || cellStart(win, h)) continue;
        const line = win.lines[h.line]!;
        // (The cell starts after the last wide gap before the hit, or where the characters read start.)
        const sliced = Math.max(line.start, h.start - CELL_BEFORE);
        const before = win.text.slice(sliced, h.start);
        const gap = Math.max(before.lastIndexOf('  '), before.lastIndexOf('\t'));
        const from = gap >= 0 ? sliced + gap + 1 : sliced;
        const at = from + /^\s*/.exec(win.text.slice(from, h.start))![0].length;
        // (Not a cell the hit's own field's label starts too: "Awarded to the landlord:" for `awarded_to_landlord`.)
        const cell = starts.get(at) ?? [];
        // (A whole label heads it, a name or a hint: a name's one word, "SIGNED by the customer:" for `signed_date`, does not.)
        // (Or, before "to" / "aan", the first word of another field's name that goes on with "to" / "aan"
        // itself: "Reference to beneficiary:" for `reference_to_payee`, no `beneficiary`'s; not
        // "Letter to tenant:" beside `letter_date`.)
        const towards = TOWARDS.test(win.text.slice(Math.max(0, h.start - 8), h.start));
        const heads = cell.filter(
            (g) => g.field !== h.field && g.end <= h.start && (g.kind !== 'name-word' || (towards && g.phrase === firstWords.get(g.field))),
        );
        if (!heads.length || cell.some((g) => g.field === h.field)) continue;
        const between = win.text.slice(Math.max(...heads.map((g) => g.end)), h.start).match(/\p{L}+/gu) ?? [];
        // (Joined by a preposition of place and its article only: "in het", "in the"; not "Holder name:",
        // "Town or city:", "Make and model:", "Name of employer:".)
        const said = between.map((w) => w.toLowerCase());
        const joined =
            said.length >= 1 &&
            said.length <= WORDS_BETWEEN &&
            (PLACES.has(said[0]!) || (towards && (said[0] === 'to' || said[0] === 'aan'))) &&
            said.slice(1).every((w) => ARTICLES.has(w));
        if (joined && !/[:\d]/.test(win.text.slice(at, h.start))) out.add(h);
    }
    return out;
}

/** Whether a hit starts its label cell: its line's first text, or after a wide gap (a long indent is one). */
function cellStart(win: WindowText, h: LabelHit): boolean {
    const line = win.lines[h.line]!;
    const before = win.text.slice(Math.max(line.start, h.start - 2), h.start);
    return / {2}$|\t$/.test(before) || (h.start - line.start <= CELL_BEFORE && win.text.slice(line.start, h.start).trim() === '');
}

/** "to" or "aan" right before a hit, an article between at most. */
const TOWARDS = /(?:^|[^\p{L}])(?:to|aan)[ \t]+(?:(?:the|de|het)[ \t]+)?$/iu;
/** Prepositions of place that join a count's label to where it counts, English and Dutch, and articles. */
const PLACES: ReadonlySet<string> = new Set(['in', 'at', 'on', 'within', 'inside', 'op', 'bij', 'binnen', 'te']);
const ARTICLES: ReadonlySet<string> = new Set(['the', 'a', 'an', 'het', 'de', 'een']);

/** Per field whose name's second word is "to" or "aan" (`reference_to_payee`), its first word. */
export function towardsHeads(names: ReadonlyMap<number, readonly string[]>): ReadonlyMap<number, string> {
    const out = new Map<number, string>();
    for (const [id, words] of names) if (words.length >= 3 && (words[1] === 'to' || words[1] === 'aan')) out.set(id, words[0]!);
    return out;
}
