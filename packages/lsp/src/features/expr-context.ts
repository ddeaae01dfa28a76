// Where a cursor is inside an expression: the token under it, the call it is an argument of, and
// the comparison it is the right side of. Works on the tokens, so it answers for text that does
// not parse yet (`status == '` while typing).
import type { ExprSite, ExprToken } from '../documents/expr-site.js';

export interface CallFrame {
    name?: string;
    /** Index of the argument the cursor is in. */
    arg: number;
}

export interface ExprCursor {
    site: ExprSite;
    /** Cursor as an index of the decoded expression. */
    index: number;
}

/** The innermost call whose argument list encloses `index`, from the tokens before it. */
export function callFrame(tokens: readonly ExprToken[], index: number): CallFrame | undefined {
    const stack: CallFrame[] = [];
    for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        if (t.end > index || t.start >= index) break;
        if (t.image === '(') stack.push({ name: tokens[i - 1]?.kind === 'call' ? tokens[i - 1]!.image : undefined, arg: 0 });
        else if (t.image === ')') stack.pop();
        else if (t.kind === 'comma' && stack.length > 0) stack[stack.length - 1]!.arg++;
    }
    return stack[stack.length - 1];
}

/** The tokens that end at or before `index`. */
export function tokensBefore(tokens: readonly ExprToken[], index: number): ExprToken[] {
    return tokens.filter((t) => t.end <= index);
}

/** A string or typed literal the cursor is inside of (after its opening quote). */
export function literalAt(tokens: readonly ExprToken[], index: number): ExprToken | undefined {
    return tokens.find((t) => {
        if (t.kind !== 'string' && t.kind !== 'literal') return false;
        const open = t.image.indexOf("'");
        const terminated = t.image.length > open + 1 && t.image.endsWith("'");
        return index > t.start + open && (terminated ? index < t.end : index <= t.end);
    });
}

/** Start of the identifier that ends at `index` (or `index` when there is none). */
export function wordStart(text: string, index: number): number {
    let i = index;
    while (i > 0 && /[A-Za-z0-9_]/.test(text[i - 1]!)) i--;
    return i;
}
