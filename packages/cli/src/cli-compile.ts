// Schemas compiled by the CLI: through the compiler's core entry, loading the expression parser
// (Langium, about a quarter of a second of CPU at start-up) only when a schema has expressions,
// which most schemas for `svc extract` and `svc check` do not.
import { compileSchemaText, ExpressionFrontEndMissing, loadExpressionFrontEnd, type CompileResult } from '@svc/compiler/core';

export async function compileSchema(text: string): Promise<CompileResult> {
    try {
        return compileSchemaText(text);
    } catch (e) {
        if (!(e instanceof ExpressionFrontEndMissing)) throw e;
        await loadExpressionFrontEnd();
        return compileSchemaText(text);
    }
}
