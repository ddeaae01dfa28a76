// Commands the panel prints for an operator to copy (`svc accounts credit --email …` on Usage, `svc
// keys list --email …` under a long keys table) quote the email for a POSIX shell: pasted into
// /bin/sh they pass it as one argument and run nothing of it (an email may hold `$(…)`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import fc from 'fast-check';
import { createKey } from '../src/index.js';
import { shellQuote } from '../src/text/shell-quote.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

/** What /bin/sh passes to `svc` for a command line: its arguments, with a function standing in for svc. */
function argumentsOf(command: string): string[] {
    const out = execFileSync('/bin/sh', ['-c', `svc() { printf '%s\\0' svc "$@"; }\n${command}`], { encoding: 'utf8' });
    return out.split('\0').slice(1, -1);
}

/** Words with every ASCII character but NUL (all of the shell's syntax), and any Unicode. */
const word = fc
    .oneof(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 }))
    .map((s) => s.replace(/\0/g, ''));

const unescape = (s: string): string =>
    s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');

describe('shell commands printed by the panel', function () {
    this.timeout(60_000);
    let t: TestServer;
    before(async () => {
        t = await startTestServer({ limits: HIGH });
    });
    after(async () => {
        await t.stop();
    });

    it('shellQuote gives /bin/sh any string as one word, unchanged; plain addresses stay as typed', () => {
        expect(shellQuote('ann@example.com')).to.equal('ann@example.com');
        expect(shellQuote("o'brien@example.com")).to.equal(`'o'\\''brien@example.com'`);
        expect(shellQuote('')).to.equal("''");
        fc.assert(
            fc.property(fc.array(word, { maxLength: 20 }), (words) => {
                expect(argumentsOf(`svc ${words.map(shellQuote).join(' ')}`)).to.deep.equal(words);
            }),
            { numRuns: 200 },
        );
    });

    it('Usage and the keys page print commands that pass an email with shell syntax as one argument and run none of it', async () => {
        const marker = `/tmp/svc-pwned-${process.pid}`;
        for (const address of [`x$(touch\${IFS}${marker})@example.com`, `o'brien\`touch\${IFS}${marker}\`;&@example.com`]) {
            const c = new PanelClient(t);
            expect((await c.signUp(address, 'a long enough password')).status).to.equal(303);
            const store = t.server.services.store;
            for (let i = 0; i < 51; i++) await store.revokeKey((await createKey(store, { email: address, name: `old${i}` })).id);
            const usage = (await c.get('/panel/usage')).text;
            const credit = unescape(/<code>(svc accounts credit [^<]*)<\/code>/.exec(usage)![1]!).replace(' N', ' 5');
            expect(argumentsOf(credit)).to.deep.equal(['accounts', 'credit', '--email', address, '--reads', '5']);
            const keys = (await c.get('/panel/keys')).text;
            const list = unescape(/<code>(svc keys list [^<]*)<\/code>/.exec(keys)![1]!);
            expect(argumentsOf(list)).to.deep.equal(['keys', 'list', '--email', address]);
        }
        expect(existsSync(marker)).to.equal(false);
    });
});
