// Which JSON documents are schemas, decided on every change without parsing them.
import { expect } from 'chai';
import fc from 'fast-check';
import type { Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createSvcLspServices, parseTolerant } from '../src/index.js';
import { DocumentAnalyzer, type SchemaAnalysis } from '../src/documents/document-analysis.js';
import { DETECT_WINDOW, declaresSchemaNearStart } from '../src/documents/schema-detector.js';

/** A fifth of FC_RUNS: each case runs the forgiving reader too. */
const RUNS = Math.ceil(Number(process.env.FC_RUNS ?? 10_000) / 5);

/** Counts the analyses (full forgiving parses) asked for. */
class CountingAnalyzer extends DocumentAnalyzer {
    gets = 0;
    override get(doc: TextDocument): SchemaAnalysis {
        this.gets++;
        return super.get(doc);
    }
}

const json = (text: string, uri = 'file:///work/data.json'): TextDocument => TextDocument.create(uri, 'json', 1, text);

describe('schema detection', () => {
    it('never parses a JSON document to decide, even one that mentions svc_schema', () => {
        const analyzer = new CountingAnalyzer();
        const s = createSvcLspServices({} as Connection, {}, { documents: { analyzer: () => analyzer } });
        const rows = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, note: i === 5 ? 'see svc_schema' : 'plain' })));
        const keyed = JSON.stringify({ rows: JSON.parse(rows), svc_schema: '1.0' });
        expect(s.documents.detector.isSchema(json(rows))).to.equal(false);
        expect(s.documents.detector.isSchema(json(keyed)), 'svc_schema after the window').to.equal(keyed.length < DETECT_WINDOW);
        expect(s.documents.detector.isSchema(json('{"svc_schema": "1.0", "name": "a", "fields": []}'))).to.equal(true);
        expect(analyzer.gets).to.equal(0);
    });

    it('finds a top-level svc_schema key as the forgiving reader does, within the window', () => {
        const yes = [
            '{"svc_schema": "1.0"}',
            '\ufeff \n {"name": "x", "svc_schema": "1.0"}',
            '{"svc_\\u0073chema": "1.0"}',
            '{"svc_schema": "1.0", "fields": [', // half typed
            '{"a": {"b": [1, "}"]}, "c": "]", "svc_schema" : 1}',
            '{"a": "unterminated\n "svc_schema": "1.0"}',
        ];
        const no = [
            '',
            '\ufeff',
            '["svc_schema"]',
            '{"a": {"svc_schema": "1.0"}}',
            '{"a": "svc_schema"}',
            '{"a": ["svc_schema", 1]}',
            '{"a": 1} {"svc_schema": "1.0"}',
            '{"a": "\\"svc_schema\\": 1"}',
        ];
        for (const t of yes) expect(declaresSchemaNearStart(t), t).to.equal(true);
        for (const t of no) expect(declaresSchemaNearStart(t), t).to.equal(false);
        const late = `{"description": "${'x'.repeat(DETECT_WINDOW)}", "svc_schema": "1.0"}`;
        expect(declaresSchemaNearStart(late), 'beyond the window: name the file .svc.json').to.equal(false);
    });

    it("agrees with the forgiving reader's top-level keys on any JSON (property)", () => {
        const topKeys = (text: string): boolean => {
            const root = parseTolerant(text).root;
            return root?.kind === 'object' && root.members.some((m) => m.key === 'svc_schema');
        };
        const key = fc.constantFrom('a', 'svc_schema', 'svc_schema ', 'b"', 'svc\\schema');
        const value = fc.json({ maxDepth: 2 }).map((j) => JSON.parse(j) as unknown);
        const nested = fc.oneof(value, fc.dictionary(key, value));
        fc.assert(
            fc.property(fc.oneof(fc.dictionary(key, nested), nested), fc.boolean(), (top, indent) => {
                const text = JSON.stringify(top, null, indent ? 2 : undefined);
                expect(declaresSchemaNearStart(text), text).to.equal(topKeys(text));
            }),
            { numRuns: RUNS },
        );
    });
});
