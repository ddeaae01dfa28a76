// The one decision "this quote parses as this field's type" (docs/extraction.md), with the
// normalised value. Readers use it to keep only candidates that are values, grounding uses it to
// accept a candidate as a mention, and the edits use it for `insert`: one function, so a quote the
// reader proposes is never refused later, and a quote a user inserts is judged the same way.
import type { Decimal } from 'decimal.js';
import type { FieldType, Value } from '@svc/compiler';
import { Dec } from '../compiler-values.js';
import type { Language } from '../engine-types.js';
import { formatValue, scalarType, type JsonValue } from '../response/value-format.js';
import { fitsScale, parseAmount, parseIntegerText } from './amount-parser.js';
import { currenciesOfMark, splitCurrencyMark } from './currency-marks.js';
import { parseDateQuote, parseDateTimeQuote } from './date-parser.js';
import { parseDurationQuote } from './duration-parser.js';
import { numberFromWords } from './number-words.js';
import { withoutFormComma } from './legal-forms.js';
import { compiledPattern } from './pattern-cache.js';
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';

export interface ParsedValue {
    /** The run-time value (the compiler's representation), as relations see it. */
    value: Value;
    /** The value as `response.data` shows it. */
    json: JsonValue;
    /** Identity of the value: equal keys are one reading. */
    key: string;
}

type ScalarType = Exclude<FieldType, { kind: 'array' }>;

/** Case, white space and apostrophe forms folded: how enum labels and aliases are compared. */
/**
 * A form's check box, ticked or left empty, before the statement it answers ("[x] I confirm I am
 * over 18", "☐ I would like to join the mailing list"): the same in every language.
 */
const CHECK_BOXES: ReadonlyMap<string, boolean> = new Map([
    ['[x]', true],
    ['[✓]', true],
    ['[✔]', true],
    ['☒', true],
    ['☑', true],
    ['[ ]', false],
    ['☐', false],
]);

/** A line break inside a box: the border before it, the border after it ("… South, |\n |   Stockport"). */
// (Anchored on the border, so a long run of blanks is read once: linear in the quote.)
const BOX_BREAK = /\|[ \t]*\r?\n[ \t]*\|(?=[ \t])/g;

export function foldText(s: string): string {
    return s
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\u2018\u2019\u0060\u00b4]/g, "'")
        .replace(/\s+/g, ' ')
        .trim();
}

/** An enum label's words: underscores, hyphens and dashes are spaces ("standing_order", "Standing-order"). */
export function enumWords(folded: string): string {
    return folded
        .replace(/[_\-–—]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}

/** Identity of a string value: case, white space and punctuation around words folded. */
export function foldString(s: string): string {
    return foldText(s)
        .replace(/[.,;:'"“”‘’()]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
}

function inRange(x: Decimal, min?: Decimal, max?: Decimal): boolean {
    return (min === undefined || x.gte(min)) && (max === undefined || x.lte(max));
}

function inNumberRange(x: number, min?: number, max?: number): boolean {
    return (min === undefined || x >= min) && (max === undefined || x <= max);
}

function parseMoney(type: Extract<ScalarType, { kind: 'money' }>, quote: string, language: Language): Decimal | undefined {
    // Accounting parentheses make an amount negative: "(50.00)", "($50.00)", "EUR (50.00)".
    const outer = /^\s*\((.*)\)\s*$/su.exec(quote);
    const split = splitCurrencyMark(outer ? outer[1]! : quote);
    if (!split) return undefined;
    if (split.mark !== undefined && !currenciesOfMark(split.mark)!.has(type.currency)) return undefined;
    const inner = outer ? undefined : /^\((.*)\)$/su.exec(split.amount);
    const negative = outer !== null || !!inner;
    const amount = inner ? inner[1]! : split.amount;
    if (negative && /^\s*[-\u2212(]/.test(amount)) return undefined; // "(-50.00)": no reading
    const a = parseAmount(amount, language);
    if (!a || !fitsScale(a.value, type.scale)) return undefined;
    const value = negative && !a.value.isZero() ? a.value.neg() : a.value;
    return inRange(value, type.min, type.max) ? value : undefined;
}

/**
 * The longest quote a value other than a string is read from: the longest date written out ("Monday,
 * the twenty-first day of September, two thousand and twenty, at 10:00 a.m.") is under 100
 * characters. Longer ones are no such value, and the parsers' patterns need not be tried on them.
 */
export const MAX_TYPED_QUOTE = 200;

function parseScalar(type: ScalarType, quote: string, language: Language): Value | undefined {
    if (type.kind !== 'string' && quote.length > MAX_TYPED_QUOTE) return undefined;
    switch (type.kind) {
        case 'string': {
            if (quote.trim() === '') return undefined;
            if (type.pattern !== undefined && !compiledPattern(type.pattern).testExact(quote)) return undefined;
            // The value folds white space: a value broken over lines is still one string, and so
            // is one broken inside a box, whose borders stand at the line break ("South, |" / "|
            // Stockport"). A name is reported without the comma before its legal form ("NIKE
            // Inc." for "NIKE, Inc."), one spelling of one company (docs/extraction.md, Strings).
            const folded = quote.replace(BOX_BREAK, ' ').replace(/\s+/g, ' ').trim();
            return type.pattern === undefined ? withoutFormComma(folded) : folded;
        }
        case 'boolean': {
            const folded = foldText(quote);
            return shapesOf(localeOf(language)).booleans.get(folded) ?? CHECK_BOXES.get(folded);
        }
        case 'integer': {
            const t = quote.trim();
            let x = parseIntegerText(t, language);
            if (x === undefined) {
                const w = numberFromWords(t, language);
                if (w !== undefined) x = new Dec(w);
            }
            return x !== undefined && inRange(x, type.min, type.max) ? x : undefined;
        }
        case 'decimal': {
            const a = parseAmount(quote, language);
            if (!a) return undefined;
            if (type.scale !== undefined && !fitsScale(a.value, type.scale)) return undefined;
            return inRange(a.value, type.min, type.max) ? a.value : undefined;
        }
        case 'money':
            return parseMoney(type, quote, language);
        case 'date': {
            const d = parseDateQuote(quote, type.dateOrder, language);
            return d !== undefined && inNumberRange(d, type.min, type.max) ? d : undefined;
        }
        case 'datetime': {
            const t = parseDateTimeQuote(quote, type.dateOrder, language);
            return t !== undefined && inNumberRange(t, type.min, type.max) ? t : undefined;
        }
        case 'duration': {
            const n = parseDurationQuote(quote, type.basis, language);
            return n !== undefined && inNumberRange(n, type.min, type.max) ? n : undefined;
        }
        case 'enum': {
            const q = foldText(quote);
            if (q === '') return undefined;
            for (const label of type.labels) if (foldText(label) === q) return label;
            for (const label of type.labels) {
                for (const alias of type.aliases[label] ?? []) if (foldText(alias) === q) return label;
            }
            // A label written in snake case is its words as a document writes them ("standing_order":
            // "Standing order", "uk_to_uk": "UK to UK"), when no label is written so exactly.
            const words = enumWords(q);
            for (const label of type.labels) if (label.includes('_') && enumWords(foldText(label)) === words) return label;
            return undefined;
        }
    }
}

/**
 * Parses a whole quote as a value of `type` (for an array field: one element) under the document
 * language and the field's keys; undefined when it is not one.
 */
export function parseQuote(type: FieldType, quote: string, language: Language): ParsedValue | undefined {
    const scalar = scalarType(type);
    const value = parseScalar(scalar, quote, language);
    if (value === undefined || value === null) return undefined;
    // Numbers stay below 10^28 in magnitude, as everywhere in the language.
    if (typeof value === 'object' && (!(value as Decimal).isFinite() || (value as Decimal).e >= 28)) return undefined;
    const json = formatValue(scalar, value);
    // A name is written in capitals in a heading and in mixed case in the text, with or without
    // the comma before "Inc.": one value. The reading shows its best-supported spelling.
    const key = scalar.kind === 'string' ? JSON.stringify(foldString(value as string)) : JSON.stringify(json);
    return { value, json, key };
}
