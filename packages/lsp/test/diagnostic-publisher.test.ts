import { expect } from 'chai';
import type { Diagnostic } from '@svc/compiler';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PlacedDiagnostic } from '../src/diagnostics/diagnostic-mapper.js';
import { DiagnosticPublisher, type PublisherDeps } from '../src/diagnostics/diagnostic-publisher.js';

// A result whose document changed while it compiled is dropped, never published. The compile here is
// a promise the test settles, so the change lands inside the compile whatever the machine's speed.
describe('diagnostic publisher', () => {
    it('drops a result whose document changed while it compiled, then publishes the newer version', async () => {
        const uri = 'file:///work/slow.svc.json';
        let doc = TextDocument.create(uri, 'json', 2, '{"svc_schema": "1.0"}');
        const compiles: Array<(d: Diagnostic[]) => void> = [];
        const published: number[] = [];
        let onPublish: () => void = () => {};
        const deps = {
            connection: {
                sendDiagnostics: async (p: { version?: number }) => {
                    published.push(p.version!);
                    onPublish();
                },
                console: { error: () => {} },
            },
            analyzer: { get: () => ({}) },
            mapper: { place: () => [] },
            encoder: { positions: () => [] },
            pages: { href: () => undefined },
            runner: {
                isLarge: () => true,
                compileNow: () => [],
                compile: () => new Promise<Diagnostic[]>((resolve) => compiles.push(resolve)),
            },
            limit: { isOver: () => false },
            options: { debounceMs: 0 },
        } as unknown as PublisherDeps;
        const publisher = new DiagnosticPublisher(deps, () => doc);
        const until = async (ok: () => boolean): Promise<void> => {
            while (!ok()) await new Promise((r) => setTimeout(r, 1));
        };

        publisher.schedule(uri);
        await until(() => compiles.length === 1); // version 2 is compiling
        doc = TextDocument.update(doc, [{ text: ' ' }], 3); // version 3 arrives meanwhile
        publisher.schedule(uri);
        const done = new Promise<void>((r) => (onPublish = r));
        compiles[0]!([]); // version 2's result comes back: stale
        await until(() => compiles.length === 2);
        compiles[1]!([]);
        await done;

        expect(published).to.deep.equal([3]);
        expect(publisher.stats).to.deep.include({ stale: 1, compiles: 2, published: 1 });
    });

    it('never publishes nor keeps a compile of a closed document for the one reopened under its URI', async () => {
        const uri = 'file:///work/reopened.svc.json';
        const big = TextDocument.create(uri, 'json', 1, '{"svc_schema": "1.0", "big": true}');
        let doc: TextDocument | undefined = big;
        const compiles: Array<(d: PlacedDiagnostic[]) => void> = [];
        const published: Array<{ version?: number; diagnostics: unknown[] }> = [];
        const old: PlacedDiagnostic = {
            diagnostic: { code: 'E-DIV-UNROUNDED', message: 'old', pointer: '' },
            severity: 'error',
            start: 0,
            end: 1,
        };
        const deps = {
            connection: {
                sendDiagnostics: async (p: { version?: number; diagnostics: unknown[] }) => void published.push(p),
                console: { error: () => {} },
            },
            analyzer: { get: (d: TextDocument) => ({ text: d.getText() }) },
            mapper: { place: () => [] }, // the reopened document is valid
            encoder: { positions: (_: TextDocument, offsets: number[]) => offsets.map(() => ({ line: 0, character: 0 })) },
            pages: { href: () => undefined },
            runner: {
                isLarge: (text: string) => text === big.getText(), // the closed one on the worker, the new one here
                compileNow: () => [],
                compile: () => new Promise<PlacedDiagnostic[]>((resolve) => compiles.push(resolve)),
                forget: () => {},
            },
            limit: { isOver: () => false },
            options: { debounceMs: 0 },
        } as unknown as PublisherDeps;
        const publisher = new DiagnosticPublisher(deps, () => doc);
        const until = async (ok: () => boolean): Promise<void> => {
            while (!ok()) await new Promise((r) => setTimeout(r, 1));
        };

        publisher.schedule(uri, true);
        await until(() => compiles.length === 1); // the large version 1 compiles on the worker
        doc = undefined;
        publisher.clear(uri); // closed
        const small = TextDocument.create(uri, 'json', 1, '{"svc_schema": "1.0"}');
        doc = small; // reopened, version 1 again
        publisher.schedule(uri, true);
        await until(() => published.length === 2);
        compiles[0]!([old]); // the closed document's result arrives last
        await until(() => publisher.stats.stale + publisher.stats.published === 2); // its run has ended, one way or the other

        expect(published.map((p) => [p.version, p.diagnostics.length])).to.deep.equal([
            [undefined, 0],
            [1, 0],
        ]);
        expect(publisher.current(small)).to.deep.equal([]);
    });

    it("shows a message's bidi, zero-width and control characters by code point, as svc check does", () => {
        const deps = {
            encoder: {
                positions: () => [
                    { line: 0, character: 0 },
                    { line: 0, character: 1 },
                ],
            },
            pages: { href: () => undefined },
        };
        const publisher = new DiagnosticPublisher(deps as unknown as PublisherDeps, () => undefined);
        const doc = TextDocument.create('file:///work/x.svc.json', 'json', 1, '{}');
        const d = { code: 'E-KEY', message: 'unknown key "a\u202eb\u200bc\u001b"', pointer: '/x' } as unknown as Diagnostic;
        const [lsp] = publisher.toLsp(doc, [{ diagnostic: d, severity: 'error', start: 0, end: 1 }] as unknown as PlacedDiagnostic[]);
        expect(lsp!.message).to.equal('unknown key "a\\u{202E}b\\u{200B}c\\u{1B}"');
    });
});
