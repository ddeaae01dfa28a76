// POST /v1/payments/callback: signature (bad, missing, stale, rotated), exactly-once credit,
// body checks, outside the per-IP limit, absent without SVC_PAYMENT_SECRET.
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { buildOpenApiDocument, createAccount, loadConfig } from '../src/index.js';
import { verifySignature } from '../src/routes/payment-route.js';
import { startTestServer, type TestServer } from './test-server.js';

const sign = (secret: string, body: string, t: number): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('payment callbacks', () => {
    let t: TestServer;
    const now = Date.parse('2026-03-01T09:00:00.000Z');
    const ts = () => Math.floor(now / 1000);
    before(async () => {
        t = await startTestServer({
            config: { paymentSecrets: ['whsec_new', 'whsec_old'] },
            limits: { perIp: 2 },
            overrides: { now: () => now },
        });
    });
    after(async () => {
        await t.stop();
    });

    const post = (body: string, signature?: string) =>
        fetch(`${t.url}/v1/payments/callback`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'svc-signature': signature }) },
        });
    const credit = async (email: string) => (await t.server.services.store.findAccountByEmail(email))!.creditReads;
    let n = 0;
    async function account(): Promise<string> {
        const email = `pay${++n}@example.test`;
        await createAccount(t.server.services.store, email);
        return email;
    }
    const body = (email: string, id = `pay_${n}_${Date.now()}`, reads = 25) => JSON.stringify({ id, email, reads, amount_eur: '2.50' });

    it('credits a signed payment once; a replay answers duplicate and adds nothing; the log has no body', async () => {
        const email = await account();
        const b = body(email);
        const first = await post(b, `t=${ts()},v1=${sign('whsec_new', b, ts())}`);
        expect(first.status).to.equal(200);
        expect(await first.json()).to.deep.equal({ credited: true, credit_reads: 35 });
        const again = await post(b, `t=${ts()},v1=${sign('whsec_new', b, ts())}`);
        expect(await again.json()).to.deep.equal({ credited: false, duplicate: true });
        expect(await credit(email)).to.equal(35);
        const lines = t.logs.filter((l) => l.includes('payment callback'));
        expect(lines).to.have.length(2);
        for (const l of lines) expect(l).to.not.include(email).and.not.include('2.50');
    });

    it('refuses a bad, missing, malformed or stale signature with 400 invalid_request, crediting nothing', async () => {
        const email = await account();
        const b = body(email);
        const bad = [
            undefined,
            '',
            `t=${ts()},v1=${sign('whsec_other', b, ts())}`,
            `t=${ts()},v1=${sign('whsec_new', `${b} `, ts())}`,
            `t=${ts() - 301},v1=${sign('whsec_new', b, ts() - 301)}`,
            `t=${ts() + 301},v1=${sign('whsec_new', b, ts() + 301)}`,
            `v1=${sign('whsec_new', b, ts())}`,
            `t=${ts()},v0=${sign('whsec_new', b, ts())}`,
            `t=${ts()},v1=zz`,
        ];
        for (const signature of bad) {
            const r = await post(b, signature);
            expect(r.status, String(signature)).to.equal(400);
            expect(((await r.json()) as { error: { code: string } }).error.code).to.equal('invalid_request');
        }
        expect(await credit(email)).to.equal(10);
        const edge = `t=${ts() - 300},v1=${sign('whsec_new', b, ts() - 300)}`;
        expect((await post(b, edge)).status).to.equal(200);
    });

    it('accepts either configured secret and any of several v1 entries (rotation)', async () => {
        const e1 = await account();
        const b1 = body(e1);
        expect((await post(b1, `t=${ts()},v1=${sign('whsec_old', b1, ts())}`)).status).to.equal(200);
        const e2 = await account();
        const b2 = body(e2);
        expect((await post(b2, `t=${ts()},v1=${sign('whsec_retired', b2, ts())},v1=${sign('whsec_new', b2, ts())}`)).status).to.equal(200);
        expect(await credit(e1)).to.equal(35);
        expect(await credit(e2)).to.equal(35);
    });

    it('a validly signed body must be {id, email, reads > 0, amount_eur}; an unknown email is 400', async () => {
        const email = await account();
        const bodies = [
            JSON.stringify({ id: 'x1', email, reads: 0, amount_eur: '1.00' }),
            JSON.stringify({ id: 'x2', email, reads: 1.5, amount_eur: '1.00' }),
            JSON.stringify({ id: 'x3', email, reads: 5, amount_eur: 1 }),
            JSON.stringify({ id: 'x4', email, reads: 5 }),
            JSON.stringify({ id: 'x5', email: 'nobody@example.test', reads: 5, amount_eur: '1.00' }),
            // More than 1,000,000,000 reads at once: balances stay exact (far below 2^53).
            JSON.stringify({ id: 'x6', email, reads: Number.MAX_SAFE_INTEGER, amount_eur: '1.00' }),
            '{"id":',
        ];
        for (const b of bodies) expect((await post(b, `t=${ts()},v1=${sign('whsec_new', b, ts())}`)).status, b).to.equal(400);
        expect(await credit(email)).to.equal(10);
    });

    it('is outside the per-IP limit (2 a minute here)', async () => {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
            const email = await account();
            const b = body(email);
            statuses.push((await post(b, `t=${ts()},v1=${sign('whsec_new', b, ts())}`)).status);
        }
        expect(statuses).to.deep.equal([200, 200, 200, 200]);
    });

    it('verifySignature never throws and accepts only the right HMAC (fast-check)', () => {
        fc.assert(
            fc.property(fc.string(), fc.string(), (header, b) => {
                expect(verifySignature(header, b, ['s'], 0)).to.equal(false);
            }),
            { numRuns: 2000 },
        );
        fc.assert(
            fc.property(fc.string(), fc.integer({ min: 0, max: 2e9 }), (b, t0) => {
                expect(verifySignature(`t=${t0},v1=${sign('s', b, t0)}`, b, ['s'], t0 * 1000)).to.equal(true);
                expect(verifySignature(`t=${t0},v1=${sign('s', b, t0)}`, `${b}x`, ['s'], t0 * 1000)).to.equal(false);
            }),
            { numRuns: 500 },
        );
    });
});

describe('payment callbacks in the OpenAPI document', () => {
    it('are described without a key, with the signature header and both answers', () => {
        const op = (buildOpenApiDocument() as { paths: Record<string, { post: any }> }).paths['/v1/payments/callback']!.post;
        expect(op.security).to.deep.equal([]);
        expect(op.parameters[0]).to.include({ name: 'Svc-Signature', in: 'header', required: true });
        expect(op.requestBody.content['application/json'].schema.required).to.deep.equal(['id', 'email', 'reads', 'amount_eur']);
        expect(op.responses).to.have.keys('200', '400');
    });
});

describe('payment callbacks without SVC_PAYMENT_SECRET', () => {
    it('the route does not exist (404)', async () => {
        expect(loadConfig({}).paymentSecrets).to.deep.equal([]);
        expect(loadConfig({ SVC_PAYMENT_SECRET: 'a, b' }).paymentSecrets).to.deep.equal(['a', 'b']);
        const t = await startTestServer();
        try {
            const r = await fetch(`${t.url}/v1/payments/callback`, {
                method: 'POST',
                body: '{}',
                headers: { 'content-type': 'application/json' },
            });
            expect(r.status).to.equal(404);
        } finally {
            await t.stop();
        }
    });
});
