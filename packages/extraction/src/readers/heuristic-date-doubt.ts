// A numeric date that reads both ways ("01/04/2025") under `date_order: "auto"`: English reads it
// month first (the language spec), but a document whose other numeric dates can only be read day
// first ("31/03/2026"), or whose sums are in pounds, writes them day first, so the reading is a coin
// flip, and its confidence says so. The value stays the spec's; only how sure the reader is changes.
import type { FieldType } from '@svc/compiler';
import type { WindowText } from './heuristic-text.js';

/** The most a date read month first is worth against a document that writes dates day first. */
export const DOUBTFUL_DATE_P = 0.5;

/** "01/04/2025", "1-4-25": day or month, the other, a year; the separator as written. */
const NUMERIC = /^\s*(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?!\d)/;
/** Numeric dates anywhere in a window (for the day-first evidence). */
const NUMERIC_ANYWHERE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{2}|\d{4})(?![\d/.-]?\d)/g;

/** A sum in pounds sterling ("£19.80", "GBP 19.80"). */
const POUNDS = /£\s?\d|\bGBP\s?\d/;

/** Per window, the separators its numeric dates are written day first with ("31/03/2026": "/"). */
const DAY_FIRST = new WeakMap<WindowText, Set<string>>();

function dayFirstSeparators(win: WindowText): Set<string> {
    let out = DAY_FIRST.get(win);
    if (!out) {
        out = new Set();
        for (const m of win.text.matchAll(NUMERIC_ANYWHERE)) if (+m[1]! > 12 && +m[3]! >= 1 && +m[3]! <= 12) out.add(m[2]!);
        // Sums in pounds: a British document, whose dates are day first whatever their numbers.
        if (POUNDS.test(win.text)) for (const sep of ['/', '.', '-']) out.add(sep);
        DAY_FIRST.set(win, out);
    }
    return out;
}

/** Whether a date field's quote reads both ways and the window writes its dates day first. */
export function doubtfulDate(win: WindowText, type: FieldType, quote: string, language: string): boolean {
    if ((type.kind !== 'date' && type.kind !== 'datetime') || type.dateOrder !== 'auto' || language !== 'en') return false;
    const m = NUMERIC.exec(quote);
    if (!m || m[1] === m[3] || +m[1]! > 12 || +m[3]! > 12 || +m[1]! < 1 || +m[3]! < 1) return false;
    return dayFirstSeparators(win).has(m[2]!);
}
