// Go to definition and find references of fields. A field is declared by its `name` string and
// referenced by name tokens in expressions (calls such as `round(` are not references). Expressions
// resolve a name to the first field that has it, as the compiler does.
import type { Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, FieldDecl, SchemaAnalysis } from '../documents/document-analysis.js';
import type { PositionEncoder } from '../text/position-encoding.js';

export interface FieldAtCursor {
    /** Undefined for a name in an expression that is no field (E-NAME-UNKNOWN). */
    field?: FieldDecl;
    name: string;
    /** Document range of the name under the cursor. */
    start: number;
    end: number;
    from: 'expression' | 'declaration';
}

/** Content range of a field's name string (inside the quotes). */
export function declarationRange(field: FieldDecl): [number, number] {
    const n = field.nameNode!;
    return [n.start + 1, Math.max(n.start + 1, n.end - 1)];
}

export function fieldAt(analysis: SchemaAnalysis, offset: number): FieldAtCursor | undefined {
    const site = analysis.siteAt(offset);
    if (site) {
        const token = site.tokenAt(site.map.decodedIndex(offset));
        if (token?.kind !== 'name') return undefined;
        const [start, end] = site.sourceRange(token);
        return { field: analysis.fieldNamed(token.image), name: token.image, start, end, from: 'expression' };
    }
    const field = analysis.fieldNameAt(offset);
    if (!field) return undefined;
    const [start, end] = declarationRange(field);
    return { field, name: field.name!, start, end, from: 'declaration' };
}

/** Every reference to a field in expressions, as document ranges; later duplicates have none. */
export function referencesOf(analysis: SchemaAnalysis, field: FieldDecl): Array<[number, number]> {
    if (field.name === undefined || analysis.fieldNamed(field.name) !== field) return [];
    const out: Array<[number, number]> = [];
    for (const site of analysis.sites) {
        for (const t of site.namesOf(field.name)) out.push(site.sourceRange(t));
    }
    return out;
}

export class NavigationProvider {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    definition(doc: TextDocument, position: Position): Location | null {
        const analysis = this.analyzer.get(doc);
        const at = fieldAt(analysis, this.encoder.offset(doc, position));
        if (!at?.field?.nameNode) return null;
        const [start, end] = declarationRange(at.field);
        return { uri: doc.uri, range: this.encoder.range(doc, start, end) };
    }

    references(doc: TextDocument, position: Position, includeDeclaration: boolean): Location[] | null {
        const analysis = this.analyzer.get(doc);
        const at = fieldAt(analysis, this.encoder.offset(doc, position));
        if (!at?.field) return null;
        const ranges = referencesOf(analysis, at.field);
        if (includeDeclaration && at.field.nameNode) ranges.unshift(declarationRange(at.field));
        const positions = this.encoder.positions(doc, ranges.flat());
        return ranges.map((_, i) => ({ uri: doc.uri, range: { start: positions[2 * i]!, end: positions[2 * i + 1]! } }));
    }
}
