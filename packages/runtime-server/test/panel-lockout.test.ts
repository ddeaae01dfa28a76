// A stranger cannot lock an owner out of the panel (docs/panel.md, "Sign-in failures"). A hostile
// review sent 10 wrong passwords for someone's email from another address: the owner's right
// password was then refused 429 for 15 minutes, again and again. An account still has at most 10
// failures in 15 minutes, but browsers that never signed in to it may spend only 5; a browser that
// has (a signed cookie, panel/panel-device.ts) signs in with the right password meanwhile.
import { expect } from 'chai';
import fc from 'fast-check';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_MS, isKnownDevice } from '../src/panel/panel-device.js';
import { PanelClient } from './panel-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const PASSWORD = 'a long enough password';
let seq = 0;
const email = (): string => `lock${++seq}-${process.pid}@example.test`;
const HIGH = { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 };

describe('panel sign-in: a stranger cannot lock the owner out', function () {
    this.timeout(60_000);
    let t: TestServer;
    let now = Date.parse('2026-03-02T10:00:00.000Z');
    before(async () => {
        t = await startTestServer({ limits: HIGH, overrides: { now: () => now } });
    });
    after(async () => {
        await t.stop();
    });
    const failures = async (address: string): Promise<number> => {
        const id = (await t.server.services.store.findAccountByEmail(address))!.id;
        return t.server.services.store.countLoginFailures(id, new Date(now - 15 * 60_000).toISOString());
    };

    /** The owner's browser: signed up (so known to the account), then signed out. */
    async function owner(): Promise<{ c: PanelClient; address: string }> {
        const c = new PanelClient(t, '198.51.100.7');
        const address = email();
        expect((await c.signUp(address, PASSWORD)).status).to.equal(303);
        expect(c.cookies.has(DEVICE_COOKIE)).to.equal(true);
        await c.post('/panel/sign-out');
        return { c, address };
    }

    it("a stranger's wrong guesses stop at 5; the owner's browser still signs in, a new browser waits", async () => {
        const { c, address } = await owner();
        const stranger = new PanelClient(t, '203.0.113.66');
        const guesses = [];
        for (let i = 0; i < 7; i++) guesses.push((await stranger.signIn(address, `wrong guess ${i}`)).status);
        expect(guesses).to.deep.equal([401, 401, 401, 401, 401, 429, 429]);
        expect(await failures(address)).to.equal(5);
        const locked = await new PanelClient(t, '198.51.100.8').signIn(address, PASSWORD); // the right password, an unknown browser
        expect(locked.status).to.equal(429);
        expect(locked.headers.get('retry-after')).to.equal('900');
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303); // the owner's browser
        expect(await failures(address)).to.equal(5); // a right password is no failure
    });

    it("guesses refused for arriving together leave no failure behind (a burst cannot fill the owner's share)", async () => {
        const { c, address } = await owner();
        const store = t.server.services.store;
        const count = store.countLoginFailures.bind(store);
        // The first count of each of 8 attempts is read before any of them records its own, and all
        // are held until the 8 have read it: every attempt then records, and each finds 8 (> 5).
        let first = 0;
        let release: () => void = () => {};
        const together = new Promise<void>((r) => (release = r));
        store.countLoginFailures = async (id, since) => {
            if (first >= 8) return count(id, since);
            const n = await count(id, since);
            if (++first === 8) release();
            await together;
            return n;
        };
        try {
            const guesses = await Promise.all(
                Array.from({ length: 8 }, (_, i) => new PanelClient(t, `203.0.113.${100 + i}`).signIn(address, `wrong guess ${i}`)),
            );
            expect(guesses.map((r) => r.status)).to.deep.equal(Array(8).fill(429));
        } finally {
            store.countLoginFailures = count;
        }
        expect(await failures(address)).to.equal(0);
        expect((await new PanelClient(t, '198.51.100.10').signIn(address, PASSWORD)).status).to.equal(303);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303);
    });

    it("the account's failures stay at most 10 in 15 minutes: a known browser's wrong passwords count too", async () => {
        const { c, address } = await owner();
        const stranger = new PanelClient(t, '203.0.113.67');
        for (let i = 0; i < 5; i++) await stranger.signIn(address, `wrong guess ${i}`);
        const mine = [];
        for (let i = 0; i < 6; i++) mine.push((await c.signIn(address, `typo ${i}`)).status);
        expect(mine).to.deep.equal([401, 401, 401, 401, 401, 429]);
        expect(await failures(address)).to.equal(10);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(429); // 10 failures: everyone waits
        now += 15 * 60_000 + 1000;
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303);
    });

    it("another account's cookie, a tampered one or one from before a new password counts as a stranger's", async () => {
        const { c, address } = await owner();
        const other = await owner();
        const mine = c.cookies.get(DEVICE_COOKIE)!;
        const [id, at, tag] = mine.split('.');
        const variants = [other.c.cookies.get(DEVICE_COOKIE)!, `${id}.${Number(at) + 1}.${tag}`, `${id}.${at}.${tag!.slice(0, -2)}AA`];
        for (let i = 0; i < 5; i++) await new PanelClient(t, '203.0.113.68').signIn(address, `wrong guess ${i}`);
        for (const cookie of variants) {
            const browser = new PanelClient(t, '198.51.100.9');
            browser.cookies.set(DEVICE_COOKIE, cookie);
            expect((await browser.signIn(address, PASSWORD)).status).to.equal(429);
        }
        // A new password (svc accounts password) makes the owner's own cookie worthless too.
        const login = (await t.server.services.store.findLogin(address))!;
        await t.server.services.store.setPasswordHash(address, `${login.passwordHash!}x`);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(429);
    });

    it('a browser is known for 90 days after it last signed in', async () => {
        const { c, address } = await owner();
        now += DEVICE_MAX_AGE_MS - 60_000;
        for (let i = 0; i < 5; i++) await new PanelClient(t, '203.0.113.69').signIn(address, `wrong guess ${i}`);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303); // still known, and known afresh
        now += DEVICE_MAX_AGE_MS - 60_000; // 90 days after that sign-in, less a minute
        for (let i = 0; i < 5; i++) await new PanelClient(t, '203.0.113.69').signIn(address, `wrong guess ${i}`);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(303);
        now += DEVICE_MAX_AGE_MS + 60_000; // past it
        for (let i = 0; i < 5; i++) await new PanelClient(t, '203.0.113.69').signIn(address, `wrong guess ${i}`);
        expect((await c.signIn(address, PASSWORD)).status).to.equal(429);
    });

    it('property: no cookie text but the one made for the account, its time and its password makes a browser known', () => {
        const secrets = ['device-test-secret'];
        const account = 'acct_0123456789abcdef';
        const hash = 'scrypt$32768$8$1$c2FsdA$aGFzaA';
        const at = Date.parse('2026-03-02T10:00:00.000Z');
        fc.assert(
            fc.property(
                fc.oneof(
                    fc.string({ maxLength: 250 }),
                    fc.tuple(fc.constantFrom(account, 'acct_other'), fc.nat(), fc.base64String()).map(([a, n, b]) => `${a}.${n}.${b}`),
                ),
                (value) => {
                    expect(isKnownDevice(value, account, hash, secrets, at)).to.equal(false);
                },
            ),
            { numRuns: 500 },
        );
    });
});
