// Cardinal numbers written as words, for durations ("thirty (30) days", "dertig dagen", "twee
// jaar") and integers, in the document language's profile (locale/): words written apart ("one
// hundred and twenty", 'spaced') or as one compound ("honderdvijftig", 'compound'). Only what
// documents write for counts: 0..999; larger counts are always written in digits.
import { localeOf } from '../locale/locale-registry.js';
import { shapesOf } from '../locale/locale-shapes.js';
import type { LocaleProfile } from '../locale/locale-types.js';

function spaced(p: LocaleProfile, words: string): number | undefined {
    const w = p.numberWords;
    const parts = words
        .replace(/-/g, ' ')
        .split(/\s+/)
        .filter((x) => !w.joiners.includes(x));
    if (parts.length === 0) return undefined;
    let total = 0;
    let current = 0;
    let seen = false;
    for (const x of parts) {
        if (x in w.units) {
            if (current % 10 !== 0 || (current > 0 && current < 20)) return undefined;
            current += w.units[x]!;
        } else if (x in w.tens) {
            if (current % 100 !== 0) return undefined;
            current += w.tens[x]!;
        } else if (x === w.hundred) {
            if (current >= 10) return undefined;
            current = (current || 1) * 100;
            total += current;
            current = 0;
        } else if (p.one.includes(x) && !seen) {
            current = 1;
        } else return undefined;
        seen = true;
    }
    return total + current;
}

function compoundBelowHundred(p: LocaleProfile, w: string): number | undefined {
    const { units, tens, joiners } = p.numberWords;
    if (w in units) return units[w];
    if (w in tens) return tens[w];
    // "vierentwintig", "tweeëntwintig": a unit, a joiner, a ten.
    for (const [u, uv] of Object.entries(units)) {
        if (uv < 1 || uv > 9 || !w.startsWith(u)) continue;
        for (const j of joiners) {
            const t = w.slice(u.length + j.length);
            if (w.startsWith(j, u.length) && t in tens) return uv + tens[t]!;
        }
    }
    return undefined;
}

function compound(p: LocaleProfile, words: string): number | undefined {
    const w = words.replace(/[\s-]+/g, '');
    if (w === '') return undefined;
    const below = compoundBelowHundred(p, w);
    if (below !== undefined) return below;
    // "honderd", "tweehonderd", "honderdvijftig", "honderdentien"
    const at = w.indexOf(p.numberWords.hundred);
    if (at < 0) return undefined;
    const headText = w.slice(0, at);
    let tailText = w.slice(at + p.numberWords.hundred.length);
    for (const j of p.numberWords.joiners) if (tailText.startsWith(j) && tailText.length > j.length) tailText = tailText.slice(j.length);
    const head = headText === '' ? 1 : compoundBelowHundred(p, headText);
    const tail = tailText === '' ? 0 : compoundBelowHundred(p, tailText);
    if (head === undefined || tail === undefined || head < 1 || head > 9) return undefined;
    return head * 100 + tail;
}

/** The value of a number written in words in the document language, or undefined. */
export function numberFromWords(text: string, language: string): number | undefined {
    const w = text.trim().toLowerCase();
    if (w === '') return undefined;
    const p = localeOf(language);
    return p.numberWords.style === 'spaced' ? spaced(p, w) : compound(p, w);
}

/** Regular-expression source of one number in words of the language (see locale/locale-shapes.ts). */
export function numberWordSource(language: string): string {
    return shapesOf(localeOf(language)).numberWord;
}
