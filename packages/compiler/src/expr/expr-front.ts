// Front end of one expression: the length and depth limits are checked on tokens before the parser
// runs (deep input would overflow the stack), then the Langium parser builds the AST.
import { createSvcExprServices, parseExpression, type Expression } from '@svc/language';
import { HINTS, problem, type Problem } from '../diagnostics/diagnostic-registry.js';
import { ByteOffsets } from './byte-offsets.js';
import type { Span } from './typed-expr.js';

export const MAX_EXPR_BYTES = 16 * 1024;
export const MAX_EXPR_DEPTH = 64;

export type FrontProblem = Problem & { span: Span };

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
    if (length > MAX_EXPR_BYTES)
        return { problem: { ...problem('E-EXPR-LENGTH', { bytes: length, max: MAX_EXPR_BYTES }), span: bytes.trimmed() } };
    lexer ??= createSvcExprServices().parser.Lexer; // once: each lookup goes through the injector's proxies
    const lexed = lexer.tokenize(text);
    const deep = depthProblem(lexed.tokens as unknown as Tok[], bytes);
    if (deep) return { problem: deep };
    const parsed = parseExpression(text, { lexed: lexed as never, link: false });
    const first = parsed.problems[0];
    if (first || !parsed.ast) {
        const start = first?.start ?? 0;
        const end = first?.end ?? 0;
        return { problem: { ...describe(text, first?.kind, start, end), span: bytes.span(start, end) } };
    }
    return { ast: parsed.ast, bytes };
}

function describe(text: string, kind: string | undefined, start: number, end: number): Problem {
    if (start >= text.trimEnd().length) return problem('E-EXPR-SYNTAX', { form: text.trim() === '' ? 'empty' : 'ends-early' });
    const found = JSON.stringify(text.slice(start, end));
    return problem('E-EXPR-SYNTAX', { form: kind === 'lexer' ? 'character' : 'token', found, hint: syntaxHint(text, start) });
}

/** The habits of other languages, each answered with this language's spelling. */
function syntaxHint(text: string, at: number): string {
    const c = text[at];
    if (c === '&') return HINTS.and;
    if (c === '|') return HINTS.or;
    if (c === '!' && text[at + 1] !== '=') return HINTS.not;
    if (c === '"') return HINTS.singleQuotes;
    if (c === '=' && text[at + 1] !== '=' && !'=!<>'.includes(text[at - 1] ?? '')) return HINTS.equality;
    return '';
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
                return {
                    ...problem('E-EXPR-DEPTH', { max: MAX_EXPR_DEPTH }),
                    span: bytes.span(t.startOffset, (t.endOffset ?? t.startOffset) + 1),
                };
            }
            stack.push(opens);
        } else if (name === ')') {
            while (stack.length > 0 && stack.pop() !== 'p') {
                /* unary levels inside close with the group */
            }
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
