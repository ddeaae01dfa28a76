// Large documents compile on the worker thread: while a 1 MiB schema compiles there, hover and
// completion answer, and what is published equals a compile on the server's own thread.
import { expect } from 'chai';
import type { Connection, Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver';
import { CompileRunner, createSvcLspServices, type SvcLspOptions } from '../src/index.js';
import { largeSchema } from './schema-fixtures.js';
import { positionAt } from './test-text.js';

const until = async (ok: () => boolean): Promise<void> => {
    while (!ok()) await new Promise((r) => setImmediate(r));
};

function server(options: SvcLspOptions = {}) {
    const published: PublishDiagnosticsParams[] = [];
    const connection = {
        sendDiagnostics: async (p: PublishDiagnosticsParams) => {
            published.push(p);
        },
        console: { error: () => {} },
    } as unknown as Connection;
    const s = createSvcLspServices(connection, options);
    return { s, published };
}

describe('compiles on the worker thread', function () {
    this.timeout(60_000);
    const text = largeSchema();
    const uri = 'file:///large.svc.json';
    const inFirstExpr = text.indexOf('f0 + f1') + 1;

    it('answers hover and completion while a 1 MiB schema compiles, then publishes what the thread would', async () => {
        const { s, published } = server();
        const runner = s.compile.runner;
        try {
            const doc = s.documents.store.open({ textDocument: { uri, languageId: 'svc-schema', version: 1, text } });
            s.diagnostics.publisher.schedule(uri, true);
            // The compile has started on the worker and this thread is free: these run meanwhile.
            await until(() => runner.stats.inFlight === 1 || published.length > 0);
            expect(published, 'published before anything else could run').to.have.length(0);
            const hover = s.features.hover.hover(doc, positionAt(text, inFirstExpr)) as Hover;
            expect((hover.contents as MarkupContent).value).to.contain('**f0**: `integer`');
            const items = s.features.completion.complete(doc, { textDocument: { uri }, position: positionAt(text, inFirstExpr) }).items;
            expect(items.map((i) => i.label)).to.include.members(['f0', 'f31']);
            expect(s.diagnostics.publisher.current(doc)).to.deep.equal([]); // not compiled yet: nothing, no waiting
            expect(runner.stats.inFlight).to.equal(1);

            await until(() => published.length > 0);
            expect(runner.stats).to.include({ inWorker: 1, inThread: 0 });
            const here = s.diagnostics.mapper.place(s.documents.analyzer.get(doc), runner.compileNow(text));
            expect(published[0]!.diagnostics.map((d) => d.code)).to.deep.equal(['E-NAME-UNKNOWN']);
            expect(s.diagnostics.publisher.current(doc)).to.deep.equal(here);
        } finally {
            runner.dispose();
        }
    });

    it('compiles on the server thread when the worker cannot start', async () => {
        const { s, published } = server({ compileWorker: new URL('file:///nonexistent/compile-worker.js') });
        try {
            s.documents.store.open({ textDocument: { uri, languageId: 'svc-schema', version: 1, text } });
            s.diagnostics.publisher.schedule(uri, true);
            await until(() => published.length > 0);
            expect(published[0]!.diagnostics.map((d) => d.code)).to.deep.equal(['E-NAME-UNKNOWN']);
            expect(s.compile.runner.stats.inThread).to.equal(1);
        } finally {
            s.compile.runner.dispose();
        }
    });

    it('runs one compile per document at a time and only the latest waiting version: the versions between are dropped unrun', async () => {
        const runner = new CompileRunner({});
        try {
            const versions = [0, 1, 2, 3, 4].map((i) => text.replace(' nope ', ` nope${i} `));
            const results = versions.map((v) => runner.compile(v, uri)); // sent while the first compiles
            const other = runner.compile(versions[1]!, 'file:///other.svc.json'); // another document has its own turn
            const placed = await Promise.all(results);
            expect(placed.map((p) => p?.map((d) => d.diagnostic.message.slice(0, 7)))).to.deep.equal([
                ['"nope0"'],
                undefined,
                undefined,
                undefined,
                ['"nope4"'],
            ]);
            expect((await other)!.map((d) => d.diagnostic.code)).to.deep.equal(['E-NAME-UNKNOWN']);
            expect(runner.stats).to.include({ inWorker: 3, superseded: 3, inThread: 0 });

            // A closed document's waiting version is dropped too.
            const running = runner.compile(versions[0]!, uri);
            const waiting = runner.compile(versions[1]!, uri);
            runner.forget(uri);
            expect(await waiting).to.equal(undefined);
            expect(await running).to.have.length(1);
            expect(runner.stats).to.include({ inWorker: 4, superseded: 4 });
        } finally {
            runner.dispose();
        }
    });
});

describe('which documents compile on the worker', () => {
    it('counts the threshold in bytes of UTF-8, as documented, not in UTF-16 units', () => {
        const runner = new CompileRunner({ workerThresholdBytes: 65_536 });
        expect(runner.isLarge('€'.repeat(22_000)), '22,000 units, 66,000 bytes').to.equal(true);
        expect(runner.isLarge('€'.repeat(21_845)), '65,535 bytes').to.equal(false);
        expect(runner.isLarge('a'.repeat(65_536))).to.equal(true);
        expect(runner.isLarge('a'.repeat(65_535))).to.equal(false);
        expect(runner.isLarge('\u{1F600}'.repeat(16_384)), '32,768 units, 65,536 bytes').to.equal(true);
    });
});
