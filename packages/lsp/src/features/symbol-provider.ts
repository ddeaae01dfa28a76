// Document symbols: the fields (with their types) and the relations (with their expressions), in
// two groups, for outlines and breadcrumbs; flat SymbolInformation for clients without hierarchy.
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import { getMember, type JsonNode } from '@svc/compiler';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer } from '../documents/document-analysis.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { typeLabel } from './field-describe.js';

interface Sym {
    name: string;
    detail: string;
    kind: SymbolKind;
    range: [number, number];
    selection: [number, number];
    children?: Sym[];
}

export class SymbolProvider {
    hierarchical = true;

    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    symbols(doc: TextDocument): DocumentSymbol[] | SymbolInformation[] {
        const analysis = this.analyzer.get(doc);
        const root = analysis.root;
        if (root?.kind !== 'object') return [];
        const groups: Sym[] = [];
        const group = (key: string, children: Sym[]): void => {
            const m = getMember(root, key);
            if (m)
                groups.push({
                    name: key,
                    detail: `${children.length}`,
                    kind: SymbolKind.Array,
                    range: [m.keyStart, m.value.end],
                    selection: [m.keyStart, m.keyEnd],
                    children,
                });
        };
        const sel = (n: JsonNode | undefined, fallback: JsonNode): [number, number] =>
            n ? [n.start, n.end] : [fallback.start, fallback.start + 1];
        group(
            'fields',
            analysis.fields.map((f) => ({
                name: f.name || f.pointer,
                detail: typeLabel(f.node),
                kind: SymbolKind.Field,
                range: [f.node.start, f.node.end],
                selection: sel(f.nameNode, f.node),
            })),
        );
        group(
            'relations',
            analysis.relations.map((r) => {
                const expr = getMember(r.node, 'expr')?.value;
                return {
                    name: r.id || r.pointer,
                    detail: expr?.kind === 'string' ? expr.value : '',
                    kind: SymbolKind.Function,
                    range: [r.node.start, r.node.end],
                    selection: sel(r.idNode, r.node),
                };
            }),
        );
        const all = groups.flatMap((g) => [g, ...(g.children ?? [])]);
        const positions = this.encoder.positions(
            doc,
            all.flatMap((s) => [...s.range, ...s.selection]),
        );
        const at = new Map<Sym, number>(all.map((s, i) => [s, 4 * i]));
        const range = (s: Sym, k: 0 | 2) => ({ start: positions[at.get(s)! + k]!, end: positions[at.get(s)! + k + 1]! });
        if (!this.hierarchical) {
            return all.map((s): SymbolInformation => ({ name: s.name, kind: s.kind, location: { uri: doc.uri, range: range(s, 0) } }));
        }
        const build = (s: Sym): DocumentSymbol => ({
            name: s.name,
            detail: s.detail,
            kind: s.kind,
            range: range(s, 0),
            selectionRange: range(s, 2),
            ...(s.children ? { children: s.children.map(build) } : {}),
        });
        return groups.map(build);
    }
}
