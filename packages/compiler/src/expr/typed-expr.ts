// The checked, typed form of an expression: what the type checker produces and the constant
// analysis and IR emitter consume. Spans are UTF-8 byte ranges in the expression string.
import { nodeRange, type AstNode } from '@svc/language';
import type { CmpOp } from '../ir/ir-types.js';
import type { ByteOffsets } from './byte-offsets.js';
import type { EomRule, ExprType, RoundMode, Value } from '../values/value-types.js';

export type Span = [number, number];

/**
 * Where a typed node came from, resolved to a byte span only when a diagnostic needs it: computing
 * node offsets and byte positions for every node of every valid expression was a tenth of compiling.
 */
export interface SpanRef {
    node: AstNode;
    bytes: ByteOffsets;
}

export function resolveSpan(s: Span | SpanRef): Span {
    if (Array.isArray(s)) return s;
    const [start, end] = nodeRange(s.node);
    return s.bytes.span(start, end);
}

/** How arithmetic is carried out: on Decimals (number, money) or plain integers (dates, durations). */
export type NumKind = 'num' | 'int';

interface Base {
    type: ExprType;
    span: Span | SpanRef;
}

export type TExpr = Base &
    (
        | { k: 'field'; field: number }
        /** `literal` marks a literal as written (money ± number literal, duration × integer literal). */
        | { k: 'const'; value: Value; literal?: 'number' | 'integer' | 'string' | 'other' }
        | { k: 'present'; field: number }
        | { k: 'not'; a: TExpr }
        | { k: 'logic'; op: 'and' | 'or'; a: TExpr; b: TExpr }
        | { k: 'when'; a: TExpr; b: TExpr }
        | { k: 'cmp'; op: CmpOp; kind: 'num' | 'int' | 'str' | 'bool'; a: TExpr; b: TExpr }
        | { k: 'neg' | 'abs'; kind: NumKind; a: TExpr }
        | { k: 'arith'; op: '+' | '-' | '*'; kind: NumKind | 'date'; a: TExpr; b: TExpr }
        | { k: 'minmax'; op: 'min' | 'max'; kind: NumKind; a: TExpr; b: TExpr }
        | { k: 'months'; on: 'date' | 'datetime'; eom: EomRule; sign: 1 | -1; a: TExpr; b: TExpr }
        | { k: 'addms'; unit: number; sign: 1 | -1; a: TExpr; b: TExpr }
        | { k: 'diff'; unit: number; a: TExpr; b: TExpr }
        | { k: 'div'; a: TExpr; b: TExpr }
        | { k: 'round'; scale: number; mode: RoundMode; a: TExpr }
    );

export function sameType(a: ExprType, b: ExprType): boolean {
    if (a.kind !== b.kind) return false;
    switch (a.kind) {
        case 'money':
            return a.currency === (b as typeof a).currency;
        case 'duration':
            return a.basis === (b as typeof a).basis;
        case 'enum': {
            const bl = (b as typeof a).labels;
            return a.labels.length === bl.length && a.labels.every((l) => bl.includes(l));
        }
        default:
            return true;
    }
}

export function typeName(t: ExprType): string {
    switch (t.kind) {
        case 'money':
            return `money(${t.currency})`;
        case 'duration':
            return `duration(${t.basis})`;
        case 'enum':
            return `enum(${t.labels.map((l) => `'${l}'`).join(', ')})`;
        default:
            return t.kind;
    }
}
