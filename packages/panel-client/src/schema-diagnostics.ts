// Live diagnostics for the playground's schema editor: the compiler itself, bundled, so codes,
// messages and spans are those of `svc check`; the language server's mapper places them in the text.
import { compileSchemaText, readJson, type Diagnostic } from '@svc/compiler';
import { DiagnosticMapper } from '@svc/lsp/diagnostic-mapper';

export interface PlacedDiagnostic {
    diagnostic: Diagnostic;
    severity: 'error' | 'warning';
    start: number;
    end: number;
}

const mapper = new DiagnosticMapper();

export function schemaDiagnostics(text: string): PlacedDiagnostic[] {
    const result = compileSchemaText(text, { maxFields: 32 });
    const read = readJson(text);
    const analysis = { text, root: read.root } as Parameters<DiagnosticMapper['place']>[0];
    return mapper.place(analysis, [...result.errors, ...result.warnings]);
}

/** 1-based line and column (in code points) of a UTF-16 offset, as editors show them. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
    return { line, column };
}
