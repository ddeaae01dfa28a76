// Offsets in responses count Unicode code points (docs/runtime-server.md), as Python's `str`
// does, while JavaScript strings index UTF-16 units. Readers, recognisers and regular expressions all
// work in UTF-16, so a document gets one index that converts in both directions in O(1) / O(log n).

/** Converts between UTF-16 offsets and code-point offsets of one text. */
export class CodePointIndex {
    /** cpAt[u] = code points before UTF-16 offset u (u = 0..length). */
    private readonly cpAt: Int32Array;
    /** utf16At[c] = UTF-16 offset of code point c (c = 0..codePoints). */
    private readonly utf16At: Int32Array;
    readonly codePoints: number;

    constructor(readonly text: string) {
        const n = text.length;
        const cpAt = new Int32Array(n + 1);
        let cp = 0;
        for (let u = 0; u < n; u++) {
            cpAt[u] = cp;
            const c = text.charCodeAt(u);
            if (c >= 0xd800 && c <= 0xdbff && u + 1 < n) {
                const d = text.charCodeAt(u + 1);
                if (d >= 0xdc00 && d <= 0xdfff) {
                    // The low surrogate maps to the same code point: an offset inside a pair rounds down.
                    cpAt[u + 1] = cp;
                    u++;
                }
            }
            cp++;
        }
        cpAt[n] = cp;
        this.cpAt = cpAt;
        this.codePoints = cp;
        const utf16At = new Int32Array(cp + 1);
        for (let u = n; u >= 0; u--) utf16At[cpAt[u]!] = u;
        this.utf16At = utf16At;
    }

    /** Code-point offset of a UTF-16 offset (inside a surrogate pair: the pair's start). */
    toCodePoint(utf16: number): number {
        return this.cpAt[Math.max(0, Math.min(utf16, this.text.length))]!;
    }

    /** UTF-16 offset of a code-point offset. */
    toUtf16(cp: number): number {
        return this.utf16At[Math.max(0, Math.min(cp, this.codePoints))]!;
    }

    /** The text between two code-point offsets. */
    slice(cpStart: number, cpEnd: number): string {
        return this.text.slice(this.toUtf16(cpStart), this.toUtf16(cpEnd));
    }
}

/** Number of code points of a string: the compiler's count, the one used everywhere. */
export { codePoints as codePointLength } from '@svc/compiler/core';
