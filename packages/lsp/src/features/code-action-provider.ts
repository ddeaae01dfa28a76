// Quick fixes for the diagnostics under the cursor (the fixes themselves: code-action-fixes.ts).
// Fixes are computed from the server's own diagnostics of the current version, not from the
// client's copy, which may be stale. A request computes fixes for at most MAX_FIXED_DIAGNOSTICS
// diagnostics in its range (the first in the document) and converts all their positions in one
// pass, so selecting a whole document of errors stays cheap.
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import type { DiagnosticPublisher } from '../diagnostics/diagnostic-publisher.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import type { CodeFixer, Fix } from './code-action-fixes.js';

/** Diagnostics one request computes fixes for (a selection of a whole document of errors stops here). */
export const MAX_FIXED_DIAGNOSTICS = 50;

export class CodeActionProvider {
    constructor(
        private readonly fixer: CodeFixer,
        private readonly encoder: PositionEncoder,
        private readonly publisher: DiagnosticPublisher,
    ) {}

    actions(doc: TextDocument, params: CodeActionParams): CodeAction[] {
        const hits = this.hits(doc, params);
        return hits.length === 0 ? [] : this.assemble(doc, hits, this.fixer.fixes(doc, hits));
    }

    /** The diagnostics of the request's range that get fixes. */
    hits(doc: TextDocument, params: CodeActionParams): PlacedDiagnostic[] {
        if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
        const from = this.encoder.offset(doc, params.range.start);
        const to = this.encoder.offset(doc, params.range.end);
        return this.publisher
            .current(doc)
            .filter((p) => p.end >= from && p.start <= to)
            .sort((a, b) => a.start - b.start || a.end - b.end)
            .slice(0, MAX_FIXED_DIAGNOSTICS);
    }

    /** The code actions of the diagnostics' fixes (computed here or on the feature worker). */
    assemble(doc: TextDocument, hits: readonly PlacedDiagnostic[], fixes: readonly Fix[][]): CodeAction[] {
        const lsp = this.publisher.toLsp(doc, hits);
        const positions = this.encoder.positions(
            doc,
            fixes.flatMap((list) => list.flatMap((fix) => fix.edits.flatMap((e) => [e.start, e.end]))),
        );
        let k = 0;
        return fixes.flatMap((list, i) =>
            list.map((fix): CodeAction => {
                const edits: TextEdit[] = fix.edits.map((e) => ({
                    range: { start: positions[k++]!, end: positions[k++]! },
                    newText: e.text,
                }));
                return {
                    title: fix.title,
                    kind: CodeActionKind.QuickFix,
                    diagnostics: [lsp[i]!],
                    isPreferred: fix.preferred,
                    edit: { changes: { [doc.uri]: edits } },
                };
            }),
        );
    }
}
