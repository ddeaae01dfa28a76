// The panel's half of the PostgreSQL store (panel-store-types.ts); PgStore extends it. Each method is
// one statement, so each is atomic without an explicit transaction.
import type { Account } from './store-types.js';
import type { DailyReads, PanelSessionRecord, PanelStore, PaymentResult } from './panel-store-types.js';
import { LOGIN_FAILURE_RETENTION_MS, PANEL_SESSION_RETENTION_MS, isoBefore, utcDay } from './panel-store-support.js';
import type { PgPool } from './pg-pool.js';

export interface PgAccountRow {
    id: string;
    email: string;
    credit_reads: number;
    created_at: Date;
    password_hash: string | null;
}

export const pgAccount = (r: PgAccountRow): Account => ({
    id: r.id,
    email: r.email,
    creditReads: r.credit_reads,
    createdAt: r.created_at.toISOString(),
});
export const isoOf = (d: Date | null): string | null => (d === null ? null : d.toISOString());
/** PostgreSQL text cannot hold NUL (it refuses the query, 22021): no account's email has one. */
export const unstorable = (text: string): boolean => text.includes('\0');

export class PgPanelStore implements PanelStore {
    constructor(protected readonly db: PgPool) {}

    async setPasswordHash(email: string, passwordHash: string): Promise<boolean> {
        if (unstorable(email)) return false;
        // A new password ends every browser session of the account (one signed in with the old one).
        const r = await this.db.query<{ n: number }>(
            `WITH changed AS (UPDATE accounts SET password_hash = $1 WHERE lower(email) = lower($2) RETURNING id),
            ended AS (DELETE FROM panel_sessions WHERE account_id IN (SELECT id FROM changed))
            SELECT count(*)::int AS n FROM changed`,
            [passwordHash, email],
        );
        return r.rows[0]!.n === 1;
    }

    async findLogin(email: string): Promise<{ account: Account; passwordHash: string | null } | undefined> {
        if (unstorable(email)) return undefined;
        const r = (await this.db.query<PgAccountRow>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email])).rows[0];
        return r && { account: pgAccount(r), passwordHash: r.password_hash };
    }

    async recordLoginFailure(accountId: string, at: string): Promise<void> {
        await this.db.query(
            `WITH pruned AS (DELETE FROM login_failures WHERE account_id = $1 AND at < $3)
            INSERT INTO login_failures (account_id, at) VALUES ($1, $2)`,
            [accountId, at, isoBefore(at, LOGIN_FAILURE_RETENTION_MS)],
        );
    }

    async countLoginFailures(accountId: string, since: string): Promise<number> {
        return (
            await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE account_id = $1 AND at >= $2', [
                accountId,
                since,
            ])
        ).rows[0]!.n;
    }

    async forgetLoginFailure(accountId: string, at: string): Promise<void> {
        await this.db.query(
            'DELETE FROM login_failures WHERE ctid IN (SELECT ctid FROM login_failures WHERE account_id = $1 AND at = $2 LIMIT 1)',
            [accountId, at],
        );
    }

    async createPanelSession(hash: Buffer, accountId: string, at: string): Promise<void> {
        await this.db.query(
            `WITH pruned AS (DELETE FROM panel_sessions WHERE last_seen_at < $4)
            INSERT INTO panel_sessions (hash, account_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)
            ON CONFLICT (hash) DO UPDATE SET account_id = excluded.account_id, created_at = excluded.created_at, last_seen_at = excluded.last_seen_at`,
            [hash, accountId, at, isoBefore(at, PANEL_SESSION_RETENTION_MS)],
        );
    }

    async findPanelSession(hash: Buffer): Promise<PanelSessionRecord | undefined> {
        const r = (
            await this.db.query<{ account_id: string; created_at: Date; last_seen_at: Date }>(
                'SELECT account_id, created_at, last_seen_at FROM panel_sessions WHERE hash = $1',
                [hash],
            )
        ).rows[0];
        return r && { accountId: r.account_id, createdAt: r.created_at.toISOString(), lastSeenAt: r.last_seen_at.toISOString() };
    }

    async touchPanelSession(hash: Buffer, at: string): Promise<void> {
        await this.db.query('UPDATE panel_sessions SET last_seen_at = $2 WHERE hash = $1', [hash, at]);
    }

    async deletePanelSession(hash: Buffer): Promise<void> {
        await this.db.query('DELETE FROM panel_sessions WHERE hash = $1', [hash]);
    }

    async recordReads(accountId: string, reads: number, at: string): Promise<void> {
        if (reads > 0) await this.db.query(ADD_READS, [accountId, utcDay(at), reads]);
    }

    async readsByDay(accountId: string, sinceDay: string): Promise<DailyReads[]> {
        return (
            await this.db.query<DailyReads>(
                'SELECT day::text AS day, reads FROM usage_daily WHERE account_id = $1 AND day >= $2 AND reads > 0 ORDER BY day',
                [accountId, sinceDay],
            )
        ).rows;
    }

    async creditPayment(paymentId: string, email: string, reads: number, amountEur: string): Promise<PaymentResult | undefined> {
        if (unstorable(email)) return undefined;
        // One statement: a concurrent delivery of the same id waits on the primary key and inserts nothing.
        const r = (
            await this.db.query<{ known: number; credit: number | null }>(
                `WITH acct AS (SELECT id FROM accounts WHERE lower(email) = lower($2)),
            ins AS (INSERT INTO payments (id, account_id, reads, amount_eur, created_at) SELECT $1, id, $3, $4, now() FROM acct
                ON CONFLICT (id) DO NOTHING RETURNING account_id),
            upd AS (UPDATE accounts a SET credit_reads = a.credit_reads + $3 FROM ins WHERE a.id = ins.account_id RETURNING a.credit_reads)
            SELECT (SELECT count(*) FROM acct)::int AS known, (SELECT credit_reads FROM upd) AS credit`,
                [paymentId, email, reads, amountEur],
            )
        ).rows[0]!;
        if (r.known === 0) return undefined;
        return r.credit === null ? { credited: false, duplicate: true } : { credited: true, duplicate: false, creditReads: r.credit };
    }

    async touchKey(id: string, at: string): Promise<void> {
        await this.db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [id, at]);
    }
}

const ADD_READS = `INSERT INTO usage_daily (account_id, day, reads) VALUES ($1, $2, $3)
    ON CONFLICT (account_id, day) DO UPDATE SET reads = usage_daily.reads + excluded.reads`;
