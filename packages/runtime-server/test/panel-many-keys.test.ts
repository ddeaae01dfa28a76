// An account with many keys: at most 100 active ones (a hostile review made 20,000, a 9.4 MB keys
// page), the keys page shows the latest revoked ones only, and the usage page reads the per-key counts
// in one call (one MGET in Redis), not one call per key in sequence (which slowed other tenants).
import { expect } from 'chai';
import { MemoryCounters, createKey } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

class PeekCounting extends MemoryCounters {
    peeks = 0;
    override async peek(names: readonly string[]): Promise<number[]> {
        this.peeks++;
        return super.peek(names);
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
        const page = await c.get('/panel/usage');
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
        const page = await c.get('/panel/keys');
        expect(page.text.match(/<tr><th scope="row"/g)).to.have.length(150);
        expect(page.text).to.contain('30 older revoked or expired keys are not shown');
        expect(page.text.match(/class="state active"/g)).to.have.length(100);
        expect(page.text.match(/class="state revoked"/g)).to.have.length(50);
    });
});
