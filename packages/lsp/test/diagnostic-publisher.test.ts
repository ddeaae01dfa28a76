import { expect } from 'chai';
import type { Diagnostic } from '@svc/compiler';
import { TextDocument } from 'vscode-languageserver-textdocument';
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
});
