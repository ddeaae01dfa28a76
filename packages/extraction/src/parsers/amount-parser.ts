// Numbers as each document language writes them (its profile's number format, locale/): English
// groups thousands with "," and marks decimals with "."; Dutch the other way round; a space groups
// thousands in both. So "1.234" is 1234 in Dutch and 1.234 in English, and a form the language does not write (en "1.234,56") is not a number there:
// reading it anyway would turn a Dutch thousands separator into an English decimal point.
import type { Decimal } from 'decimal.js';
import { Dec } from '../compiler-values.js';
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';

export interface ParsedAmount {
    value: Decimal;
    /** Digits written after the decimal mark (0 when none). */
    decimals: number;
}

/**
 * Parses an unsigned or signed amount without currency: "1,234.56" (en), "1.234,56" (nl), "1234",
 * ".5" (en), "18.352,--" (nl: dashes for whole amounts). Leading "-" or "−" makes it negative.
 */
export function parseAmount(text: string, language: string): ParsedAmount | undefined {
    let t = text.trim();
    let negative = false;
    if (t.startsWith('-') || t.startsWith('\u2212')) {
        negative = true;
        t = t.slice(1).trimStart();
    }
    if (t === '') return undefined;
    const profile = localeOf(language);
    const m = shapesOf(profile).amountExact.exec(t);
    if (!m) return undefined;
    const whole = (m[1] ?? '').replace(/[^\d]/g, '');
    let fraction = m[2] ?? '';
    if (/^-+$/.test(fraction)) fraction = '';
    else if (m[2] !== undefined && whole === '' && !profile.numbers.bareFraction) return undefined; // ",5" is not Dutch
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
export function parseIntegerText(text: string, language: string): Decimal | undefined {
    const a = parseAmount(text, language);
    return a && a.value.isInteger() ? a.value : undefined;
}
