// One window's text as the heuristic reader looks at it: lines and words with their offsets, built
// once per window so every field's recognisers and scores share them, with the document language's
// profile (locale/) that tells how its words are formed.
import type { LocaleProfile } from '../locale/locale-types.js';

export interface Line {
    index: number;
    /** UTF-16 offsets within the window; end excludes the line break. */
    start: number;
    end: number;
    text: string;
}

export interface Word {
    /** Lower-cased, accents kept. */
    norm: string;
    start: number;
    end: number;
    line: number;
    /** First letter is upper case. */
    capital: boolean;
}

/** A line with nothing but white space and separators. */
const BLANK = /^[\s:=.\-–—|*_]*$/;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** A word's possessive "'s" ("patient's"). */
const POSSESSIVE = /^(.{2,})['’]s$/u;

/** Characters from which a line reads as wrapped running text (WindowText.wrapped). */
const WRAPPED_LINE = 40;
/** A wide gap between two pieces of text on a line: the line is a row of cells. */
const CELL_GAP = /\S(?: {3}|\t)/;

export class WindowText {
    readonly lines: Line[] = [];
    /** Per line, once asked: 1 when it is a row of cells (`wrapped`). */
    private readonly cellLines: (0 | 1 | undefined)[] = [];
    readonly words: Word[] = [];
    /** Word positions by normalised word. */
    readonly wordIndex = new Map<string, number[]>();
    private readonly lineStarts: number[] = [];

    constructor(
        readonly text: string,
        readonly locale: LocaleProfile,
    ) {
        let start = 0;
        for (;;) {
            const nl = text.indexOf('\n', start);
            const end = nl < 0 ? text.length : nl;
            const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
            this.lines.push({ index: this.lines.length, start, end: lineEnd, text: text.slice(start, lineEnd) });
            this.lineStarts.push(start);
            if (nl < 0) break;
            start = nl + 1;
        }
        let line = 0;
        for (const m of text.matchAll(WORD)) {
            const s = m.index!;
            while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1]! <= s) line++;
            const norm = m[0].toLowerCase();
            const first = m[0][0]!;
            this.words.push({ norm, start: s, end: s + m[0].length, line, capital: first !== first.toLowerCase() });
            let list = this.wordIndex.get(norm);
            if (!list) this.wordIndex.set(norm, (list = []));
            list.push(this.words.length - 1);
            // (Found without its accents too: "Patiëntnummer" labels `patientnummer`.)
            const plain = unaccented(norm);
            if (plain !== norm) {
                let at = this.wordIndex.get(plain);
                if (!at) this.wordIndex.set(plain, (at = []));
                at.push(this.words.length - 1);
            }
            // A word joined to the one before by a hyphen is found as their compound too, at its
            // second part: "Check-out date" labels `checkout_date`.
            const before = this.words[this.words.length - 2];
            if (before && before.end + 1 === s && text[before.end] === '-' && /^\p{L}{2,}$/u.test(before.norm + norm)) {
                const joined = before.norm + norm;
                let at = this.wordIndex.get(joined);
                if (!at) this.wordIndex.set(joined, (at = []));
                at.push(this.words.length - 1);
            }
            // A possessive is found as its word too: "Patient's name" labels `patient_name`.
            const owner = norm.length > 3 && (norm.includes("'") || norm.includes('’')) ? POSSESSIVE.exec(norm)?.[1] : undefined;
            if (owner) {
                let own = this.wordIndex.get(owner);
                if (!own) this.wordIndex.set(owner, (own = []));
                own.push(this.words.length - 1);
            }
        }
    }

    private stems?: Map<string, number[]>;

    /** Word positions by word form (the profile's stem): "renewed", "renewal" and "renew" under one key. */
    positionsOfForm(form: string): readonly number[] {
        if (!this.stems) {
            // One stem per distinct word (a window repeats most of its words); a form that gathers
            // several words has their positions merged back into reading order.
            const stems = new Map<string, number[]>();
            const merged = new Set<number[]>();
            for (const [norm, positions] of this.wordIndex) {
                const f = this.locale.stem(norm);
                const list = stems.get(f);
                if (!list) stems.set(f, positions.slice());
                else {
                    for (const p of positions) list.push(p);
                    merged.add(list);
                }
            }
            for (const list of merged) list.sort((a, b) => a - b);
            this.stems = stems;
        }
        return this.stems.get(form) ?? [];
    }

    private compounds?: Map<string, number[]>;

    /**
     * Positions of compound words ending in one of the `known` words ("opzegtermijn" under
     * "termijn"), by that word; built on first use, for the label words of one window's fields.
     */
    positionsOfCompound(tail: string, known: ReadonlySet<string>): readonly number[] {
        if (!this.compounds) {
            this.compounds = new Map();
            this.words.forEach((w, i) => {
                const parts = this.locale.splitCompound(w.norm, known);
                if (parts.length < 2) return;
                const last = parts[parts.length - 1]!;
                let list = this.compounds!.get(last);
                if (!list) this.compounds!.set(last, (list = []));
                list.push(i);
            });
        }
        return this.compounds.get(tail) ?? [];
    }

    private furniture?: Set<number>;

    /**
     * Whether a line is page furniture: a line of 20 characters or more that the window repeats
     * word for word ("Source: ACME CORP, 10-K, 2/21/2014" under every page). What it says is about
     * the file, not the document's content.
     */
    isFurniture(line: number): boolean {
        if (!this.furniture) {
            const byText = new Map<string, number[]>();
            for (const l of this.lines) {
                const t = l.text.trim().replace(/\s+/g, ' ');
                if (t.length < 20 || !/[\p{L}]{2}/u.test(t)) continue;
                let list = byText.get(t);
                if (!list) byText.set(t, (list = []));
                list.push(l.index);
            }
            this.furniture = new Set([...byText.values()].filter((l) => l.length >= 2).flat());
        }
        return this.furniture.has(line);
    }

    /**
     * Whether a line is long enough to have been wrapped: running text, whose phrases and names
     * continue on the next line, rather than a short line of its own (a heading, a receipt's brand).
     */
    wrapped(line: number): boolean {
        const l = this.lines[line]!;
        if (l.end - l.start < WRAPPED_LINE) return false;
        // A line of cells ("TRI-COUNTY AUTO & TIRE      REPAIR ORDER #  RO-25-06131") is no prose:
        // its last cell does not run on into the next line.
        let cells = this.cellLines[line];
        if (cells === undefined) cells = this.cellLines[line] = CELL_GAP.test(l.text.trimEnd()) ? 1 : 0;
        return cells === 0;
    }

    /** Line index of an offset. */
    lineOf(offset: number): number {
        let lo = 0;
        let hi = this.lineStarts.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.lineStarts[mid]! <= offset) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** Index of the first word starting at or after `offset`. */
    wordAt(offset: number): number {
        let lo = 0;
        let hi = this.words.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (this.words[mid]!.start < offset) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Words strictly between two offsets. */
    wordsBetween(from: number, to: number): number {
        if (to <= from) return 0;
        let n = 0;
        for (let i = this.wordAt(from); i < this.words.length && this.words[i]!.end <= to; i++) n++;
        return n;
    }

    private stacked?: Map<number, number>;

    /**
     * The line holding the value of a label line when a receipt's OCR reads a column of labels and
     * then the column of their values ("SUBTOTAL / TAX / TOTAL / CASH" then "10.00 / 0.60 / 10.60 /
     * 20.00"): the k-th label pairs with the k-th value, counted from the end when the runs differ
     * in length (the value run then starts with an item's amount). -1 when the line is no such label.
     */
    stackedValueLine(line: number): number {
        if (!this.stacked) this.stacked = stackedPairs(this.lines);
        return this.stacked.get(line) ?? -1;
    }

    /**
     * The previous line with any text, or -1. A line of separators only (":" on a line of its own,
     * as OCR splits "TOTAL : 27.55" into three lines) is no text: it joins the lines around it.
     */
    previousTextLine(line: number): number {
        if (line <= 0) return -1;
        if (line < this.lines.length) return this.textLines().previous[line]!;
        const last = this.lines.length - 1;
        return BLANK.test(this.lines[last]!.text) ? this.textLines().previous[last]! : last;
    }

    nextTextLine(line: number): number {
        if (line + 1 >= this.lines.length) return -1;
        if (line < 0) return BLANK.test(this.lines[0]!.text) ? this.textLines().next[0]! : 0;
        return this.textLines().next[line]!;
    }

    /**
     * For each line the previous and the next line with text, found once per window: every label
     * asks, and a run of blank lines under many labels would otherwise be walked once per label.
     */
    private textLines(): { previous: Int32Array; next: Int32Array } {
        if (this.around) return this.around;
        const n = this.lines.length;
        const previous = new Int32Array(n);
        const next = new Int32Array(n);
        for (let l = 0, last = -1; l < n; l++) {
            previous[l] = last;
            if (!BLANK.test(this.lines[l]!.text)) last = l;
        }
        for (let l = n - 1, first = -1; l >= 0; l--) {
            next[l] = first;
            if (!BLANK.test(this.lines[l]!.text)) first = l;
        }
        return (this.around = { previous, next });
    }
    private around?: { previous: Int32Array; next: Int32Array };
}

const STACK_LABEL = /^[^\d]*\p{L}{2}[^\d]*$/u;
const STACK_VALUE = /^\s*(?:[A-Z]{2,3}\s?|\p{Sc}\s?)?-?\d[\d.,]*\s*(?:[A-Z]{1,2})?\s*$/u;
const CURRENCY_ONLY = /^\s*(?:[A-Z]{2,3}|\p{Sc})\s*$/u;

/** Label lines paired with value lines of stacked columns (see WindowText.stackedValueLine). */
function stackedPairs(lines: readonly Line[]): Map<number, number> {
    const out = new Map<number, number>();
    const skip = (t: string): boolean => BLANK.test(t) || CURRENCY_ONLY.test(t);
    let i = 0;
    while (i < lines.length) {
        const labels: number[] = [];
        let j = i;
        for (; j < lines.length; j++) {
            const t = lines[j]!.text;
            if (skip(t)) continue;
            if (t.trim().length <= 48 && STACK_LABEL.test(t) && !CURRENCY_ONLY.test(t)) labels.push(j);
            else break;
        }
        const values: number[] = [];
        let k = j;
        for (; k < lines.length && labels.length >= 2; k++) {
            const t = lines[k]!.text;
            if (skip(t)) continue;
            if (STACK_VALUE.test(t)) values.push(k);
            else break;
        }
        if (labels.length >= 2 && values.length >= 2) {
            const n = Math.min(labels.length, values.length);
            for (let m = 1; m <= n; m++) out.set(labels[labels.length - m]!, values[values.length - m]!);
        }
        i = Math.max(j, k, i + 1);
    }
    return out;
}

/** Words of a label or name, lower-cased: "Invoice date" → ["invoice", "date"]; "invoice_date" too. */
export function labelWords(text: string): readonly string[] {
    // Asked again and again for the same field names, hints and descriptions (every window, every
    // field): remembered, as a pure function of the text, in a table bounded like the stemmer's.
    let words = LABEL_WORDS.get(text);
    if (words === undefined) {
        const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
        words = Object.freeze([...spaced.matchAll(WORD)].map((m) => m[0].toLowerCase()));
        if (text.length <= LABEL_WORDS_TEXT) {
            if (LABEL_WORDS.size >= LABEL_WORDS_ENTRIES) LABEL_WORDS.clear();
            LABEL_WORDS.set(text, words);
        }
    }
    return words;
}

/** Texts whose words labelWords remembers (emptied when full), and the longest it remembers. */
const LABEL_WORDS = new Map<string, readonly string[]>();
const LABEL_WORDS_ENTRIES = 4096;
const LABEL_WORDS_TEXT = 256;

/**
 * A word without its diaeresis ("patiënt": "patient", "financiële"), which only splits a vowel
 * off; other accents stay ("résumé" is no "resume", Dutch "één" no "een").
 */
export function unaccented(w: string): string {
    return !/[äëïöüÄËÏÖÜ]/.test(w) ? w : w.replace(/[äëïöüÄËÏÖÜ]/g, (c) => c.normalize('NFD')[0]!);
}
