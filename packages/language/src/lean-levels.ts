// Precedence levels, read from the grammar's rules. Two rule shapes are levels of an expression
// grammar, and the lean parser runs them from a table instead of interpreting their elements:
//
//   binary: Sum: Product ({infer BinaryExpr.left=current} op=('+' | '-') right=Product)*;   (or `?`:
//           the operator does not chain, as comparisons)
//   prefix: Not: {infer UnaryExpr} op='not' operand=Not | Comparison;
//
// Any other rule (the primaries, the entry rule) is left to the general interpreter. A rule that
// looks almost like a level (a second operand of another rule, a `+=`, a cardinality elsewhere) is
// simply not a level, and is interpreted.
import { GrammarAST, GrammarUtils } from 'langium';

export interface BinaryShape {
    shape: 'binary';
    /** The rule both operands are parsed by. */
    operand: GrammarAST.ParserRule;
    /** The repeated (`*`) or optional (`?`) group: its lookahead decides whether another operator follows. */
    group: GrammarAST.Group;
    loop: boolean;
    type: string;
    leftFeature: string;
    opFeature: string;
    rightFeature: string;
    /** Operator keywords. */
    ops: string[];
}

export interface PrefixShape {
    shape: 'prefix';
    /** The alternative with the operator: its lookahead decides. */
    prefixed: GrammarAST.Group;
    /** The rule parsed when there is no operator. */
    operand: GrammarAST.ParserRule;
    type: string;
    opFeature: string;
    operandFeature: string;
    ops: string[];
}

export type LevelShape = BinaryShape | PrefixShape;

export function levelShape(rule: GrammarAST.ParserRule): LevelShape | undefined {
    return binaryShape(rule) ?? prefixShape(rule);
}

function binaryShape(rule: GrammarAST.ParserRule): BinaryShape | undefined {
    const def = rule.definition;
    if (!GrammarAST.isGroup(def) || def.cardinality || def.guardCondition || def.elements.length !== 2) return undefined;
    const [first, group] = def.elements;
    const operand = plainCall(first);
    if (!operand || !GrammarAST.isGroup(group) || group.guardCondition) return undefined;
    if (group.cardinality !== '*' && group.cardinality !== '?') return undefined;
    if (group.elements.length !== 3) return undefined;
    const [action, op, right] = group.elements;
    if (!GrammarAST.isAction(action) || action.cardinality || !action.feature || action.operator !== '=') return undefined;
    const ops = operatorAssignment(op);
    if (!ops || !GrammarAST.isAssignment(right) || right.cardinality || right.operator !== '=') return undefined;
    if (plainCall(right.terminal) !== operand) return undefined;
    return {
        shape: 'binary',
        operand,
        group,
        loop: group.cardinality === '*',
        type: GrammarUtils.getTypeName(action),
        leftFeature: action.feature,
        opFeature: ops.feature,
        rightFeature: right.feature,
        ops: ops.keywords,
    };
}

function prefixShape(rule: GrammarAST.ParserRule): PrefixShape | undefined {
    const def = rule.definition;
    if (!GrammarAST.isAlternatives(def) || def.cardinality || def.elements.length !== 2) return undefined;
    const [prefixed, rest] = def.elements;
    const operand = plainCall(rest);
    if (!operand || !GrammarAST.isGroup(prefixed) || prefixed.cardinality || prefixed.guardCondition) return undefined;
    if (prefixed.elements.length !== 3) return undefined;
    const [action, op, inner] = prefixed.elements;
    if (!GrammarAST.isAction(action) || action.cardinality || action.feature) return undefined;
    const ops = operatorAssignment(op);
    if (!ops || !GrammarAST.isAssignment(inner) || inner.cardinality || inner.operator !== '=') return undefined;
    if (plainCall(inner.terminal) !== rule) return undefined;
    return {
        shape: 'prefix',
        prefixed,
        operand,
        type: GrammarUtils.getTypeName(action),
        opFeature: ops.feature,
        operandFeature: inner.feature,
        ops: ops.keywords,
    };
}

/** A call of a parser rule with no cardinality and no arguments. */
function plainCall(el: GrammarAST.AbstractElement | undefined): GrammarAST.ParserRule | undefined {
    if (!el || !GrammarAST.isRuleCall(el) || el.cardinality || el.arguments.length > 0) return undefined;
    const rule = el.rule.ref;
    return GrammarAST.isParserRule(rule) && !rule.fragment && rule.parameters.length === 0 ? rule : undefined;
}

/** `op='+'` or `op=('+' | '-')`. */
function operatorAssignment(el: GrammarAST.AbstractElement | undefined): { feature: string; keywords: string[] } | undefined {
    if (!el || !GrammarAST.isAssignment(el) || el.cardinality || el.operator !== '=') return undefined;
    const t = el.terminal;
    if (GrammarAST.isKeyword(t) && !t.cardinality) return { feature: el.feature, keywords: [t.value] };
    if (!GrammarAST.isAlternatives(t) || t.cardinality) return undefined;
    const keywords: string[] = [];
    for (const k of t.elements) {
        if (!GrammarAST.isKeyword(k) || k.cardinality) return undefined;
        keywords.push(k.value);
    }
    return { feature: el.feature, keywords };
}
