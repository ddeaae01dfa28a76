// Front end of one expression: the length and depth limits are checked on tokens before the parser
// runs (deep input would overflow the stack), then the parser builds the AST. The lean parser
// (derived from the grammar, no CST) takes every expression it accepts; whatever it refuses (every
// syntax or lexer error, and too deep nesting) is lexed and parsed again by Langium, so each
// diagnostic comes from Langium's parser as before (docs/compiler.md, "Speed").
import { createSvcExprServices, leanExpressionParser, parseExpression, type Expression, type LeanTokens } from '@svc/language';
import { HINTS, problem, type Problem } from '../diagnostics/diagnostic-registry.js';
import { ByteOffsets } from './byte-offsets.js';
import { MAX_EXPR_DEPTH, Role, roleOf, tooDeep } from './expr-depth.js';
import type { Span } from './typed-expr.js';

export const MAX_EXPR_BYTES = 16 * 1024;
export { MAX_EXPR_DEPTH };

export type FrontProblem = Problem & { span: Span };

export type FrontResult = { ast: Expression; bytes: ByteOffsets } | { problem: FrontProblem };

interface Tok {
    image: string;
    startOffset: number;
    endOffset?: number;
    tokenType: { name: string };
}

let lexer: ReturnType<typeof createSvcExprServices>['parser']['Lexer'] | undefined;

/** Roles of the lean lexer's token kinds, by kind (one table per lexer). */
const leanRoles = new WeakMap<object, Role[]>();

export function frontEnd(text: string, lean = true): FrontResult {
    const bytes = new ByteOffsets(text);
    const length = Buffer.byteLength(text, 'utf8');
    if (length > MAX_EXPR_BYTES)
        return { problem: { ...problem('E-EXPR-LENGTH', { bytes: length, max: MAX_EXPR_BYTES }), span: bytes.trimmed() } };
    const ast = lean ? leanFront(text) : undefined;
    if (ast) return { ast, bytes };
    lexer ??= createSvcExprServices().parser.Lexer; // once: each lookup goes through the injector's proxies
    const lexed = lexer.tokenize(text);
    const toks = lexed.tokens as unknown as Tok[];
    const deep = tooDeep(
        toks.map((t) => roleOf(t.tokenType.name)),
        toks.length,
    );
    if (deep >= 0) {
        const t = toks[deep]!;
        const span = bytes.span(t.startOffset, (t.endOffset ?? t.startOffset) + 1);
        return { problem: { ...problem('E-EXPR-DEPTH', { max: MAX_EXPR_DEPTH }), span } };
    }
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
function leanFront(text: string): Expression | undefined {
    const lean = leanExpressionParser();
    const tokens: LeanTokens | undefined = lean?.tokenize(text);
    if (!lean || !tokens) return undefined;
    let byKind = leanRoles.get(lean);
    if (!byKind) leanRoles.set(lean, (byKind = lean.lexer.names.map(roleOf)));
    const roles = tokens.kinds.map((k) => byKind[k]!);
    // The last token is the end of input. Too deep: refused here, reported by Langium's path.
    return tooDeep(roles, roles.length - 1) >= 0 ? undefined : (lean.parse(tokens) as Expression | undefined);
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
