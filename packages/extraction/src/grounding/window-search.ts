// Grounding's search for one window's candidates, with its work bounded by the window and the answer
// (docs/extraction.md, "The openai reader"). A reader's answer may list 1,000 quotes of kilobytes
// each: every search stays inside the window it was read from, a right position hint costs only
// the quote, the same quote is searched once, and the scans of one window together read it at most
// SEARCH_PASSES times over; past that the rest are dropped and counted, never searched.
import { borderTable, onBoundaries, scanQuote } from './quote-search.js';

/**
 * Full passes over its window that one window's scans may take together. An honest answer of a few
 * dozen quotes takes a fraction of a pass each (a scan stops at the first occurrence); the heuristic
 * reader's hints are right and take none.
 */
export const SEARCH_PASSES = 256;

export type SearchDrop = 'notInWindow' | 'splitCharacter' | 'overBudget';

export type Located = { at: number; drop?: undefined } | { at: -1; drop: SearchDrop };

const NOT_IN_WINDOW: Located = { at: -1, drop: 'notInWindow' };
const OVER_BUDGET: Located = { at: -1, drop: 'overBudget' };

export class WindowSearch {
    /** UTF-16 units the window's scans may read in all, and may still read. */
    private readonly budget: number;
    private left: number;
    /** Where each quote searched without a hint was found (the answer to the same quote again). */
    private readonly firsts = new Map<string, Located>();

    constructor(
        private readonly text: string,
        private readonly start: number,
        private readonly end: number,
    ) {
        this.budget = SEARCH_PASSES * Math.max(0, end - start);
        this.left = this.budget;
    }

    /** UTF-16 units the window's scans have read so far (the work the bound is on). */
    get scanned(): number {
        return this.budget - this.left;
    }

    /** The occurrence of `quote` in the window nearest `near` (UTF-16 offset in the text), else the first. */
    find(quote: string, near?: number): Located {
        const m = quote.length;
        if (m === 0 || m > this.end - this.start) return NOT_IN_WINDOW;
        // A hint at the quote itself is the nearest occurrence: checking it reads the quote only.
        if (near !== undefined && near >= this.start && near + m <= this.end && this.text.startsWith(quote, near))
            if (onBoundaries(this.text, near, m)) return { at: near };
        const seen = near === undefined ? this.firsts.get(quote) : undefined;
        if (seen) return seen;
        if (this.left <= 0) return OVER_BUDGET;
        const found = scanQuote(this.text, quote, this.start, this.end, near, this.left, borderTable(quote));
        this.left -= found.scanned;
        if (found.stopped) return OVER_BUDGET;
        const located: Located = found.at >= 0 ? { at: found.at } : found.split ? { at: -1, drop: 'splitCharacter' } : NOT_IN_WINDOW;
        if (near === undefined) this.firsts.set(quote, located);
        return located;
    }
}
