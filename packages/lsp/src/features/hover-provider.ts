// Hover: a field's type and keys (on its name in an expression or its declaration), a function's
// signature, a keyword, a schema key's meaning, and the explanation of every diagnostic under the
// cursor (from the same registry as `svc explain`).
import type { Hover, Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, SchemaAnalysis } from '../documents/document-analysis.js';
import { FUNCTIONS, KEY_DOCS, KEYWORD_DOCS } from '../documents/language-facts.js';
import type { DiagnosticPublisher } from '../diagnostics/diagnostic-publisher.js';
import type { ExplainPages } from '../diagnostics/explain-pages.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { fieldMarkdown } from './field-describe.js';
import { markdownText } from './markdown-text.js';
import { fieldAt } from './navigation-provider.js';

interface Part {
    text: string;
    range: [number, number];
}

/** What the schema's own analysis says under the cursor (no diagnostics), its range in the client's encoding. */
export interface Described {
    text: string;
    range: Range;
}

/**
 * The part of a hover read from the document's analysis: a field, a function, a keyword, a literal,
 * a key. It runs where the analysis is (the feature worker for a large document).
 */
export class HoverDescriber {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    described(doc: TextDocument, position: Position): Described | null {
        const part = this.describe(this.analyzer.get(doc), this.encoder.offset(doc, position));
        return part ? { text: part.text, range: this.encoder.range(doc, part.range[0], part.range[1]) } : null;
    }

    private describe(analysis: SchemaAnalysis, offset: number): Part | undefined {
        const field = fieldAt(analysis, offset);
        if (field) {
            const text = field.field ? fieldMarkdown(field.field) : `**${markdownText(field.name)}**: not a field of this schema`;
            return { text, range: [field.start, field.end] };
        }
        const site = analysis.siteAt(offset);
        if (site) {
            const token = site.tokenAt(site.map.decodedIndex(offset));
            if (!token) return undefined;
            const range = site.sourceRange(token);
            if (token.kind === 'call') {
                const fn = FUNCTIONS.find((f) => f.name === token.image);
                return {
                    text: fn
                        ? `\`${fn.signature}\`\n\n${fn.doc}`
                        : `**${token.image}**: not a function; functions are ${FUNCTIONS.map((f) => f.name).join(', ')}`,
                    range,
                };
            }
            if (token.kind === 'keyword') return { text: KEYWORD_DOCS.get(token.image) ?? token.image, range };
            if (token.kind === 'literal') return { text: `\`${token.image.slice(0, token.image.indexOf("'"))}\` literal`, range };
            return undefined;
        }
        const root = analysis.root;
        if (root?.kind !== 'object') return undefined;
        // A schema key under the cursor: its meaning.
        const stack = [root];
        while (stack.length > 0) {
            const node = stack.pop()!;
            for (const m of node.members) {
                const doc = KEY_DOCS.get(m.key);
                if (offset > m.keyStart && offset < m.keyEnd && doc) return { text: `\`${m.key}\`: ${doc}`, range: [m.keyStart, m.keyEnd] };
                const v = m.value;
                if (v.kind === 'object' && offset > v.start && offset < v.end) stack.push(v);
                if (v.kind === 'array' && offset > v.start && offset < v.end) {
                    for (const item of v.items) if (item.kind === 'object' && offset > item.start && offset < item.end) stack.push(item);
                }
            }
        }
        return undefined;
    }
}

/** A hover: what the analysis describes, then the explanation of each diagnostic under the cursor. */
export class HoverProvider {
    constructor(
        private readonly describer: HoverDescriber,
        private readonly encoder: PositionEncoder,
        private readonly publisher: DiagnosticPublisher,
        private readonly pages: ExplainPages,
    ) {}

    /** `described`: computed elsewhere (the feature worker), or here. */
    hover(doc: TextDocument, position: Position, described = this.describer.described(doc, position)): Hover | null {
        const offset = this.encoder.offset(doc, position);
        const parts = described ? [described.text] : [];
        let range = described?.range;
        const codes = new Set<string>();
        for (const d of this.publisher.current(doc)) {
            const inside = d.start === d.end ? offset === d.start : offset >= d.start && offset <= d.end;
            if (!inside || codes.has(d.diagnostic.code)) continue;
            codes.add(d.diagnostic.code);
            const text = this.pages.markdown(d.diagnostic.code);
            if (!text) continue;
            parts.push(text);
            range ??= this.encoder.range(doc, d.start, d.end);
        }
        if (parts.length === 0) return null;
        const hover: Hover = { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
        if (range) hover.range = range;
        return hover;
    }
}
