// The SQLite store and key material: base62 without modulo bias, digests only, atomic credit, and a
// second connection (the CLI) seeing the server's writes and the other way round.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
    AccountExistsError,
    KeyRequestError,
    SQLITE_FILE,
    createAccount,
    createKey,
    generateApiKey,
    hashApiKey,
    listKeys,
    openSqliteStore,
} from '../src/index.js';
import { BASE62, randomBase62 } from '../src/text/random-base62.js';

describe('keys and store', () => {
    let dir: string;
    beforeEach(() => {
        dir = mkdtempSync(join(tmpdir(), 'svc-store-'));
    });
    afterEach(() => {
        rmSync(dir, { recursive: true, force: true });
    });

    it('random base62 is roughly uniform over all 62 characters', () => {
        const s = randomBase62(62_000);
        const counts = new Map<string, number>();
        for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
        expect(counts.size).to.equal(62);
        for (const ch of BASE62) expect(counts.get(ch)!, ch).to.be.within(800, 1200);
    });

    it('generated keys: svc_ + 40 base62, prefix of 12, SHA-256 digest', () => {
        const k = generateApiKey();
        expect(k.key).to.match(/^svc_[0-9A-Za-z]{40}$/);
        expect(k.prefix).to.equal(k.key.slice(0, 12));
        expect(k.hash.equals(hashApiKey(k.key))).to.equal(true);
        expect(generateApiKey().key).not.to.equal(k.key);
    });

    it('accounts: unique email (case-insensitive), 10 free reads; credit adds', async () => {
        const store = openSqliteStore(join(dir, 'nested', 'data'));
        const a = await createAccount(store, 'A@example.test');
        expect(a.creditReads).to.equal(10);
        let err: unknown;
        try {
            await createAccount(store, 'a@example.test');
        } catch (e) {
            err = e;
        }
        expect(err).to.be.instanceOf(AccountExistsError);
        expect((await store.addCredit('a@example.test', 5))?.creditReads).to.equal(15);
        expect(await store.addCredit('nobody@example.test', 5)).to.equal(undefined);
        await store.close();
    });

    it('key rules: name 1..64, expiry 1..365 days, known scopes; the listing never has the secret', async () => {
        const store = openSqliteStore(dir);
        await createAccount(store, 'k@example.test');
        const bad = [
            { name: '' },
            { name: 'n'.repeat(65) },
            { name: 'ci\tkey' }, // a control character would break the lines of `svc keys list`
            { name: 'ci\nsvc_fake' },
            { name: 'n', expiresDays: 0 },
            { name: 'n', expiresDays: 366 },
            { name: 'n', scopes: ['admin'] },
            { name: 'n', scopes: [] },
        ];
        for (const b of bad) {
            let err: unknown;
            try {
                await createKey(store, { email: 'k@example.test', ...b });
            } catch (e) {
                err = e;
            }
            expect(err, JSON.stringify(b)).to.be.instanceOf(KeyRequestError);
        }
        const now = Date.parse('2025-01-01T00:00:00Z');
        const k = await createKey(
            store,
            { email: 'k@example.test', name: '😀'.repeat(64), scopes: ['schemas:validate'], expiresDays: 365 },
            now,
        );
        expect(k.scopes).to.deep.equal(['schemas:validate']);
        expect(k.expires_at).to.equal('2026-01-01T00:00:00.000Z');
        const all = await createKey(store, { email: 'k@example.test', name: 'all' });
        expect(all.scopes).to.have.members(['extractions:create', 'extractions:edit', 'schemas:validate']);
        expect(all.expires_at).to.equal(null);
        const listed = await listKeys(store, 'k@example.test');
        expect(listed).to.have.length(2);
        expect(JSON.stringify(listed)).not.to.contain(k.key);
        expect(JSON.stringify(listed)).not.to.contain(all.key);
        await store.close();
    });

    it('credit is reserved atomically and never goes below zero', async () => {
        const store = openSqliteStore(dir);
        const a = await createAccount(store, 'c@example.test', 3);
        expect(await store.reserveCredit(a.id, 2)).to.equal(true);
        expect(await store.reserveCredit(a.id, 2)).to.equal(false);
        expect(await store.reserveCredit(a.id, 1)).to.equal(true);
        await store.refundCredit(a.id, 2);
        expect((await store.getAccount(a.id))?.creditReads).to.equal(2);
        expect((await store.addCredit('c@example.test', -10))?.creditReads).to.equal(0);
        await store.close();
    });

    it("two connections to one file (server and CLI) see each other's writes at once", async () => {
        const server = openSqliteStore(dir);
        const cli = openSqliteStore(dir);
        await createAccount(cli, 'w@example.test');
        const k = await createKey(cli, { email: 'w@example.test', name: 'n' });
        const seen = await server.findKeyByHash(hashApiKey(k.key));
        expect(seen?.revokedAt).to.equal(null);
        expect(await cli.revokeKey(k.id)).to.equal(true);
        expect(await cli.revokeKey(k.id)).to.equal(false);
        expect((await server.findKeyByHash(hashApiKey(k.key)))?.revokedAt).to.be.a('string');
        await cli.close();
        await server.close();
        expect(statSync(join(dir, SQLITE_FILE)).size).to.be.greaterThan(0);
    });
});
