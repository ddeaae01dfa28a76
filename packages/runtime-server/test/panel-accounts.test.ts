// Panel accounts under failure and hostile input: a sign-up is one step in the store (an account never
// exists without its password), and emails with control characters are refused before any query.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DependencyUnavailableError, openSqliteStore, type Store } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';
import { backends, startInstance } from './support/cluster.js';

const PASSWORD = 'a long enough password';
const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 };

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

describe('emails with control characters (PostgreSQL cannot store NUL)', function () {
    this.timeout(30_000);
    let t: TestServer | undefined;
    before(async function () {
        const b = await backends();
        if (!b) return this.skip();
        t = await startInstance(b, { config: { limits: HIGH, paymentSecrets: ['whsec_ctl'] } });
    });
    after(async () => {
        await t?.stop();
    });

    for (const [what, address] of [
        ['NUL', 'a\u0000b@example.test'],
        ['a bell', 'a\u0007b@example.test'],
        ['DEL', 'ab\u007f@example.test'],
        ['a C1 control', 'ab\u0085@example.test'],
    ] as const) {
        it(`${what}: sign-up and sign-in answer 400 "Enter a valid email address.", a payment callback 400; nothing is stored`, async () => {
            const c = new PanelClient(t!);
            for (const r of [await c.signUp(address, PASSWORD), await c.signIn(address, PASSWORD)]) {
                expect(r.status, r.text.slice(0, 200)).to.equal(400);
                expect(r.text).to.contain('Enter a valid email address.');
            }
            const body = JSON.stringify({ id: `pay_ctl_${what}`, email: address, reads: 5, amount_eur: '1.00' });
            const ts = Math.floor(Date.now() / 1000);
            const signature = createHmac('sha256', 'whsec_ctl').update(`${ts}.${body}`).digest('hex');
            const paid = await fetch(`${t!.url}/v1/payments/callback`, {
                method: 'POST',
                body,
                headers: { 'content-type': 'application/json', 'svc-signature': `t=${ts},v1=${signature}` },
            });
            expect(paid.status).to.equal(400);
            expect(((await paid.json()) as { error: { code: string } }).error.code).to.equal('invalid_request');
            expect(t!.logs.some((l) => l.includes('"status":500'))).to.equal(false);
            expect(await t!.server.services.store.findAccountByEmail(address)).to.equal(undefined);
        });
    }
});
