// The value shapes of a language, built from its profile once and used by both the recognisers
// that find values in text (readers/heuristic-spans.ts) and the parsers that read them
// (parsers/): one definition per shape, so everything found parses, and everything that parses can
// be found. Sources are regular-expression sources without flags; finders add word boundaries.
import type { DurationUnit, LocaleProfile } from './locale-types.js';
import { withBorrowed } from './locale-registry.js';

export interface LocaleShapes {
    /** An unsigned amount in the language's own grouping ("1,234.56" en, "1.234,56" nl). */
    amount: string;
    /** An unsigned amount grouped by spaces ("1 234,56"), found beside the plain shapes. */
    spacedAmount: string;
    /** Exact amount: groups 1 whole part, 2 fraction (digits or dashes). */
    amountExact: RegExp;
    month: string;
    monthNumber: ReadonlyMap<string, number>;
    weekday: string;
    ordinal: string;
    /** The days of a month written as ordinal words, with a hyphen where they have one ("twenty-first"). */
    dayNumber: ReadonlyMap<string, number>;
    /** Written dates: groups day, month, year / month, day, year. */
    dayMonthYear: string;
    /**
     * A day, a month's three letters and a year's two digits or four, run together as airlines and
     * travel systems print them ("12MAR25", "05OCT2024"): groups day, month, year.
     */
    runTogetherDate: string;
    monthDayYear: string;
    /** What joins a time to a date: "T", ", ", " at ", " om ", " ". */
    timeJoin: string;
    /** Words after a time ("uur", "h"). */
    timeAfter: string;
    numberWord: string;
    numberWords: ReadonlyMap<string, number>;
    durationUnit: string;
    unitOf: ReadonlyMap<string, DurationUnit>;
    durationQualifier: string;
    one: string;
    booleans: ReadonlyMap<string, boolean>;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const longestFirst = (words: Iterable<string>): string[] => [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b));
const alternatives = (words: Iterable<string>): string => longestFirst(words).map(escape).join('|');
const optional = (words: readonly string[], after: string): string => (words.length ? `(?:(?:${alternatives(words)})${after})?` : '');

function amountSources(p: LocaleProfile): Pick<LocaleShapes, 'amount' | 'spacedAmount' | 'amountExact'> {
    const g = escape(p.numbers.group);
    const d = escape(p.numbers.decimal);
    const fraction = p.numbers.dashCents ? `${d}(?:\\d+|-{1,2})` : `${d}\\d+`;
    const spaces = '[ \\u00a0\\u202f]';
    const bare = p.numbers.bareFraction ? `|${d}\\d+` : '';
    return {
        amount: `\\d{1,3}(?:${g}\\d{3})+(?:${fraction})?|\\d+(?:${fraction})?${bare}`,
        spacedAmount: `\\d{1,3}(?:${spaces}\\d{3})+(?:${fraction})?`,
        amountExact: new RegExp(
            `^(\\d{1,3}(?:${g}\\d{3})+|\\d{1,3}(?:${spaces}\\d{3})+|\\d+)?(?:${d}(\\d+${p.numbers.dashCents ? '|-{1,2}' : ''}))?$`,
        ),
    };
}

function numberWordSource(p: LocaleProfile): string {
    const w = p.numberWords;
    const units = alternatives(Object.keys(w.units));
    const tens = alternatives(Object.keys(w.tens));
    const digits = alternatives(
        Object.entries(w.units)
            .filter(([, v]) => v >= 1 && v <= 9)
            .map(([k]) => k),
    );
    const h = escape(w.hundred);
    const joiners = alternatives(w.joiners);
    if (w.style === 'spaced') {
        const belowHundred = `(?:${tens})(?:[\\s-](?:${units}))?|${units}`;
        return `(?:(?:${units}|${alternatives(p.one)})\\s+${h}(?:\\s+(?:(?:${joiners})\\s+)?(?:${belowHundred}))?|${belowHundred})`;
    }
    const belowHundred = `(?:${digits})(?:${joiners})(?:${tens})|${tens}|${units}`;
    return `(?:(?:(?:${digits})?${h}(?:${joiners})?)?(?:${belowHundred})|(?:${digits})?${h})`;
}

function build(p: LocaleProfile): LocaleShapes {
    const dated = withBorrowed(p);
    const monthNumber = new Map<string, number>();
    for (const q of dated) q.months.forEach((names, i) => names.forEach((n) => monthNumber.has(n) || monthNumber.set(n, i + 1)));
    const full = new Set(dated.flatMap((q) => q.fullShortMonths));
    const month = longestFirst(monthNumber.keys())
        .map((n) => (n.length <= 4 && !full.has(n) ? `${escape(n)}\\.?` : escape(n)))
        .join('|');
    const weekday = alternatives(dated.flatMap((q) => q.weekdays));
    // Text taken from PDFs splits a raised ordinal from its day ("20t h day of November"): a space
    // may stand between the ordinal's letters.
    const ordinal = `(?:${longestFirst(dated.flatMap((q) => q.ordinals))
        .map((o) => [...o].map(escape).join(' ?'))
        .join('|')})?`;
    const words = dated.map((q) => q.dateWords);
    const the = optional(
        words.flatMap((x) => x.the),
        '\\s+',
    );
    const spacedWord = (list: string[]): string => (list.length ? `(?:\\s+(?:${alternatives(list)}))?` : '');
    const day = spacedWord(words.flatMap((x) => x.day));
    const of = spacedWord(words.flatMap((x) => x.of));
    const weekdayPrefix = `(?:(?:${weekday})\\.?,?\\s+)?`;
    const dayNumber = new Map<string, number>();
    for (const q of dated) q.dateWords.ordinalDays.forEach((w, i) => dayNumber.has(w) || dayNumber.set(w, i + 1));
    // (The day in words: "Fourteenth February 2024"; "twenty-first" also as "twenty first".)
    const dayWord = dayNumber.size ? `|${alternatives(dayNumber.keys()).replace(/-/g, '[- ]')}` : '';
    const unitOf = new Map<string, DurationUnit>();
    for (const [unit, names] of Object.entries(p.durationUnits) as [DurationUnit, readonly string[]][])
        for (const n of names) unitOf.set(n, unit);
    const numberWords = new Map(Object.entries(p.numberWords.units));
    for (const [k, v] of Object.entries(p.numberWords.tens)) numberWords.set(k, v);
    const booleans = new Map<string, boolean>([
        ...p.booleans.true.map((w) => [w, true] as const),
        ...p.booleans.false.map((w) => [w, false] as const),
    ]);
    return {
        ...amountSources(p),
        month,
        monthNumber,
        weekday,
        ordinal,
        dayNumber,
        dayMonthYear: `${weekdayPrefix}${the}(\\d{1,2}${dayWord})${ordinal}${day}${of}[\\s\\-/.]*(${month})[\\s,\\-/.]*(\\d{4})`,
        runTogetherDate: `(\\d{1,2})(${alternatives([...monthNumber.keys()].filter((n) => /^\p{L}{3}$/u.test(n)))})(\\d{2}|\\d{4})`,
        monthDayYear: `${weekdayPrefix}(${month})\\s*${the}(\\d{1,2})${ordinal}\\s*,?\\s*(\\d{4})`,
        timeJoin: `\\s*[T,]\\s*|\\s+(?:${alternatives(dated.flatMap((q) => q.timeWords.at))})\\s+|\\s+`,
        timeAfter: alternatives(dated.flatMap((q) => q.timeWords.after)),
        numberWord: numberWordSource(p),
        numberWords,
        durationUnit: alternatives(unitOf.keys()),
        unitOf,
        durationQualifier: alternatives(p.durationQualifiers),
        one: alternatives(p.one),
        booleans,
    };
}

const built = new WeakMap<LocaleProfile, LocaleShapes>();

/** The shapes of a profile (built once per profile). */
export function shapesOf(p: LocaleProfile): LocaleShapes {
    let s = built.get(p);
    if (!s) built.set(p, (s = build(p)));
    return s;
}
