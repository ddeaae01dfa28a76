// Semantic tokens inside expression strings (fields, functions, keywords, numbers, literals,
// operators) and on field declarations, so an editor colours the expression language where the
// JSON grammar sees only a string. Lengths are in the negotiated encoding; expression strings never
// span lines (JSON strings cannot), so neither do tokens.
import { randomBytes } from 'node:crypto';
import type { Range, SemanticTokens, SemanticTokensDelta, SemanticTokensEdit, SemanticTokensLegend } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { JsonString } from '@svc/compiler';
import type { DocumentAnalyzer, SchemaAnalysis } from '../documents/document-analysis.js';
import type { ExprSite } from '../documents/expr-site.js';
import { FUNCTIONS } from '../documents/language-facts.js';
import { countUnits, type PositionEncoder, type PositionEncodingKind } from '../text/position-encoding.js';

// `unknownField` (a name that is no field of the schema) is a type of its own so that themes can
// colour it apart from known fields; the VS Code extension maps it to `invalid` (red in the default
// themes), and clients that do not know it fall back to no colour.
export const TOKEN_TYPES = ['property', 'variable', 'function', 'keyword', 'number', 'string', 'operator', 'type', 'unknownField'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'defaultLibrary'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
/** A type's index in the legend. */
const T = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as Record<TokenType, number>;

const DECLARATION = 1;
const DEFAULT_LIBRARY = 2;
const FUNCTION_NAMES = new Set(FUNCTIONS.map((f) => f.name));

export class SemanticTokensProvider {
    // The whole document's tokens of an analysis (one version's text): editors ask again for the
    // same version (after a refresh, on focus), and a 1 MiB schema has 100,000s of tokens.
    private readonly full = new WeakMap<SchemaAnalysis, FullTokens>();
    /** The last whole-document tokens given for each document: what a delta request starts from. */
    private readonly given = new Map<string, FullTokens>();
    // Result ids unique to this provider: the server's thread and the feature worker (and a worker
    // started again) each have one, and a document may move from one to another as it grows.
    private readonly idPrefix = `${randomBytes(4).toString('hex')}.`;
    private nextId = 1;

    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    tokens(doc: TextDocument, range?: Range): SemanticTokens {
        if (!range) {
            const result = this.fullOf(doc);
            this.given.set(doc.uri, result);
            return result;
        }
        const analysis = this.analyzer.get(doc);
        const [from, to] = [this.encoder.offset(doc, range.start), this.encoder.offset(doc, range.end)];
        return { data: encode(doc, analysis, from, to, this.encoder.encoding) };
    }

    /**
     * The edits from the tokens the client holds to the current ones (an edit in one place changes
     * a few numbers of 100,000s), or all of them when the client holds tokens this provider did not
     * give last. VS Code asks so after every edit.
     */
    delta(doc: TextDocument, previousResultId: string): SemanticTokens | SemanticTokensDelta {
        const before = this.given.get(doc.uri);
        const now = this.fullOf(doc);
        this.given.set(doc.uri, now);
        if (before?.resultId !== previousResultId) return now;
        return { resultId: now.resultId, edits: difference(before.data, now.data) };
    }

    /** The document is closed. */
    forget(uri: string): void {
        this.given.delete(uri);
    }

    private fullOf(doc: TextDocument): FullTokens {
        const analysis = this.analyzer.get(doc);
        let result = this.full.get(analysis);
        if (!result) {
            result = {
                resultId: `${this.idPrefix}${this.nextId++}`,
                data: encode(doc, analysis, 0, analysis.text.length, this.encoder.encoding),
            };
            this.full.set(analysis, result);
        }
        return result;
    }
}

type FullTokens = { resultId: string; data: number[] };

/** One edit replacing what differs between the common start and the common end (or none). */
export function difference(before: readonly number[], after: readonly number[]): SemanticTokensEdit[] {
    let start = 0;
    while (start < before.length && start < after.length && before[start] === after[start]) start++;
    let end = 0;
    while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
        end++;
    if (start === before.length && start === after.length) return [];
    return [{ start, deleteCount: before.length - start - end, data: after.slice(start, after.length - end) }];
}

/** A string on one line (JSON strings hold no line break) whose tokens are coloured: a field's name, or an expression. */
type Run = { start: number; end: number; decl?: JsonString; site?: ExprSite };

/**
 * The encoded tokens (LSP's relative quintuples) of the declarations and expressions overlapping
 * [from, to), in one pass in document order: each string's line is found once (every token of it
 * is on that line) and characters are counted from the token before on the same line, so a
 * minified one-line schema is walked once, not once per token.
 */
function encode(doc: TextDocument, analysis: SchemaAnalysis, from: number, to: number, encoding: PositionEncodingKind): number[] {
    const text = analysis.text;
    const out: number[] = [];
    let prevLine = 0;
    let prevChar = 0;
    let line = -1;
    let at = 0; // offset whose character on `line` is `units`
    let units = 0;
    const charOf = (offset: number): number => {
        units += countUnits(text, at, offset, encoding);
        at = offset;
        return units;
    };
    const push = (start: number, end: number, type: number, modifiers = 0): void => {
        const s = charOf(start);
        const e = charOf(end);
        if (e <= s) return;
        out.push(line - prevLine, line === prevLine ? s - prevChar : s, e - s, type, modifiers);
        prevLine = line;
        prevChar = s;
    };
    const known = new Set(analysis.fields.flatMap((f) => (f.name ? [f.name] : [])));
    for (const run of runs(analysis, from, to)) {
        const p = doc.positionAt(run.start);
        if (p.line !== line) [line, at, units] = [p.line, run.start - p.character, 0];
        if (run.decl) push(run.decl.start + 1, run.decl.end - 1, T.property, DECLARATION);
        else if (run.site) siteTokens(run.site, known, push);
    }
    return out;
}

/** The declarations and expression strings overlapping [from, to), merged in document order. */
function runs(analysis: SchemaAnalysis, from: number, to: number): Run[] {
    const overlaps = (n: JsonString): boolean => n.end > from && n.start < to;
    const decls = analysis.fields.flatMap((f) => (f.nameNode && overlaps(f.nameNode) ? [f.nameNode] : []));
    const sites = analysis.sites.filter((s) => overlaps(s.node));
    const out: Run[] = [];
    let i = 0;
    let j = 0;
    while (i < decls.length || j < sites.length) {
        if (j >= sites.length || (i < decls.length && decls[i]!.start < sites[j]!.node.start)) {
            const decl = decls[i++]!;
            out.push({ start: decl.start, end: decl.end, decl });
        } else {
            const site = sites[j++]!;
            out.push({ start: site.node.start, end: site.node.end, site });
        }
    }
    return out;
}

type Push = (start: number, end: number, type: number, modifiers?: number) => void;

/** One expression's tokens, in order. */
function siteTokens(site: ExprSite, known: ReadonlySet<string>, push: Push): void {
    const map = site.map;
    for (const t of site.tokens) {
        const start = map.sourceOffset(t.start);
        const end = map.sourceOffset(t.end);
        switch (t.kind) {
            case 'name':
                push(start, end, known.has(t.image) ? T.property : T.unknownField);
                break;
            case 'call':
                push(start, end, T.function, FUNCTION_NAMES.has(t.image) ? DEFAULT_LIBRARY : 0);
                break;
            case 'keyword':
            case 'number':
            case 'string':
            case 'operator':
                push(start, end, T[t.kind]);
                break;
            case 'literal': {
                // date'2024-01-31': the prefix is a type, the quoted part a string.
                const mid = map.sourceOffset(t.start + t.image.indexOf("'"));
                push(start, mid, T.type);
                push(mid, end, T.string);
                break;
            }
            default:
                break;
        }
    }
}
