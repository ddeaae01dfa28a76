// Front end of one expression: the length and depth limits are checked on tokens before the parser
// runs (deep input would overflow the stack), then the parser builds the AST. The lean parser
// (derived from the grammar, no CST) takes every expression it accepts; whatever it refuses (every
// syntax or lexer error, and too deep nesting) is lexed and parsed again by Langium, so each
// diagnostic comes from Langium's parser as before (docs/compiler.md, "Speed").
import { createSvcExprServices, leanExpressionParser, parseExpression, type Expression, type LeanTokens } from '@svc/language';
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

const NEG: ReadonlySet<string> = new Set(['neg']);
const UNARY: ReadonlySet<string> = new Set(['neg', 'not']);
const OPERAND_END = new Set(['ID', 'NUMBER', 'STRING', 'TYPED_LITERAL', 'true', 'false', ')']);

export function frontEnd(text: string, lean = true): FrontResult {
    const bytes = new ByteOffsets(text);
    const length = Buffer.byteLength(text, 'utf8');
    if (length > MAX_EXPR_BYTES)
        return { problem: { ...problem('E-EXPR-LENGTH', { bytes: length, max: MAX_EXPR_BYTES }), span: bytes.trimmed() } };
    const ast = lean ? leanFront(text, bytes) : undefined;
    if (ast) return { ast, bytes };
    lexer ??= createSvcExprServices().parser.Lexer; // once: each lookup goes through the injector's proxies
    const lexed = lexer.tokenize(text);
    const toks = lexed.tokens as unknown as Tok[];
    const deep = depthProblem(
        toks.length,
        (i) => toks[i]!.tokenType.name,
        (i) => bytes.span(toks[i]!.startOffset, (toks[i]!.endOffset ?? toks[i]!.startOffset) + 1),
    );
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

/** The lean parser's AST, or undefined when it refuses (or the nesting is too deep: Langium's path reports it). */
function leanFront(text: string, bytes: ByteOffsets): Expression | undefined {
    const lean = leanExpressionParser();
    const tokens: LeanTokens | undefined = lean?.tokenize(text);
    if (!lean || !tokens) return undefined;
    const names = lean.lexer.names;
    const kinds = tokens.kinds;
    const deep = depthProblem(
        kinds.length - 1, // the last token is the end of input
        (i) => names[kinds[i]!]!,
        (i) => bytes.span(tokens.starts[i]!, tokens.ends[i]!),
    );
    return deep ? undefined : (lean.parse(tokens) as Expression | undefined);
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
function depthProblem(count: number, nameAt: (i: number) => string, spanAt: (i: number) => Span): FrontProblem | undefined {
    const stack: Array<'p' | 'not' | 'neg'> = [];
    const popUnary = (kinds: ReadonlySet<string>): void => {
        while (stack.length > 0 && kinds.has(stack[stack.length - 1]!)) stack.pop();
    };
    let prev: string | undefined;
    for (let i = 0; i < count; i++) {
        const name = nameAt(i);
        let opens: 'p' | 'not' | 'neg' | undefined;
        if (name === '(') opens = 'p';
        else if (name === 'not') opens = 'not';
        else if (name === '-' && (prev === undefined || !OPERAND_END.has(prev))) opens = 'neg';
        if (opens) {
            if (stack.length >= MAX_EXPR_DEPTH) {
                return { ...problem('E-EXPR-DEPTH', { max: MAX_EXPR_DEPTH }), span: spanAt(i) };
            }
            stack.push(opens);
        } else if (name === ')') {
            while (stack.length > 0 && stack.pop() !== 'p') {
                /* unary levels inside close with the group */
            }
            popUnary(NEG);
        } else if (name === 'and' || name === 'or' || name === ',') {
            popUnary(UNARY);
        } else if (name === 'ID' && i + 1 < count && nameAt(i + 1) === '(') {
            // a call: its '(' opens the level
        } else if (OPERAND_END.has(name)) {
            popUnary(NEG);
        }
        prev = name;
    }
    return undefined;
}
