// Schemas for the pattern limits' bench rows (docs/compiler.md, "Pattern limits"): the review's
// schema that took 16 s before the limits, an ordinary one to compare with, and the slowest schemas
// the limits let through, built by filling 32 fields with one construct as far as they allow.

/** 32 fields with an ordinary pattern each (an invoice number, distinct per field). */
export function ordinaryPatternSchema() {
    const fields = Array.from({ length: 32 }, (_, i) => ({ name: `f${i}`, type: 'string', pattern: `[A-Z]{2}-[0-9]{4}-${i}` }));
    return JSON.stringify({ svc_schema: '1.0', name: 'ordinary', fields });
}

/** The review's schema: 32 fields, each a different pattern of ~10 KB of `\p{L}{999}` (354 KB). */
export function reviewPatternSchema() {
    const fields = Array.from({ length: 32 }, (_, i) => ({ name: `s${i}`, type: 'string', pattern: '\\p{L}{999}'.repeat(999) + `x${i}` }));
    return JSON.stringify({ svc_schema: '1.0', name: 'x', fields }, null, 1);
}

/**
 * The constructs that cost the most per character or per unit of size when measured (re2js 2.10):
 * big classes parsed again at each use, anchored (one-pass analysis copies each class's ranges),
 * case folded, captures, a case-folded range walked code point by code point.
 */
export const COSTLY_CONSTRUCTS = [
    ['^', '\\pL'],
    ['^', '[\\pL\\pN\\pP\\pS\\pM\\pZ\\pC]'],
    ['', '(?i)\\p{L}'],
    ['', '(?i)[^\\p{L}]'],
    ['', '(?i)[\\x{100}-\\x{1FFFF}]'],
    ['', '()'],
    ['^', '(?:ab|cd|ef)'],
    ['^', '(a){999}'],
];

/**
 * 32 fields whose patterns repeat `unit` after `head` as far as the limits let them: each pattern
 * as long as its own limits and what is left of the schema's allow (found by bisection), the
 * fields past the budget without a pattern, so the schema compiles and every pattern is checked.
 */
export function filledPatternSchema(head, unit, { limits, cost }) {
    const chars = (p) => [...p].length;
    const size = (p) => Math.ceil(cost(p));
    let usedChars = 0;
    let usedSize = 0;
    const fields = [];
    for (let k = 0; k < 32; k++) {
        const fits = (n) => {
            const p = head + unit.repeat(n);
            const c = chars(p);
            const s = size(p);
            return c <= limits.chars && s <= limits.size && usedChars + c <= limits.schemaChars && usedSize + s <= limits.schemaSize;
        };
        let lo = 0;
        let hi = 5000;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (fits(mid)) lo = mid;
            else hi = mid - 1;
        }
        if (lo === 0) {
            fields.push({ name: `f${k}`, type: 'string' });
            continue;
        }
        const pattern = head + unit.repeat(lo);
        usedChars += chars(pattern);
        usedSize += size(pattern);
        fields.push({ name: `f${k}`, type: 'string', pattern });
    }
    return JSON.stringify({ svc_schema: '1.0', name: 'filled', fields });
}
