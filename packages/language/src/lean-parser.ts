// The lean parser: Langium's grammar (grammar/svc-expr.langium, loaded from the generated
// grammar.ts) compiled at module load into plain recursive functions that build the AST exactly as
// Langium's parser does (the same $type and properties, the same defaults, the same value
// conversion), with each node's token offsets ($offset, $end) in place of a CST. Nothing of the
// language is written here: precedence levels, operators, loops and alternatives are read from the
// grammar, lookahead as in `lean-lookahead.ts`, tokens from Langium's vocabulary (`lean-lexer.ts`).
//
// It only accepts. Any input it cannot take (a syntax error, a character no token starts with,
// nesting beyond its cap) is refused with `undefined`, and the caller parses with Langium, so every
// diagnostic still comes from Langium's parser. A grammar element it does not implement (fragments,
// data type rules, parameters, cross-references, unordered groups, infix rules, custom tokens)
// disables it as a whole (`deriveLeanParser` returns the reason), and Langium parses everything.
import { DefaultValueConverter, GrammarAST, GrammarUtils, type AstNode, type AstReflection, type LangiumCoreServices } from 'langium';
import { deriveLeanLexer, LeanRefusal, type LeanLexer, type LeanTokens } from './lean-lexer.js';
import { levelShape, type BinaryShape, type PrefixShape } from './lean-levels.js';
import { Lookahead, PathFinder, ruleType } from './lean-lookahead.js';
import { defaultsOf, fillDefaults, mergeWithoutOverride, type Defaults } from './parser-lean.js';

type Node = Record<string, unknown> & { $type: string; $offset?: number; $end?: number };

/** Rule invocations open at once; the compiler's own depth check (64 levels) stays far below. */
export const LEAN_MAX_RULE_DEPTH = 1024;

/** Converted images remembered per terminal. */
const MEMO_ENTRIES = 4096;

/** Thrown (never an Error: no stack to capture) when the input is not taken. */
const REFUSE = { refused: true };

class State {
    pos = 0;
    depth = 0;
    /** The current rule's node; undefined while it is still Langium's empty placeholder. */
    cur: Node | undefined = undefined;
    curType = '';
    frameStart = 0;
    readonly kinds: readonly number[];
    readonly starts: readonly number[];
    readonly ends: readonly number[];
    readonly text: string;

    constructor(tokens: LeanTokens) {
        this.kinds = tokens.kinds;
        this.starts = tokens.starts;
        this.ends = tokens.ends;
        this.text = tokens.text;
    }

    node(): Node {
        return (this.cur ??= { $type: this.curType });
    }
}

type Step = (s: State) => void;
type Invoke = (s: State) => Node;
type Feature = { feature: string; operator: string };

interface Converter {
    convert(input: string, cst: unknown): unknown;
    runConverter?(rule: GrammarAST.AbstractRule, input: string, cst: unknown): unknown;
}

export class LeanParser {
    private readonly reflection: AstReflection;
    private readonly converter: Converter;
    private readonly paths: PathFinder;
    private readonly invokers = new Map<GrammarAST.ParserRule, Invoke>();
    private readonly defaults = new Map<string, Defaults>();
    private readonly entry: Invoke;

    constructor(
        services: LangiumCoreServices,
        readonly lexer: LeanLexer = deriveLeanLexer(services),
    ) {
        this.reflection = services.shared.AstReflection;
        this.converter = services.parser.ValueConverter as unknown as Converter;
        this.paths = new PathFinder((name) => lexer.kindOf(name));
        const grammar = services.Grammar;
        if (grammar.rules.some((r) => GrammarAST.isInfixRule(r))) throw new LeanRefusal('infix rules');
        const entry = grammar.rules.find((r) => GrammarAST.isParserRule(r) && r.entry) as GrammarAST.ParserRule | undefined;
        if (!entry) throw new LeanRefusal('no entry rule');
        this.entry = this.invoker(entry);
        // Compile every reachable rule now, so that a refusal happens at load, never mid-parse.
        for (const r of GrammarUtils.getAllReachableRules(grammar, false)) if (GrammarAST.isParserRule(r)) this.invoker(r);
        for (const invoke of this.invokers.values()) (invoke as Invoke & { ready?: () => void }).ready?.();
    }

    /** The tokens of `text`, or undefined when a character starts no token. */
    tokenize(text: string): LeanTokens | undefined {
        return this.lexer.tokenize(text);
    }

    /** The AST of all of `tokens`, or undefined when they do not parse here (Langium then decides). */
    parse(tokens: LeanTokens): AstNode | undefined {
        const s = new State(tokens);
        try {
            const node = this.entry(s);
            return s.kinds[s.pos] === this.lexer.eof ? (node as unknown as AstNode) : undefined;
        } catch {
            // A refusal, a stack overflow, or anything unforeseen: Langium's parse then decides, so
            // no input can make the lean parser fail a compile (the differential tests would see an
            // expression Langium accepts and this refuses).
            return undefined;
        }
    }

    private invoker(rule: GrammarAST.ParserRule): Invoke {
        const known = this.invokers.get(rule);
        if (known) return known;
        if (rule.fragment || GrammarUtils.isDataTypeRule(rule) || rule.parameters.length > 0)
            throw new LeanRefusal(`rule ${rule.name}: fragments, data type rules and parameters`);
        const shape = levelShape(rule);
        if (shape) return this.level(rule, shape);
        const type = ruleType(rule);
        let body: Step = () => {
            throw new Error('lean parser: rule body used before it was compiled');
        };
        const invoke = ((s: State): Node => {
            if (++s.depth > LEAN_MAX_RULE_DEPTH) throw REFUSE;
            const cur = s.cur;
            const curType = s.curType;
            const frameStart = s.frameStart;
            s.cur = undefined;
            s.curType = type;
            s.frameStart = s.pos;
            body(s);
            const node = this.finish(s, s.node());
            s.cur = cur;
            s.curType = curType;
            s.frameStart = frameStart;
            s.depth--;
            return node;
        }) as Invoke & { ready?: () => void };
        invoke.ready = () => {
            body = this.element(rule.definition, undefined);
            invoke.ready = undefined;
        };
        this.invokers.set(rule, invoke);
        return invoke;
    }

    /** A precedence level (`lean-levels.ts`), run as Langium's parser runs its elements, minus the CST. */
    private level(rule: GrammarAST.ParserRule, shape: BinaryShape | PrefixShape): Invoke {
        // Operator keywords by token kind (a keyword token's image is the keyword: the lexer refuses
        // case-insensitive grammars).
        const ops: Array<string | undefined> = [];
        for (const op of shape.ops) {
            const kind = this.lexer.kindOf(op);
            if (kind < 0) throw new LeanRefusal(`token ${op} is not in the vocabulary`);
            ops[kind] = op;
        }
        const defaults = this.defaultsOf(shape.type);
        let operand: Invoke = () => {
            throw new Error('lean parser: level used before it was compiled');
        };
        const invoke = (
            shape.shape === 'binary' ? this.binary(shape, ops, defaults, () => operand) : this.prefix(shape, ops, defaults, () => operand)
        ) as Invoke & {
            ready?: () => void;
        };
        invoke.ready = () => {
            operand = this.invoker(shape.operand);
            invoke.ready = undefined;
        };
        this.invokers.set(rule, invoke);
        return invoke;
    }

    private binary(shape: BinaryShape, ops: Array<string | undefined>, defaults: Defaults, operandOf: () => Invoke): Invoke {
        const { type, leftFeature, opFeature, rightFeature, loop } = shape;
        const more = new Lookahead(this.paths.core(shape.group, 2));
        let operand: Invoke | undefined;
        return (s) => {
            operand ??= operandOf();
            const start = s.pos;
            let left = operand(s);
            // Without an operator the operand's node is the level's (Langium's construct adds nothing to it).
            while (more.matches(s.kinds, s.pos)) {
                const op = ops[s.kinds[s.pos]!];
                if (op === undefined) throw REFUSE;
                s.pos++;
                const node: Node = { $type: type };
                node[leftFeature] = left;
                node[opFeature] = op;
                node[rightFeature] = operand(s);
                fillDefaults(node, defaults);
                node.$offset = s.starts[start];
                node.$end = s.ends[s.pos - 1];
                left = node;
                if (!loop) break;
            }
            return left;
        };
    }

    private prefix(shape: PrefixShape, ops: Array<string | undefined>, defaults: Defaults, operandOf: () => Invoke): Invoke {
        const { type, opFeature, operandFeature } = shape;
        const prefixed = new Lookahead(this.paths.core(shape.prefixed, 2));
        let operand: Invoke | undefined;
        const self = (s: State): Node => {
            if (!prefixed.matches(s.kinds, s.pos)) return (operand ??= operandOf())(s);
            const op = ops[s.kinds[s.pos]!];
            if (op === undefined || ++s.depth > LEAN_MAX_RULE_DEPTH) throw REFUSE;
            const start = s.pos++;
            const node: Node = { $type: type };
            node[opFeature] = op;
            node[operandFeature] = self(s);
            fillDefaults(node, defaults);
            node.$offset = s.starts[start];
            node.$end = s.ends[s.pos - 1];
            s.depth--;
            return node;
        };
        return self;
    }

    /** Langium's `construct`: the type's default values, and the offsets of the tokens the rule consumed so far. */
    private finish(s: State, node: Node): Node {
        fillDefaults(node, this.defaultsOf(node.$type));
        if (s.pos > s.frameStart) {
            node.$offset = s.starts[s.frameStart];
            node.$end = s.ends[s.pos - 1];
        }
        return node;
    }

    private defaultsOf(type: string): Defaults {
        return defaultsOf(this.reflection, type, this.defaults);
    }

    private element(el: GrammarAST.AbstractElement, assign: Feature | undefined): Step {
        const step = this.core(el, assign);
        if (!el.cardinality) return step;
        const la = new Lookahead(this.paths.core(el, 2));
        if (la.canBeEmpty) throw new LeanRefusal(`an optional or repeated element that can be empty (${el.$type})`);
        const loop: Step = (s) => {
            while (la.matches(s.kinds, s.pos)) {
                const at = s.pos;
                step(s);
                if (s.pos === at) throw REFUSE;
            }
        };
        if (el.cardinality === '?') return (s) => la.matches(s.kinds, s.pos) && step(s);
        if (el.cardinality === '*') return loop;
        return (s) => {
            step(s);
            loop(s);
        };
    }

    private core(el: GrammarAST.AbstractElement, assign: Feature | undefined): Step {
        if (GrammarAST.isGroup(el) && el.guardCondition) throw new LeanRefusal('guard conditions');
        if (GrammarAST.isKeyword(el)) return this.token(this.lexer.kindOf(el.value), el.value, assign, undefined);
        if (GrammarAST.isAssignment(el)) {
            if (GrammarAST.isCrossReference(el.terminal)) throw new LeanRefusal('cross-references');
            return this.element(el.terminal, el);
        }
        if (GrammarAST.isAction(el)) return this.action(el);
        if (GrammarAST.isRuleCall(el)) {
            if (el.arguments.length > 0) throw new LeanRefusal('rule arguments');
            const rule = el.rule.ref;
            if (GrammarAST.isTerminalRule(rule)) return this.token(this.lexer.kindOf(rule.name), rule.name, assign, el);
            if (GrammarAST.isParserRule(rule)) return this.call(this.invoker(rule), assign);
            throw new LeanRefusal(`rule call of ${el.rule.$refText}`);
        }
        if (GrammarAST.isAlternatives(el)) return this.alternatives(el, assign);
        if (GrammarAST.isGroup(el) && !GrammarAST.isUnorderedGroup(el)) {
            const steps = el.elements.map((e) => this.element(e, assign));
            return (s) => {
                for (let i = 0; i < steps.length; i++) steps[i]!(s);
            };
        }
        throw new LeanRefusal(`grammar element ${el.$type}`);
    }

    private alternatives(el: GrammarAST.Alternatives, assign: Feature | undefined): Step {
        if (el.elements.length === 1) return this.element(el.elements[0]!, assign);
        const alts = el.elements.map((e) => ({ la: new Lookahead(this.paths.of(e)), step: this.element(e, assign) }));
        if (alts.some((a) => a.la.canBeEmpty)) throw new LeanRefusal('an alternative that can be empty');
        // By the next token's kind, the alternatives that may begin with it, in grammar order.
        const byFirst: Array<typeof alts | undefined> = [];
        alts.forEach((alt) => {
            for (const k of alt.la.firstKinds) (byFirst[k] ??= []).push(alt);
        });
        return (s) => {
            const candidates = byFirst[s.kinds[s.pos]!];
            if (candidates) {
                for (let i = 0; i < candidates.length; i++) {
                    const alt = candidates[i]!;
                    if (alt.la.matches(s.kinds, s.pos)) return alt.step(s);
                }
            }
            throw REFUSE;
        };
    }

    /** A keyword or terminal; an assigned one sets its feature (a terminal through the value converter). */
    private token(kind: number, name: string, assign: Feature | undefined, call: GrammarAST.RuleCall | undefined): Step {
        if (kind < 0) throw new LeanRefusal(`token ${name} is not in the vocabulary`);
        if (!assign)
            return (s) => {
                if (s.kinds[s.pos] !== kind) throw REFUSE;
                s.pos++;
            };
        // Langium converts a terminal's image by the rule of the grammar element its CST leaf came from;
        // its default converter's `convert` only finds that rule, so the rule's converter is called directly.
        const conv = this.converter;
        const rule = call?.rule.ref;
        const direct = rule && conv.runConverter && conv.convert === DefaultValueConverter.prototype.convert ? rule : undefined;
        const leaf = call && { grammarSource: call };
        // Names and numbers recur: a primitive value is remembered per image (bounded).
        let memo = new Map<string, unknown>();
        return (s) => {
            if (s.kinds[s.pos] !== kind) throw REFUSE;
            const image = s.text.slice(s.starts[s.pos], s.ends[s.pos]);
            s.pos++;
            let value = memo.get(image);
            if (value === undefined) {
                value = direct ? conv.runConverter!(direct, image, undefined) : leaf ? conv.convert(image, leaf) : image;
                if (value !== null && typeof value !== 'object' && typeof value !== 'function') {
                    if (memo.size >= MEMO_ENTRIES) memo = new Map();
                    memo.set(image, value);
                }
            }
            set(s.node(), assign, value);
        };
    }

    /** A parser rule call: assigned to a feature, or (unassigned) its node replaces the current one. */
    private call(invoke: Invoke, assign: Feature | undefined): Step {
        return (s) => {
            const at = s.pos;
            const result = invoke(s);
            if (s.pos === at) return; // Langium assigns only what consumed tokens
            if (assign) set(s.node(), assign, result);
            else s.cur = s.cur ? mergeWithoutOverride(result, s.cur) : result;
        };
    }

    private action(el: GrammarAST.Action): Step {
        const type = GrammarUtils.getTypeName(el);
        if (!el.feature) {
            return (s) => {
                s.curType = type;
                if (s.cur) s.cur.$type = type;
            };
        }
        const feature: Feature = { feature: el.feature, operator: el.operator ?? '=' };
        return (s) => {
            const last = this.finish(s, s.node());
            s.cur = { $type: type };
            set(s.cur, feature, last);
        };
    }
}

/** Langium's `assign`. */
function set(node: Node, a: Feature, value: unknown): void {
    if (a.operator === '=') node[a.feature] = value;
    else if (a.operator === '?=') node[a.feature] = true;
    else {
        const list = node[a.feature];
        if (Array.isArray(list)) list.push(value);
        else node[a.feature] = [value];
    }
}

/** The lean parser of a language, or why there is none (then Langium parses everything). */
export function deriveLeanParser(services: LangiumCoreServices): LeanParser | { refused: string } {
    try {
        return new LeanParser(services);
    } catch (e) {
        // Anything else that fails here also leaves the parsing to Langium (a test requires the
        // grammar as it stands to be derived).
        return { refused: e instanceof LeanRefusal ? e.message : `could not derive: ${String(e)}` };
    }
}
