// The compiler's one seam to the expression front end: @svc/language, which loads Langium and
// Chevrotain (about a quarter of a second of CPU at start-up). The full entry (index.ts) provides
// it when imported; the core entry (core.ts) does not, so a process that compiles only schemas
// without expressions (`svc extract` on most schemas) never loads the parser. Compiling an
// expression without it throws ExpressionFrontEndMissing; loadExpressionFrontEnd() provides it.
import type { compileExpression } from './expr-unit.js';

let provided: typeof compileExpression | undefined;

/** Thrown when a schema has an expression and no front end was loaded (use the full entry). */
export class ExpressionFrontEndMissing extends Error {
    constructor() {
        super('the expression front end is not loaded: import @svc/compiler, or await loadExpressionFrontEnd() from @svc/compiler/core');
        this.name = 'ExpressionFrontEndMissing';
    }
}

export function provideExpressionCompiler(compile: typeof compileExpression): void {
    provided = compile;
}

/** The expression compiler (expr-unit.ts), or ExpressionFrontEndMissing. */
export function expressionCompiler(): typeof compileExpression {
    if (!provided) throw new ExpressionFrontEndMissing();
    return provided;
}

/** Loads the expression front end (once; later calls resolve at once). */
export async function loadExpressionFrontEnd(): Promise<void> {
    await import('./expr-register.js');
}
