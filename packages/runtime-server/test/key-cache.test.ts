// The key cache and one-step admission (docs/deploy.md, "Revocation") on a SQLite store and memory
// counters, whose epoch behaves as Redis's does within one process: a remembered key skips the
// store, a moved epoch empties the cache before the key is used, unknown keys never enter it, and
// a stale key's request counts nothing until its key is read again, a valid key's requests are not
// charged to the IP (only those refused 401 are), and a remembered key is read again once
// KEY_CACHE_MAX_AGE_MS old. Real PostgreSQL and Redis: multi-instance.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createAccount, createKey, generateApiKey, MemoryCounters, openSqliteStore, type SqliteStore } from '../src/index.js';
import { KeyAdmission, type AdmissionRequest } from '../src/auth/key-admission.js';
import { KeyAuthenticator } from '../src/auth/key-auth.js';
import { KEY_CACHE_MAX_AGE_MS, KeyCache } from '../src/auth/key-cache.js';
import { RateLimiter } from '../src/limits/rate-limiter.js';

const LIMITS = { perIp: 1000, perKey: 1000, perAccount: 1000, extractionsPerAccount: 1000, windowMs: 60_000 };

describe('key cache and admission in one step', () => {
    let dir: string;
    let store: SqliteStore;
    let lookups: number;
    let now: number;
    let counters: MemoryCounters;
    let cache: KeyCache;
    let admission: KeyAdmission;
    let limiter: RateLimiter;

    const start = (entries = 100): void => {
        counters = new MemoryCounters(() => now);
        cache = new KeyCache(entries, () => now);
        limiter = new RateLimiter(counters, LIMITS, () => now);
        admission = new KeyAdmission(new KeyAuthenticator(store, () => now), limiter, cache);
    };
    const request = (key: string): AdmissionRequest => ({ headers: { authorization: `Bearer ${key}` }, ip: '10.0.0.1', principal: null });
    const admit = async (key: string, scope: 'schemas:validate' | 'extractions:create' = 'schemas:validate'): Promise<number> => {
        try {
            await admission.admit(request(key), scope);
            return 200;
        } catch (e) {
            return (e as { status: number }).status;
        }
    };
    const newKey = async (email: string, scopes?: string[], expiresDays?: number): Promise<{ id: string; key: string }> => {
        await createAccount(store, email).catch(() => {});
        return createKey(store, { email, name: 'k', scopes, expiresDays }, now);
    };

    beforeEach(() => {
        dir = mkdtempSync(join(tmpdir(), 'svc-keycache-'));
        const real = openSqliteStore(dir);
        lookups = 0;
        const find = real.findKeyByHash.bind(real);
        real.findKeyByHash = async (hash) => {
            lookups++;
            return find(hash);
        };
        store = real;
        now = Date.now();
        start();
    });
    afterEach(async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
    });

    it('a key found valid is looked up once; later requests are admitted from the cache', async () => {
        const k = await newKey('a@example.test');
        for (let i = 0; i < 5; i++) expect(await admit(k.key)).to.equal(200);
        expect(lookups).to.equal(1);
        expect(cache.size).to.equal(1);
        const w = Math.floor(now / 60_000);
        expect(await counters.peek([`ip:10.0.0.1:${w}`, `key:${k.id}:${w}`])).to.deep.equal([0, 5]); // a valid key: not the IP's
    });

    it('after a revocation and an epoch change the next request is refused, and is charged to the IP', async () => {
        const k = await newKey('b@example.test');
        const other = await newKey('b@example.test');
        expect(await admit(k.key)).to.equal(200);
        expect(await admit(other.key)).to.equal(200);
        expect(await store.revokeKey(k.id)).to.equal(true);
        // Without the epoch change the cache would still admit it: the change is what revocation relies on.
        expect(await admit(k.key)).to.equal(200);
        await counters.bumpKeyEpoch();
        expect(await admit(k.key)).to.equal(401);
        expect(cache.size).to.equal(0);
        const w = Math.floor(now / 60_000);
        expect(await counters.peek([`ip:10.0.0.1:${w}`, `key:${k.id}:${w}`])).to.deep.equal([1, 2]);
        // The other key is read again from the store, then remembered again.
        const before = lookups;
        expect(await admit(other.key)).to.equal(200);
        expect(await admit(other.key)).to.equal(200);
        expect(lookups).to.equal(before + 1);
    });

    it('unknown and revoked keys never enter the cache (many random keys leave it empty)', async () => {
        const revoked = await newKey('c@example.test');
        await store.revokeKey(revoked.id);
        for (let i = 0; i < 200; i++) expect(await admit(generateApiKey().key)).to.equal(401);
        expect(await admit(revoked.key)).to.equal(401);
        expect(await admit('svc_short')).to.equal(401);
        expect(cache.size).to.equal(0);
        expect(lookups).to.equal(201); // a malformed key is refused before any lookup
    });

    it('holds at most its bound; the oldest key goes first', async () => {
        start(2);
        const keys = [await newKey('d@example.test'), await newKey('d@example.test'), await newKey('d@example.test')];
        for (const k of keys) expect(await admit(k.key)).to.equal(200);
        expect(cache.size).to.equal(2);
        lookups = 0;
        expect(await admit(keys[2]!.key)).to.equal(200);
        expect(await admit(keys[0]!.key)).to.equal(200);
        expect(lookups).to.equal(1);
    });

    it('a remembered key is still refused once expired, or for a scope it lacks', async () => {
        const k = await newKey('e@example.test', ['schemas:validate'], 1);
        expect(await admit(k.key)).to.equal(200);
        expect(await admit(k.key, 'extractions:create')).to.equal(401);
        now += 86_400_000 + 1;
        expect(await admit(k.key)).to.equal(401);
    });

    it('a remembered key is read again once KEY_CACHE_MAX_AGE_MS old: a revocation that moved no epoch still takes effect', async () => {
        const k = await newKey('h@example.test');
        const other = await newKey('h@example.test');
        expect(await admit(k.key)).to.equal(200);
        expect(await admit(other.key)).to.equal(200);
        // Revoked behind the cache's back: no epoch change, as with SQL by hand or a CLI run whose change failed.
        expect(await store.revokeKey(k.id)).to.equal(true);
        now += KEY_CACHE_MAX_AGE_MS - 1;
        expect(await admit(k.key)).to.equal(200);
        expect(lookups).to.equal(2);
        now += 1;
        expect(await admit(k.key)).to.equal(401);
        expect(await admit(other.key)).to.equal(200);
        expect(lookups).to.equal(4);
        // The key read again is remembered afresh, for the same time.
        expect(await admit(other.key)).to.equal(200);
        now += KEY_CACHE_MAX_AGE_MS - 1;
        expect(await admit(other.key)).to.equal(200);
        expect(lookups).to.equal(4);
        expect(cache.size).to.equal(1);
    });

    it('with the cache off (0 entries) every request reads the store, as on SQLite', async () => {
        start(0);
        const k = await newKey('f@example.test');
        for (let i = 0; i < 3; i++) expect(await admit(k.key)).to.equal(200);
        expect(lookups).to.equal(3);
        expect(cache.size).to.equal(0);
    });

    for (const entries of [100, 0]) {
        it(`only requests that do not authenticate use up the IP; a full IP refuses before any key is looked at (cache of ${entries})`, async () => {
            counters = new MemoryCounters(() => now);
            cache = new KeyCache(entries, () => now);
            limiter = new RateLimiter(counters, { ...LIMITS, perIp: 2 }, () => now);
            admission = new KeyAdmission(new KeyAuthenticator(store, () => now), limiter, cache);
            const k = await newKey(`g${entries}@example.test`);
            for (let i = 0; i < 5; i++) expect(await admit(k.key)).to.equal(200); // a valid key: as many as its own limits allow
            expect(await admit(k.key, 'extractions:create')).to.equal(200);
            expect(await admit(generateApiKey().key)).to.equal(401);
            const noKey = admission.admit({ headers: {}, ip: '10.0.0.1', principal: null }, 'schemas:validate');
            expect(
                await noKey.then(
                    () => 200,
                    (e: { status: number }) => e.status,
                ),
            ).to.equal(401);
            const before = lookups;
            expect(await admit(generateApiKey().key)).to.equal(429);
            expect(await admit(k.key)).to.equal(429); // checked before authentication, as the interface orders it
            expect(lookups).to.equal(before); // refused before any lookup
            const w = Math.floor(now / 60_000);
            expect(await counters.peek([`ip:10.0.0.1:${w}`, `key:${k.id}:${w}`])).to.deep.equal([2, 6]);
        });
    }

    it('a request refused by its key or account limit is not charged to the IP', async () => {
        counters = new MemoryCounters(() => now);
        limiter = new RateLimiter(counters, { ...LIMITS, perIp: 3, perKey: 2 }, () => now);
        admission = new KeyAdmission(new KeyAuthenticator(store, () => now), limiter, cache);
        const k = await newKey('i@example.test');
        const other = await newKey('j@example.test');
        const statuses = [];
        for (let i = 0; i < 10; i++) statuses.push(await admit(k.key));
        expect(statuses).to.deep.equal([200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
        expect(await admit(other.key)).to.equal(200); // another tenant behind the same address
        const w = Math.floor(now / 60_000);
        expect(await counters.peek([`ip:10.0.0.1:${w}`])).to.deep.equal([0]);
    });
});
