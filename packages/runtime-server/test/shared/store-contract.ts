// One test suite for every Store (SQLite and PostgreSQL run the same tests, so they cannot drift):
// accounts, keys, atomic credit, and the panel's data (panel-store-types.ts).
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AccountExistsError, KeyRequestError, createAccount, createKey, hashApiKey, type KeyRecord, type Store } from '../../src/index.js';

const MAX_KEYS_MESSAGE = 'an account has at most 100 active keys; revoke one first';

export interface StoreHarness {
    /** A store on a fresh, empty database. */
    open(): Promise<Store>;
    /** A second connection to the same database (another instance, or the CLI). */
    openAnother(): Promise<Store>;
    cleanup(): Promise<void>;
    /** Moves an instance's last heartbeat, or a reservation's opening, `ms` into the past (the reservation tests). */
    age?(what: 'instance' | 'reservation', id: string, ms: number): Promise<void>;
}

let seq = 0;
const email = (): string => `u${++seq}-${process.pid}-${randomBytes(3).toString('hex')}@example.test`;

export function storeContract(name: string, makeHarness: () => Promise<StoreHarness | undefined>): void {
    describe(`Store contract: ${name}`, function () {
        let h: StoreHarness;
        let store: Store;
        before(async function () {
            const made = await makeHarness();
            if (!made) return this.skip();
            h = made;
            store = await h.open();
        });
        after(async () => {
            await store?.close();
            await h?.cleanup();
        });

        it('accounts: unique email (case-insensitive), credit adds and never goes below zero', async () => {
            const e = email();
            const a = await createAccount(store, e.toUpperCase());
            expect(a.creditReads).to.equal(10);
            expect(a.id).to.match(/^acct_/);
            let err: unknown;
            try {
                await createAccount(store, e);
            } catch (x) {
                err = x;
            }
            expect(err).to.be.instanceOf(AccountExistsError);
            expect((await store.addCredit(e, 5))?.creditReads).to.equal(15);
            expect((await store.addCredit(e, -100))?.creditReads).to.equal(0);
            expect(await store.addCredit('nobody@example.test', 5)).to.equal(undefined);
            expect((await store.getAccount(a.id))?.email).to.equal(e.toUpperCase());
            expect(await store.getAccount('acct_none')).to.equal(undefined);
        });

        it('credit is reserved atomically: 30 concurrent single reservations of 10 reads, exactly 10 succeed', async () => {
            const a = await createAccount(store, email(), 10);
            const other = await h.openAnother();
            try {
                const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : store).reserveCredit(a.id, 1)));
                expect(results.filter(Boolean)).to.have.length(10);
                expect((await store.getAccount(a.id))?.creditReads).to.equal(0);
                expect(await store.reserveCredit(a.id, 1)).to.equal(false);
                await store.refundCredit(a.id, 2);
                expect(await store.reserveCredit(a.id, 3)).to.equal(false);
                expect(await store.reserveCredit(a.id, 2)).to.equal(true);
            } finally {
                await other.close();
            }
        });

        it('keys: found by digest, listed without secrets, revoked once, seen revoked by another connection at once', async () => {
            const e = email();
            await createAccount(store, e);
            const k = await createKey(store, { email: e, name: 'n', scopes: ['schemas:validate'], expiresDays: 3 });
            const other = await h.openAnother();
            try {
                const seen = await other.findKeyByHash(hashApiKey(k.key));
                expect(seen?.id).to.equal(k.id);
                expect(seen?.hash.equals(hashApiKey(k.key))).to.equal(true);
                expect(seen?.scopes).to.deep.equal(['schemas:validate']);
                expect(seen?.revokedAt).to.equal(null);
                expect(seen?.lastUsedAt).to.equal(null);
                expect(await other.findKeyByHash(hashApiKey(k.key + 'x'))).to.equal(undefined);
                const listed = await store.listKeys(seen!.accountId);
                expect(listed.map((x) => x.id)).to.deep.equal([k.id]);
                expect(JSON.stringify(listed)).not.to.contain(k.key);
                expect(await store.revokeKey(k.id)).to.equal(true);
                expect(await store.revokeKey(k.id)).to.equal(false);
                expect(await store.revokeKey('key_none')).to.equal(false);
                expect((await other.findKeyByHash(hashApiKey(k.key)))?.revokedAt).to.be.a('string');
            } finally {
                await other.close();
            }
        });

        it('an account has at most 100 active keys: the 101st is refused, also when created at once from two connections', async () => {
            const e = email();
            const a = await createAccount(store, e);
            const other = await h.openAnother();
            try {
                for (let i = 0; i < 95; i++) await createKey(store, { email: e, name: `k${i}` });
                const made = await Promise.allSettled(
                    Array.from({ length: 10 }, (_, i) => createKey(i % 2 ? other : store, { email: e, name: `c${i}` })),
                );
                expect(made.filter((r) => r.status === 'fulfilled')).to.have.length(5);
                for (const r of made.filter((x) => x.status === 'rejected'))
                    expect((r as PromiseRejectedResult).reason)
                        .to.be.instanceOf(KeyRequestError)
                        .and.have.property('message', MAX_KEYS_MESSAGE);
                expect((await store.listKeys(a.id)).length).to.equal(100);
                // a revoked key no longer counts, nor does an expired one
                const keys = await store.listKeys(a.id);
                expect(await store.revokeKey(keys[0]!.id)).to.equal(true);
                await createKey(store, { email: e, name: 'after revoking', expiresDays: 1 }, Date.now() - 2 * 86_400_000);
                await createKey(store, { email: e, name: 'after expiry' });
                let refused: unknown;
                await createKey(store, { email: e, name: 'one too many' }).catch((x: unknown) => (refused = x));
                expect(refused).to.be.instanceOf(KeyRequestError);
            } finally {
                await other.close();
            }
        });

        it("the panel reads an account's active keys, the latest revoked or expired ones and how many are older, and one key by account", async () => {
            const e = email();
            const a = await createAccount(store, e);
            const b = await createAccount(store, email());
            expect(await store.listKeysForPanel(a.id, new Date().toISOString(), 50)).to.deep.equal({ keys: [], olderInactive: 0 });
            for (let i = 0; i < 100; i++) await store.revokeKey((await createKey(store, { email: e, name: `old${i}` })).id);
            const never = await createKey(store, { email: e, name: 'never' });
            const threeDays = await createKey(store, { email: e, name: 'three days', expiresDays: 3 });
            const oneDay = await createKey(store, { email: e, name: 'one day', expiresDays: 1 });
            await createKey(store, { email: e, name: 'expired', expiresDays: 1 }, Date.now() - 2 * 86_400_000);
            await createKey(store, { email: b.email, name: 'not mine' });
            // Two days on, the one-day key has expired too: `at` decides, not the database's clock.
            const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
            const all = await store.listKeys(a.id);
            const isActive = (k: KeyRecord, t: string) =>
                k.revokedAt === null && (k.expiresAt === null || Date.parse(k.expiresAt) > Date.parse(t));
            const inactive = all.filter((k) => !isActive(k, at));
            const shown = new Set(inactive.slice(-50));
            const panel = await store.listKeysForPanel(a.id, at, 50);
            expect(panel.keys.map((k) => k.id)).to.deep.equal(all.filter((k) => isActive(k, at) || shown.has(k)).map((k) => k.id));
            expect(panel.keys).to.have.length(52);
            expect(panel.olderInactive).to.equal(52);
            expect(panel.keys.filter((k) => isActive(k, at)).map((k) => k.name)).to.have.members(['never', 'three days']);
            expect((await store.listKeysForPanel(a.id, at, 200)).olderInactive).to.equal(0);
            expect((await store.listActiveKeys(a.id, at)).map((k) => k.id)).to.have.members([never.id, threeDays.id]);
            const now = new Date().toISOString();
            expect((await store.listActiveKeys(a.id, now)).map((k) => k.id)).to.have.members([never.id, threeDays.id, oneDay.id]);
            expect((await store.listKeysForPanel(a.id, now, 50)).olderInactive).to.equal(51);
            // a key expires at its expiry time exactly
            expect((await store.listActiveKeys(a.id, oneDay.expires_at!)).map((k) => k.id)).to.have.members([never.id, threeDays.id]);
            expect(await store.getKey(a.id, oneDay.id)).to.deep.equal(all.find((k) => k.id === oneDay.id));
            expect((await store.getKey(a.id, all[0]!.id))?.revokedAt).to.be.a('string');
            expect(await store.getKey(b.id, oneDay.id)).to.equal(undefined);
            expect(await store.getKey(a.id, 'key_none')).to.equal(undefined);
        });

        it('touchKey records the last use shown in listings', async () => {
            const e = email();
            const a = await createAccount(store, e);
            const k = await createKey(store, { email: e, name: 'n' });
            await store.touchKey(k.id, '2025-03-04T05:06:07.000Z');
            expect((await store.listKeys(a.id))[0]!.lastUsedAt).to.equal('2025-03-04T05:06:07.000Z');
            await store.touchKey(k.id, '2025-03-04T05:07:07.000Z');
            expect((await store.listKeys(a.id))[0]!.lastUsedAt).to.equal('2025-03-04T05:07:07.000Z');
        });

        it('passwords: set by email, found with the account; unknown emails are told apart', async () => {
            const e = email();
            const a = await createAccount(store, e);
            expect(await store.findLogin(e)).to.deep.equal({ account: a, passwordHash: null });
            expect(await store.setPasswordHash(e, 'scrypt$abc')).to.equal(true);
            expect((await store.findLogin(e.toUpperCase()))?.passwordHash).to.equal('scrypt$abc');
            expect(await store.setPasswordHash('nobody@example.test', 'x')).to.equal(false);
            expect(await store.findLogin('nobody@example.test')).to.equal(undefined);
            // an email with NUL is no account (PostgreSQL cannot even take it in a query)
            expect(await store.findLogin('a\u0000b@example.test')).to.equal(undefined);
            expect(await store.findAccountByEmail('a\u0000b@example.test')).to.equal(undefined);
            expect(await store.addCredit('a\u0000b@example.test', 1)).to.equal(undefined);
            expect(await store.setPasswordHash('a\u0000b@example.test', 'x')).to.equal(false);
            expect(await store.creditPayment('pay_nul', 'a\u0000b@example.test', 1, '1.00')).to.equal(undefined);
            for (const bad of ['a\u0000b@example.test', 'a\u0007b@example.test', 'ab\u007f@example.test'])
                await createAccount(store, bad).then(
                    () => expect.fail(`${JSON.stringify(bad)} was accepted`),
                    (e: unknown) => expect(e).to.be.instanceOf(KeyRequestError),
                );
            // made with its password in one step (a panel sign-up)
            const withPassword = await createAccount(store, email(), 10, 'scrypt$def');
            expect((await store.findLogin(withPassword.email))?.passwordHash).to.equal('scrypt$def');
        });

        it('sign-in failures are counted from a given time, per account', async () => {
            const a = await createAccount(store, email());
            const b = await createAccount(store, email());
            for (const m of [0, 5, 10, 14]) await store.recordLoginFailure(a.id, `2025-01-01T00:${String(m).padStart(2, '0')}:00.000Z`);
            await store.recordLoginFailure(b.id, '2025-01-01T00:10:00.000Z');
            expect(await store.countLoginFailures(a.id, '2025-01-01T00:00:00.000Z')).to.equal(4);
            expect(await store.countLoginFailures(a.id, '2025-01-01T00:10:00.000Z')).to.equal(2);
            expect(await store.countLoginFailures(a.id, '2025-01-01T01:00:00.000Z')).to.equal(0);
            expect(await store.countLoginFailures(b.id, '2025-01-01T00:00:00.000Z')).to.equal(1);
            await store.recordLoginFailure(a.id, '2025-01-01T00:14:00.000Z'); // two at the same moment
            await store.forgetLoginFailure(a.id, '2025-01-01T00:14:00.000Z');
            expect(await store.countLoginFailures(a.id, '2025-01-01T00:00:00.000Z')).to.equal(4);
            expect(await store.countLoginFailures(b.id, '2025-01-01T00:00:00.000Z')).to.equal(1);
        });

        it('panel sessions: created, found, touched, deleted by hash; another connection sees them', async () => {
            const a = await createAccount(store, email());
            const hash = randomBytes(32);
            const now = new Date().toISOString();
            await store.createPanelSession(hash, a.id, now);
            const other = await h.openAnother();
            try {
                expect(await other.findPanelSession(hash)).to.deep.equal({ accountId: a.id, createdAt: now, lastSeenAt: now });
                const later = new Date(Date.parse(now) + 60_000).toISOString();
                await other.touchPanelSession(hash, later);
                expect((await store.findPanelSession(hash))?.lastSeenAt).to.equal(later);
                expect((await store.findPanelSession(hash))?.createdAt).to.equal(now);
                expect(await store.findPanelSession(randomBytes(32))).to.equal(undefined);
                await other.deletePanelSession(hash);
                expect(await store.findPanelSession(hash)).to.equal(undefined);
            } finally {
                await other.close();
            }
        });

        it("a new password ends the account's browser sessions, not another account's", async () => {
            const address = email();
            const a = await createAccount(store, address);
            const b = await createAccount(store, email());
            const [mine, theirs] = [randomBytes(32), randomBytes(32)];
            const now = new Date().toISOString();
            await store.createPanelSession(mine, a.id, now);
            await store.createPanelSession(theirs, b.id, now);
            expect(await store.setPasswordHash(address.toUpperCase(), 'scrypt$new')).to.equal(true);
            expect(await store.findPanelSession(mine)).to.equal(undefined);
            expect((await store.findPanelSession(theirs))?.accountId).to.equal(b.id);
        });

        it('reads per UTC day: summed, ascending, from a day on, days without reads omitted', async () => {
            const a = await createAccount(store, email());
            await store.recordReads(a.id, 2, '2025-01-01T23:59:59.000Z');
            await store.recordReads(a.id, 3, '2025-01-01T00:00:00.000Z');
            await store.recordReads(a.id, 4, '2025-01-03T10:00:00.000Z');
            await store.recordReads(a.id, 0, '2025-01-02T10:00:00.000Z');
            await store.recordReads(a.id, 1, '2024-12-31T10:00:00.000Z');
            expect(await store.readsByDay(a.id, '2025-01-01')).to.deep.equal([
                { day: '2025-01-01', reads: 5 },
                { day: '2025-01-03', reads: 4 },
            ]);
            expect(await store.readsByDay(a.id, '2025-01-02')).to.deep.equal([{ day: '2025-01-03', reads: 4 }]);
        });

        it('session secret fingerprints: none on a fresh database, each kept once, also when added at once from two connections', async () => {
            expect(await store.sessionSecretFingerprints()).to.deep.equal([]);
            const [a, b] = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
            const other = await h.openAnother();
            try {
                await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).addSessionSecretFingerprint(a)));
                expect(await other.sessionSecretFingerprints()).to.deep.equal([a]);
                await store.addSessionSecretFingerprint(b);
                expect((await store.sessionSecretFingerprints()).sort()).to.deep.equal([a, b].sort());
            } finally {
                await other.close();
            }
        });

        it('payments are credited exactly once per id, also when delivered concurrently', async () => {
            const e = email();
            await createAccount(store, e, 10);
            const other = await h.openAnother();
            try {
                const results = await Promise.all(
                    Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).creditPayment(`pay_${e}`, e, 100, '9.99')),
                );
                const credited = results.filter((r) => r?.credited);
                expect(credited).to.have.length(1);
                expect(credited[0]).to.deep.equal({ credited: true, duplicate: false, creditReads: 110 });
                expect(results.filter((r) => r?.duplicate && !r.credited)).to.have.length(7);
                expect((await store.findAccountByEmail(e))?.creditReads).to.equal(110);
                expect(await store.creditPayment(`pay2_${e}`, e, 5, '0.50')).to.deep.equal({
                    credited: true,
                    duplicate: false,
                    creditReads: 115,
                });
                expect(await store.creditPayment('pay_x', 'nobody@example.test', 5, '1.00')).to.equal(undefined);
            } finally {
                await other.close();
            }
        });
    });
}
