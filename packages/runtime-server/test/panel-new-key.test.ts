// Create key answers with a redirect (POST, then GET): the new key is shown once on the page it
// leads to, a reload of that page shows it no more and makes no other key, and the key rides the
// redirect only sealed, in a cookie bound to the account and browser session (panel/panel-new-key.ts).
import { expect } from 'chai';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };
const PASSWORD = 'a long enough password';
const NEW_KEY = /id="new-key" aria-label="New key" readonly value="(svc_[0-9A-Za-z]{40})"/;

describe('the new key, shown once after a redirect', function () {
    this.timeout(30_000);
    let t: TestServer;
    let now = Date.parse('2026-02-02T10:00:00.000Z');
    before(async () => {
        t = await startTestServer({ limits: HIGH, overrides: { now: () => now } });
    });
    after(async () => {
        await t.stop();
    });
    let seq = 0;
    async function signedIn(): Promise<{ c: PanelClient; accountId: string; address: string }> {
        const c = new PanelClient(t);
        const address = `newkey${++seq}-${process.pid}@example.test`;
        expect((await c.signUp(address, PASSWORD)).status).to.equal(303);
        await c.get('/panel/keys');
        return { c, address, accountId: (await t.server.services.store.findAccountByEmail(address))!.id };
    }

    it('POST answers 303; the page it leads to shows the key once; reloading it shows no key and makes none', async () => {
        const { c, accountId } = await signedIn();
        const posted = await c.post('/panel/keys', { name: 'once', scopes: ['schemas:validate'] });
        expect(posted.status).to.equal(303);
        expect(posted.headers.get('location')).to.equal('/panel/keys');
        expect(posted.text).to.not.match(/svc_[0-9A-Za-z]{40}/);
        const cookie = posted.setCookies.find((x) => x.startsWith('svc_new_key='))!;
        expect(cookie)
            .to.match(/; HttpOnly/)
            .and.match(/; SameSite=Strict/)
            .and.match(/; Path=\/panel\/keys/)
            .and.match(/; Max-Age=60/);
        const page = await c.get('/panel/keys');
        expect(page.status).to.equal(200);
        const key = NEW_KEY.exec(page.text)![1]!;
        const [stored] = await t.server.services.store.listKeys(accountId);
        expect(key.slice(0, 12)).to.equal(stored!.prefix);
        // Sealed on its way: neither the key nor its secret part is in the cookie, in any encoding.
        const sealed = /^svc_new_key=([^;]+)/.exec(cookie)![1]!;
        for (const form of [sealed, Buffer.from(sealed, 'base64url').toString('latin1')]) expect(form).to.not.include(key.slice(4, 16));
        expect(
            page.setCookies.some((x) => x.startsWith('svc_new_key=;') || /^svc_new_key=[^;]*;.*Expires=Thu, 01 Jan 1970/.test(x)),
        ).to.equal(true);
        const reload = await c.get('/panel/keys');
        expect(reload.text).to.not.match(NEW_KEY);
        expect(await t.server.services.store.listKeys(accountId)).to.have.length(1);
    });

    it('the sealed cookie opens for no other account or browser session, and not after a minute', async () => {
        const { c, address } = await signedIn();
        await c.post('/panel/keys', { name: 'stolen', scopes: ['schemas:validate'] });
        const sealed = c.cookies.get('svc_new_key')!;
        const other = (await signedIn()).c;
        other.cookies.set('svc_new_key', sealed);
        expect((await other.get('/panel/keys')).text).to.not.match(NEW_KEY);
        const sameAccount = new PanelClient(t);
        expect((await sameAccount.signIn(address, PASSWORD)).status).to.equal(303);
        sameAccount.cookies.set('svc_new_key', sealed);
        expect((await sameAccount.get('/panel/keys')).text).to.not.match(NEW_KEY);
        now += 61_000;
        expect((await c.get('/panel/keys')).text).to.not.match(NEW_KEY); // its own session, a minute late
        now -= 61_000;
        c.cookies.set('svc_new_key', sealed);
        expect((await c.get('/panel/keys')).text).to.match(NEW_KEY); // (the same cookie in time opens)
    });
});
