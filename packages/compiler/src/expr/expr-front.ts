// Front end of one expression: the length and depth limits are checked on tokens before the parser
// runs (deep input would overflow the stack), then the Langium parser builds the AST.
import { createSvcExprServices, parseExpression, type Expression } from '@svc/language';
import type { DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { ByteOffsets } from './byte-offsets.js';
import type { Span } from './typed-expr.js';

export const MAX_EXPR_BYTES = 16 * 1024;
export const MAX_EXPR_DEPTH = 64;

export interface FrontProblem {
    code: DiagnosticCode;
    span: Span;
    args: Record<string, unknown>;
}

export type FrontResult = { ast: Expression; bytes: ByteOffsets } | { problem: FrontProblem };

interface Tok {
    image: string;
    startOffset: number;
    endOffset?: number;
    tokenType: { name: string };
}

let lexer: ReturnType<typeof createSvcExprServices>['parser']['Lexer'] | undefined;

const OPERAND_END = new Set(['ID', 'NUMBER', 'STRING', 'TYPED_LITERAL', 'true', 'false', ')']);

export function frontEnd(text: string): FrontResult {
    const bytes = new ByteOffsets(text);
    const length = Buffer.byteLength(text, 'utf8');
    if (length > MAX_EXPR_BYTES) return { problem: { code: 'E-EXPR-LENGTH', span: bytes.trimmed(), args: { bytes: length, max: MAX_EXPR_BYTES } } };
    lexer ??= createSvcExprServices().parser.Lexer; // once: each lookup goes through the injector's proxies
    const lexed = lexer.tokenize(text);
    const deep = depthProblem(lexed.tokens as unknown as Tok[], bytes);
    if (deep) return { problem: deep };
    const parsed = parseExpression(text, { lexed: lexed as never, link: false });
    const first = parsed.problems[0];
    if (first || !parsed.ast) {
        const start = first?.start ?? 0;
        const end = first?.end ?? 0;
        return { problem: { code: 'E-EXPR-SYNTAX', span: bytes.span(start, end), args: { what: describe(text, first?.kind, start, end) } } };
    }
    return { ast: parsed.ast, bytes };
}

function describe(text: string, kind: string | undefined, start: number, end: number): string {
    if (start >= text.trimEnd().length) return text.trim() === '' ? 'the expression is empty' : 'the expression ends too early';
    const what = text.slice(start, end);
    return kind === 'lexer' ? `unexpected character ${JSON.stringify(what)}` : `unexpected ${JSON.stringify(what)}`;
}

/**
 * Levels open at once: each parenthesis pair (groups and call argument lists) and each unary `not`
 * or `-`. A unary minus closes with its operand's primary; `not` closes at the next `and`, `or`, `,`
 * or closing parenthesis (its operand is a comparison).
 */
function depthProblem(tokens: Tok[], bytes: ByteOffsets): FrontProblem | undefined {
    const stack: Array<'p' | 'not' | 'neg'> = [];
    const popUnary = (kinds: ReadonlySet<string>): void => {
        while (stack.length > 0 && kinds.has(stack[stack.length - 1]!)) stack.pop();
    };
    const NEG = new Set(['neg']);
    const UNARY = new Set(['neg', 'not']);
    let prev: string | undefined;
    for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        const name = t.tokenType.name;
        let opens: 'p' | 'not' | 'neg' | undefined;
        if (name === '(') opens = 'p';
        else if (name === 'not') opens = 'not';
        else if (name === '-' && (prev === undefined || !OPERAND_END.has(prev))) opens = 'neg';
        if (opens) {
            if (stack.length >= MAX_EXPR_DEPTH) {
                return { code: 'E-EXPR-DEPTH', span: bytes.span(t.startOffset, (t.endOffset ?? t.startOffset) + 1), args: { max: MAX_EXPR_DEPTH } };
            }
            stack.push(opens);
        } else if (name === ')') {
            while (stack.length > 0 && stack.pop() !== 'p') { /* unary levels inside close with the group */ }
            popUnary(NEG);
        } else if (name === 'and' || name === 'or' || name === ',') {
            popUnary(UNARY);
        } else if (name === 'ID' && tokens[i + 1]?.tokenType.name === '(') {
            // a call: its '(' opens the level
        } else if (OPERAND_END.has(name)) {
            popUnary(NEG);
        }
        prev = name;
    }
    return undefined;
}
