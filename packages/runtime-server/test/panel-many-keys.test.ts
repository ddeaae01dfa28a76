// An account with many keys: at most 100 active ones (a hostile review made 20,000, a 9.4 MB keys
// page), the keys page shows the latest revoked ones only, and the usage page reads the per-key counts
// in one call (one MGET in Redis), not one call per key in sequence (which slowed other tenants).
// Neither page nor the revoke route reads every key of the account (revoked ones accumulate).
import { expect } from 'chai';
import { MemoryCounters, createKey, type Store } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

class PeekCounting extends MemoryCounters {
    peeks = 0;
    override async peek(names: readonly string[]): Promise<number[]> {
        this.peeks++;
        return super.peek(names);
    }
}

/** How often `work` calls store.listKeys: every key of an account, the CLI's read, never the panel's. */
async function listKeysCalls<T>(store: Store, work: () => Promise<T>): Promise<{ result: T; calls: number }> {
    const listKeys = store.listKeys;
    let calls = 0;
    store.listKeys = async (accountId) => (calls++, listKeys.call(store, accountId));
    try {
        return { result: await work(), calls };
    } finally {
        store.listKeys = listKeys;
    }
}

describe('the usage page with many keys', () => {
    let t: TestServer;
    const counters = new PeekCounting();
    before(async () => {
        t = await startTestServer({ overrides: { counters } });
    });
    after(async () => {
        await t.stop();
    });

    it('reads the counts of 60 keys in one call besides the account and IP counts', async () => {
        const c = new PanelClient(t);
        expect((await c.signUp('usage-many@example.test', 'a long enough password')).status).to.equal(303);
        for (let i = 0; i < 60; i++) await createKey(t.server.services.store, { email: 'usage-many@example.test', name: `k${i}` });
        counters.peeks = 0;
        const { result: page, calls } = await listKeysCalls(t.server.services.store, () => c.get('/panel/usage'));
        expect(calls).to.equal(0);
        expect(page.status).to.equal(200);
        expect(page.text).to.contain('Requests with your busiest key');
        expect(counters.peeks).to.equal(2);
    });

    it('the 101st active key is refused with a message; the keys page shows the active keys and the 50 latest revoked', async () => {
        const address = 'many-keys@example.test';
        const c = new PanelClient(t);
        expect((await c.signUp(address, 'a long enough password')).status).to.equal(303);
        const store = t.server.services.store;
        const accountId = (await store.findAccountByEmail(address))!.id;
        for (let i = 0; i < 80; i++) await store.revokeKey((await createKey(store, { email: address, name: `old${i}` })).id);
        for (let i = 0; i < 100; i++) await createKey(store, { email: address, name: `k${i}` });
        await c.get('/panel/keys');
        const refused = await c.post('/panel/keys', { name: 'one too many', scopes: ['schemas:validate'] });
        expect(refused.status).to.equal(400);
        expect(refused.text).to.contain('An account has at most 100 active keys; revoke one first.');
        expect((await store.listKeys(accountId)).length).to.equal(180);
        const { result: page, calls } = await listKeysCalls(store, () => c.get('/panel/keys'));
        expect(calls).to.equal(0);
        expect(page.text.match(/<tr><th scope="row"/g)).to.have.length(150);
        expect(page.text).to.contain('30 older revoked or expired keys are not shown');
        expect(page.text.match(/class="state active"/g)).to.have.length(100);
        expect(page.text.match(/class="state revoked"/g)).to.have.length(50);
        // Active keys come first, though the revoked ones were made before them.
        const states = [...page.text.matchAll(/class="state (\w+)"/g)].map((m) => m[1]);
        expect(states.slice(0, 100).every((s) => s === 'active')).to.equal(true);
    });

    it("the revoke route finds only the account's own keys: another account's key id is 404 and stays active", async () => {
        const store = t.server.services.store;
        const [mine, theirs] = [new PanelClient(t), new PanelClient(t)];
        expect((await mine.signUp('revoke-mine@example.test', 'a long enough password')).status).to.equal(303);
        expect((await theirs.signUp('revoke-theirs@example.test', 'a long enough password')).status).to.equal(303);
        const other = await createKey(store, { email: 'revoke-theirs@example.test', name: 'theirs' });
        const own = await createKey(store, { email: 'revoke-mine@example.test', name: 'mine' });
        await mine.get('/panel/keys');
        for (const confirm of [undefined, 'yes']) {
            const r = await mine.post(`/panel/keys/${other.id}/revoke`, confirm ? { confirm } : {});
            expect(r.status).to.equal(404);
            expect(r.text).to.contain('No such key.');
        }
        expect((await listKeysCalls(store, () => mine.post(`/panel/keys/${other.id}/revoke`, {}))).calls).to.equal(0);
        const theirsId = (await store.findAccountByEmail('revoke-theirs@example.test'))!.id;
        expect((await store.getKey(theirsId, other.id))?.revokedAt).to.equal(null);
        expect((await mine.post(`/panel/keys/${own.id}/revoke`, {})).text).to.contain('Revoke <strong>mine</strong>');
        expect((await mine.post(`/panel/keys/${own.id}/revoke`, { confirm: 'yes' })).status).to.equal(303);
        expect((await mine.get('/panel/keys')).text).to.contain('<span class="state revoked">revoked</span>');
    });
});
