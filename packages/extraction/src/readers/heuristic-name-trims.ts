// A name's own ends, apart from what stands around it on its line: a banner's ornaments ("~~~ CROWN
// CURRENCY EXCHANGE ~~~") and the words after a legal form and a dash ("Pluxee Belgium NV -
// Dienstencheques Vlaanderen"). Split from heuristic-address.ts.
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import type { Span } from './heuristic-spans.js';

/** A name without a banner's ornaments around it: "~~~ CROWN CURRENCY EXCHANGE ~~~", "~ BRITISH SHOTOKAN KARATE FEDERATION ~". */
export function withoutOrnaments(text: string, name: Span): Span {
    const lead = /^[~=*#•·]+\s*/.exec(name.quote)?.[0].length ?? 0;
    const tail = /\s*[~=*#•·]+$/.exec(name.quote.slice(lead))?.[0].length ?? 0;
    if (!lead && !tail) return name;
    const [start, end] = [name.start + lead, name.end - tail];
    return start < end ? { start, end, quote: text.slice(start, end) } : name;
}

/**
 * A name line cut after its legal form where a dash or bar goes on with what the business does or
 * which part of it writes ("Pluxee Belgium NV - Dienstencheques Vlaanderen").
 */
export function beforeTagline(text: string, name: Span): Span {
    const m = /^(.*?[\p{L}.])[ \t]+[-–—|][ \t]+\S/u.exec(name.quote);
    const last = m?.[1]!
        .toLowerCase()
        .match(/[\p{L}.]+$/u)?.[0]
        .replace(/\./g, '');
    if (!m || !last || !LEGAL_FORMS.has(last)) return name;
    return { start: name.start, end: name.start + m[1]!.length, quote: text.slice(name.start, name.start + m[1]!.length) };
}
