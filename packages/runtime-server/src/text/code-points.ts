// "Characters" are Unicode code points everywhere in the interface (runtime.md section 0), while
// JavaScript string lengths count UTF-16 units; these helpers count without allocating.

/** Number of code points in `s` (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
    let n = s.length;
    for (let i = 0; i < s.length - 1; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
        }
    }
    return n;
}
