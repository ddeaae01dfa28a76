// The spans of a field's type in one window that may be its value: not a number inside a date, a
// check box no label of the field answers, a section's number, a figure of a label before its dot
// leaders, a sum of money for a measure or a percentage, a count of a period's days for money, a
// reference range's bound.
// Split from heuristic-scorers.ts.
import { boxContext } from './heuristic-boxes.js';
import { FIGURES, monthYear, sectionNumber } from './heuristic-columns.js';
import { countedNoun } from './heuristic-counts.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { shapesOf } from '../locale/locale-shapes.js';
import type { FieldContext, Scalar } from './heuristic-scorers.js';
import { subtractedFields } from './heuristic-signs.js';
import { isCheckBox, type Span } from './heuristic-spans.js';
import { asksForCredit, saysNegative, unsigned } from './heuristic-totals.js';
import { asksForPercent, fieldUnit, moneyMarked, otherUnit } from './heuristic-units.js';

const isDate = (t: Scalar): boolean => t.kind === 'date' || t.kind === 'datetime';

/** The spans of a field's type in the window, but numbers that are part of a date or count a period's units. */
export function spansOf(ctx: FieldContext, type: Scalar): Span[] {
    // A whole number a field's name asks for as a percentage is found before its sign, as a
    // decimal's is ("Revolving utilization:   26%" for `utilization_percent`).
    let found = ctx.spans(type.kind === 'integer' && asksForPercent(ctx.field) ? { kind: 'decimal' } : type);
    if (!isDate(type)) {
        // A number inside a date ("14 MAR 2018") is no amount.
        const dates = ctx.spans({ kind: 'datetime', eom: 'clamp', dateOrder: 'auto' });
        if (dates.length) found = found.filter((s) => !dates.some((d) => d.start < s.end && s.start < d.end));
    } else {
        // A date a birth's or a death's verb introduces is that event's, for a field that asks for neither
        // ("uitvaart van de heer …, geboren 6 januari 1941" is no `datum_uitvaart`).
        const events = otherEvents(ctx);
        if (events) found = found.filter((s) => !events.test(ctx.win.text.slice(Math.max(0, s.start - EVENT_BEFORE), s.start)));
        // Nor a release's number in dotted parts ("added fixed release 7.2.12", "firmware 7.4.7 or later").
        found = found.filter((s) => !versionNumber(ctx.win.text, s));
    }
    // A check box answers only the statement its line goes on with: one no label of the field
    // follows is another question's, and counts nowhere (not even as a rival value).
    if (type.kind === 'boolean') found = found.filter((s) => !isCheckBox(s.quote) || boxContext(ctx.win, ctx.hits, s).score > 0);
    // Nor the year of a month ("januari en februari 2025").
    // Nor a section's number before its heading ("4. Pocket money", "(2) Mrs Ellwood").
    // Nor a figure of a label before its dot leaders ("Annual entitlement 2025 .......  22").
    // Nor a standard's number ("NEN-EN-ISO 10523", "BS 7671"): a method, no measure.
    // Nor a label's temperature, at which its row's figure holds ("Density at 15 deg C   0.9712 kg/l").
    const heat = asksForTemperature(ctx.field);
    if (FIGURES.has(type.kind))
        found = found.filter(
            (s) =>
                s.marked ||
                !(
                    monthYear(ctx.win, s, ctx.field) ||
                    sectionNumber(ctx.win, s) ||
                    LEADERS.test(ctx.win.text.slice(s.end, s.end + 6)) ||
                    standardNumber(ctx.win.text, s) ||
                    (!heat && condition(ctx.win.text, s))
                ),
        );
    // Nor a figure without its sign, for a field that asks for a percentage where the window writes
    // percentages with it ("Variance (counted - book)   -1,535.25" beside "Variance % of book   -0.83%").
    if ((type.kind === 'decimal' || type.kind === 'integer') && asksForPercent(ctx.field) && found.some((s) => signed(ctx.win, s)))
        found = found.filter((s) => signed(ctx.win, s));
    // Nor an option's words inside a label, before its colon ("Most serious infringement category this period:   SERIOUS").
    if (type.kind === 'enum') found = found.filter((s) => !inLabelCell(ctx.win, s));
    // Nor a figure the field's description or hints write after the same word: the label's own
    // ("Specific IgE to Ara h 2: 4.61 kUA/L" described "Specific IgE to Ara h 2 in kUA/L").
    const named = type.kind === 'integer' || type.kind === 'decimal' ? namedFigures(ctx.field) : undefined;
    const wordBefore = (s: Span): string =>
        /(\p{L}+)[ \t]+$/u.exec(ctx.win.text.slice(Math.max(0, s.start - 24), s.start))?.[1]?.toLowerCase() ?? '';
    if (named?.size) found = found.filter((s) => !named.has(wordBefore(s)));
    // Nor a reference range's bound after a row's reading ("Apnoea-hypopnoea index (AHI)   18.6 /h   < 5 /h").
    if (type.kind === 'integer' || type.kind === 'decimal') found = found.filter((s) => !referenceBound(ctx.win, s));
    // Nor a sum of money, for a field that asks for a measure in a unit ("£409.14" for `fabric_metres`).
    // (Or a percentage: "Agency commission   -$13,845.00" for `agencyCommissionPercent`.)
    if (type.kind !== 'money' && (fieldUnit(ctx.field) || asksForPercent(ctx.field))) found = found.filter((s) => !moneyMarked(ctx.win, s));
    // Nor a measure in another unit ("Lengte / gewicht:   162 cm / onbekend" for `gewicht_kg`).
    const unit = type.kind !== 'money' ? fieldUnit(ctx.field) : undefined;
    if (unit) found = found.filter((s) => !otherUnit(ctx.win, s, unit));
    const deducted =
        !saysNegative(ctx.field) && (asksForCredit(ctx.field, ctx.win.locale) || subtractedFields(ctx.input.schema).has(ctx.field.id));
    if (type.kind === 'money' && deducted) found = found.map(unsigned);
    if (type.kind === 'money') {
        // Nor is a bare number that counts a period's units ("binnen 30 dagen", "within 30 days").
        const periods = ctx.spans({ kind: 'duration', basis: 'days' });
        if (periods.length) found = found.filter((s) => s.marked || !periods.some((d) => d.start <= s.start && s.end <= d.end));
        // Nor a year, where the document marks its amounts ("Voorschot zorgtoeslag 2025" beside "€ 1.476").
        if (found.some((s) => s.marked)) found = found.filter((s) => s.marked || !YEAR.test(s.quote));
    }
    // A count written in words before what the field counts ("Two witnesses aged 18 or over are
    // required" for `witnesses_required`, "drie maanden huur" for `aantal_maanden_huur`).
    const noun = type.kind === 'integer' ? countedNoun(ctx.field, ctx.win.locale) : undefined;
    if (noun) found = [...found, ...countWords(ctx.win, noun)].sort((a, b) => a.start - b.start);
    return found;
}

/**
 * Whether a number is a standard's: after its body and joined prefixes ("NEN-EN-ISO 10523", "ISO
 * 9001"), three digits or more; after a bare "EN" or "BS" (Dutch "and", a degree) four or five, no year.
 */
function standardNumber(text: string, s: { start: number; quote: string }): boolean {
    const m = STANDARD.exec(text.slice(Math.max(0, s.start - 16), s.start));
    if (!m || !/^\d{3,5}$/.test(s.quote)) return false;
    return !/^(?:EN|BS)[ -]$/.test(m[0]) || (s.quote.length >= 4 && !/^(?:19|20)\d\d$/.test(s.quote));
}
/**
 * Whether a figure is a temperature after "at", "@" or Dutch "bij", a gap and a figure after it on
 * its line: the condition of a label ("Density at 15 deg C   0.9712", "Kinematic viscosity @ 50 C
 * 312.6", "Dichtheid bij 15 °C   0,9712").
 */
function condition(text: string, s: Span): boolean {
    // (The last letter of "at", "@" or "bij" right before, a space between at most: most figures ask no more.)
    const c = text[s.start - 1] === ' ' ? text[s.start - 2] : text[s.start - 1];
    if (c !== 't' && c !== 'T' && c !== '@' && c !== 'j' && c !== 'J') return false;
    return CONDITION_BEFORE.test(text.slice(Math.max(0, s.start - 5), s.start)) && CONDITION_AFTER.test(text.slice(s.end, s.end + 40));
}
/** Whether a field asks for a temperature (`storage_temperature_c`, `bake_temp_f`): its figure may stand after "at". */
function asksForTemperature(field: { name: string; description?: string }): boolean {
    const words = labelWords(`${field.name} ${field.description ?? ''}`);
    return words.some((w) => TEMPERATURE.has(w)) || /^[cf]$/.test(labelWords(field.name).at(-1) ?? '');
}
const TEMPERATURE = new Set(['temperature', 'temp', 'celsius', 'fahrenheit', 'degrees', 'temperatuur', 'graden']);
const CONDITION_BEFORE = /(?:^|[^\p{L}])(?:at|@|bij) ?$/iu;
const CONDITION_AFTER = /^ ?(?:°|º|deg(?:rees)?\.? ?)?[CF](?![\p{L}])[^\n\d]{0,16}?[ \t]{2,}[-+]?\d/u;
const STANDARD = /(?<![\p{L}])(?:ISO|NEN|EN|BS|DIN|ASTM|IEC|CEN)(?:[- ](?:EN|ISO|IEC))*[ -]$/u;

/** Whether a span stands in a line's first cell, a label, before its colon (no gap nor colon between). */
function inLabelCell(win: WindowText, s: Span): boolean {
    const line = win.lines[win.lineOf(s.start)]!;
    const rest = win.text.slice(s.end, Math.min(line.end, s.end + LABEL_CELL));
    const colon = rest.indexOf(':');
    if (colon < 0 || /\s{2,}|\t/.test(rest.slice(0, colon)) || !/^[ \t]*\S/.test(rest.slice(colon + 1))) return false;
    const before = win.text.slice(Math.max(line.start, s.start - LABEL_CELL), s.start);
    return !before.includes(':') && !/\S\s{2,}\S/.test(before);
}
/** Characters of a label cell read on each side of a span. */
const LABEL_CELL = 60;
/**
 * The words after which a field's description and hints write a figure its name writes too ("h"
 * of "Ara h 2" for `ara_h2_ige`; not an example's, "e.g. Floor 3" for `floor`): a figure after such
 * a word is a label's, this field's or its neighbour row's ("Ara h 8").
 */
function namedFigures(field: { name: string; description?: string; hints: readonly string[] }): Set<string> {
    const out = new Set<string>();
    const own = new Set(field.name.match(/\d+/g) ?? []);
    if (!own.size) return out;
    for (const t of [field.description ?? '', ...field.hints])
        for (const m of t.matchAll(/(\p{L}+)[ \t]+(\d+)(?![\d\p{L}.,])/gu)) if (own.has(m[2]!)) out.add(m[1]!.toLowerCase());
    return out;
}

/** Whether a percent sign follows a figure (a space between at most). */
function signed(win: WindowText, s: Span): boolean {
    return /^ ?%/.test(win.text.slice(s.end, s.end + 2));
}

/** A number after a comparison's sign that follows another figure on its line, no digit between: a reference's bound. */
function referenceBound(win: WindowText, s: Span): boolean {
    const line = win.lines[win.lineOf(s.start)]!;
    return REFERENCE_BOUND.test(win.text.slice(Math.max(line.start, s.start - 48), s.start));
}
const REFERENCE_BOUND = /\d[^\d\n]{1,40}[<>≤≥]=?[ \t]?$/u;

/** Number words right before a noun (or its plural) in a window. */
function countWords(win: WindowText, noun: string): Span[] {
    // (Built once per language and noun: every window of a document asks again.)
    const key = `${win.locale.code}\u0000${noun}`;
    let re = COUNT_WORDS.get(key);
    if (!re) {
        re = new RegExp(
            `(?<![\\p{L}\\p{N}])(?:${shapesOf(win.locale).numberWord})(?=[ \\t]+${escapeWord(noun)}(?:s|en|n)?(?![\\p{L}]))`,
            'giu',
        );
        if (COUNT_WORDS.size >= COUNT_WORDS_KEPT) COUNT_WORDS.clear();
        COUNT_WORDS.set(key, re);
    }
    return [...win.text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, quote: m[0] }));
}

/** Count-word patterns by language and noun (nouns come from schemas: kept to a bounded number). */
const COUNT_WORDS = new Map<string, RegExp>();
const COUNT_WORDS_KEPT = 256;

const escapeWord = (w: string): string => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Dot leaders after a figure: the figure is a part of the label they lead from. */
const LEADERS = /^[ \t]*(?:\.{3}|…)/;

/** A year as a bare number. */
const YEAR = /^(?:19|20)\d\d$/;

/** Keys of a profile's date labels that name a life's events: their labels date those events only. */
const EVENT_KEYS = ['birth', 'dob', 'death', 'geboorte', 'overlijden'];

/**
 * A pattern of the one-word labels of the life events a field's name does not ask for ("born",
 * "geboren", "overl."), right before a date ("geboren 6 januari", "born on 6 January").
 */
function otherEvents(ctx: FieldContext): RegExp | undefined {
    const labels = ctx.win.locale.dateLabels;
    if (!labels) return undefined;
    const name = labelWords(ctx.field.name);
    const asked = (key: string): boolean => name.some((w) => w.includes(key));
    const words = EVENT_KEYS.filter((k) => !asked(k) && !(k === 'dob' && asked('birth')) && !(k === 'birth' && asked('dob'))).flatMap((k) =>
        (labels.get(k) ?? []).filter((l) => !/\s/.test(l)),
    );
    if (!words.length) return undefined;
    // (Built once per language and list: every window asks again for every date field.)
    const key = `${ctx.win.locale.code}\u0000${words.join('|')}`;
    let re = EVENT_PATTERNS.get(key);
    if (!re) {
        re = new RegExp(`(?:^|[^\\p{L}])(?:${words.map((w) => w.replace(/\./g, '\\.')).join('|')})(?:\\s+(?:on|op))?\\s*$`, 'iu');
        EVENT_PATTERNS.set(key, re);
    }
    return re;
}
/** Event patterns by language and the events left out (a handful: the lists are the profiles'). */
const EVENT_PATTERNS = new Map<string, RegExp>();
/** Characters read before a date for an event's label. */
const EVENT_BEFORE = 16;

/** Whether a date's span is a release's number: dotted parts, the year of two digits, after a word of versions or before "or later". */
function versionNumber(text: string, s: Span): boolean {
    if (!/^\d{1,2}\.\d{1,2}\.\d{2}$/.test(s.quote)) return false;
    return (
        VERSION_BEFORE.test(text.slice(Math.max(0, s.start - 16), s.start)) ||
        /^ (?:or|of) (?:later|newer|hoger|nieuwer)\b/i.test(text.slice(s.end, s.end + 12))
    );
}
const VERSION_BEFORE = /(?:^|[^\p{L}])(?:versions?|versie|release|releases|firmware|software|build|patch|update|v)\.?[ \t]*$/iu;
