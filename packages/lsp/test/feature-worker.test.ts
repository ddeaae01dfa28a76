// A large document's features (semantic tokens, symbols, hover, completion, navigation, rename,
// fixes) are answered by the feature worker: the server's thread never reads it into an analysis,
// so other documents' requests are answered meanwhile (a hostile review measured hover and
// completion on a small schema at p50 132 ms while a 1 MiB one was edited with semantic tokens
// asked after each edit). The answers are those the server's thread gives.
import { expect } from 'chai';
import type { Diagnostic, Position } from 'vscode-languageserver';
import { LspSession } from './lsp-test-client.js';
import { INVOICE, largeSchema } from './schema-fixtures.js';
import { cursorIn, positionAt } from './test-text.js';

type Stats = { analysed: number; features: { inWorker: number; inThread: number; dropped: number } };

const LARGE = largeSchema().replace('or nope >', 'or f3x >'); // an unknown name with a fix
const LARGE_URI = 'file:///work/large.svc.json';
const SMALL_URI = 'file:///work/small.svc.json';

/** Every analysis feature on the large schema (positions on f0 in relation 0, on the unknown name of relation 7). */
function requests(diagnostics: Diagnostic[]): Array<[string, unknown]> {
    const doc = { textDocument: { uri: LARGE_URI } };
    const onName: Position = positionAt(LARGE, LARGE.indexOf('"f0 + f1') + 2);
    const onDecl: Position = positionAt(LARGE, LARGE.indexOf('"name": "f3"') + 10);
    const whole = { start: { line: 0, character: 0 }, end: positionAt(LARGE, LARGE.length) };
    const nope = diagnostics.find((d) => d.code === 'E-NAME-UNKNOWN')?.range.start ?? onName;
    return [
        ['textDocument/semanticTokens/full', doc],
        ['textDocument/semanticTokens/range', { ...doc, range: { start: { line: 40, character: 0 }, end: { line: 45, character: 0 } } }],
        ['textDocument/documentSymbol', doc],
        ['textDocument/hover', { ...doc, position: onName }],
        ['textDocument/hover', { ...doc, position: nope }],
        ['textDocument/completion', { ...doc, position: onName }],
        ['textDocument/definition', { ...doc, position: onName }],
        ['textDocument/references', { ...doc, position: onDecl, context: { includeDeclaration: true } }],
        ['textDocument/prepareRename', { ...doc, position: onName }],
        ['textDocument/rename', { ...doc, position: onName, newName: 'first' }],
        ['textDocument/codeAction', { ...doc, range: whole, context: { diagnostics } }],
    ];
}

async function answers(options: Record<string, unknown>): Promise<{ results: unknown[]; stats: Stats }> {
    const s = await LspSession.start({ initializationOptions: options });
    try {
        const diagnostics = await s.open(LARGE_URI, LARGE);
        const results: unknown[] = [];
        for (const [method, params] of requests(diagnostics)) results.push(await s.request(method, params));
        return { results, stats: await s.request<Stats>('svc/serverStats', { worker: false }) };
    } finally {
        await s.stop();
    }
}

describe('features of large documents on the feature worker', function () {
    this.timeout(120_000);

    it("answers every feature of a 1 MiB schema on the worker, as the server's thread would, reading nothing here", async () => {
        const worker = await answers({});
        const thread = await answers({ featuresOnWorker: false });
        expect(worker.stats.analysed, 'analyses on the server thread').to.equal(0);
        expect(worker.stats.features).to.include({ inWorker: requests([]).length, inThread: 0 });
        expect(thread.stats.analysed).to.be.greaterThan(0);
        const withoutIds = (r: unknown): unknown =>
            JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'resultId' || k === 'codeDescription' ? undefined : v)));
        expect(worker.results.map(withoutIds)).to.deep.equal(thread.results.map(withoutIds));
        expect((worker.results[0] as { data: number[] }).data.length).to.be.greaterThan(100_000);
        expect(JSON.stringify(worker.results[4])).to.contain('E-NAME-UNKNOWN');
        expect(JSON.stringify(worker.results[10])).to.contain('Change to');
    });

    it('answers a small document while the worker reads a large one, and drops calls whose document changed', async () => {
        const s = await LspSession.start();
        try {
            await s.open(SMALL_URI, INVOICE);
            await s.open(LARGE_URI, LARGE);
            const order: string[] = [];
            const large = { textDocument: { uri: LARGE_URI } };
            const tokens = s.request('textDocument/semanticTokens/full', large).then(
                () => order.push('large'),
                (e: { code: number }) => order.push(`large ${e.code}`),
            );
            const symbols = s.request('textDocument/documentSymbol', large).then(
                () => order.push('symbols'),
                (e: { code: number }) => order.push(`symbols ${e.code}`),
            );
            const at = positionAt(LARGE, LARGE.length - 3);
            await s.connection.sendNotification('textDocument/didChange', {
                textDocument: { uri: LARGE_URI, version: 2 },
                contentChanges: [{ range: { start: at, end: at }, text: ' ' }],
            });
            const hover = await s.request('textDocument/hover', {
                textDocument: { uri: SMALL_URI },
                position: cursorIn(INVOICE, '"total == net + vat"', '"total == ne'),
            });
            order.push('small');
            await Promise.all([tokens, symbols]);
            expect(hover).to.not.equal(null);
            // The small document first; both large calls were for a text the document no longer has (ContentModified).
            expect(order).to.deep.equal(['small', 'large -32801', 'symbols -32801']);
            const stats = await s.request<Stats>('svc/serverStats', { worker: false });
            expect(stats.features.dropped).to.equal(1); // the second never ran; the first ran, its answer was dropped
            const now = await s.request<{ data: number[] }>('textDocument/semanticTokens/full', large);
            expect(now.data.length).to.be.greaterThan(100_000);
        } finally {
            await s.stop();
        }
    });

    it("answers on the server's thread when the worker cannot start", async () => {
        const s = await LspSession.start({ initializationOptions: { featureWorker: '/nonexistent/feature-worker.js' } });
        try {
            await s.open(LARGE_URI, LARGE);
            const tokens = await s.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: LARGE_URI } });
            expect(tokens.data.length).to.be.greaterThan(100_000);
            const stats = await s.request<Stats>('svc/serverStats', { worker: false });
            expect(stats.features).to.include({ inWorker: 0, inThread: 1 });
        } finally {
            await s.stop();
        }
    });
});
