// Text rendering of a diagnostic for terminals, in the layout rustc made familiar: severity and code,
// the message, where (file and pointer), and for expression diagnostics the expression's line with a
// caret under the span. Spans are UTF-8 bytes; carets are placed by code points so they line up.
import type { Diagnostic } from './diagnostic-types.js';

export interface RenderContext {
    expressions: ReadonlyMap<string, string>;
}

export function renderDiagnostic(d: Diagnostic, file: string, ctx: RenderContext): string {
    const severity = d.code.startsWith('W-') ? 'warning' : 'error';
    const lines = [`${severity}[${d.code}]: ${d.message}`, `  --> ${file} at ${d.pointer === '' ? '"" (the schema)' : d.pointer}`];
    const expr = ctx.expressions.get(d.pointer);
    if (expr !== undefined && d.span) {
        const bytes = Buffer.from(expr, 'utf8');
        const before = bytes.subarray(0, d.span[0]).toString('utf8');
        const inside = bytes.subarray(d.span[0], d.span[1]).toString('utf8');
        // Only the expression's line holding the span start is shown; tabs become spaces to keep columns.
        const lineStart = before.lastIndexOf('\n') + 1;
        const lineEnd = expr.indexOf('\n', before.length);
        const line = expr.slice(lineStart, lineEnd < 0 ? expr.length : lineEnd).replace(/\t/g, ' ');
        const col = [...before.slice(lineStart)].length;
        const width = Math.max(1, Math.min([...inside.split('\n')[0]!].length, [...line].length - col + 1));
        lines.push('   |', `   | ${line}`, `   | ${' '.repeat(col)}${'^'.repeat(width)}`);
    }
    lines.push(`   = help: svc explain ${d.code}`);
    return lines.join('\n');
}
