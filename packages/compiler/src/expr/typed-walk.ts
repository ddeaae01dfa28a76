// Iterative post-order over typed expressions. Operator chains may be thousands of levels deep on
// their left side (16 KiB of `a + a + …`), so no stage walks them recursively.
import type { TExpr } from './typed-expr.js';

export function childrenOf(t: TExpr): TExpr[] {
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return [];
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return [t.a];
        default:
            return [t.a, t.b];
    }
}

/** Recursion this deep is safe on any stack; deeper trees take the iterative path. */
const RECURSION_LIMIT = 400;

/** Calls `visit` on every node after its children, passing the children's results in order. */
export function postOrder<R>(root: TExpr, visit: (t: TExpr, children: R[]) => R): R {
    // Plain recursion is several times faster and covers all but pathological chains, which are
    // detected before any visit runs (visits have side effects) and walked iteratively.
    return shallow(root, 0) ? recurse(root, visit) : iterate(root, visit);
}

function shallow(t: TExpr, depth: number): boolean {
    if (depth > RECURSION_LIMIT) return false;
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return true;
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return shallow(t.a, depth + 1);
        default:
            return shallow(t.a, depth + 1) && shallow(t.b, depth + 1);
    }
}

function recurse<R>(t: TExpr, visit: (t: TExpr, children: R[]) => R): R {
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return visit(t, []);
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return visit(t, [recurse(t.a, visit)]);
        default: {
            const a = recurse(t.a, visit);
            return visit(t, [a, recurse(t.b, visit)]);
        }
    }
}

function iterate<R>(root: TExpr, visit: (t: TExpr, children: R[]) => R): R {
    const results = new Map<TExpr, R>();
    const stack: Array<{ t: TExpr; expanded: boolean }> = [{ t: root, expanded: false }];
    while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const kids = childrenOf(top.t);
        if (!top.expanded) {
            top.expanded = true;
            for (let i = kids.length - 1; i >= 0; i--) if (!results.has(kids[i]!)) stack.push({ t: kids[i]!, expanded: false });
            continue;
        }
        stack.pop();
        if (results.has(top.t)) continue;
        results.set(
            top.t,
            visit(
                top.t,
                kids.map((k) => results.get(k)!),
            ),
        );
    }
    return results.get(root)!;
}

/** A copy of `t` with its children replaced (same order as childrenOf). */
export function withChildren(t: TExpr, kids: TExpr[]): TExpr {
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return t;
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return kids[0] === t.a ? t : ({ ...t, a: kids[0]! } as TExpr);
        default:
            return kids[0] === t.a && kids[1] === t.b ? t : ({ ...t, a: kids[0]!, b: kids[1]! } as TExpr);
    }
}
