/** One compile diagnostic in the API's detail shape (docs/runtime-server.md). */
export interface Diagnostic {
    code: string;
    message: string;
    /** RFC 6901 pointer relative to the schema root ("" is the schema itself). */
    pointer: string;
    /** [start, end) in UTF-8 bytes of the decoded expression string; expression diagnostics only. */
    span?: [number, number];
}

export type Severity = 'error' | 'warning';

/** Appends "/token" to a pointer, escaping "~" and "/" as RFC 6901 says. */
export function childPointer(pointer: string, token: string | number): string {
    const t = typeof token === 'number' ? String(token) : /[~/]/.test(token) ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
    return `${pointer}/${t}`;
}

/** Document order: pointer segments compared as array indices where numeric, then span start. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
    const c = comparePointers(a.pointer, b.pointer);
    if (c !== 0) return c;
    return (a.span?.[0] ?? -1) - (b.span?.[0] ?? -1);
}

export function comparePointers(a: string, b: string): number {
    if (a === b) return 0;
    const as = a.split('/');
    const bs = b.split('/');
    const n = Math.min(as.length, bs.length);
    for (let i = 1; i < n; i++) {
        const x = as[i]!;
        const y = bs[i]!;
        if (x === y) continue;
        const xn = /^\d+$/.test(x);
        const yn = /^\d+$/.test(y);
        if (xn && yn) return Number(x) - Number(y);
        return x < y ? -1 : 1;
    }
    return as.length - bs.length;
}
