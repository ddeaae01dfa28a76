// The server ends with its client: when the editor closes stdin without the protocol's exit, and on
// SIGTERM or SIGINT; each time the explanation pages' temporary folder goes with it.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { LspSession } from './lsp-test-client.js';

/** A schema with one error, so the diagnostics link to an explanation page in the server's folder. */
const BROKEN =
    '{"svc_schema": "1.0", "name": "x", "fields": [{"name": "a", "type": "integer"}], "relations": [{"id": "r", "expr": "b > 0"}]}';

describe('the server ends with its client', function () {
    this.timeout(60_000);

    async function opened(): Promise<{ s: LspSession; folder: string }> {
        const s = await LspSession.start();
        const [d] = await s.open('file:///work/exit.svc.json', BROKEN);
        const href = d?.codeDescription?.href;
        expect(href, 'a diagnostic with an explanation page').to.be.a('string');
        const folder = dirname(fileURLToPath(href!));
        expect(existsSync(folder)).to.equal(true);
        return { s, folder };
    }
    const exit = (s: LspSession): Promise<[number | null, string | null]> =>
        new Promise((resolve) => s.process.once('exit', (code, signal) => resolve([code, signal])));

    it('exits when its stdin closes without shutdown and exit, and removes its folder', async () => {
        const { s, folder } = await opened();
        const ended = exit(s);
        s.process.stdin!.end();
        expect(await ended).to.deep.equal([0, null]);
        expect(existsSync(folder)).to.equal(false);
    });

    for (const [signal, code] of [
        ['SIGTERM', 143],
        ['SIGINT', 130],
    ] as const)
        it(`exits on ${signal} and removes its folder`, async () => {
            const { s, folder } = await opened();
            const ended = exit(s);
            s.process.kill(signal);
            expect(await ended).to.deep.equal([code, null]);
            expect(existsSync(folder)).to.equal(false);
        });
});
