// docs/runtime-server.md: every row of the authentication table, both headers, scopes, expiry and
// revocation, and the one identical 401 body.
import { expect } from 'chai';
import { KEY_PATTERN, hashApiKey } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, UNAUTHORIZED, call, newKey, startTestServer, type TestServer } from './test-server.js';

const VALID = { schema: SCHEMA };

describe('authentication (docs/runtime-server.md)', () => {
    let t: TestServer;
    let now = Date.now();
    before(async () => {
        t = await startTestServer({ overrides: { engine: new ScriptedEngine(), now: () => now } });
    });
    after(async () => {
        await t.stop();
    });

    it('keys are svc_ + 40 base62 characters, stored only as SHA-256 and a 12-character prefix', async () => {
        const k = await newKey(t);
        expect(k.key).to.match(KEY_PATTERN);
        const stored = await t.server.services.store.findKeyByHash(hashApiKey(k.key));
        expect(stored?.prefix).to.equal(k.key.slice(0, 12));
        expect(stored?.hash.toString('hex')).to.have.length(64);
        expect(JSON.stringify(stored)).not.to.contain(k.key);
    });

    it('no key: 401 on every /v1 endpoint', async () => {
        for (const path of ['/v1/schemas/validate', '/v1/extractions', '/v1/extractions/edit']) {
            const r = await call(t, 'POST', path, { body: VALID });
            expect(r.status, path).to.equal(401);
            expect(r.json).to.deep.equal(UNAUTHORIZED);
        }
    });

    it('unknown, malformed and revoked keys: the same 401 body', async () => {
        const k = await newKey(t);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: VALID })).status).to.equal(200);
        await t.server.services.store.revokeKey(k.id);
        const bodies = [];
        for (const key of [k.key, `svc_${'A1b2C3d4E5'.repeat(4)}`, 'svc_short', 'not a key at all', '']) {
            const r = await call(t, 'POST', '/v1/schemas/validate', { key, body: VALID });
            expect(r.status).to.equal(401);
            bodies.push(r.text);
        }
        expect(new Set(bodies).size).to.equal(1);
        expect(JSON.parse(bodies[0]!)).to.deep.equal(UNAUTHORIZED);
    });

    it('an expired key: 401 with the same body', async () => {
        const k = await newKey(t, { expiresDays: 1 });
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: VALID })).status).to.equal(200);
        now += 2 * 86_400_000;
        try {
            const r = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: VALID });
            expect(r.status).to.equal(401);
            expect(r.json).to.deep.equal(UNAUTHORIZED);
        } finally {
            now = Date.now();
        }
    });

    it('a key lacking the endpoint scope: 401 with the same body; its own scope works', async () => {
        const k = await newKey(t, { scopes: ['schemas:validate'] });
        const ex = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        expect(ex.status).to.equal(401);
        expect(ex.json).to.deep.equal(UNAUTHORIZED);
        const ed = await call(t, 'POST', '/v1/extractions/edit', { key: k.key, body: {} });
        expect(ed.json).to.deep.equal(UNAUTHORIZED);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: VALID })).status).to.equal(200);
        const e = await newKey(t, { scopes: ['extractions:create'] });
        expect((await call(t, 'POST', '/v1/schemas/validate', { key: e.key, body: VALID })).status).to.equal(401);
        expect((await call(t, 'POST', '/v1/extractions', { key: e.key, body: { document: DOC, schema: SCHEMA } })).status).to.equal(200);
    });

    it('Authorization: Bearer and x-api-key are both accepted', async () => {
        const k = await newKey(t);
        expect(
            (await call(t, 'POST', '/v1/schemas/validate', { body: VALID, headers: { authorization: `Bearer ${k.key}` } })).status,
        ).to.equal(200);
        expect(
            (await call(t, 'POST', '/v1/schemas/validate', { body: VALID, headers: { authorization: `bearer  ${k.key}` } })).status,
        ).to.equal(200);
        expect((await call(t, 'POST', '/v1/schemas/validate', { body: VALID, headers: { 'x-api-key': k.key } })).status).to.equal(200);
    });

    it('both headers: Authorization wins, whichever of the two is valid', async () => {
        const k = await newKey(t);
        const bogus = `svc_${'Zz9Yy8Xx7W'.repeat(4)}`;
        const a = await call(t, 'POST', '/v1/schemas/validate', {
            body: VALID,
            headers: { authorization: `Bearer ${bogus}`, 'x-api-key': k.key },
        });
        expect(a.json).to.deep.equal(UNAUTHORIZED);
        const b = await call(t, 'POST', '/v1/schemas/validate', {
            body: VALID,
            headers: { authorization: `Bearer ${k.key}`, 'x-api-key': bogus },
        });
        expect(b.status).to.equal(200);
        const c = await call(t, 'POST', '/v1/schemas/validate', {
            body: VALID,
            headers: { authorization: `Basic ${k.key}`, 'x-api-key': k.key },
        });
        expect(c.json).to.deep.equal(UNAUTHORIZED);
    });

    it('GET /healthz and GET /openapi.json need no key', async () => {
        const h = await call(t, 'GET', '/healthz');
        expect(h.status).to.equal(200);
        expect(h.json).to.deep.equal({ status: 'ok' });
        expect((await call(t, 'GET', '/openapi.json')).status).to.equal(200);
    });

    it('logs carry the key prefix, never the key or the body', async () => {
        const k = await newKey(t);
        const marker = 'UniqueDocumentMarker-7781';
        await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: `${DOC} ${marker}`, schema: SCHEMA } });
        const lines = t.logs.map((l) => JSON.parse(l));
        const mine = lines.filter((l) => l.key === k.key.slice(0, 12));
        expect(mine).to.have.length(1);
        expect(mine[0]).to.include({ method: 'POST', path: '/v1/extractions', status: 200 });
        expect(mine[0].ms).to.be.a('number');
        const all = t.logs.join('');
        expect(all).not.to.contain(k.key);
        expect(all).not.to.contain(marker);
        expect(all).not.to.contain('v1.test.test'); // the session
    });
});
