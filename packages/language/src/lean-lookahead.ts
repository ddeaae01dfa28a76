// Lookahead of the lean parser, computed from the grammar as Chevrotain computes Langium's: the
// token sequences (up to two tokens, the grammar's `maxLookahead`) with which an element can begin.
// An alternative is taken when one of its sequences is a prefix of the next tokens, the first such
// alternative in grammar order; an optional or repeated group is entered the same way.
import { GrammarAST, GrammarUtils } from 'langium';
import { LeanRefusal } from './lean-lexer.js';

type Path = readonly number[];

/** At most this many tokens of lookahead (the grammar's `chevrotainParserConfig.maxLookahead`). */
export const LOOKAHEAD = 2;

/** Whether the next tokens can begin an element. */
export class Lookahead {
    private nullable = false;
    /** By first token kind: true when that token alone begins a path, else the kinds that may follow it. */
    private readonly first: Array<true | Set<number> | undefined> = [];

    constructor(paths: readonly Path[]) {
        for (const p of paths) {
            if (p.length === 0) this.nullable = true;
            else if (p.length === 1) this.first[p[0]!] = true;
            else {
                const seen = this.first[p[0]!];
                if (seen === true) continue;
                if (seen) seen.add(p[1]!);
                else this.first[p[0]!] = new Set([p[1]!]);
            }
        }
    }

    get canBeEmpty(): boolean {
        return this.nullable;
    }

    /** The first token kinds of the paths. */
    get firstKinds(): number[] {
        return this.first.flatMap((f, k) => (f ? [k] : []));
    }

    matches(kinds: readonly number[], pos: number): boolean {
        if (this.nullable) return true;
        const f = this.first[kinds[pos]!];
        return f === true || (f !== undefined && f.has(kinds[pos + 1]!));
    }
}

/** Computes lookahead paths of grammar elements; kinds come from the lean lexer. */
export class PathFinder {
    private readonly rules = new Map<string, Path[]>();
    private readonly busy = new Set<string>();

    constructor(private readonly kindOf: (name: string) => number) {}

    /** Paths of at most `k` tokens with which `el` (with its cardinality) can begin. */
    of(el: GrammarAST.AbstractElement, k: number = LOOKAHEAD): Path[] {
        if (k === 0) return [[]];
        switch (el.cardinality) {
            case '?':
                return dedupe([[], ...this.core(el, k)]);
            case '*':
                return this.star(el, k, [[]]);
            case '+':
                return this.star(el, k, this.core(el, k));
            default:
                return this.core(el, k);
        }
    }

    private star(el: GrammarAST.AbstractElement, k: number, start: Path[]): Path[] {
        let result = start;
        for (let i = 0; i < k; i++) result = dedupe([...result, ...this.extend(result, (rest) => this.core(el, rest), k)]);
        return result;
    }

    private extend(prefixes: readonly Path[], next: (rest: number) => Path[], k: number): Path[] {
        const out: Path[] = [];
        for (const p of prefixes) {
            if (p.length >= k) out.push(p);
            else for (const q of next(k - p.length)) out.push([...p, ...q]);
        }
        return out;
    }

    /** Paths of the element itself, ignoring its cardinality. */
    core(el: GrammarAST.AbstractElement, k: number): Path[] {
        if (GrammarAST.isKeyword(el)) return [[this.kind(el.value)]];
        if (GrammarAST.isAction(el)) return [[]];
        if (GrammarAST.isAssignment(el)) return this.of(el.terminal, k);
        if (GrammarAST.isRuleCall(el)) {
            const rule = el.rule.ref;
            if (GrammarAST.isTerminalRule(rule)) return [[this.kind(rule.name)]];
            if (GrammarAST.isParserRule(rule)) return this.rule(rule, k);
            throw new LeanRefusal(`rule call of ${el.rule.$refText}`);
        }
        if (GrammarAST.isAlternatives(el)) return dedupe(el.elements.flatMap((e) => this.of(e, k)));
        if (GrammarAST.isGroup(el) && !GrammarAST.isUnorderedGroup(el)) {
            let result: Path[] = [[]];
            for (const e of el.elements) result = dedupe(this.extend(result, (rest) => this.of(e, rest), k));
            return result;
        }
        throw new LeanRefusal(`grammar element ${el.$type}`);
    }

    private rule(rule: GrammarAST.ParserRule, k: number): Path[] {
        const key = `${rule.name}/${k}`;
        const known = this.rules.get(key);
        if (known) return known;
        if (this.busy.has(key)) throw new LeanRefusal(`left recursion through ${rule.name}`);
        this.busy.add(key);
        const paths = this.of(rule.definition, k);
        this.busy.delete(key);
        this.rules.set(key, paths);
        return paths;
    }

    private kind(name: string): number {
        const k = this.kindOf(name);
        if (k < 0) throw new LeanRefusal(`token ${name} is not in the vocabulary`);
        return k;
    }
}

function dedupe(paths: Path[]): Path[] {
    const seen = new Map<string, Path>();
    for (const p of paths) seen.set(p.join(' '), p);
    return [...seen.values()];
}

/** The type a parser rule's node starts with (as Langium's parser names it). */
export function ruleType(rule: GrammarAST.ParserRule): string {
    return GrammarUtils.getTypeName(rule);
}
