// Rename of a field: its `name` string and every expression token that names it, in one edit. The
// new name must be a valid, unreserved field name not used by another field; otherwise the request
// fails with a message instead of producing a schema with new errors.
import { ResponseError, ErrorCodes, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer } from '../documents/document-analysis.js';
import { FIELD_NAME_RE, RESERVED_WORDS } from '../documents/language-facts.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { declarationRange, fieldAt, referencesOf } from './navigation-provider.js';

export class RenameProvider {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    prepare(doc: TextDocument, position: Position): { range: Range; placeholder: string } | null {
        const at = fieldAt(this.analyzer.get(doc), this.encoder.offset(doc, position));
        if (!at?.field?.nameNode) return null;
        return { range: this.encoder.range(doc, at.start, at.end), placeholder: at.name };
    }

    rename(doc: TextDocument, position: Position, newName: string): WorkspaceEdit | null {
        const analysis = this.analyzer.get(doc);
        const at = fieldAt(analysis, this.encoder.offset(doc, position));
        if (!at?.field?.nameNode) return null;
        if (!FIELD_NAME_RE.test(newName))
            throw new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is not a field name: ^[A-Za-z_][A-Za-z0-9_]{0,63}$`);
        if (RESERVED_WORDS.has(newName))
            throw new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is a reserved word of the expression language`);
        if (newName !== at.field.name && analysis.fieldNamed(newName))
            throw new ResponseError(ErrorCodes.InvalidParams, `a field named "${newName}" already exists`);
        const ranges = [declarationRange(at.field), ...referencesOf(analysis, at.field)];
        const positions = this.encoder.positions(doc, ranges.flat());
        const edits: TextEdit[] = ranges.map((_, i) => ({
            range: { start: positions[2 * i]!, end: positions[2 * i + 1]! },
            newText: newName,
        }));
        return { changes: { [doc.uri]: edits } };
    }
}
