// Completion: inside an expression string the expression's words, elsewhere the schema's JSON.
import type { CompletionItem, CompletionList, CompletionParams } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer } from '../documents/document-analysis.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { completeExpression, type OffsetItem } from './completion-expr.js';
import { completeJson } from './completion-json.js';

export class CompletionProvider {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
    ) {}

    complete(doc: TextDocument, params: CompletionParams): CompletionList {
        const offset = this.encoder.offset(doc, params.position);
        const analysis = this.analyzer.get(doc);
        const site = analysis.siteAt(offset);
        const items: OffsetItem[] = site
            ? completeExpression(analysis, site, site.map.decodedIndex(offset)).map((o) => ({
                  ...o,
                  item: { ...o.item, data: { area: 'expr' } },
              }))
            : completeJson(analysis, offset);
        return {
            isIncomplete: false,
            items: items.map(({ item, start, end, newText }): CompletionItem => ({
                ...item,
                textEdit: { range: this.encoder.range(doc, start, end), newText },
            })),
        };
    }
}
