// The panel's request limits over HTTP: a signed-in account's panel requests count on the account's
// own per-minute counter, shared with its API keys; the keys page and Revoke keep a small reserve
// past it; sign-ups are limited per IP and hour.
import { expect } from 'chai';
import { REVOKE_RESERVE } from '../src/limits/rate-limiter.js';
import { PanelClient } from './panel-client.js';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

const PASSWORD = 'a long enough password';
let seq = 0;
const email = (): string => `lim${++seq}-${process.pid}@example.test`;
const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

describe('panel limits', () => {
    let t: TestServer;
    // One clock minute throughout, so no test straddles two windows.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
    before(async () => {
        t = await startTestServer({ limits: { ...HIGH, perAccount: 4 }, overrides: { now: () => now } });
    });
    after(async () => {
        await t.stop();
    });
    const validate = (key: string) => call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
    const accountRow = (page: string) => /Requests of your account \(API and panel\)<\/th><td>(\d+)<\/td>/.exec(page)?.[1];

    it("panel requests count towards the account's per-minute limit, shared with its API keys, and Usage shows both", async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD); // not yet signed in: not counted
        const { key } = await newKey(t, { email: address });
        expect([(await validate(key)).status, (await validate(key)).status]).to.deep.equal([200, 200]);
        const usage = await c.get('/panel/usage');
        expect(usage.status).to.equal(200);
        expect(accountRow(usage.text)).to.equal('3'); // two API requests and this page
        expect((await c.get('/panel/playground')).status).to.equal(200);
        expect((await validate(key)).status).to.equal(429);
        expect((await c.get('/panel/usage')).status).to.equal(429);
        expect((await c.get('/panel/playground')).status).to.equal(429);
    });

    it('panel requests alone use up the account: its keys are refused for the rest of the minute', async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD);
        const { key } = await newKey(t, { email: address });
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await c.get('/panel/usage')).status);
        expect(statuses).to.deep.equal([200, 200, 200, 200, 429]);
        expect((await validate(key)).status).to.equal(429);
    });

    it(`keys that use up the account cannot lock its owner out of revoking them: the keys page and Revoke have ${REVOKE_RESERVE} more a minute`, async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD);
        const { key, id } = await newKey(t, { email: address });
        const api = [];
        for (let i = 0; i < 6; i++) api.push((await validate(key)).status);
        expect(api).to.deep.equal([200, 200, 200, 200, 429, 429]);
        expect((await c.get('/panel/usage')).status).to.equal(429); // the account is used up for the panel too
        expect((await c.get('/panel/keys')).status).to.equal(200);
        expect((await c.post(`/panel/keys/${id}/revoke`)).status).to.equal(200); // the confirmation page
        expect((await c.post(`/panel/keys/${id}/revoke`, { confirm: 'yes' })).status).to.equal(303);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(401);
        const more = [];
        for (let i = 3; i < REVOKE_RESERVE + 2; i++) more.push((await c.get('/panel/keys')).status);
        expect(more.filter((s) => s === 200)).to.have.length(REVOKE_RESERVE - 3);
        expect(more.slice(-2)).to.deep.equal([429, 429]);
    });

    it('the per-IP limit: pages without a session use up the address, signed-in ones count on their account', async () => {
        const limited = await startTestServer({ limits: { ...HIGH, perIp: 6 }, overrides: { now: () => now } });
        try {
            const ip = '203.0.113.40';
            const c = new PanelClient(limited, ip);
            await c.signUp(email(), PASSWORD); // the sign-up page and its post: 2 of the address's 6
            const pages = [];
            for (let i = 0; i < 8; i++) pages.push((await c.get('/panel/usage')).status);
            expect(pages).to.deep.equal(Array(8).fill(200)); // a tenant's own pages: not the address's
            const stranger = new PanelClient(limited, ip); // no session, the same address
            const anonymous = [];
            for (let i = 0; i < 5; i++) anonymous.push((await stranger.get('/panel/sign-in')).status);
            expect(anonymous).to.deep.equal([200, 200, 200, 200, 429]);
            expect((await c.get('/panel/usage')).status).to.equal(429); // checked before the session, as on the API
        } finally {
            await limited.stop();
        }
    });

    it('sign-ups are limited per IP and hour: each account comes with free credit', async () => {
        const limited = await startTestServer({ limits: { ...HIGH, signUpsPerIpHour: 2 } });
        try {
            const statuses = [];
            const taken = email();
            for (const address of [taken, taken, email(), email()])
                statuses.push((await new PanelClient(limited).signUp(address, PASSWORD)).status);
            expect(statuses).to.deep.equal([303, 409, 303, 429]); // a 409 spends nothing of the hour
            const retry = Number((await new PanelClient(limited).signUp(email(), PASSWORD)).headers.get('retry-after'));
            expect(retry).to.be.within(1, 3600);
        } finally {
            await limited.stop();
        }
    });
});
