// A figure measured in the unit a field's name says (`fabric_metres`: "6.5 m"; `weight_kg`:
// "17.4 kg"; `stamdiameter_cm`: "58 cm"): the unit after the number says what it measures, as a
// label would. Units are written alike in English and Dutch; their words are both languages'.
import type { CompiledField } from '@svc/compiler';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { countedBy, nameAfter, participleAfter, type Counts } from './heuristic-counts.js';
import { ADJUST } from './heuristic-weights.js';

/** Each unit's forms after a number, and the words of a field's name that ask for it. */
const UNITS: readonly { written: readonly string[]; named: readonly string[] }[] = [
    { written: ['m', 'mtr', 'metre', 'metres', 'meter', 'meters'], named: ['m', 'metre', 'metres', 'meter', 'meters', 'mtr'] },
    { written: ['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'], named: ['cm', 'centimetres', 'centimeters'] },
    { written: ['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'], named: ['mm', 'millimetres', 'millimeters'] },
    { written: ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'], named: ['km', 'kilometres', 'kilometers'] },
    { written: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'], named: ['kg', 'kgs', 'kilos', 'kilograms'] },
    { written: ['m2', 'm²', 'sqm'], named: ['m2', 'sqm', 'sq'] },
    { written: ['t', 'tonne', 'tonnes', 'ton', 'tons'], named: ['tonnes', 'tonne', 'tons'] },
    { written: ['l', 'ltr', 'litre', 'litres', 'liter', 'liters'], named: ['litres', 'liters', 'ltr'] },
    { written: ['kwh'], named: ['kwh'] },
    // Power, as an engine's or a generator's ("600 kW (75% of prime)" for `load_bank_kw`; not "kVA":
    // a generator's rating in kVA beside its kW made "1 x 200 kW" a `generator_kva`'s).
    { written: ['kw', 'kilowatt', 'kilowatts'], named: ['kw', 'kilowatt', 'kilowatts'] },
    // A sound level ("28,5 dB(A)" for `geluidsniveau_db`).
    { written: ['db', 'dba'], named: ['db', 'dba', 'decibel', 'decibels'] },
    { written: ['mi', 'mile', 'miles'], named: ['miles'] },
    // Paper's weight per square metre, as printers write it ("170 grs silk mc", "170 g/m²").
    { written: ['gsm', 'grs', 'gr', 'g', 'gram', 'grams', 'grammen'], named: ['gsm', 'grams', 'gram', 'grammen'] },
];

/** The forms a number's unit is written in for the unit a field's name asks for, or undefined. */
export function fieldUnit(field: CompiledField): readonly string[] | undefined {
    // (Not the unit after "per": `dose_rate_l_per_ha`, `price_per_tonne`.)
    const all = labelWords(field.name);
    const per = all.indexOf('per');
    const words = per < 0 ? all : all.slice(0, per);
    // "sq m" asks for square metres, not metres.
    const square = words.includes('sq');
    for (const u of UNITS) if (words.some((w) => u.named.includes(w))) return square && !u.named.includes('sq') ? undefined : u.written;
    return undefined;
}

/** Words of a field's name that ask for a percentage (`agencyCommissionPercent`, `beheervergoeding_pct`). */
const PERCENT_WORDS = new Set(['percent', 'percentage', 'pct', 'perc', 'procent', 'percentages']);

/**
 * Whether a field's name asks for a percentage, or a whole number's bounds are a percentage's
 * (`mean_spo2` from 0 to 100: "Mean SpO2   94 %").
 */
export function asksForPercent(field: CompiledField): boolean {
    const t = field.type.kind === 'array' ? field.type.items : field.type;
    if (t.kind === 'integer' && t.max !== undefined && t.max.eq(100) && t.min !== undefined && t.min.gte(0)) return true;
    return labelWords(field.name).some((w) => PERCENT_WORDS.has(w));
}

/** Characters after a number read for its unit. */
const UNIT_REACH = 14;

/**
 * Whether a number is measured in another unit than the one a field's name asks for ("162 cm" for
 * `gewicht_kg`): a unit of the table that is none of the field's forms.
 */
export function otherUnit(win: WindowText, span: Span, written: readonly string[]): boolean {
    const m = /^[ \t]?([\p{L}²2]+)\.?(?![\p{L}\d])/u.exec(win.text.slice(span.end, span.end + UNIT_REACH));
    const unit = m?.[1]!.toLowerCase();
    return unit !== undefined && !written.includes(unit) && UNITS.some((u) => u.written.includes(unit));
}

/** Whether the number is followed by one of the unit's forms ("6.5 m", "17.4kg", "58 cm"). */
export function measuredIn(win: WindowText, span: Span, written: readonly string[]): boolean {
    const m = /^[ \t]?([\p{L}²2]+)\.?(?![\p{L}\d])/u.exec(win.text.slice(span.end, span.end + UNIT_REACH));
    return m !== null && written.includes(m[1]!.toLowerCase());
}

/** Whether a number is written as a sum of money: a currency's mark right before it ("£409.14", "€ 16,20"). */
export function moneyMarked(win: WindowText, span: Span): boolean {
    return /\p{Sc}[ \t]?$/u.test(win.text.slice(Math.max(0, span.start - 2), span.start));
}

/**
 * How well a figure is labelled without a label: a count before what the field counts, a number in
 * the unit its name says ("6.5 m" for `fabric_metres`), a table's cell by its row and column.
 */
export function asLabelled(
    win: WindowText,
    span: Span,
    counts: Counts | undefined,
    unit: readonly string[] | undefined,
    cell: boolean,
): number {
    let count = 0;
    if (counts) {
        // (More where the name's participle follows the noun: "412 claims were received" for `claims_received`, not "57 claims were paid".)
        const said = counts.participle !== undefined && participleAfter(win, span, counts.participle);
        // (The whole name after it says as much as a noun and its participle: "68 stemmen voor".)
        const whole = nameAfter(win, span, counts.name);
        if (whole || counts.nouns.some((noun) => countedBy(win, span, noun)))
            count = ADJUST.countedNoun * (said || whole ? ADJUST.countedSaid : 1);
    }
    const measure = unit && measuredIn(win, span, unit) ? ADJUST.measuredUnit : 0;
    return Math.max(count, measure, cell ? ADJUST.rowColumn : 0);
}
