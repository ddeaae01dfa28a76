// The lean lexer, over the token vocabulary that Langium's own token builder makes from the grammar
// (the same token types, in the same order, as the Chevrotain lexer behind Langium's parser), so
// there is no second list of tokens to keep in step. It matches as Chevrotain does: at each
// character the candidate patterns (by first character, as Chevrotain's own table) are tried in
// vocabulary order and the first that matches wins; a keyword with a longer alternative (`order`
// is an ID, not `or` + `der`) gives way to it when that alternative matches more. Keywords are
// compared as text, other patterns are sticky regular expressions. It only lexes: anything it
// cannot take (a character no token starts with) is refused, and the caller falls back to
// Langium, whose lexer reports it.
import type { LangiumCoreServices } from 'langium';

/** The tokens of one text: kinds index `LeanLexer.names`; offsets are UTF-16 code units. */
export interface LeanTokens {
    readonly kinds: number[];
    readonly starts: number[];
    readonly ends: number[];
    readonly text: string;
}

interface TokenTypeLike {
    name: string;
    PATTERN?: unknown;
    GROUP?: unknown;
    LONGER_ALT?: TokenTypeLike | TokenTypeLike[];
    PUSH_MODE?: unknown;
    POP_MODE?: unknown;
    CATEGORIES?: unknown[];
}

/** Why a grammar is not handled here (then every expression goes to Langium). */
export class LeanRefusal extends Error {}

interface Pattern {
    /** A keyword's text, or undefined for a regular expression. */
    keyword: string | undefined;
    /** Sticky: `test` moves lastIndex to the end of the match, with no match array to allocate. */
    re: RegExp | undefined;
    /** Token kind, or -1 for a skipped (hidden) token. */
    kind: number;
    longer: Array<{ re: RegExp; kind: number }>;
}

export class LeanLexer {
    /** Token type names by kind; the end of input is kind `names.length`. */
    readonly names: string[];
    readonly eof: number;
    /**
     * The patterns that may match at a character, by its code (below 128), in vocabulary order, as
     * Chevrotain's own first-character table: the first that matches wins. Other characters try all.
     */
    private readonly byFirst: Pattern[][] = [];
    private readonly all: Pattern[] = [];

    constructor(types: readonly TokenTypeLike[]) {
        for (const t of types) {
            if (t.PUSH_MODE !== undefined || t.POP_MODE !== undefined || (t.CATEGORIES?.length ?? 0) > 0)
                throw new LeanRefusal(`token ${t.name}: modes and categories are not lexed here`);
        }
        this.names = types.filter((t) => t.GROUP === undefined).map((t) => t.name);
        this.eof = this.names.length;
        const firsts: Array<(c: string) => boolean> = [];
        for (const t of types) {
            const alts = t.LONGER_ALT === undefined ? [] : Array.isArray(t.LONGER_ALT) ? t.LONGER_ALT : [t.LONGER_ALT];
            const longer = alts.map((a) => ({ re: new RegExp(patternSource(a.PATTERN, a.name), 'y'), kind: this.kindOf(a.name) }));
            if (longer.some((l) => l.kind < 0)) throw new LeanRefusal(`token ${t.name}: a longer alternative that is skipped`);
            const kind = t.GROUP === undefined ? this.kindOf(t.name) : -1;
            const source = patternSource(t.PATTERN, t.name);
            if (typeof t.PATTERN === 'string') {
                const keyword = t.PATTERN;
                this.all.push({ keyword, re: undefined, kind, longer });
                firsts.push((c) => keyword.startsWith(c));
            } else {
                this.all.push({ keyword: undefined, re: new RegExp(source, 'y'), kind, longer });
                firsts.push(firstCharTest(source));
            }
        }
        for (let c = 0; c < 128; c++) {
            const ch = String.fromCharCode(c);
            this.byFirst.push(this.all.filter((_, i) => firsts[i]!(ch)));
        }
    }

    /** The kind of a token type name, or -1. */
    kindOf(name: string): number {
        return this.names.indexOf(name);
    }

    /** The tokens of `text` (the last one is the end of input), or undefined when a character starts no token. */
    tokenize(text: string): LeanTokens | undefined {
        const kinds: number[] = [];
        const starts: number[] = [];
        const ends: number[] = [];
        let at = 0;
        while (at < text.length) {
            const code = text.charCodeAt(at);
            const candidates = code < 128 ? this.byFirst[code]! : this.all;
            let end = -1;
            let kind = -1;
            let hit: Pattern | undefined;
            for (let i = 0; i < candidates.length; i++) {
                const p = candidates[i]!;
                if (p.keyword !== undefined) {
                    if (!text.startsWith(p.keyword, at)) continue;
                    end = at + p.keyword.length;
                } else {
                    p.re!.lastIndex = at;
                    if (!p.re!.test(text)) continue;
                    end = p.re!.lastIndex;
                }
                hit = p;
                kind = p.kind;
                break;
            }
            if (!hit || end <= at) return undefined;
            for (const alt of hit.longer) {
                alt.re.lastIndex = at;
                if (alt.re.test(text) && alt.re.lastIndex > end) {
                    kind = alt.kind;
                    end = alt.re.lastIndex;
                    break;
                }
            }
            if (kind >= 0) {
                kinds.push(kind);
                starts.push(at);
                ends.push(end);
            }
            at = end;
        }
        kinds.push(this.eof);
        starts.push(text.length);
        ends.push(text.length);
        return { kinds, starts, ends, text };
    }
}

/**
 * Whether a pattern may match at a character, from the pattern's leading atoms (a character, an
 * escape, a class, or a group of alternatives of those). Anything else may match anywhere: a
 * pattern tried in vain costs time, a pattern left out would change the tokens.
 */
function firstCharTest(source: string): (c: string) => boolean {
    const atoms = leadingAtoms(source);
    if (!atoms) return () => true;
    const tests = atoms.map((a) => new RegExp(`^(?:${a})`));
    return (c) => tests.some((t) => t.test(c));
}

function leadingAtoms(source: string): string[] | undefined {
    const atoms: string[] = [];
    for (const alt of splitTopLevel(source)) {
        const a = leadingAtomsOfSequence(alt);
        if (!a) return undefined;
        atoms.push(...a);
    }
    return atoms;
}

function leadingAtomsOfSequence(source: string): string[] | undefined {
    const c = source[0];
    let atom: string;
    let rest: string;
    let alternatives: string[] | undefined;
    if (c === undefined || '^$.|)*+?{'.includes(c)) return undefined;
    if (c === '\\') {
        if (!/^\\[sSdDwW.\-'"\\/()[\]{}|*+?^$]/.test(source)) return undefined;
        atom = source.slice(0, 2);
        rest = source.slice(2);
    } else if (c === '[') {
        const m = /^\[(?:\\.|[^\]\\])*\]/.exec(source);
        if (!m) return undefined;
        atom = m[0];
        rest = source.slice(atom.length);
    } else if (c === '(') {
        const close = closingParen(source);
        if (close < 0) return undefined;
        const body = source.startsWith('(?:') ? source.slice(3, close) : source.startsWith('(?') ? undefined : source.slice(1, close);
        if (body === undefined) return undefined;
        alternatives = leadingAtoms(body);
        if (!alternatives) return undefined;
        atom = '';
        rest = source.slice(close + 1);
    } else {
        atom = source.slice(0, 1);
        rest = source.slice(1);
    }
    if (/^(?:[*?]|\{0[,}])/.test(rest)) return undefined; // the atom may be absent: the next one could lead
    return alternatives ?? [atom];
}

/**
 * Calls `at` on each character of a regular expression's source that is not escaped or inside a
 * class, with the group depth before it; `at` returning true stops the walk.
 */
function eachStructural(source: string, at: (i: number, c: string, depth: number) => boolean | void): void {
    let depth = 0;
    let inClass = false;
    for (let i = 0; i < source.length; i++) {
        const c = source[i]!;
        if (c === '\\') i++;
        else if (inClass) inClass = c !== ']';
        else if (c === '[') inClass = true;
        else {
            if (at(i, c, depth) === true) return;
            if (c === '(') depth++;
            else if (c === ')') depth--;
        }
    }
}

/** Index of the `)` closing the group that opens at 0, or -1. */
function closingParen(source: string): number {
    let close = -1;
    eachStructural(source, (i, c, depth) => {
        if (c === ')' && depth === 1) close = i;
        return close >= 0;
    });
    return close;
}

function splitTopLevel(body: string): string[] {
    const parts: string[] = [];
    let from = 0;
    eachStructural(body, (i, c, depth) => {
        if (c === '|' && depth === 0) {
            parts.push(body.slice(from, i));
            from = i + 1;
        }
    });
    parts.push(body.slice(from));
    return parts;
}

function patternSource(pattern: unknown, name: string): string {
    if (typeof pattern === 'string') return pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    if (pattern instanceof RegExp) {
        // Flags change matching (and one combined expression has one set of flags); back references
        // would be renumbered inside it.
        if (pattern.flags.replace(/[gy]/g, '') !== '') throw new LeanRefusal(`token ${name}: flags /${pattern.flags}/`);
        if (/\\[1-9]|\\k</.test(pattern.source)) throw new LeanRefusal(`token ${name}: back reference`);
        return pattern.source;
    }
    throw new LeanRefusal(`token ${name}: a custom pattern`);
}

/** The lean lexer of a language: Langium's token vocabulary, built as Langium's lexer builds it. */
export function deriveLeanLexer(services: LangiumCoreServices): LeanLexer {
    const types = services.parser.TokenBuilder.buildTokens(services.Grammar, {
        caseInsensitive: services.LanguageMetaData.caseInsensitive,
    }) as unknown as TokenTypeLike[];
    return new LeanLexer(types);
}
