// The Store on PostgreSQL (node-postgres, pooled), for several instances sharing accounts, keys and
// credit. Every operation that must be atomic is one statement (credit: one conditional UPDATE …
// RETURNING), so instances never need a lock of their own. Instances may remember keys (auth/key-cache.ts)
// under the key epoch kept in Redis: a revocation here replaces that epoch (keyEpoch), so a key
// revoked through any instance or the CLI is refused everywhere on the next request.
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import { randomBase62 } from '../text/random-base62.js';
import { PgPanelStore, isoOf, pgAccount, unstorable, type PgAccountRow } from './pg-panel-store.js';
import type { KeyEpoch } from '../limits/counters-types.js';
import { PgPool, type PgPoolOptions } from './pg-pool.js';
import { pgHeartbeat, pgOpenReservation, pgReconcileReservations, pgSettleReservation } from './pg-reservations.js';
import {
    AccountExistsError,
    type Account,
    type KeyLookup,
    type KeyRecord,
    type NewKey,
    type NewReservation,
    type RevokeOptions,
    type Settlement,
    type Store,
} from './store-types.js';

interface PgKeyRow {
    id: string;
    account_id: string;
    name: string;
    prefix: string;
    hash: Buffer;
    scopes: string[];
    created_at: Date;
    expires_at: Date | null;
    revoked_at: Date | null;
    last_used_at: Date | null;
}

const toKey = (r: PgKeyRow): KeyRecord => ({
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdAt: r.created_at.toISOString(),
    expiresAt: isoOf(r.expires_at),
    revokedAt: isoOf(r.revoked_at),
    lastUsedAt: isoOf(r.last_used_at),
});

/** A key neither revoked nor expired at the time in parameter `at`, and its opposite. */
const active = (at: string): string => `(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at}::timestamptz))`;
const inactive = (at: string): string => `(revoked_at IS NOT NULL OR expires_at <= ${at}::timestamptz)`;

export interface PgStoreOptions extends PgPoolOptions {
    /** Told of every revocation (Redis's key epoch); without it, no instance may cache keys. */
    keyEpoch?: KeyEpoch & { close?(): Promise<void> };
    /** Close keyEpoch with the store (a client of its own, as the CLI's). */
    ownsKeyEpoch?: boolean;
}

/** A store on the database at `url` (tables are created or migrated by the first query). */
export function openPgStore(url: string, options: PgStoreOptions = {}): PgStore {
    const owned = options.ownsKeyEpoch ? options.keyEpoch : undefined;
    return new PgStore(new PgPool(url, options), options.keyEpoch, owned?.close?.bind(owned));
}

export class PgStore extends PgPanelStore implements Store {
    /** Retries the key epoch change that a revocation could not make after its update (revokeKey). */
    private bumpRetry?: NodeJS.Timeout;

    constructor(
        db: PgPool,
        private readonly keyEpoch?: KeyEpoch,
        private readonly closeKeyEpoch?: () => Promise<void>,
    ) {
        super(db);
    }

    async createAccount(email: string, creditReads: number, passwordHash?: string): Promise<Account> {
        const id = `acct_${randomBase62(16)}`;
        try {
            const r = await this.db.query<PgAccountRow>(
                'INSERT INTO accounts (id, email, credit_reads, created_at, password_hash) VALUES ($1, $2, $3, now(), $4) RETURNING *',
                [id, email, creditReads, passwordHash ?? null],
            );
            return pgAccount(r.rows[0]!);
        } catch (e) {
            if ((e as { code?: string }).code === '23505') throw new AccountExistsError(`an account with email ${email} exists`);
            throw e;
        }
    }

    async findAccountByEmail(email: string): Promise<Account | undefined> {
        if (unstorable(email)) return undefined;
        const r = (await this.db.query<PgAccountRow>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email])).rows[0];
        return r && pgAccount(r);
    }

    async getAccount(id: string): Promise<Account | undefined> {
        const r = (await this.db.query<PgAccountRow>('SELECT * FROM accounts WHERE id = $1', [id])).rows[0];
        return r && pgAccount(r);
    }

    async addCredit(email: string, reads: number): Promise<Account | undefined> {
        if (unstorable(email)) return undefined;
        const r = (
            await this.db.query<PgAccountRow>(
                'UPDATE accounts SET credit_reads = greatest(0, credit_reads + $1) WHERE lower(email) = lower($2) RETURNING *',
                [reads, email],
            )
        ).rows[0];
        return r && pgAccount(r);
    }

    async heldReads(accountId: string): Promise<number> {
        const r = await this.db.query<{ held: number }>(
            'SELECT coalesce(sum(reads), 0)::bigint AS held FROM credit_reservations WHERE account_id = $1 AND outcome IS NULL',
            [accountId],
        );
        return r.rows[0]?.held ?? 0;
    }

    async createKey(key: NewKey): Promise<KeyRecord | undefined> {
        return this.db.transaction(async (c) => {
            // The account's row lock orders the creations of one account: each counts the others' keys.
            await c.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [key.accountId]);
            if (key.maxActive !== undefined) {
                const active = await c.query<{ n: number }>(
                    `SELECT count(*)::int AS n FROM api_keys
                    WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
                    [key.accountId],
                );
                if (active.rows[0]!.n >= key.maxActive) return undefined;
            }
            const r = await c.query<PgKeyRow>(
                `INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at, expires_at)
                VALUES ($1, $2, $3, $4, $5, $6, now(), $7) RETURNING *`,
                [`key_${randomBase62(16)}`, key.accountId, key.name, key.prefix, key.hash, key.scopes, key.expiresAt],
            );
            return toKey(r.rows[0]!);
        });
    }

    async listKeys(accountId: string): Promise<KeyRecord[]> {
        return (
            await this.db.query<PgKeyRow>('SELECT * FROM api_keys WHERE account_id = $1 ORDER BY created_at, id', [accountId])
        ).rows.map(toKey);
    }

    async listActiveKeys(accountId: string, at: string): Promise<KeyRecord[]> {
        return (
            await this.db.query<PgKeyRow>(`SELECT * FROM api_keys WHERE account_id = $1 AND ${active('$2')} ORDER BY created_at, id`, [
                accountId,
                at,
            ])
        ).rows.map(toKey);
    }

    async listKeysForPanel(accountId: string, at: string, inactiveLimit: number): Promise<{ keys: KeyRecord[]; olderInactive: number }> {
        // One statement, so the rows and the count see the same keys; with no key at all, the one row
        // is the count's, its key columns null.
        const r = await this.db.query<PgKeyRow & { inactive: number }>(
            `WITH shown AS (SELECT * FROM api_keys WHERE account_id = $1 AND ${active('$2')}
                UNION ALL (SELECT * FROM api_keys WHERE account_id = $1 AND ${inactive('$2')} ORDER BY created_at DESC, id DESC LIMIT $3))
            SELECT shown.*, n.inactive FROM (SELECT count(*)::int AS inactive FROM api_keys WHERE account_id = $1 AND ${inactive('$2')}) n
            LEFT JOIN shown ON true ORDER BY shown.created_at, shown.id`,
            [accountId, at, inactiveLimit],
        );
        return {
            keys: r.rows.filter((k) => k.id !== null).map(toKey),
            olderInactive: Math.max(0, r.rows[0]!.inactive - inactiveLimit),
        };
    }

    async getKey(accountId: string, id: string): Promise<KeyRecord | undefined> {
        const r = (await this.db.query<PgKeyRow>('SELECT * FROM api_keys WHERE id = $1 AND account_id = $2', [id, accountId])).rows[0];
        return r && toKey(r);
    }

    /**
     * The epoch is replaced before (Redis unreachable: nothing is revoked, the caller is told) and
     * after the change (a cache refilled in between read the key unrevoked), and only for a key that
     * is unrevoked: every change empties every instance's key cache, and re-revoking a revoked key
     * through the panel, in a loop, let any tenant keep them all empty. `announceAgain` (the CLI)
     * replaces it for a revoked key all the same, so running `svc keys revoke` again after a failure
     * between the two changes makes the second. This store also tries that change again every
     * second until Redis takes it (the panel shows the key revoked, with no Revoke button to run again).
     */
    async revokeKey(id: string, options: RevokeOptions = {}): Promise<boolean> {
        if (this.keyEpoch) {
            // Read before the first change; a revocation racing this one costs one change more, no loop.
            const sql = 'SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1';
            const row = (await this.db.query<{ revoked: boolean }>(sql, [id])).rows[0];
            if (!row || (row.revoked && !options.announceAgain)) return false;
            await this.keyEpoch.bumpKeyEpoch();
        }
        const r = await this.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
        const revoked = r.rowCount === 1;
        if (this.keyEpoch && (revoked || options.announceAgain)) {
            try {
                await this.keyEpoch.bumpKeyEpoch();
            } catch (e) {
                this.bumpLater(this.keyEpoch);
                throw e;
            }
        }
        return revoked;
    }

    private bumpLater(keyEpoch: KeyEpoch): void {
        if (this.bumpRetry) return;
        const timer = setInterval(() => {
            keyEpoch.bumpKeyEpoch().then(
                () => {
                    clearInterval(timer);
                    if (this.bumpRetry === timer) this.bumpRetry = undefined;
                },
                () => {}, // still unreachable: the next second
            );
        }, 1000).unref();
        this.bumpRetry = timer;
    }

    async findKeyByHash(hash: Buffer): Promise<KeyLookup | undefined> {
        const r = (await this.db.query<PgKeyRow>('SELECT * FROM api_keys WHERE hash = $1', [hash], 'svc_key_by_hash')).rows[0];
        return r && { ...toKey(r), hash: r.hash };
    }

    async reserveCredit(accountId: string, reads: number): Promise<boolean> {
        const r = await this.db.query(
            'UPDATE accounts SET credit_reads = credit_reads - $2 WHERE id = $1 AND credit_reads >= $2 RETURNING credit_reads',
            [accountId, reads],
        );
        return r.rowCount === 1;
    }

    async refundCredit(accountId: string, reads: number): Promise<void> {
        if (reads > 0) await this.db.query('UPDATE accounts SET credit_reads = credit_reads + $2 WHERE id = $1', [accountId, reads]);
    }

    async openReservation(r: NewReservation): Promise<boolean> {
        return pgOpenReservation(this.db, r);
    }

    async settleReservation(r: { id: string; accountId: string }, usedReads: number, at: string): Promise<Settlement> {
        return pgSettleReservation(this.db, r, usedReads, at);
    }

    async heartbeat(instanceId: string, holding: readonly string[] = []): Promise<void> {
        await pgHeartbeat(this.db, instanceId, holding);
    }

    async retireInstance(instanceId: string): Promise<void> {
        await this.db.query('DELETE FROM svc_instances WHERE id = $1', [instanceId]);
    }

    async reconcileReservations(deadAfterMs: number, maxHoldMs: number): Promise<number> {
        return pgReconcileReservations(this.db, deadAfterMs, maxHoldMs);
    }

    async sessionSecretFingerprints(): Promise<string[]> {
        const r = await this.db.query<{ fingerprint: string }>(
            'SELECT fingerprint FROM session_secret_fingerprints ORDER BY first_seen_at, fingerprint',
        );
        return r.rows.map((row) => row.fingerprint);
    }

    async addSessionSecretFingerprint(fingerprint: string): Promise<void> {
        // Instances starting together with one secret insert it together: the first row stays.
        await this.db.query('INSERT INTO session_secret_fingerprints (fingerprint) VALUES ($1) ON CONFLICT (fingerprint) DO NOTHING', [
            fingerprint,
        ]);
    }

    /**
     * Readiness: the database answers and this session may write (not a standby, not
     * default_transaction_read_only): every extraction, sign-in and key use writes. Asked, not
     * tried, so a check never leaves anything behind.
     */
    async ping(): Promise<void> {
        const r = await this.db.query<{ recovery: boolean; read_only: string }>(
            "SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only",
        );
        if (r.rows[0]!.recovery || r.rows[0]!.read_only === 'on')
            throw new DependencyUnavailableError('database', new Error('the database is read-only'));
    }

    async close(): Promise<void> {
        clearInterval(this.bumpRetry);
        await this.db.close();
        await this.closeKeyEpoch?.();
    }
}
