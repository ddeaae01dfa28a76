// Semantic tokens inside expression strings (fields, functions, keywords, numbers, literals,
// operators) and on field declarations, so an editor colours the expression language where the
// JSON grammar sees only a string. Lengths are in the negotiated encoding; expression strings never
// span lines (JSON strings cannot), so neither do tokens.
import type { Range, SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, SchemaAnalysis } from '../documents/document-analysis.js';
import { FUNCTIONS } from '../documents/language-facts.js';
import type { PositionEncoder } from '../text/position-encoding.js';

// `unknownField` (a name that is no field of the schema) is a type of its own so that themes can
// colour it apart from known fields; the VS Code extension maps it to `invalid` (red in the default
// themes), and clients that do not know it fall back to no colour.
export const TOKEN_TYPES = ['property', 'variable', 'function', 'keyword', 'number', 'string', 'operator', 'type', 'unknownField'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'defaultLibrary'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];

interface Tok {
    start: number;
    end: number;
    type: TokenType;
    modifiers: number;
}

const DECLARATION = 1;
const DEFAULT_LIBRARY = 2;
const FUNCTION_NAMES = new Set(FUNCTIONS.map((f) => f.name));

export class SemanticTokensProvider {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    tokens(doc: TextDocument, range?: Range): SemanticTokens {
        const analysis = this.analyzer.get(doc);
        const [from, to] = range ? [this.encoder.offset(doc, range.start), this.encoder.offset(doc, range.end)] : [0, analysis.text.length];
        const toks = collect(analysis, from, to);
        const positions = this.encoder.positions(
            doc,
            toks.flatMap((t) => [t.start, t.end]),
        );
        const data: number[] = [];
        let line = 0;
        let char = 0;
        toks.forEach((t, i) => {
            const s = positions[2 * i]!;
            const e = positions[2 * i + 1]!;
            if (e.line !== s.line || e.character <= s.character) return;
            data.push(
                s.line - line,
                s.line === line ? s.character - char : s.character,
                e.character - s.character,
                TOKEN_TYPES.indexOf(t.type),
                t.modifiers,
            );
            line = s.line;
            char = s.character;
        });
        return { data };
    }
}

/** Tokens of the sites and declarations overlapping [from, to), in document order. */
function collect(analysis: SchemaAnalysis, from: number, to: number): Tok[] {
    const out: Tok[] = [];
    const known = new Set(analysis.fields.flatMap((f) => (f.name ? [f.name] : [])));
    for (const f of analysis.fields) {
        const n = f.nameNode;
        if (n && n.end > from && n.start < to) out.push({ start: n.start + 1, end: n.end - 1, type: 'property', modifiers: DECLARATION });
    }
    for (const site of analysis.sites) {
        if (site.node.end <= from || site.node.start >= to) continue;
        for (const t of site.tokens) {
            const [start, end] = site.sourceRange(t);
            const push = (type: TokenType, modifiers = 0, s = start, e = end): void => {
                out.push({ start: s, end: e, type, modifiers });
            };
            switch (t.kind) {
                case 'name':
                    push(known.has(t.image) ? 'property' : 'unknownField');
                    break;
                case 'call':
                    push('function', FUNCTION_NAMES.has(t.image) ? DEFAULT_LIBRARY : 0);
                    break;
                case 'keyword':
                    push('keyword');
                    break;
                case 'number':
                    push('number');
                    break;
                case 'string':
                    push('string');
                    break;
                case 'operator':
                    push('operator');
                    break;
                case 'literal': {
                    // date'2024-01-31': the prefix is a type, the quoted part a string.
                    const quote = t.image.indexOf("'");
                    const [, mid] = site.sourceRange({ start: t.start, end: t.start + quote });
                    push('type', 0, start, mid);
                    push('string', 0, mid, end);
                    break;
                }
                default:
                    break;
            }
        }
    }
    return out.sort((a, b) => a.start - b.start);
}
