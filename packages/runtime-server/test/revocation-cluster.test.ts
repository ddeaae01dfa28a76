// Revocation through the panel of one instance while another has the key cached (docs/deploy.md,
// "Revocation"), and a revocation attempted while Redis is down: 503, nothing revoked, no cached
// pass. Real PostgreSQL and Redis (test/support/cluster.ts).
import { expect } from 'chai';
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
    async function cachedKey(): Promise<{ panel: PanelClient; id: string; key: string }> {
        const email = `rc${++seq}-${process.pid}@example.test`;
        const panel = new PanelClient(A);
        expect((await panel.signUp(email, PASSWORD)).status).to.equal(303);
        const k = await createKey(A.server.services.store, { email, name: 'cached' });
        for (let i = 0; i < 2; i++) expect((await validate(B, k.key)).status).to.equal(200);
        expect(B.server.services.keyCache.size).to.be.greaterThan(0);
        await panel.get('/panel/keys'); // its CSRF token
        return { panel, id: k.id, key: k.key };
    }
    const validate = (t: TestServer, key: string): ReturnType<typeof call> =>
        call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });

    it("a key revoked in A's panel gets 401 on B on the next request", async () => {
        const { panel, id, key } = await cachedKey();
        expect((await panel.post(`/panel/keys/${id}/revoke`, { confirm: 'yes' })).status).to.equal(303);
        expect((await validate(B, key)).json).to.deep.equal(UNAUTHORIZED);
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
