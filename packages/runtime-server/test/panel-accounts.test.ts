// Panel accounts under failure and hostile input: a sign-up is one step in the store (an account never
// exists without its password), and emails with control characters are refused before any query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DependencyUnavailableError, openSqliteStore, type Store } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { startTestServer } from './test-server.js';

const PASSWORD = 'a long enough password';
const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

/** `store`, except that once `down` is set every call fails as an unreachable database does. */
function failingAfter(store: Store, method: keyof Store): { store: Store; restore(): void } {
    let down = false;
    const proxy = new Proxy(store, {
        get(target, prop) {
            const v = Reflect.get(target, prop, target) as unknown;
            if (typeof v !== 'function') return v;
            return async (...args: unknown[]) => {
                if (down) throw new DependencyUnavailableError('database', new Error('Connection terminated unexpectedly'));
                const result = await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
                if (prop === method) down = true;
                return result;
            };
        },
    });
    return { store: proxy, restore: () => (down = false) };
}

describe('panel sign-up in one step', function () {
    this.timeout(30_000);

    it('the database lost right after the account is made: the account signs in with its password once it is back', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'svc-signup-'));
        const real = openSqliteStore(dir);
        const { store, restore } = failingAfter(real, 'createAccount');
        const t = await startTestServer({ limits: HIGH, overrides: { store } });
        try {
            const r = await new PanelClient(t).signUp('half@example.test', PASSWORD);
            expect(r.status).to.equal(503);
            restore();
            expect((await real.findLogin('half@example.test'))?.passwordHash).to.match(/^scrypt\$/);
            const again = new PanelClient(t);
            const signIn = await again.signIn('half@example.test', PASSWORD);
            expect(signIn.status, signIn.text.slice(0, 300)).to.equal(303);
            expect(signIn.headers.get('location')).to.equal('/panel/keys');
        } finally {
            await t.stop();
            await real.close();
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
