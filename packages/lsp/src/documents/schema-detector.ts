// Which open documents are schemas: `*.svc.json`, the `svc-schema` language, or any JSON document
// whose top level has `svc_schema`. A cheap text test runs first so that large unrelated JSON files
// are never parsed.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer } from './document-analysis.js';

export class SchemaDetector {
    constructor(private readonly analyzer: DocumentAnalyzer) {}

    isSchema(doc: TextDocument): boolean {
        if (doc.languageId === 'svc-schema' || /\.svc\.json$/i.test(doc.uri)) return true;
        const json = doc.languageId === 'json' || doc.languageId === 'jsonc' || /\.json$/i.test(doc.uri);
        if (!json || !doc.getText().includes('svc_schema')) return false;
        return this.analyzer.get(doc).declaresSchema;
    }
}
