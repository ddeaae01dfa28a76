// The nesting limit, checked on tokens before any parser runs (docs/compiler.md, "Depth"): each
// parenthesis pair (groups and call argument lists) and each unary `not` or `-` opens a level. A
// unary minus closes with its operand's primary; `not` closes at the next `and`, `or`, `,` or
// closing parenthesis (its operand is a comparison). Tokens come as roles, one small number each,
// from either lexer (the lean parser's or Langium's): the same names, the same roles.

export const MAX_EXPR_DEPTH = 64;

export const enum Role {
    Other,
    Open,
    Not,
    Minus,
    Close,
    /** `and`, `or`, `,`: a `not` level ends. */
    Separator,
    Name,
    /** A literal or `true`/`false`. */
    Literal,
}

/** The role of a token type of the grammar's vocabulary. */
export function roleOf(tokenName: string): Role {
    switch (tokenName) {
        case '(':
            return Role.Open;
        case 'not':
            return Role.Not;
        case '-':
            return Role.Minus;
        case ')':
            return Role.Close;
        case 'and':
        case 'or':
        case ',':
            return Role.Separator;
        case 'ID':
            return Role.Name;
        case 'NUMBER':
        case 'STRING':
        case 'TYPED_LITERAL':
        case 'true':
        case 'false':
            return Role.Literal;
        default:
            return Role.Other;
    }
}

const endsOperand = (r: Role | undefined): boolean => r === Role.Name || r === Role.Literal || r === Role.Close;

const GROUP = 0;
const NOT = 1;
const NEG = 2;

/** Index of the token that opens one level too many, or -1. */
export function tooDeep(roles: ArrayLike<Role>, count: number): number {
    const stack: number[] = [];
    for (let i = 0; i < count; i++) {
        const r = roles[i]!;
        let opens = -1;
        if (r === Role.Open) opens = GROUP;
        else if (r === Role.Not) opens = NOT;
        else if (r === Role.Minus && (i === 0 || !endsOperand(roles[i - 1]))) opens = NEG;
        if (opens >= 0) {
            if (stack.length >= MAX_EXPR_DEPTH) return i;
            stack.push(opens);
        } else if (r === Role.Close) {
            while (stack.length > 0 && stack.pop() !== GROUP) {
                /* unary levels inside close with the group */
            }
            while (stack.length > 0 && stack[stack.length - 1] === NEG) stack.pop();
        } else if (r === Role.Separator) {
            while (stack.length > 0 && stack[stack.length - 1] !== GROUP) stack.pop();
        } else if (r === Role.Name && i + 1 < count && roles[i + 1] === Role.Open) {
            // a call: its '(' opens the level
        } else if (r === Role.Name || r === Role.Literal) {
            while (stack.length > 0 && stack[stack.length - 1] === NEG) stack.pop();
        }
    }
    return -1;
}
