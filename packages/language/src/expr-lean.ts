// The expression language's lean parser (`lean-parser.ts`), derived once from the services'
// grammar, and the one way to read where a node stands, whichever parser built it.
import type { AstNode } from 'langium';
import { deriveLeanParser, type LeanParser } from './lean-parser.js';
import { createSvcExprServices } from './svc-expr-module.js';

let derived: LeanParser | { refused: string } | undefined;

/** The lean parser, or undefined when the grammar uses something it does not implement. */
export function leanExpressionParser(): LeanParser | undefined {
    derived ??= deriveLeanParser(createSvcExprServices());
    return 'refused' in derived ? undefined : derived;
}

/** Why there is no lean parser (undefined when there is one). */
export function leanRefusal(): string | undefined {
    leanExpressionParser();
    return derived && 'refused' in derived ? derived.refused : undefined;
}

/** [start, end) of a node in UTF-16 code units: its token offsets (lean parser) or its CST node (Langium). */
export function nodeRange(node: AstNode): [number, number] {
    const lean = node as AstNode & { $offset?: number; $end?: number };
    if (lean.$offset !== undefined) return [lean.$offset, lean.$end!];
    const c = node.$cstNode;
    return c ? [c.offset, c.end] : [0, 0];
}
