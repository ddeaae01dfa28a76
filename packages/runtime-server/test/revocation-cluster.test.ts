// Revocation through the panel of one instance while another has the key cached (docs/deploy.md,
// "Revocation"), and a revocation attempted while Redis is down: 503, nothing revoked, no cached
// pass. A revoked or expired key cannot be revoked again: that changed the key epoch, emptying every
// instance's key cache, and any tenant could do it in a loop. Real PostgreSQL and Redis
// (test/support/cluster.ts).
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createKey, hashApiKey } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { SCHEMA, UNAUTHORIZED, call, type TestServer } from './test-server.js';
import { backends, eventually, startInstance, type Backends } from './support/cluster.js';

const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 };
const PASSWORD = 'a long enough password';
let seq = 0;

describe('revocation through the panel with the key cache on', function () {
    this.timeout(60_000);
    let b: Backends;
    let A: TestServer;
    let B: TestServer;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
        A = await startInstance(b, { config: { limits: HIGH } });
        B = await startInstance(b, { config: { limits: HIGH } });
    });
    after(async () => {
        await A?.stop();
        await B?.stop();
    });

    /** A panel user signed in on A with one API key, cached on B. */
    async function cachedKey(): Promise<{ panel: PanelClient; id: string; key: string; email: string }> {
        const email = `rc${++seq}-${process.pid}@example.test`;
        const panel = new PanelClient(A);
        expect((await panel.signUp(email, PASSWORD)).status).to.equal(303);
        const k = await createKey(A.server.services.store, { email, name: 'cached' });
        for (let i = 0; i < 2; i++) expect((await validate(B, k.key)).status).to.equal(200);
        expect(B.server.services.keyCache.size).to.be.greaterThan(0);
        await panel.get('/panel/keys'); // its CSRF token
        return { panel, id: k.id, key: k.key, email };
    }
    const validate = (t: TestServer, key: string): ReturnType<typeof call> =>
        call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });

    it("a key revoked in A's panel gets 401 on B on the next request", async () => {
        const { panel, id, key } = await cachedKey();
        expect((await panel.post(`/panel/keys/${id}/revoke`, { confirm: 'yes' })).status).to.equal(303);
        expect((await validate(B, key)).json).to.deep.equal(UNAUTHORIZED);
    });

    it('a revoked or expired key: 404 from the panel, no Revoke button, and the key epoch does not move', async () => {
        const { panel, id, email } = await cachedKey();
        const store = A.server.services.store;
        const expired = await createKey(store, { email, name: 'old', expiresDays: 1 }, Date.now() - 2 * 86_400_000);
        expect((await panel.post(`/panel/keys/${id}/revoke`, { confirm: 'yes' })).status).to.equal(303);
        const still = await createKey(store, { email, name: 'still' });
        expect((await validate(B, still.key)).status).to.equal(200);
        const redis = new Redis(b.redis.url);
        try {
            const epoch = await redis.get('svc:rl:key-epoch');
            const cached = B.server.services.keyCache.size;
            for (const [target, state] of [
                [id, 'revoked'],
                [expired.id, 'expired'],
            ] as const) {
                for (const body of [{ confirm: 'yes' }, {}] as Array<Record<string, string>>) {
                    const r = await panel.post(`/panel/keys/${target}/revoke`, body);
                    expect(r.status).to.equal(404);
                    expect(r.text).to.contain(`This key is ${state}: there is nothing to revoke.`);
                }
            }
            expect(await redis.get('svc:rl:key-epoch')).to.equal(epoch);
            expect((await validate(B, still.key)).status).to.equal(200);
            expect(B.server.services.keyCache.size).to.equal(cached);
        } finally {
            redis.disconnect();
        }
        expect((await store.findKeyByHash(hashApiKey(expired.key)))?.revokedAt).to.equal(null);
        const page = (await panel.get('/panel/keys')).text;
        expect(page).to.contain(`/panel/keys/${still.id}/revoke`);
        expect(page).not.to.contain(`/panel/keys/${id}/revoke`);
        expect(page).not.to.contain(`/panel/keys/${expired.id}/revoke`);
    });

    it('Redis down: the panel answers 503 and revokes nothing, B admits no request; Redis back: the key still works', async () => {
        const { panel, id, key } = await cachedKey();
        await b.redis.stop();
        try {
            const r = await panel.post(`/panel/keys/${id}/revoke`, { confirm: 'yes' });
            expect(r.status, r.text).to.equal(503);
            expect((await validate(B, key)).status).to.equal(503);
        } finally {
            await b.redis.start();
        }
        expect((await A.server.services.store.findKeyByHash(hashApiKey(key)))?.revokedAt).to.equal(null);
        await eventually('B admits again', async () => (await validate(B, key)).status === 200);
    });
});
