// Numbers as each document language writes them (docs/extraction.md): English groups thousands
// with "," and marks decimals with "."; Dutch the other way round. So "1.234" is 1234 in Dutch and
// 1.234 in English, and a form the language does not write (en "1.234,56") is not a number there:
// reading it anyway would turn a Dutch thousands separator into an English decimal point.
import type { Decimal } from 'decimal.js';
import { Dec } from '../compiler-values.js';
import type { Language } from '../engine-types.js';

export interface ParsedAmount {
    value: Decimal;
    /** Digits written after the decimal mark (0 when none). */
    decimals: number;
}

// Thousands groups must be exactly three digits after a first group of one to three. A space (also
// the no-break and thin spaces) groups thousands in both languages.
const EN = /^(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)?(?:\.(\d+))?$/;
const NL = /^(\d{1,3}(?:\.\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)?(?:,(\d+|-{1,2}))?$/;

/**
 * Parses an unsigned or signed amount without currency: "1,234.56" (en), "1.234,56" (nl), "1234",
 * ".5" (en), "18.352,--" (nl: dashes for whole amounts). Leading "-" or "−" makes it negative.
 */
export function parseAmount(text: string, language: Language): ParsedAmount | undefined {
    let t = text.trim();
    let negative = false;
    if (t.startsWith('-') || t.startsWith('\u2212')) {
        negative = true;
        t = t.slice(1).trimStart();
    }
    if (t === '') return undefined;
    const m = (language === 'nl' ? NL : EN).exec(t);
    if (!m) return undefined;
    const whole = (m[1] ?? '').replace(/[^\d]/g, '');
    let fraction = m[2] ?? '';
    if (/^-+$/.test(fraction)) fraction = '';
    else if (m[2] !== undefined && whole === '' && language === 'nl') return undefined; // ",5" is not written
    if (whole === '' && fraction === '') return undefined;
    const digits = `${whole === '' ? '0' : whole}${fraction === '' ? '' : '.' + fraction}`;
    let value = new Dec(digits);
    if (negative && !value.isZero()) value = value.neg();
    return { value, decimals: fraction.length };
}

/** Whether `value` has no non-zero digit beyond `scale` decimals ("12.500" fits scale 2). */
export function fitsScale(value: Decimal, scale: number): boolean {
    return value.decimalPlaces() <= scale;
}

/** Plain integers as written in either language's grouping ("1,000" en, "1.000" nl, "12", "12.00"). */
export function parseIntegerText(text: string, language: Language): Decimal | undefined {
    const a = parseAmount(text, language);
    return a && a.value.isInteger() ? a.value : undefined;
}
