// The scan of a string field's RE2 pattern over a window, in one pass with bounded work. RE2 keeps
// each search linear, but a scan that searches again after every rejected match (a match inside a
// word, or longer than a value) to the end of the text is quadratic: `a(?:[^!]*!)?` over 50,000
// letters searched the whole rest of the text 50,000 times. Here each search looks at most
// REGION characters ahead (a value is at most MAX_VALUE long, so nothing a value can be is cut),
// searches start only where a value may start (not inside a word), and the whole scan stops after
// WORK_PER_CHAR characters searched per character of text: the work is linear in the text whatever
// the pattern.
import { compiledPattern } from '../parsers/pattern-cache.js';
import type { Span } from './heuristic-spans.js';

/** The longest value a pattern field's candidate may be. */
export const MAX_VALUE = 200;
/** How far past a search's start a match may start (the region is this plus MAX_VALUE). */
const STEP = 200;
const REGION = STEP + MAX_VALUE;
/** Characters searched per character of text, plus a floor for short texts. */
export const WORK_PER_CHAR = 40;
const WORK_FLOOR = 20 * REGION;
const MAX_SPANS = 2000;

const WORD = /[\p{L}\p{N}]/u;

/** Whether a value may start at `i`: not between two word characters. */
function canStart(text: string, i: number): boolean {
    return i === 0 || i >= text.length || !(WORD.test(text[i - 1]!) && WORD.test(text[i]!));
}

export interface ScanStats {
    /** Characters the searches looked at, in all. */
    work: number;
}

/**
 * The steps all pattern scans of one window may take together: characters searched times the
 * instructions of the pattern's program (RE2 steps through each instruction per character at
 * worst), shared by the window's fields. Without it, 32 fields whose patterns nest counted repeats
 * (`(?:(?:[a-z ]{0,30}){0,30}!|q)?`: 1,836 instructions) took 45 s on 1,000 characters.
 */
export class ScanBudget {
    left: number;
    constructor(textLength: number) {
        this.left = STEPS_PER_CHAR * textLength + STEPS_FLOOR;
    }
}
/**
 * Steps per character of a window for all its patterns (about 20 characters of a 32-instruction
 * program). The most a window of the labelled or users' sets used was 70% of it (no value of any
 * set changed when it was halved from 40 × 32); 40 × 32 let the
 * hardening bench's 32 nested patterns take 1.04 s on 50,000 characters (0.13× prose), 20 × 32 0.48 s.
 */
export const STEPS_PER_CHAR = 20 * 32;
const STEPS_FLOOR = 20 * REGION * 32;

/** Matches of a pattern that start and end at word boundaries, at most MAX_VALUE long. */
export function patternSpans(text: string, pattern: string, stats?: ScanStats, shared?: ScanBudget): Span[] {
    const re2 = compiledPattern(pattern).re2();
    const steps = Math.max(1, re2.prog.numInst());
    const out: Span[] = [];
    const budget = WORK_PER_CHAR * text.length + WORK_FLOOR;
    let work = 0;
    let from = 0;
    while (from <= text.length && out.length <= MAX_SPANS) {
        while (from < text.length && !canStart(text, from)) from++;
        const end = Math.min(text.length, from + REGION);
        if (work + (end - from) > budget) break;
        if (shared && shared.left < (end - from + 1) * steps) break;
        if (shared) shared.left -= (end - from + 1) * steps;
        work += end - from + 1;
        const [found, groups] = re2.matchWithGroup(text, from, end, 0, 1) as [boolean, number[] | null];
        if (!found || groups![0]! >= from + STEP) {
            // No value starts within STEP of `from` (one starting later is found from there). Only
            // no match at all ends the scan at the text's end: a region that reaches it may hold a
            // match past STEP ("3011 PV" 300 characters after "3011 TX" near a short form's end).
            if (!found && end >= text.length) break;
            from += STEP;
            continue;
        }
        const s = groups![0]!;
        const e = groups![1]!;
        // A match that touches the region's end may be cut short by it (or match `$` there).
        const whole = e < end || end === text.length;
        if (whole && e > s && e - s <= MAX_VALUE && canStart(text, s) && canStart(text, e))
            out.push({ start: s, end: e, quote: text.slice(s, e) });
        from = e > s ? e : s + 1;
    }
    if (stats) stats.work = work;
    return out;
}
