// Text rendering of a diagnostic for terminals: file, code, pointer, message, and for expression
// diagnostics the expression line with a caret under the span (spans are UTF-8 bytes; the caret is
// placed by characters so it lines up in a terminal).
import type { Diagnostic } from './diagnostic-types.js';

export interface RenderContext {
    expressions: ReadonlyMap<string, string>;
}

export function renderDiagnostic(d: Diagnostic, file: string, ctx: RenderContext): string {
    const severity = d.code.startsWith('W-') ? 'warning' : 'error';
    const head = `${file}: ${severity} ${d.code} at ${d.pointer === '' ? '""' : d.pointer}: ${d.message}`;
    const expr = ctx.expressions.get(d.pointer);
    if (expr === undefined || !d.span) return head;
    // One line only: show the expression's line that holds the span start.
    const bytes = Buffer.from(expr, 'utf8');
    const before = bytes.subarray(0, d.span[0]).toString('utf8');
    const inside = bytes.subarray(d.span[0], d.span[1]).toString('utf8');
    const lineStart = before.lastIndexOf('\n') + 1;
    const lineEndRel = expr.indexOf('\n', before.length);
    const line = expr.slice(lineStart, lineEndRel < 0 ? expr.length : lineEndRel);
    const col = [...before.slice(lineStart)].length;
    const width = Math.max(1, Math.min([...inside.split('\n')[0]!].length, [...line].length - col + 1));
    return `${head}\n    ${line}\n    ${' '.repeat(col)}${'^'.repeat(width)}`;
}
