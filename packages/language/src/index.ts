// The polyfill must be evaluated before langium: keep this import first.
import './polyfill.js';

export * from './generated/ast.js';
export type { AstNode } from 'langium';
export { createSvcExprServices, type SvcExprServices } from './svc-expr-module.js';
export { parseExpression, trimmedEnd, type ExprParseResult, type SyntaxProblem } from './expr-parser.js';
export type { FlatParseOptions } from './flat-parser.js';
