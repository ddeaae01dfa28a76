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

/** Roots already found shallow: checking, folding, analysis and emission walk the same tree. */
const knownShallow = new WeakSet<TExpr>();

/**
 * Calls `visit` on every node after its children, passing the children's results (`a`, then `b`;
 * no arrays to allocate per node).
 */
export function postOrder<R>(root: TExpr, visit: (t: TExpr, a: R | undefined, b: R | undefined) => R): R {
    // Plain recursion is several times faster and covers all but pathological chains, which are
    // detected before any visit runs (visits have side effects) and walked iteratively.
    if (knownShallow.has(root)) return recurse(root, visit);
    if (!shallow(root, 0)) return iterate(root, visit);
    knownShallow.add(root);
    return recurse(root, visit);
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

function recurse<R>(t: TExpr, visit: (t: TExpr, a: R | undefined, b: R | undefined) => R): R {
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return visit(t, undefined, undefined);
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return visit(t, recurse(t.a, visit), undefined);
        default: {
            const a = recurse(t.a, visit);
            return visit(t, a, recurse(t.b, visit));
        }
    }
}

function iterate<R>(root: TExpr, visit: (t: TExpr, a: R | undefined, b: R | undefined) => R): R {
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
        const [a, b] = kids;
        results.set(top.t, visit(top.t, a && results.get(a), b && results.get(b)));
    }
    return results.get(root)!;
}

/** A copy of `t` with its children replaced (`a`, `b` as in childrenOf). */
export function withChildren(t: TExpr, a: TExpr | undefined, b: TExpr | undefined): TExpr {
    switch (t.k) {
        case 'field':
        case 'const':
        case 'present':
            return t;
        case 'not':
        case 'neg':
        case 'abs':
        case 'round':
            return a === t.a ? t : ({ ...t, a: a! } as TExpr);
        default:
            return a === t.a && b === t.b ? t : ({ ...t, a: a!, b: b! } as TExpr);
    }
}
