// The panel's security properties over HTTP: CSRF and Origin, session cookie flags, fixation,
// expiry, headers on every page, passwords never logged, sign-in throttling (limits: panel-limits.test.ts).
import { expect } from 'chai';
import fc from 'fast-check';
import { PanelClient } from './panel-client.js';
import { DOC, SCHEMA, ScriptedEngine, startTestServer, type TestServer } from './test-server.js';

const PASSWORD = 'a long enough password';
let seq = 0;
const email = (): string => `sec${++seq}-${process.pid}@example.test`;
const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

describe('panel security', function () {
    this.timeout(60_000);
    let t: TestServer;
    let now = Date.parse('2026-01-05T10:00:00.000Z');
    before(async () => {
        t = await startTestServer({ limits: HIGH, overrides: { now: () => now } });
    });
    after(async () => {
        await t.stop();
    });

    async function signedIn(): Promise<{ c: PanelClient; address: string; accountId: string }> {
        const c = new PanelClient(t);
        const address = email();
        expect((await c.signUp(address, PASSWORD)).status).to.equal(303);
        await c.get('/panel/keys');
        return { c, address, accountId: (await t.server.services.store.findAccountByEmail(address))!.id };
    }

    it('state-changing requests without a token, with a foreign token, or from a foreign or missing Origin get 403 and change nothing', async () => {
        const { c, accountId } = await signedIn();
        const other = new PanelClient(t);
        await other.get('/panel/sign-in'); // its own CSRF secret and token
        const keys = () => t.server.services.store.listKeys(accountId);
        const attempts = [
            await c.post('/panel/keys', { name: 'a', _csrf: '' }),
            await c.post('/panel/keys', { name: 'b', _csrf: other.token }),
            await c.post('/panel/keys', { name: 'c' }, { origin: 'http://evil.example' }),
            await c.post('/panel/keys', { name: 'd' }, { origin: null }),
            await c.post('/panel/keys', { name: 'e' }, { origin: 'null' }),
        ];
        for (const r of attempts) {
            expect(r.status).to.equal(403);
            expect(r.text).to.include('Missing or invalid CSRF token or Origin.');
        }
        expect(await keys()).to.have.length(0);
        const api = await c.send('POST', '/panel/api/v1/extractions', JSON.stringify({ schema: {}, document: 'x' }), {
            'content-type': 'application/json',
            origin: c.origin,
        });
        expect(api.status).to.equal(403);
        expect(JSON.parse(api.text)).to.deep.equal({ error: { code: 'forbidden', message: 'Missing or invalid CSRF token or Origin.' } });
        const signOut = await c.post('/panel/sign-out', {}, { origin: 'http://evil.example' });
        expect(signOut.status).to.equal(403);
        expect((await c.get('/panel/keys')).status).to.equal(200); // still signed in
        expect((await c.post('/panel/keys', { name: 'ok', scopes: ['extractions:create'] })).status).to.equal(303);
        expect(await keys()).to.have.length(1);
    });

    it('the session cookie is HttpOnly, SameSite=Strict, Path=/, Secure except over plain HTTP on loopback', async () => {
        const cookie = (setCookies: string[]) => setCookies.find((x) => x.startsWith('svc_session='))!;
        const local = cookie((await new PanelClient(t).signUp(email(), PASSWORD)).setCookies);
        expect(local)
            .to.match(/; HttpOnly/)
            .and.match(/; SameSite=Strict/)
            .and.match(/; Path=\//)
            .and.not.match(/Secure/);
        expect(/^svc_session=([^;]+)/.exec(local)![1]).to.match(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
        // Another host name over plain HTTP (fetch cannot set Host; inject can).
        const host = 'panel.example.com';
        const page = await t.server.app.inject({ method: 'GET', url: '/panel/sign-up', headers: { host } });
        const token = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
        const csrfCookie = page.headers['set-cookie']!.toString().split(';')[0]!;
        const r = await t.server.app.inject({
            method: 'POST',
            url: '/panel/sign-up',
            headers: { host, origin: `http://${host}`, cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ _csrf: token, email: email(), password: PASSWORD }).toString(),
        });
        expect(r.statusCode).to.equal(303);
        const remote = cookie([r.headers['set-cookie']!].flat());
        expect(remote)
            .to.match(/; Secure/)
            .and.match(/; HttpOnly/)
            .and.match(/; SameSite=Strict/)
            .and.match(/; Path=\//);
    });

    it('signing in replaces the session id (no fixation); signing out ends it on the server', async () => {
        const { c, address } = await signedIn();
        c.cookies.set('svc_session', 'chosen-by-an-attacker');
        await c.signIn(address, PASSWORD);
        const first = c.cookies.get('svc_session')!;
        expect(first).to.not.equal('chosen-by-an-attacker');
        await c.signIn(address, PASSWORD);
        const second = c.cookies.get('svc_session')!;
        expect(second).to.not.equal(first);
        const stale = new PanelClient(t);
        stale.cookies.set('svc_session', first);
        expect((await stale.get('/panel/keys')).headers.get('location')).to.equal('/panel/sign-in');
        await c.get('/panel/keys');
        expect((await c.post('/panel/sign-out')).status).to.equal(303);
        const replay = new PanelClient(t);
        replay.cookies.set('svc_session', second);
        expect((await replay.get('/panel/keys')).headers.get('location')).to.equal('/panel/sign-in');
    });

    it('sessions expire after 12 hours idle and after 7 days however active', async () => {
        const { c } = await signedIn();
        now += 12 * 3_600_000 - 1000;
        expect((await c.get('/panel/keys')).status).to.equal(200);
        now += 12 * 3_600_000 + 1000;
        expect((await c.get('/panel/keys')).status).to.equal(303);
        const { c: busy } = await signedIn();
        for (let h = 0; h < 7 * 24; h += 11) {
            now += 11 * 3_600_000;
            const status = (await busy.get('/panel/keys')).status;
            expect(status).to.equal(h + 11 <= 7 * 24 ? 200 : 303);
        }
    });

    it('every panel response has the CSP (no inline script or style), frame, nosniff and referrer headers', async () => {
        const { c } = await signedIn();
        const pages = ['/panel/', '/panel/sign-in', '/panel/sign-up', '/panel/keys', '/panel/usage', '/panel/playground', '/panel/nowhere'];
        const responses = await Promise.all(pages.map((p) => c.get(p)));
        responses.push(await c.post('/panel/keys', { name: '' }), await c.post('/panel/keys', {}, { origin: null }));
        const manifest = /href="(\/panel\/assets\/[^"]+\.css)"/.exec(responses[1]!.text)![1]!;
        responses.push(await c.get(manifest));
        for (const r of responses) {
            const csp = r.headers.get('content-security-policy')!;
            expect(csp)
                .to.include("default-src 'self'")
                .and.include("script-src 'self'")
                .and.include("frame-ancestors 'none'")
                .and.not.include('unsafe-inline');
            expect(r.headers.get('x-frame-options')).to.equal('DENY');
            expect(r.headers.get('x-content-type-options')).to.equal('nosniff');
            expect(r.headers.get('referrer-policy')).to.equal('no-referrer');
            expect(r.text)
                .to.not.match(/<script(?![^>]*\bsrc=)[^>]*>/)
                .and.not.match(/\sstyle=/)
                .and.not.match(/\son[a-z]+=/);
        }
        expect(responses[6]!.status).to.equal(404);
        expect(responses.at(-1)!.headers.get('cache-control')).to.include('immutable');
    });

    it('passwords never reach the log, and a payment is logged without its body', async () => {
        const c = new PanelClient(t);
        const secret = 'Tr0ub4dor&3-never-log-me';
        const address = email();
        await c.signUp(address, secret);
        await c.signIn(address, `${secret}-wrong`);
        await c.signIn(address, secret);
        expect(t.logs.length).to.be.greaterThan(3);
        expect(t.logs.join('\n')).to.not.include('never-log-me');
        const row = await t.server.services.store.findLogin(address);
        expect(row!.passwordHash)
            .to.match(/^scrypt\$32768\$8\$1\$/)
            .and.not.include(secret);
    });

    it("the same message for an unknown email and a wrong password; a new browser's 6th failure in 15 minutes gets 429 with Retry-After", async () => {
        const { address } = await signedIn();
        const c = new PanelClient(t);
        const unknown = await c.signIn(`nobody-${address}`, PASSWORD);
        const wrong = await c.signIn(address, 'wrong password!!');
        expect(unknown.status).to.equal(401);
        expect(wrong.status).to.equal(401);
        const alert = (text: string) => /<p role="alert"[^>]*>([^<]*)</.exec(text)![1];
        expect(alert(unknown.text)).to.equal(alert(wrong.text)).and.equal('Wrong email or password.');
        for (let i = 2; i <= 5; i++) expect((await c.signIn(address, 'wrong password!!')).status).to.equal(401);
        const locked = await c.signIn(address, PASSWORD);
        expect(locked.status).to.equal(429);
        expect(locked.headers.get('retry-after')).to.equal('900');
        now += 15 * 60_000 + 1000;
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303);
    });

    it('guesses sent at once do not pass the limit: of 40 parallel attempts at most 5 are checked, and refused ones leave no failure', async () => {
        const { address } = await signedIn();
        const c = new PanelClient(t);
        // From 40 addresses, as a guesser would send them: one address gets only its share of the password gate.
        const from = (i: number) => new PanelClient(t, `10.9.0.${i + 1}`);
        const guesses = Array.from({ length: 39 }, (_, i) => from(i).signIn(address, `wrong guess ${i}`));
        const statuses = await Promise.all([...guesses, from(39).signIn(address, PASSWORD)]);
        const checked = statuses.filter((r) => r.status === 401 || r.status === 303).length;
        expect(checked).to.be.at.most(5);
        expect(statuses.filter((r) => r.status === 429).length).to.be.at.least(35);
        const account = (await t.server.services.store.findAccountByEmail(address))!.id;
        const failures = await t.server.services.store.countLoginFailures(account, new Date(now - 15 * 60_000).toISOString());
        expect(failures).to.be.at.most(checked);
        if (failures === 5) expect((await c.signIn(address, PASSWORD)).status).to.equal(429);
    });

    it("a right password's attempt is no failure, and forgets no one else's: four wrong, right, right, then six wrong and locked", async () => {
        const { address } = await signedIn();
        const c = new PanelClient(t);
        for (let i = 0; i < 4; i++) expect((await c.signIn(address, 'wrong password!!')).status).to.equal(401);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303); // now a browser that has signed in: up to 10
        for (let i = 0; i < 6; i++) expect((await c.signIn(address, 'wrong password!!')).status).to.equal(401);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(429);
    });

    it('a password is counted in characters (code points) alike at sign-up and sign-in: any password that can be set signs in', async () => {
        for (const password of ['😀'.repeat(600), '𝒜'.repeat(1024), `${'é'.repeat(1020)}abcd`]) {
            const address = email();
            expect((await new PanelClient(t).signUp(address, password)).status).to.equal(303);
            const r = await new PanelClient(t).signIn(address, password);
            expect(r.status, `${[...password].length} characters, ${password.length} UTF-16 units`).to.equal(303);
        }
        const tooLong = await new PanelClient(t).signUp(email(), '😀'.repeat(1025));
        expect(tooLong.status).to.equal(400);
        expect(tooLong.text).to.include('at most 1024 characters');
        const { address } = await signedIn();
        expect((await new PanelClient(t).signIn(address, '😀'.repeat(1025))).status).to.equal(401);
    });

    it('sign-up refuses short passwords and existing emails; the account gets the free credit', async () => {
        const c = new PanelClient(t);
        const short = await c.signUp(email(), 'elevenchars');
        expect(short.status).to.equal(400);
        expect(short.text).to.include('at least 12 characters');
        const { address } = await signedIn();
        expect((await new PanelClient(t).signUp(address, PASSWORD)).status).to.equal(409);
        expect((await t.server.services.store.findAccountByEmail(address))!.creditReads).to.equal(10);
    });
});

describe('panel forms under arbitrary input (fast-check)', function () {
    this.timeout(120_000);
    let t: TestServer;
    before(async () => {
        t = await startTestServer({ limits: HIGH });
    });
    after(async () => {
        await t.stop();
    });
    const field = fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('', '0', '366', '-1', '1e3', 'extractions:create', 'schemas:validate', '<script>'),
    );

    it('key creation answers 303 or 400, never more than one key per request, and never 5xx', async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD);
        await c.get('/panel/keys');
        const store = t.server.services.store;
        const accountId = (await store.findAccountByEmail(address))!.id;
        await fc.assert(
            fc.asyncProperty(field, field, fc.array(field, { maxLength: 4 }), async (name, days, scopes) => {
                const before = (await store.listKeys(accountId)).length;
                const r = await c.post('/panel/keys', { name, days, scopes });
                expect([303, 400]).to.include(r.status);
                expect((await store.listKeys(accountId)).length).to.equal(before + (r.status === 303 ? 1 : 0));
                if (r.status === 400) expect(r.text).to.match(/role="alert"/);
            }),
            { numRuns: 150 },
        );
    });

    it('sign-in answers 401 (or 303) for any email and password, 400 for an email with a control character, never 5xx', async () => {
        const c = new PanelClient(t);
        await fc.assert(
            fc.asyncProperty(
                fc.oneof(field, fc.string({ maxLength: 40, unit: 'binary' })),
                fc.string({ maxLength: 2000 }),
                async (address, password) => {
                    const r = await c.signIn(address, password);
                    // (the form's email is trimmed, as the server does)
                    expect(/\p{Cc}/u.test(address.trim()) ? [400] : [303, 401]).to.include(r.status);
                },
            ),
            { numRuns: 40 },
        );
    });
});

describe("playground routes (the API's routes under /panel/api)", () => {
    let t: TestServer;
    const engine = new ScriptedEngine();
    before(async () => {
        t = await startTestServer({ limits: HIGH, overrides: { engine } });
    });
    after(async () => {
        await t.stop();
    });
    const run = (c: PanelClient, headers: Record<string, string> = {}) =>
        c.send('POST', '/panel/api/v1/extractions', JSON.stringify({ schema: SCHEMA, document: DOC }), {
            'content-type': 'application/json',
            origin: c.origin,
            'x-csrf-token': c.token,
            ...headers,
        });

    it("charges the signed-in account, logs the request as the panel's, and needs a session", async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD);
        await c.get('/panel/playground');
        const ok = await run(c);
        expect(ok.status).to.equal(200);
        expect(JSON.parse(ok.text).object).to.equal('extraction');
        expect((await t.server.services.store.findAccountByEmail(address))!.creditReads).to.equal(9);
        expect(t.logs.some((l) => l.includes('"path":"/panel/api/v1/extractions"') && l.includes('"key":"panel"'))).to.equal(true);
        c.cookies.delete('svc_session');
        const anonymous = await run(c);
        expect(anonymous.status).to.equal(401);
        expect(JSON.parse(anonymous.text).error.code).to.equal('unauthorized');
    });

    it('an unexpected engine failure is a logged 500 and the reads are given back', async () => {
        const c = new PanelClient(t);
        const address = email();
        await c.signUp(address, PASSWORD);
        await c.get('/panel/playground');
        engine.failWith = new Error('engine exploded');
        try {
            const r = await run(c);
            expect(r.status).to.equal(500);
            expect(JSON.parse(r.text)).to.deep.equal({
                error: { code: 'internal_error', message: 'Unexpected failure on the service side.' },
            });
        } finally {
            engine.failWith = undefined;
        }
        expect(t.logs.some((l) => l.includes('unexpected failure') && l.includes('/panel/api/v1/extractions'))).to.equal(true);
        expect((await t.server.services.store.findAccountByEmail(address))!.creditReads).to.equal(10);
    });
});
