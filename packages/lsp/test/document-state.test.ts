// A document's state is its text, not only its version number: a client that sends a change under
// the same or an older version (found by a hostile review: the cached result of that version was
// published again for another text) gets the diagnostics, fixes and detection of the text it sent,
// whether the document compiles on the server's thread or on the worker.
import { expect } from 'chai';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { LspSession } from './lsp-test-client.js';

const GOOD = '{"svc_schema": "1.0", "name": "a", "fields": [{"name": "a", "type": "decimal"}]}';
const BROKEN = GOOD.replace('"decimal"', '"decimall"');
const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: GOOD.length + 1 } };

describe('a change under a version number already seen', function () {
    this.timeout(30_000);

    for (const [place, options] of [
        ["the server's thread", {}],
        ['the compile worker', { workerThresholdBytes: 1 }],
    ] as const) {
        it(`publishes the text it was sent, compiled on ${place}`, async () => {
            const s = await LspSession.start({ initializationOptions: options });
            try {
                const uri = 'file:///work/same-version.svc.json';
                expect(await s.open(uri, GOOD)).to.deep.equal([]);
                const same = await s.change(uri, 1, [{ text: BROKEN }]);
                expect(same.map((d: Diagnostic) => d.code)).to.deep.equal(['E-SCHEMA-VALUE']);
                const actions = await s.request<CodeAction[]>('textDocument/codeAction', {
                    textDocument: { uri },
                    range: whole,
                    context: { diagnostics: same },
                });
                expect(actions.map((a) => a.title)).to.deep.equal(['Change to "decimal"']);
                const older = await s.change(uri, 0, [{ text: GOOD }]);
                expect(older).to.deep.equal([]);
            } finally {
                await s.stop();
            }
        });
    }

    it('decides again whether a JSON document is a schema', async () => {
        const s = await LspSession.start();
        try {
            const uri = 'file:///work/data.json';
            expect((await s.open(uri, BROKEN)).map((d) => d.code)).to.deep.equal(['E-SCHEMA-VALUE']);
            const cleared = s.nextDiagnostics(uri);
            await s.connection.sendNotification('textDocument/didChange', {
                textDocument: { uri, version: 1 },
                contentChanges: [{ text: '{"rows": []}' }],
            });
            expect((await cleared).diagnostics).to.deep.equal([]);
        } finally {
            await s.stop();
        }
    });
});
