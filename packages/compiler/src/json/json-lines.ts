// Lines and columns of E-JSON-SYNTAX messages. "\r\n", "\r" and "\n" each end one line, as editors
// count them (LSP positions): a CR-only file's message names the line the editor shows, and an
// editor finds the offset back with `offsetOfLineColumn`.

/** Whether the character at `i` ends a line (a CR followed by LF ends it at the LF). */
function endsLine(text: string, i: number): boolean {
    const c = text.charCodeAt(i);
    return c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a);
}

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < text.length; i++) {
        if (endsLine(text, i)) {
            line++;
            lineStart = i + 1;
        }
    }
    return { line, column: offset - lineStart + 1 };
}

/** The offset of a 1-based line and column (`lineColumn`'s inverse), within the text. */
export function offsetOfLineColumn(text: string, line: number, column: number): number {
    let lineStart = 0;
    for (let n = 1, i = 0; n < line && i < text.length; i++) {
        if (!endsLine(text, i)) continue;
        n++;
        lineStart = i + 1;
    }
    return Math.min(text.length, lineStart + Math.max(0, column - 1));
}
