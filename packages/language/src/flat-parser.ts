// Langium's parse() links every AST node to its container with a recursive walk, which overflows the
// stack on the long left-nested chains (`a + a + … + a`, up to 16 KiB) that the language allows
// without depth limit. This parser does the same linking with an explicit stack; everything else is
// Langium's own parse.
import { createParser, isAstNode, LangiumParser, type AstNode, type LangiumCoreServices, type ParseResult } from 'langium';
import { installLeanSteps } from './parser-lean.js';

/** Sets $container, $containerProperty and $containerIndex on every node below `root`, iteratively. */
export function linkContainersIteratively(root: AstNode): void {
    const stack: AstNode[] = [root];
    while (stack.length > 0) {
        const node = stack.pop()! as AstNode & Record<string, unknown>;
        for (const [name, value] of Object.entries(node)) {
            if (name.startsWith('$')) continue;
            if (Array.isArray(value)) {
                value.forEach((item, index) => {
                    if (isAstNode(item)) {
                        link(item, node, name, index);
                        stack.push(item);
                    }
                });
            } else if (isAstNode(value)) {
                link(value, node, name, undefined);
                stack.push(value);
            }
        }
    }
}

function link(child: AstNode, parent: AstNode, property: string, index: number | undefined): void {
    const c = child as { $container?: AstNode; $containerProperty?: string; $containerIndex?: number };
    c.$container = parent;
    c.$containerProperty = property;
    c.$containerIndex = index;
}

// Langium's members used below are TypeScript-private but plain properties at run time; langium is
// pinned to ~4.4 so their names are stable.
interface ParserInternals {
    nodeBuilder: { buildRootNode(input: string): void; addHiddenNodes(tokens: unknown[]): void };
    lexer: { tokenize(input: string): { tokens: unknown[]; hidden: unknown[]; errors: ParseResult['lexerErrors']; report?: unknown } };
    wrapper: { input: unknown[]; errors: ParseResult['parserErrors'] };
    mainRule: unknown;
    unorderedGroups: Map<unknown, unknown>;
    lexerResult: unknown;
    doParse(rule: unknown): AstNode;
}

export interface FlatParseOptions extends NonNullable<Parameters<LangiumParser['parse']>[1]> {
    /** Tokens of `input` already lexed by the caller (the compiler checks depth on them first). */
    lexed?: ReturnType<ParserInternals['lexer']['tokenize']>;
    /** Set $container links (default true); the compiler does not need them. */
    link?: boolean;
}

export class FlatLinkingParser extends LangiumParser {
    override parse<T extends AstNode = AstNode>(input: string, options: FlatParseOptions = {}): ParseResult<T> {
        const self = this as unknown as ParserInternals;
        self.nodeBuilder.buildRootNode(input);
        const lexerResult = options.lexed ?? self.lexer.tokenize(input);
        self.lexerResult = lexerResult;
        self.wrapper.input = lexerResult.tokens;
        const result = self.doParse(self.mainRule);
        self.nodeBuilder.addHiddenNodes(lexerResult.hidden);
        self.unorderedGroups.clear();
        self.lexerResult = undefined;
        if (options.link !== false) linkContainersIteratively(result);
        return {
            value: result as T,
            lexerErrors: lexerResult.errors,
            lexerReport: lexerResult.report,
            parserErrors: self.wrapper.errors,
        } as ParseResult<T>;
    }
}

installLeanSteps(FlatLinkingParser.prototype);

export function createFlatLinkingParser(services: LangiumCoreServices): LangiumParser {
    const parser = new FlatLinkingParser(services);
    createParser(services.Grammar, parser, services.parser.Lexer.definition);
    parser.finalize();
    return parser;
}
