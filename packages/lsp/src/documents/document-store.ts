// The open documents. Incremental changes arrive in the negotiated position encoding, while
// TextDocument counts UTF-16; each change is converted against the text as the changes before it
// left it (they apply in order).
import type { DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PositionEncoder } from '../text/position-encoding.js';

export class DocumentStore {
    private readonly docs = new Map<string, TextDocument>();

    constructor(private readonly encoder: PositionEncoder) {}

    open(params: DidOpenTextDocumentParams): TextDocument {
        const { uri, languageId, version, text } = params.textDocument;
        const doc = TextDocument.create(uri, languageId, version, text);
        this.docs.set(uri, doc);
        return doc;
    }

    change(params: DidChangeTextDocumentParams): TextDocument | undefined {
        const doc = this.docs.get(params.textDocument.uri);
        if (!doc) return undefined;
        const version = params.textDocument.version;
        for (const change of params.contentChanges) {
            if (!('range' in change)) {
                TextDocument.update(doc, [{ text: change.text }], version);
                continue;
            }
            const start = this.encoder.changeOffset(doc, change.range.start);
            const end = Math.max(start, this.encoder.changeOffset(doc, change.range.end));
            TextDocument.update(doc, [{ range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text: change.text }], version);
        }
        return doc;
    }

    close(uri: string): void {
        this.docs.delete(uri);
    }

    get(uri: string): TextDocument | undefined {
        return this.docs.get(uri);
    }

    all(): TextDocument[] {
        return [...this.docs.values()];
    }
}
