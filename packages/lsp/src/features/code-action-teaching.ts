// Quick fixes for the mistakes the compiler's messages teach about (docs/schema-language.md, "Common
// mistakes"): `=` → `==`, `&&` → `and`, `||` → `or`, `!` → `not`, a date written as a plain string
// → `date'…'` (only when the string is a valid date), and an unknown type or currency → the one
// the message suggests. Each fix is what the message already says, applied.
import { HINTS, parseIsoDate, parseIsoDateTime, type Diagnostic } from '@svc/compiler';

export interface TeachingFix {
    title: string;
    edits: Array<{ start: number; end: number; text: string }>;
    preferred?: boolean;
}

/** The operator another language spells differently, by the hint its E-EXPR-SYNTAX message ends with. */
const SPELLINGS: Array<[string, string]> = [
    [HINTS.equality, '=='],
    [HINTS.and, 'and'],
    [HINTS.or, 'or'],
    [HINTS.not, 'not '],
];

/** `text` is the document, [start, end) the diagnostic's place in it. */
export function teachingFixes(text: string, d: Diagnostic, start: number, end: number): TeachingFix[] {
    const found = text.slice(start, end);
    if (d.code === 'E-EXPR-SYNTAX') {
        const spelled = SPELLINGS.find(([hint]) => d.message.endsWith(hint))?.[1];
        return spelled
            ? [{ title: `Change "${found}" to "${spelled.trim()}"`, preferred: true, edits: [{ start, end, text: spelled }] }]
            : [];
    }
    if (d.code === 'E-TYPE') {
        const m = /; write the (date|datetime) as \1'([^']*)'$/.exec(d.message);
        // Only a string the literal accepts (the compiler's own check): date'2024-02-30' would trade
        // this error for E-EXPR-LITERAL.
        const valid = m && (m[1] === 'date' ? parseIsoDate(m[2]!) : parseIsoDateTime(m[2]!)) !== undefined;
        const at = m && valid ? found.indexOf(`'${m[2]}'`) : -1;
        return m && at >= 0
            ? [{ title: `Write ${m[1]}'${m[2]}'`, preferred: true, edits: [{ start: start + at, end: start + at, text: m[1]! }] }]
            : [];
    }
    if (d.code === 'E-SCHEMA-VALUE' && /\/(type|currency)$/.test(d.pointer)) {
        const suggested = /did you mean "([^"]+)"\?$/.exec(d.message)?.[1];
        return suggested
            ? [{ title: `Change to "${suggested}"`, preferred: true, edits: [{ start, end, text: JSON.stringify(suggested) }] }]
            : [];
    }
    return [];
}
