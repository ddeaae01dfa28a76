// E-mail addresses wherever a window writes them, for a field that asks for one: an address in
// running text has often no label ("write to our Data Protection Officer, Ms Anjali Ferreira-Holt,
// at dpo@bellwether-outdoor.example.co.uk" for `dpo_email`). An address whose own words say a
// word of the field's other name words ("dpo") is as good as labelled; others are weak candidates
// (below the floor of a field that may be empty).
import { spanScored } from './heuristic-after-label.js';
import type { FieldContext, Scored } from './heuristic-scorers.js';
import { asksForMail } from './heuristic-shapes.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** An address: a local part and a domain of bounded lengths (linear however long the text), not inside a longer word. */
const ADDRESS =
    /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}(?![\p{L}\p{N}-])/gu;

/** The words of an e-mail field's name that say which address (`dpo` of `dpo_email`). */
const MAIL_WORDS: ReadonlySet<string> = new Set(['e', 'email', 'mail', 'address', 'addr', 'mailadres', 'adres', 'emailadres']);

/** A share of a name's word's weight for an address that says none of the name's words. */
const UNNAMED = 0.25;

/** Every e-mail address in the window as a candidate of a field that asks for one. */
export function mailScores(ctx: FieldContext, fits: (s: Span) => boolean): Scored[] {
    const { field, type, win } = ctx;
    if (type.kind !== 'string' || type.pattern !== undefined || !asksForMail(field)) return [];
    const own = labelWords(field.name).filter((w) => !MAIL_WORDS.has(w) && w.length >= 2);
    const out: Scored[] = [];
    for (const m of addressesOf(win)) {
        const quote = m.quote;
        const words = quote.toLowerCase().split(/[^\p{L}\p{N}]+/u);
        const named = own.some((w) => words.includes(w));
        const scored = spanScored(ctx, fits, m, LABEL.nameWord * (named ? 1 : UNNAMED));
        if (scored) out.push(scored);
    }
    return out;
}

/** The window's addresses, found once per window and at most MAX_ADDRESSES of them (a document of addresses asks every mail field). */
function addressesOf(win: WindowText): Span[] {
    let found = ADDRESSES.get(win);
    if (!found) {
        found = [];
        for (const m of win.text.matchAll(ADDRESS)) {
            const quote = m[0].replace(/\.+$/, '');
            found.push({ start: m.index, end: m.index + quote.length, quote });
            if (found.length >= MAX_ADDRESSES) break;
        }
        ADDRESSES.set(win, found);
    }
    return found;
}
const ADDRESSES = new WeakMap<WindowText, Span[]>();
/** Addresses of a window proposed at most. */
const MAX_ADDRESSES = 64;
