// The Store on SQLite (better-sqlite3). WAL lets the server read while the CLI writes to the same
// file, and the busy timeout makes a writer wait for the other instead of failing; key lookups are
// cached only until the database changes, so a revocation by the CLI counts at once.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError } from '../config/server-config.js';
import { prepareDatabaseFiles, SqliteOpenError } from './sqlite-files.js';
import { DatabaseFileWatch } from './sqlite-file-watch.js';
import { randomBase62 } from '../text/random-base62.js';
import { SqlitePanelStore, toAccount, type AccountRow } from './sqlite-panel-store.js';
import { SqliteReservations } from './sqlite-reservations.js';
import { SERVER_BUSY, type BusyPolicy } from './sqlite-busy.js';
import { lockDataDir } from './data-dir-lock.js';
import type { RequestLog } from '../http/request-log.js';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import {
    AccountExistsError,
    type Account,
    type KeyLookup,
    type KeyRecord,
    type NewKey,
    type NewReservation,
    type Settlement,
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

export interface SqliteOpenOptions {
    /** How writes wait for another connection's lock (sqlite-busy.ts); the CLI's by default. */
    busy?: BusyPolicy;
    /** Told of database files whose permissions were tightened (the server logs it). */
    onTightened?: (files: string[]) => void;
    /** Told when the file is found deleted or replaced under the open connection (the server logs it). */
    onFileGone?: (file: string) => void;
}

/**
 * Opens (creating if needed) the store file in `dataDir`: the folder is created 0700 and the file
 * 0600 (its -wal and -shm take its mode), since it holds e-mail addresses and password hashes.
 * A file that cannot be opened, or is not a database, is a ConfigError naming it.
 */
export function openSqliteStore(dataDir: string, options: SqliteOpenOptions = {}): SqliteStore {
    const file = join(dataDir, SQLITE_FILE);
    let db: Database.Database | undefined;
    try {
        const tightened = prepareDatabaseFiles(dataDir, file);
        if (tightened.length > 0) options.onTightened?.(tightened);
        db = new Database(file);
        return new SqliteStore(db, options.busy, new DatabaseFileWatch(file, options.onFileGone));
    } catch (e) {
        if (db?.open) db.close();
        if (e instanceof ConfigError) throw e;
        throw new SqliteOpenError(`cannot open the database ${file}: ${(e as Error).message}`, { cause: e });
    }
}

/**
 * The server's store: the data folder's lock first (one server per folder, data-dir-lock.ts), then
 * the file with the server's busy policy (writes wait off the event loop, sqlite-busy.ts).
 */
export function openServerSqliteStore(dataDir: string, log: RequestLog): SqliteStore {
    const lock = lockDataDir(dataDir);
    try {
        const store = openSqliteStore(dataDir, {
            busy: SERVER_BUSY,
            onTightened: (files) => log.event('info', 'made database files readable by their owner only (0600)', { files }),
            onFileGone: (file) =>
                log.event('error', 'the database file was deleted or replaced while the server runs; answering 503 until it is back', {
                    file,
                }),
        });
        store.onClose = () => lock.release();
        return store;
    } catch (e) {
        lock.release();
        throw e;
    }
}

/**
 * A key neither revoked nor expired at the ISO time bound to the parameter `at`, and its opposite.
 * Every time is stored as toISOString writes it, so comparing them as text compares the times.
 */
const active = (at = '?'): string => `(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at}))`;
const inactive = (at = '?'): string => `(revoked_at IS NOT NULL OR expires_at <= ${at})`;

/** Most cached key lookups (random unknown keys cannot grow memory past this). */
const KEY_CACHE_MAX = 10_000;

export class SqliteStore extends SqlitePanelStore implements Store {
    private readonly stmts;
    private readonly reservations: SqliteReservations;
    // Key lookups are cached until the database changes. `PRAGMA data_version` changes whenever
    // another connection (the CLI revoking a key) commits, and this connection's own writes clear
    // the cache, so a revocation still counts on the very next request.
    private readonly keyCache = new Map<string, KeyLookup | null>();
    private cacheVersion: unknown = undefined;

    /**
     * `watch`: the file's path, compared with the file opened at every /readyz and heartbeat and at
     * most once a second on other operations, which answer 503 while they differ (sqlite-file-watch.ts).
     */
    constructor(
        db: Database.Database,
        policy?: BusyPolicy,
        private readonly watch?: DatabaseFileWatch,
    ) {
        super(db, policy);
        if (watch) this.gate.guard = (force) => watch.check(force);
        this.reservations = new SqliteReservations(db);
        this.stmts = {
            insertAccount: db.prepare('INSERT INTO accounts (id, email, credit_reads, created_at, password_hash) VALUES (?, ?, ?, ?, ?)'),
            accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
            accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
            addCredit: db.prepare('UPDATE accounts SET credit_reads = MAX(0, credit_reads + ?) WHERE email = ?'),
            heldReads: db
                .prepare<[string], number>(
                    'SELECT COALESCE(SUM(reads), 0) FROM credit_reservations WHERE account_id = ? AND outcome IS NULL',
                )
                .pluck(),
            reserve: db.prepare('UPDATE accounts SET credit_reads = credit_reads - ? WHERE id = ? AND credit_reads >= ?'),
            refund: db.prepare('UPDATE accounts SET credit_reads = credit_reads + ? WHERE id = ?'),
            insertKey: db.prepare(
                'INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            ),
            keysOf: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id'),
            activeKeysOf: db.prepare<[string, string], KeyRow>(
                `SELECT * FROM api_keys WHERE account_id = ? AND ${active()} ORDER BY created_at, id`,
            ),
            panelKeysOf: db.prepare<[{ account: string; at: string; limit: number }], KeyRow>(
                `SELECT * FROM api_keys WHERE account_id = @account AND ${active('@at')}
                UNION ALL SELECT * FROM (SELECT * FROM api_keys WHERE account_id = @account AND ${inactive('@at')}
                    ORDER BY created_at DESC, id DESC LIMIT @limit)
                ORDER BY created_at, id`,
            ),
            inactiveKeys: db
                .prepare<[string, string], number>(`SELECT count(*) FROM api_keys WHERE account_id = ? AND ${inactive()}`)
                .pluck(),
            keyOf: db.prepare<[string, string], KeyRow>('SELECT * FROM api_keys WHERE id = ? AND account_id = ?'),
            activeKeys: db.prepare<[string, string], number>(`SELECT count(*) FROM api_keys WHERE account_id = ? AND ${active()}`).pluck(),
            revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
            keyByHash: db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?'),
            dataVersion: db.prepare('PRAGMA data_version').pluck(),
            anyAccount: db.prepare('SELECT * FROM accounts LIMIT 1'),
            retire: db.prepare('DELETE FROM svc_instances WHERE id = ?'),
            fingerprints: db
                .prepare<[], string>('SELECT fingerprint FROM session_secret_fingerprints ORDER BY first_seen_at, fingerprint')
                .pluck(),
            addFingerprint: db.prepare(
                'INSERT INTO session_secret_fingerprints (fingerprint, first_seen_at) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING',
            ),
        };
    }

    async createAccount(email: string, creditReads: number, passwordHash?: string): Promise<Account> {
        const row: AccountRow = { id: `acct_${randomBase62(16)}`, email, credit_reads: creditReads, created_at: new Date().toISOString() };
        try {
            await this.gate.write(() =>
                this.stmts.insertAccount.run(row.id, row.email, row.credit_reads, row.created_at, passwordHash ?? null),
            );
        } catch (e) {
            if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
                throw new AccountExistsError(`an account with email ${email} exists`);
            throw e;
        }
        return toAccount(row);
    }

    async findAccountByEmail(email: string): Promise<Account | undefined> {
        const r = await this.gate.read(() => this.stmts.accountByEmail.get(email));
        return r && toAccount(r);
    }

    async getAccount(id: string): Promise<Account | undefined> {
        const r = await this.gate.read(() => this.stmts.accountById.get(id));
        return r && toAccount(r);
    }

    async addCredit(email: string, reads: number): Promise<Account | undefined> {
        // One transaction, so a retried write never adds the credit twice.
        const r = await this.gate.write(() =>
            this.db
                .transaction(() => {
                    this.stmts.addCredit.run(reads, email);
                    return this.stmts.accountByEmail.get(email);
                })
                .immediate(),
        );
        return r && toAccount(r);
    }

    async heldReads(accountId: string): Promise<number> {
        return this.gate.read(() => this.stmts.heldReads.get(accountId) ?? 0);
    }

    async createKey(key: NewKey): Promise<KeyRecord | undefined> {
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
        const inserted = await this.gate.write(() =>
            this.db
                .transaction(() => {
                    if (key.maxActive !== undefined && this.stmts.activeKeys.get(key.accountId, row.created_at)! >= key.maxActive)
                        return false;
                    this.stmts.insertKey.run(
                        row.id,
                        row.account_id,
                        row.name,
                        row.prefix,
                        row.hash,
                        row.scopes,
                        row.created_at,
                        row.expires_at,
                    );
                    return true;
                })
                .immediate(),
        );
        return inserted ? this.ownWrite(toKey(row)) : undefined;
    }

    async listKeys(accountId: string): Promise<KeyRecord[]> {
        return (await this.gate.read(() => this.stmts.keysOf.all(accountId))).map(toKey);
    }

    async listActiveKeys(accountId: string, at: string): Promise<KeyRecord[]> {
        return (await this.gate.read(() => this.stmts.activeKeysOf.all(accountId, at))).map(toKey);
    }

    async listKeysForPanel(accountId: string, at: string, inactiveLimit: number): Promise<{ keys: KeyRecord[]; olderInactive: number }> {
        // One read transaction: the rows and the count see the same keys.
        return this.gate.read(() =>
            this.db.transaction(() => ({
                keys: this.stmts.panelKeysOf.all({ account: accountId, at, limit: inactiveLimit }).map(toKey),
                olderInactive: Math.max(0, this.stmts.inactiveKeys.get(accountId, at)! - inactiveLimit),
            }))(),
        );
    }

    async getKey(accountId: string, id: string): Promise<KeyRecord | undefined> {
        const r = await this.gate.read(() => this.stmts.keyOf.get(id, accountId));
        return r && toKey(r);
    }

    async revokeKey(id: string): Promise<boolean> {
        return this.ownWrite((await this.gate.write(() => this.stmts.revoke.run(new Date().toISOString(), id))).changes === 1);
    }

    async findKeyByHash(hash: Buffer): Promise<KeyLookup | undefined> {
        return this.gate.read(() => this.lookUpKey(hash));
    }

    private lookUpKey(hash: Buffer): KeyLookup | undefined {
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
        return (await this.gate.write(() => this.stmts.reserve.run(reads, accountId, reads))).changes === 1;
    }

    async refundCredit(accountId: string, reads: number): Promise<void> {
        if (reads > 0) await this.gate.write(() => this.stmts.refund.run(reads, accountId));
    }

    async openReservation(r: NewReservation): Promise<boolean> {
        return this.gate.write(() => this.reservations.open(r));
    }

    async settleReservation(r: { id: string; accountId: string }, usedReads: number, at: string): Promise<Settlement> {
        return this.gate.write(() => this.reservations.settle(r, usedReads, at));
    }

    async heartbeat(instanceId: string, holding: readonly string[] = []): Promise<void> {
        this.watch?.check(true);
        // One process owns the file: its clock is the database's (store-types.ts).
        await this.gate.write(() => this.reservations.heartbeat(instanceId, holding));
    }

    async retireInstance(instanceId: string): Promise<void> {
        await this.gate.write(() => this.stmts.retire.run(instanceId));
    }

    async reconcileReservations(deadAfterMs: number, maxHoldMs: number): Promise<number> {
        return this.gate.write(() => this.reservations.reconcile(deadAfterMs, maxHoldMs));
    }

    async sessionSecretFingerprints(): Promise<string[]> {
        return this.gate.read(() => this.stmts.fingerprints.all());
    }

    async addSessionSecretFingerprint(fingerprint: string): Promise<void> {
        await this.gate.write(() => this.stmts.addFingerprint.run(fingerprint, new Date().toISOString()));
    }

    /**
     * Ready when the path still names the file open, a row can be read, no other connection holds the
     * write lock and the last write got through (the heartbeat writes every 10 s): a deleted or
     * replaced, locked, full, read-only or corrupt file is not ready.
     */
    async ping(): Promise<void> {
        this.watch?.check(true);
        if (this.gate.busy) throw new DependencyUnavailableError('database', new Error('database is locked by another connection'));
        if (this.gate.lastWriteFault !== undefined) throw this.gate.lastWriteFault;
        await this.gate.read(() => this.stmts.anyAccount.get());
    }

    /** Run after the connection closes (the server's data-folder lock, store/data-dir-lock.ts). */
    onClose?: () => void;

    async close(): Promise<void> {
        if (this.db.open) this.db.close();
        this.onClose?.();
        this.onClose = undefined;
    }
}
