// Forms of two parties side by side ("APPLICANT 1          APPLICANT 2" over two columns of
// "Name:", "Birth date:"): a label in one column is the field's whose name says that column's
// heading, not the other's. Labels of `applicant_1_name` and `applicant_2_name` are the same words.
import { lineCells } from './heuristic-rows.js';
import type { LabelHit } from './heuristic-labels.js';
import { labelWords, type WindowText } from './heuristic-text.js';

/** Lines of a form's block a column heading stands above at most. */
const HEADING_LINES = 6;
/** Characters of a form's line at most (a line may be a whole document long). */
const FORM_CHARS = 240;

type Cell = { from: number; to: number; start: number };

/**
 * Column headings of a line's block: the line itself or the nearest above, no blank line between,
 * of two cells or more without a colon.
 */
const HEADING_OF = new WeakMap<WindowText, Map<number, { line: number; cells: readonly Cell[] } | null>>();

function columnHeading(win: WindowText, at: number): { line: number; cells: readonly Cell[] } | null {
    let seen = HEADING_OF.get(win);
    if (!seen) HEADING_OF.set(win, (seen = new Map()));
    let found = seen.get(at);
    if (found === undefined) {
        found = null;
        // (The label's own line when it is the heading: "APPLICANT 1   APPLICANT 2" for a section's name.)
        for (let k = at; k >= 0 && at - k <= HEADING_LINES; k--) {
            const text = win.lines[k]!.text;
            if (!text.trim() || text.length > FORM_CHARS) break;
            if (text.includes(':') || /^[\s\-=_*~]+$/.test(text)) continue;
            // (A row of figures is no heading: "BTW 9%   grondslag 52,16   4,69".)
            if (/\d[.,]\d|%/.test(text)) break;
            const cells = lineCells(win, k);
            if (cells.length >= 2 && cells.every((c) => c.to - c.from <= 40)) found = { line: k, cells };
            break;
        }
        seen.set(at, found);
    }
    return found;
}

/** Each field's name words without numbers ("applicant name" for `applicant_2_name`), once per schema's names. */
const UNNUMBERED = new WeakMap<ReadonlyMap<number, readonly string[]>, Map<number, string>>();

function unnumbered(names: ReadonlyMap<number, readonly string[]>): Map<number, string> {
    let out = UNNUMBERED.get(names);
    if (!out) {
        out = new Map([...names].map(([field, words]) => [field, words.filter((w) => !/^\d+$/.test(w)).join(' ')]));
        UNNUMBERED.set(names, out);
    }
    return out;
}

/**
 * Whether a label stands in a column whose heading says another field's word, not this one's
 * ("Name:" under "APPLICANT 1" for `applicant_2_name`), while another heading of the line says
 * this field's ("APPLICANT 2"). `names`: each field's name words (field id → words, digits kept).
 */
export function otherColumn(win: WindowText, hit: LabelHit, names: ReadonlyMap<number, readonly string[]>): boolean {
    // (A line under no heading of columns first: most labels' are, and that is remembered per line.)
    const line = win.lines[hit.line]!;
    if (line.text.length > FORM_CHARS) return false;
    const heading = columnHeading(win, hit.line);
    if (!heading) return false;
    const own = names.get(hit.field) ?? [];
    const matched = hit.phrase.split(' ');
    // Only a label another field's name says too, or one of a field named as this one but for a number.
    const bare = unnumbered(names);
    const rivals = [...names].filter(
        ([field, words]) => field !== hit.field && (matched.every((w) => words.includes(w)) || bare.get(field) === bare.get(hit.field)),
    );
    if (!rivals.length) return false;
    const at = hit.start - line.start;
    const cell = lineCells(win, hit.line).find((c) => c.start <= at && at <= c.start + (c.to - c.from));
    if (!cell) return false;
    const over = heading.cells.filter((h) => h.from <= cell.from + 2).pop();
    if (!over) return false;
    const text = win.lines[heading.line]!.text;
    // (Each heading's words read once per label: a table's row of labels asks for every field.)
    const saidOf = heading.cells.map((c) => labelWords(text.slice(c.start, c.start + (c.to - c.from))));
    const distinct = (w: string): boolean => !matched.includes(w) && (w.length >= 3 || /^\d+$/.test(w));
    // (A word every heading says tells no column from another: "APPLICANT".)
    const mine = own.filter((w) => distinct(w) && !saidOf.every((said) => said.includes(w)));
    const above = saidOf[heading.cells.indexOf(over)]!;
    if (mine.some((w) => above.includes(w))) return false;
    // The heading over the label says a rival's word, and another heading says this field's.
    // (Cheapest test first: a heading's few words.)
    const theirs = rivals.some(([, words]) => words.some((w) => above.includes(w) && !own.includes(w) && distinct(w)));
    return theirs && saidOf.some((said, k) => heading.cells[k] !== over && mine.some((w) => said.includes(w)));
}
