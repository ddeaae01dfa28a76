// What compiling an RE2 `pattern` costs, estimated from its text before re2js is asked to compile
// it (docs/compiler.md, "Pattern limits"). re2js accepts programs of up to 1.4 million
// instructions, and its time and memory grow with the program, not with the text: counted
// repetitions are written out (`\p{L}{999}`, ten characters, is 999 instructions), and when the
// pattern begins with `^` re2js copies every character class's ranges once per instruction
// (one-pass analysis), so `^\p{L}{999}` allocates about 5 MB. A 10 KB pattern of such repetitions
// took half a second and hundreds of megabytes. re2js exposes neither its parser nor the size
// before compiling, so this is a scan of RE2's syntax computing an upper bound of the size as RE2's
// own parser does (`calcSize` in re2js, after Go's regexp/syntax), with each class weighed by the
// ranges it can hold. Over-estimating only refuses earlier; a property test compares the bound with
// the programs re2js builds.

/** A class instruction counts one more per this many rune bounds (two per range) it holds. */
export const RUNES_PER_UNIT = 256;
/**
 * Rune bounds of the largest Unicode table re2js has (`\P{Alphabetic}`: 1,524, measured on re2js
 * 2.10, case folding included; a test checks the largest ones), for `\p{…}` and `\P{…}` in general.
 */
export const UNICODE_CLASS_RUNES = 1536;
/** Perl (`\d \s \w` and negations) and POSIX (`[:alpha:]`) classes: at most 14 bounds, folded. */
const SMALL_CLASS_RUNES = 16;
/**
 * Case folding adds the other cases of what a class holds: a code point has at most three (k, K and
 * U+212A are one orbit), so at most six bounds each, and all of them together (about 2,900 code
 * points have another case) at most FOLD_RUNES_MAX.
 */
const FOLD_RUNES_PER_CHAR = 6;
const FOLD_RUNES_MAX = 6000;
/**
 * Parsing a case-folded range walks it code point by code point between re2js's first and last
 * code points with another case (`appendFoldedRange`, about 20 ns each): `(?i)[\x{100}-\x{1FFFF}]`
 * took 2.6 ms, however often it is repeated. One unit of size per this many code points walked.
 */
const FOLD_WALK_PER_UNIT = 64;
const MIN_FOLD = 0x41;
const MAX_FOLD = 0x1e943;
/** RE2 refuses counts over 1,000 itself; a larger count is taken as 1,001 so the bound stays finite. */
const COUNT_CAP = 1001;
/** Instructions of every program besides the pattern's (the unanchored prefix loop, match, fail). */
const PROGRAM_BASE = 4;

interface Frame {
    fold: boolean;
    capture: boolean;
    /** Sum of the finished alternatives, and how many there were. */
    alts: number;
    altCount: number;
    /** The alternative being read, and the size of its last atom (what a repetition repeats). */
    seq: number;
    last: number;
    repeatable: boolean;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * An upper bound of the compiled size of an RE2 pattern: its instructions with counted
 * repetitions written out, each character class counting one more per RUNES_PER_UNIT rune bounds.
 * Linear in the pattern's length; never throws (a pattern RE2 refuses gets some finite bound).
 */
export function patternCost(pattern: string): number {
    return new CostScanner(pattern).scan() + PROGRAM_BASE;
}

class CostScanner {
    private i = 0;
    private readonly stack: Frame[] = [];
    private top: Frame = CostScanner.frame(false, false);
    /** Work done once while parsing, whatever the repetitions around it. */
    private parse = 0;

    constructor(private readonly p: string) {}

    private static frame(fold: boolean, capture: boolean): Frame {
        return { fold, capture, alts: 0, altCount: 1, seq: 0, last: 0, repeatable: false };
    }

    scan(): number {
        const p = this.p;
        while (this.i < p.length) {
            const c = p[this.i]!;
            if (c === '(') this.open();
            else if (c === ')') this.close();
            else if (c === '|') this.alternative();
            else if (c === '*' || c === '+' || c === '?') this.repeat(c === '+' ? 1 : 0, c === '?' ? 1 : -1, 1);
            else if (c === '{' && this.counted()) continue;
            else if (c === '[') this.atom(this.classUnits(this.bracketRunes()));
            else if (c === '\\') this.escape();
            else if (c === '.') this.atom(this.classUnits(4), 1);
            else this.atom(1, p.codePointAt(this.i)! > 0xffff ? 2 : 1); // ^ and $ are one instruction, as a literal is
        }
        while (this.stack.length > 0) this.close(); // unbalanced: RE2 refuses it, the bound stays finite
        return this.total(this.top) + this.parse;
    }

    private atom(size: number, advance = 0): void {
        this.i += advance;
        this.top.seq += size;
        this.top.last = size;
        this.top.repeatable = true;
    }

    private classUnits(runes: number): number {
        return 1 + runes / RUNES_PER_UNIT;
    }

    /** An empty alternative is one instruction (an empty match), as every node is at least one in calcSize. */
    private total(f: Frame): number {
        return f.alts + Math.max(1, f.seq) + (f.altCount - 1) + (f.capture ? 2 : 0);
    }

    private alternative(): void {
        const f = this.top;
        f.alts += Math.max(1, f.seq);
        f.altCount++;
        f.seq = 0;
        f.repeatable = false;
        this.i++;
    }

    /** `x*` `x+` `x?` (max -1: unbounded) and `{n,m}` as RE2's calcSize counts them; a lazy `?` after one adds nothing. */
    private repeat(min: number, max: number, advance: number): void {
        this.i += advance;
        if (this.p[this.i] === '?') this.i++;
        const f = this.top;
        if (!f.repeatable) return; // RE2 refuses a repetition of nothing
        const sub = f.last;
        const size = max === -1 ? (min === 0 ? 2 + sub : 1 + min * sub) : max * sub + (max - min);
        f.seq += Math.max(1, size) - sub;
        f.last = Math.max(1, size);
    }

    /** `{n}`, `{n,}` or `{n,m}`; anything else is a literal `{`, as in RE2. */
    private counted(): boolean {
        const m = /\{(0|[1-9][0-9]*)(,(0|[1-9][0-9]*)?)?\}/y;
        m.lastIndex = this.i;
        const r = m.exec(this.p);
        if (!r) {
            this.atom(1, 1);
            return true;
        }
        const min = Math.min(COUNT_CAP, Number(r[1]));
        const max = r[2] === undefined ? min : r[3] === undefined ? -1 : Math.min(COUNT_CAP, Number(r[3]));
        this.repeat(min, max, r[0].length);
        return true;
    }

    private open(): void {
        const flags = /\(\?([imsU-]*)(\)|:)?/y;
        flags.lastIndex = this.i;
        const r = flags.exec(this.p);
        if (r && r[2] === ')') {
            // (?i) changes the flags of the group it stands in, from here on
            this.top.fold = foldAfter(this.top.fold, r[1]!);
            this.i += r[0].length;
            return;
        }
        const capture = !r || (r[1] === '' && r[2] === undefined && /\(\?P?</y.test(this.p.slice(this.i, this.i + 4)));
        const fold = r && r[2] === ':' ? foldAfter(this.top.fold, r[1]!) : this.top.fold;
        this.stack.push(this.top);
        this.top = CostScanner.frame(fold, capture);
        this.i += r && r[2] === ':' ? r[0].length : 1;
    }

    private close(): void {
        const parent = this.stack.pop();
        if (!parent) {
            this.atom(1, 1); // an unmatched ) is RE2's error; counted as a literal
            return;
        }
        const size = this.total(this.top);
        this.top = parent;
        this.atom(size, 1);
    }

    private escape(): void {
        const p = this.p;
        const c = p[this.i + 1];
        if (c === 'Q') return this.quoted();
        if (c === 'p' || c === 'P') return this.atom(this.classUnits(UNICODE_CLASS_RUNES), escapeLength(p, this.i));
        if (c !== undefined && 'dDsSwW'.includes(c)) return this.atom(this.classUnits(SMALL_CLASS_RUNES), 2);
        this.atom(1, escapeLength(p, this.i));
    }

    /** `\Q…\E`: literals; a repetition after it repeats the last one only, as in RE2. */
    private quoted(): void {
        const end = this.p.indexOf('\\E', this.i + 2);
        const body = this.p.slice(this.i + 2, end < 0 ? this.p.length : end);
        const n = [...body].length;
        this.i = end < 0 ? this.p.length : end + 2;
        if (n === 0) return;
        this.top.seq += n - 1;
        this.atom(1);
    }

    /** Rune bounds a `[…]` class can hold: two per literal or range, and their other cases when folded. */
    private bracketRunes(): number {
        const p = this.p;
        let i = this.i + 1;
        let plain = 0;
        let folded = 0;
        if (p[i] === '^') {
            plain += 2;
            folded += 2;
            i++;
        }
        let first = true;
        while (i < p.length && (p[i] !== ']' || first)) {
            first = false;
            const posix = /\[:\^?[a-z]+:\]/y;
            posix.lastIndex = i;
            const r = posix.exec(p);
            const item = r ? { runes: SMALL_CLASS_RUNES, fold: 0, walk: 0, end: i + r[0].length } : classItem(p, i);
            plain += item.runes;
            folded += item.runes + item.fold;
            if (this.top.fold) this.parse += item.walk / FOLD_WALK_PER_UNIT;
            i = item.end;
        }
        this.i = Math.min(p.length, i + 1);
        return this.top.fold ? Math.min(folded, plain + FOLD_RUNES_MAX) : plain;
    }
}

/**
 * One item of a class at `i`: an escape or a character, a range when `-` and another follow. `fold`
 * is what case folding can add to it (Unicode and Perl classes' bounds already include it), `walk`
 * the code points folding it walks.
 */
function classItem(p: string, i: number): { runes: number; fold: number; walk: number; end: number } {
    const c = p[i + 1];
    if (p[i] === '\\' && (c === 'p' || c === 'P')) return { runes: UNICODE_CLASS_RUNES, fold: 0, walk: 0, end: i + escapeLength(p, i) };
    if (p[i] === '\\' && c !== undefined && 'dDsSwW'.includes(c)) return { runes: SMALL_CLASS_RUNES, fold: 0, walk: 0, end: i + 2 };
    const lo = classChar(p, i);
    if (p[lo.end] !== '-' || lo.end + 1 >= p.length || p[lo.end + 1] === ']')
        return { runes: 2, fold: FOLD_RUNES_PER_CHAR, walk: 1, end: lo.end };
    const hi = classChar(p, lo.end + 1);
    const chars = hi.value >= lo.value ? hi.value - lo.value + 1 : 1; // a reversed range is RE2's error
    // re2js takes a range holding every code point with another case whole, without walking it
    const whole = lo.value <= MIN_FOLD && hi.value >= MAX_FOLD;
    const walk = whole ? 0 : Math.max(0, Math.min(hi.value, MAX_FOLD) - Math.max(lo.value, MIN_FOLD) + 1);
    return { runes: 2, fold: Math.min(FOLD_RUNES_MAX, FOLD_RUNES_PER_CHAR * chars), walk, end: hi.end };
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };

/** The code point of a class's character or escape at `i` (an unknown escape: the largest, so a range from it is widest). */
function classChar(p: string, i: number): { value: number; end: number } {
    if (p[i] !== '\\') return { value: p.codePointAt(i)!, end: i + (p.codePointAt(i)! > 0xffff ? 2 : 1) };
    const end = i + escapeLength(p, i);
    const c = p[i + 1] ?? '';
    const hex = /^\\x\{?([0-9A-Fa-f]+)\}?$/.exec(p.slice(i, end));
    if (hex) return { value: Math.min(0x10ffff, parseInt(hex[1]!, 16)), end };
    if (isDigit(c)) return { value: parseInt(p.slice(i + 1, end), 8), end };
    if (Object.hasOwn(SIMPLE_ESCAPES, c)) return { value: SIMPLE_ESCAPES[c]!, end };
    return { value: /[A-Za-z0-9]/.test(c) ? 0x10ffff : (p.codePointAt(i + 1) ?? 0), end };
}

/** Length of the escape at `i` (`\x{…}`, `\xHH`, `\p{…}`, `\pL`, octal, or a backslash and one character). */
function escapeLength(p: string, i: number): number {
    const c = p[i + 1];
    if ((c === 'x' || c === 'p' || c === 'P') && p[i + 2] === '{') {
        const close = p.indexOf('}', i + 3);
        return close < 0 ? p.length - i : close + 1 - i;
    }
    if (c === 'x') return 4;
    if (c === 'p' || c === 'P') return 3;
    if (isDigit(c)) {
        let n = 2;
        while (n < 4 && isDigit(p[i + n])) n++;
        return n;
    }
    return c === undefined ? 1 : c.codePointAt(0)! >= 0xd800 && c.codePointAt(0)! <= 0xdbff ? 3 : 2;
}

/** The case-folding flag after `(?flags)`: `i` sets it, `-i` clears it. */
function foldAfter(fold: boolean, flags: string): boolean {
    const minus = flags.indexOf('-');
    const on = minus < 0 ? flags : flags.slice(0, minus);
    const off = minus < 0 ? '' : flags.slice(minus);
    return off.includes('i') ? false : on.includes('i') ? true : fold;
}
