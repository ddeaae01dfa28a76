// Text rendering of a diagnostic for terminals, in the layout rustc made familiar: severity and code,
// the message, where (file and pointer), and for expression diagnostics the expression's line with a
// caret under the span. Spans are UTF-8 bytes; carets are placed by display columns (terminal-text.ts)
// so they line up under wide characters and combining marks. Whatever the schema wrote is shown with
// its control, bidi and zero-width characters made visible, since a schema is untrusted input.
import type { Diagnostic } from './diagnostic-types.js';
import { displayWidth, visibleText } from './terminal-text.js';

export { displayWidth, visibleText };

export interface RenderContext {
    expressions: ReadonlyMap<string, string>;
}

export function renderDiagnostic(d: Diagnostic, file: string, ctx: RenderContext): string {
    const severity = d.code.startsWith('W-') ? 'warning' : 'error';
    const where = d.pointer === '' ? '"" (the schema)' : visibleText(d.pointer);
    const lines = [`${severity}[${d.code}]: ${visibleText(d.message)}`, `  --> ${visibleText(file)} at ${where}`];
    const expr = ctx.expressions.get(d.pointer);
    if (expr !== undefined && d.span) lines.push(...sourceLines(expr, d.span));
    lines.push(`   = help: svc explain ${d.code}`);
    return lines.join('\n');
}

/** The expression's line holding the span start, and carets under the span's part on that line. */
function sourceLines(expr: string, span: readonly [number, number]): string[] {
    const bytes = Buffer.from(expr, 'utf8');
    // Decoding gives the offsets in the text; the text itself is taken from `expr`, since a lone
    // surrogate decodes as U+FFFD and would be shown otherwise than on the line.
    const start = bytes.subarray(0, span[0]).toString('utf8').length;
    const end = start + bytes.subarray(span[0], span[1]).toString('utf8').length;
    const lineStart = expr.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = expr.indexOf('\n', start);
    // Tabs become one space each, so the caret line's spaces keep the columns.
    const shown = (s: string): string => visibleText(s.replace(/\t/g, ' '));
    const line = shown(expr.slice(lineStart, lineEnd < 0 ? expr.length : lineEnd));
    const col = displayWidth(shown(expr.slice(lineStart, start)));
    // At least one caret, at most to one column past the line (a span at the end of the text).
    const inside = expr.slice(start, end).split('\n')[0]!;
    const width = Math.max(1, Math.min(displayWidth(shown(inside)), displayWidth(line) - col + 1));
    return ['   |', `   | ${line}`, `   | ${' '.repeat(col)}${'^'.repeat(width)}`];
}
