// The polyfill must be evaluated before langium: keep this import first.
import './polyfill.js';

export * from './generated/ast.js';
export type { AstNode } from 'langium';
export { createSvcExprServices, type SvcExprServices } from './svc-expr-module.js';
export { parseExpression, trimmedEnd, type ExprParseResult, type SyntaxProblem } from './expr-parser.js';
export type { FlatParseOptions } from './flat-parser.js';
export { leanExpressionParser, leanRefusal, nodeRange } from './expr-lean.js';
export { deriveLeanParser, LeanParser, LEAN_MAX_RULE_DEPTH } from './lean-parser.js';
export type { LeanTokens } from './lean-lexer.js';
