// Importing this module provides the expression front end to the compiler (expr-seam.ts).
import { compileExpression } from './expr-unit.js';
import { provideExpressionCompiler } from './expr-seam.js';

provideExpressionCompiler(compileExpression);
