// Parses one expression string. Offsets here are UTF-16 code units of the string (as JavaScript
// indexes it); the compiler maps them to UTF-8 bytes for spans.
import type { Expression } from './generated/ast.js';
import type { FlatLinkingParser, FlatParseOptions } from './flat-parser.js';
import { createSvcExprServices } from './svc-expr-module.js';

export interface SyntaxProblem {
    /** 'lexer': a character no token starts with; 'parser': an unexpected token or end. */
    kind: 'lexer' | 'parser';
    /** [start, end) in UTF-16 code units; start === end at the end of input. */
    start: number;
    end: number;
    message: string;
}

export interface ExprParseResult {
    /** The AST; present even with errors (Langium recovers), but only trusted when `problems` is empty. */
    ast: Expression | undefined;
    problems: SyntaxProblem[];
}

/** End of the last non-white-space character: where "end of input" errors are placed. */
export function trimmedEnd(text: string): number {
    let end = text.length;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    return end;
}

let parser: FlatLinkingParser | undefined;

export function parseExpression(text: string, options: FlatParseOptions = {}): ExprParseResult {
    // Taken once from the services: each lookup goes through the injector's proxies.
    parser ??= createSvcExprServices().parser.LangiumParser as FlatLinkingParser;
    const result = parser.parse<Expression>(text, options);
    const problems: SyntaxProblem[] = [];
    for (const e of result.lexerErrors) {
        const start = e.offset;
        problems.push({ kind: 'lexer', start, end: start + Math.max(1, e.length), message: e.message });
    }
    for (const e of result.parserErrors) {
        const tok = e.token;
        const atEnd = tok.tokenType?.name === 'EOF' || Number.isNaN(tok.startOffset);
        const start = atEnd ? trimmedEnd(text) : tok.startOffset;
        const end = atEnd ? start : (tok.endOffset ?? tok.startOffset) + 1;
        problems.push({ kind: 'parser', start, end, message: e.message });
    }
    problems.sort((a, b) => a.start - b.start);
    return { ast: result.value, problems };
}
