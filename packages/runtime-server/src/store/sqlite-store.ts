// The Store on SQLite (better-sqlite3). WAL lets the server read while the CLI writes to the same
// file, and the busy timeout makes a writer wait for the other instead of failing; key lookups are
// cached only until the database changes, so a revocation by the CLI counts at once.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { randomBase62 } from '../text/random-base62.js';
import { SqlitePanelStore, toAccount, type AccountRow } from './sqlite-panel-store.js';
import {
    AccountExistsError,
    type Account,
    type KeyLookup,
    type KeyRecord,
    type NewKey,
    type NewReservation,
    type Store,
} from './store-types.js';

export const SQLITE_FILE = 'svc.sqlite';

interface KeyRow {
    id: string;
    account_id: string;
    name: string;
    prefix: string;
    hash: Buffer;
    scopes: string;
    created_at: string;
    expires_at: string | null;
    revoked_at: string | null;
    last_used_at: string | null;
}

const toKey = (r: KeyRow): KeyRecord => ({
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.split(',').filter(Boolean),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    lastUsedAt: r.last_used_at,
});

/** Opens (creating if needed) the store file in `dataDir`. */
export function openSqliteStore(dataDir: string): SqliteStore {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteStore(new Database(join(dataDir, SQLITE_FILE)));
}

/** Most cached key lookups (random unknown keys cannot grow memory past this). */
const KEY_CACHE_MAX = 10_000;

export class SqliteStore extends SqlitePanelStore implements Store {
    private readonly stmts;
    // Key lookups are cached until the database changes. `PRAGMA data_version` changes whenever
    // another connection (the CLI revoking a key) commits, and this connection's own writes clear
    // the cache, so a revocation still counts on the very next request.
    private readonly keyCache = new Map<string, KeyLookup | null>();
    private cacheVersion: unknown = undefined;

    constructor(db: Database.Database) {
        super(db);
        this.stmts = {
            insertAccount: db.prepare('INSERT INTO accounts (id, email, credit_reads, created_at) VALUES (?, ?, ?, ?)'),
            accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
            accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
            addCredit: db.prepare('UPDATE accounts SET credit_reads = MAX(0, credit_reads + ?) WHERE email = ?'),
            reserve: db.prepare('UPDATE accounts SET credit_reads = credit_reads - ? WHERE id = ? AND credit_reads >= ?'),
            refund: db.prepare('UPDATE accounts SET credit_reads = credit_reads + ? WHERE id = ?'),
            insertKey: db.prepare(
                'INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            ),
            keysOf: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id'),
            revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
            keyByHash: db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?'),
            dataVersion: db.prepare('PRAGMA data_version').pluck(),
            insertReservation: db.prepare(
                'INSERT INTO credit_reservations (id, account_id, reads, instance_id, opened_at) VALUES (?, ?, ?, ?, ?)',
            ),
            takeReservation: db.prepare<[string], { account_id: string; reads: number }>(
                'DELETE FROM credit_reservations WHERE id = ? RETURNING account_id, reads',
            ),
            heartbeat: db.prepare(
                'INSERT INTO svc_instances (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at',
            ),
            retire: db.prepare('DELETE FROM svc_instances WHERE id = ?'),
            abandoned: db.prepare<
                [string, string],
                { id: string; account_id: string; reads: number }
            >(`SELECT r.id, r.account_id, r.reads FROM credit_reservations r
                LEFT JOIN svc_instances i ON i.id = r.instance_id WHERE i.id IS NULL OR i.seen_at < ? OR r.opened_at < ?`),
            pruneInstances: db.prepare('DELETE FROM svc_instances WHERE seen_at < ?'),
        };
    }

    async createAccount(email: string, creditReads: number): Promise<Account> {
        const row: AccountRow = { id: `acct_${randomBase62(16)}`, email, credit_reads: creditReads, created_at: new Date().toISOString() };
        try {
            this.stmts.insertAccount.run(row.id, row.email, row.credit_reads, row.created_at);
        } catch (e) {
            if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
                throw new AccountExistsError(`an account with email ${email} exists`);
            throw e;
        }
        return toAccount(row);
    }

    async findAccountByEmail(email: string): Promise<Account | undefined> {
        const r = this.stmts.accountByEmail.get(email);
        return r && toAccount(r);
    }

    async getAccount(id: string): Promise<Account | undefined> {
        const r = this.stmts.accountById.get(id);
        return r && toAccount(r);
    }

    async addCredit(email: string, reads: number): Promise<Account | undefined> {
        this.stmts.addCredit.run(reads, email);
        return this.findAccountByEmail(email);
    }

    async createKey(key: NewKey): Promise<KeyRecord> {
        const row: KeyRow = {
            id: `key_${randomBase62(16)}`,
            account_id: key.accountId,
            name: key.name,
            prefix: key.prefix,
            hash: key.hash,
            scopes: key.scopes.join(','),
            created_at: new Date().toISOString(),
            expires_at: key.expiresAt,
            revoked_at: null,
            last_used_at: null,
        };
        this.ownWrite(
            this.stmts.insertKey.run(row.id, row.account_id, row.name, row.prefix, row.hash, row.scopes, row.created_at, row.expires_at),
        );
        return toKey(row);
    }

    async listKeys(accountId: string): Promise<KeyRecord[]> {
        return this.stmts.keysOf.all(accountId).map(toKey);
    }

    async revokeKey(id: string): Promise<boolean> {
        return this.ownWrite(this.stmts.revoke.run(new Date().toISOString(), id).changes === 1);
    }

    async findKeyByHash(hash: Buffer): Promise<KeyLookup | undefined> {
        const version = this.stmts.dataVersion.get();
        if (version !== this.cacheVersion) {
            this.keyCache.clear();
            this.cacheVersion = version;
        }
        const cacheKey = hash.toString('base64');
        let hit = this.keyCache.get(cacheKey);
        if (hit === undefined) {
            const r = this.stmts.keyByHash.get(hash);
            hit = r ? { ...toKey(r), hash: r.hash } : null;
            if (this.keyCache.size >= KEY_CACHE_MAX) this.keyCache.clear();
            this.keyCache.set(cacheKey, hit);
        }
        return hit ?? undefined;
    }

    private ownWrite<T>(result: T): T {
        this.keyCache.clear();
        return result;
    }

    async reserveCredit(accountId: string, reads: number): Promise<boolean> {
        // One conditional UPDATE: two concurrent extractions can never both spend the last reads.
        return this.stmts.reserve.run(reads, accountId, reads).changes === 1;
    }

    async refundCredit(accountId: string, reads: number): Promise<void> {
        if (reads > 0) this.stmts.refund.run(reads, accountId);
    }

    async openReservation(r: NewReservation): Promise<boolean> {
        return this.db
            .transaction(() => {
                if (this.stmts.reserve.run(r.reads, r.accountId, r.reads).changes !== 1) return false;
                this.stmts.insertReservation.run(r.id, r.accountId, r.reads, r.instanceId, new Date(Date.parse(r.at)).toISOString());
                return true;
            })
            .immediate();
    }

    async settleReservation(id: string, usedReads: number, at: string): Promise<boolean> {
        return this.db
            .transaction(() => {
                const held = this.stmts.takeReservation.get(id);
                if (!held) return false;
                const used = Math.max(0, Math.min(usedReads, held.reads));
                if (held.reads > used) this.stmts.refund.run(held.reads - used, held.account_id);
                this.addReads(held.account_id, used, at);
                return true;
            })
            .immediate();
    }

    async heartbeat(instanceId: string, at: string): Promise<void> {
        this.stmts.heartbeat.run(instanceId, new Date(Date.parse(at)).toISOString());
    }

    async retireInstance(instanceId: string): Promise<void> {
        this.stmts.retire.run(instanceId);
    }

    async reconcileReservations(deadBefore: string, openedBefore: string): Promise<number> {
        const dead = new Date(Date.parse(deadBefore)).toISOString();
        return this.db
            .transaction(() => {
                let n = 0;
                for (const r of this.stmts.abandoned.all(dead, new Date(Date.parse(openedBefore)).toISOString())) {
                    if (this.stmts.takeReservation.get(r.id)) {
                        this.stmts.refund.run(r.reads, r.account_id);
                        n++;
                    }
                }
                this.stmts.pruneInstances.run(dead);
                return n;
            })
            .immediate();
    }

    async ping(): Promise<void> {
        this.stmts.dataVersion.get();
    }

    async close(): Promise<void> {
        if (this.db.open) this.db.close();
    }
}
