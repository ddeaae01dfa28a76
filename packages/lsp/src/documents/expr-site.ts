// One expression string of a schema (`/relations/i/expr`, `/fields/i/applicable_when`): its decoded
// text, the map back to the document, and its tokens from the expression language's own Langium
// lexer. Token-level facts (which names are fields, which are calls) are what completion,
// navigation, rename and semantic tokens need, and tokens exist even while the text does not parse.
import type { JsonString } from '@svc/compiler';
import { createSvcExprServices } from '@svc/language';
import { StringMap } from '../text/string-map.js';

export type ExprTokenKind = 'name' | 'call' | 'keyword' | 'number' | 'string' | 'literal' | 'operator' | 'paren' | 'comma';

export interface ExprToken {
    kind: ExprTokenKind;
    /** [start, end) in UTF-16 code units of the decoded expression. */
    start: number;
    end: number;
    image: string;
}

interface LexToken {
    image: string;
    startOffset: number;
    tokenType: { name: string };
}

const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false']);

/** Tokens of an expression text; the analysis passes one that reuses the version before's. */
export type Lexer = (text: string) => readonly ExprToken[];

export class ExprSite {
    private mapCache: StringMap | undefined;
    private tokenCache: readonly ExprToken[] | undefined;

    constructor(
        readonly pointer: string,
        readonly place: 'relation' | 'applicable',
        /** Index of the relation or field the expression belongs to. */
        readonly index: number,
        readonly node: JsonString,
        private readonly source: string,
        private readonly lex: Lexer = tokenize,
    ) {}

    get text(): string {
        return this.node.value;
    }

    get map(): StringMap {
        return (this.mapCache ??= new StringMap(this.source, this.node.start));
    }

    /** Shared between sites and versions with the same text: never modified. */
    get tokens(): readonly ExprToken[] {
        return (this.tokenCache ??= this.lex(this.text));
    }

    /** True when a document offset is inside the string's quotes (the closing quote's offset included). */
    containsOffset(offset: number): boolean {
        return offset > this.node.start && offset <= this.map.contentEnd;
    }

    /** The token under a decoded index; at a boundary the token that ends there wins over the next. */
    tokenAt(index: number): ExprToken | undefined {
        const toks = this.tokens;
        let best: ExprToken | undefined;
        for (const t of toks) {
            if (t.start > index) break;
            if (index <= t.end) best = t;
        }
        if (best && best.end === index && best.kind !== 'name' && best.kind !== 'call') {
            const next = toks.find((t) => t.start === index);
            if (next) return next;
        }
        return best;
    }

    /** Document range [start, end) of a token. */
    sourceRange(token: { start: number; end: number }): [number, number] {
        return this.map.sourceRange(token.start, token.end);
    }

    /** Tokens naming a field (not a function call) with this name. */
    namesOf(name: string): ExprToken[] {
        return this.tokens.filter((t) => t.kind === 'name' && t.image === name);
    }
}

export function tokenize(text: string): ExprToken[] {
    const lexed = createSvcExprServices().parser.Lexer.tokenize(text);
    const raw = lexed.tokens as unknown as LexToken[];
    const out: ExprToken[] = [];
    raw.forEach((t, i) => {
        const start = t.startOffset;
        const end = start + t.image.length;
        const name = t.tokenType.name;
        let kind: ExprTokenKind;
        if (name === 'ID') kind = raw[i + 1]?.tokenType.name === '(' ? 'call' : 'name';
        else if (name === 'NUMBER') kind = 'number';
        else if (name === 'STRING') kind = 'string';
        else if (name === 'TYPED_LITERAL') kind = 'literal';
        else if (KEYWORDS.has(name)) kind = 'keyword';
        else if (name === '(' || name === ')') kind = 'paren';
        else if (name === ',') kind = 'comma';
        else kind = 'operator';
        out.push({ kind, start, end, image: t.image });
    });
    return out;
}
