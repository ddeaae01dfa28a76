// Documents over stdio at the edges of their life: closed and reopened under the same URI while a
// compile of the closed one is still running, and a document of only a BOM.
import { expect } from 'chai';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspSession } from './lsp-test-client.js';

type Stats = { publisher: { stale: number; published: number }; compile: { inFlight: number } };

describe('documents closed, reopened, empty', function () {
    this.timeout(120_000);
    let s: LspSession;
    before(async () => {
        s = await LspSession.start();
    });
    after(async () => s.stop());

    const stats = (): Promise<Stats> => s.request<Stats>('svc/serverStats', { worker: false }); // answered while the worker compiles
    const until = async (ok: (st: Stats) => boolean): Promise<void> => {
        while (!ok(await stats())) await new Promise((r) => setTimeout(r, 2));
    };

    it("shows the reopened text's diagnostics, never those of the closed text's compile still running", async () => {
        const uri = 'file:///work/reopened.svc.json';
        const fields = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, type: 'money', currency: 'EUR' }));
        const relations = Array.from({ length: 20_000 }, (_, i) => ({ id: `r${i}`, expr: `f${i % 30} == f${(i + 1) % 30} / 2` }));
        // 0.75 MiB, an error per relation (within the size limit: a schema over it is never compiled)
        const big = JSON.stringify({ svc_schema: '1.0', name: 'big', fields, relations });
        const small = '{"svc_schema": "1.0", "name": "small", "fields": [{"name": "a", "type": "integer"}]}'; // valid
        const open = (text: string): Promise<void> =>
            s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });

        await open(big);
        await until((st) => st.compile.inFlight === 1); // compiling on the worker
        await s.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        const reopened = s.nextDiagnostics(uri, (p) => p.version === 1);
        await open(small); // version 1 again, compiled at once on the server's thread
        expect((await reopened).diagnostics).to.deep.equal([]);
        await until((st) => st.compile.inFlight === 0 && st.publisher.stale + st.publisher.published === 2); // the closed one's run ended

        const mine: PublishDiagnosticsParams[] = s.published.filter((p) => p.uri === uri);
        expect(mine.map((p) => [p.version, p.diagnostics.length])).to.deep.equal([
            [undefined, 0], // cleared at close
            [1, 0],
        ]);
        const actions = await s.request<unknown[]>('textDocument/codeAction', {
            textDocument: { uri },
            range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
            context: { diagnostics: [] },
        });
        expect(actions).to.deep.equal([]);
    });

    it('places the error of a document of only a BOM where an empty document has it', async () => {
        const empty = await s.open('file:///work/empty.svc.json', '', 'svc-schema');
        const bom = await s.open('file:///work/bom.svc.json', '\ufeff', 'svc-schema');
        expect(bom.map((d) => [d.code, d.range])).to.deep.equal(empty.map((d) => [d.code, d.range]));
        expect(bom[0]!.range).to.deep.equal({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    });
});
