// The panel's half of the SQLite store (panel-store-types.ts). SqliteStore extends this class, so
// the connection setup and migrations live here, before either half prepares its statements.
import type Database from 'better-sqlite3';
import type { Account } from './store-types.js';
import type { DailyReads, PanelSessionRecord, PanelStore, PaymentResult } from './panel-store-types.js';
import { LOGIN_FAILURE_RETENTION_MS, PANEL_SESSION_RETENTION_MS, isoBefore, utcDay } from './panel-store-support.js';
import { migrate } from './sqlite-schema.js';
import { BusyGate, CLI_BUSY, type BusyPolicy } from './sqlite-busy.js';

export interface AccountRow {
    id: string;
    email: string;
    credit_reads: number;
    created_at: string;
    password_hash?: string | null;
}

export const toAccount = (r: AccountRow): Account => ({ id: r.id, email: r.email, creditReads: r.credit_reads, createdAt: r.created_at });
const iso = (at: string): string => new Date(Date.parse(at)).toISOString();

export class SqlitePanelStore implements PanelStore {
    private readonly panel;
    /** Busy waits and store faults (sqlite-busy.ts): every public method goes through it. */
    protected readonly gate: BusyGate;

    constructor(
        protected readonly db: Database.Database,
        policy: BusyPolicy = CLI_BUSY,
    ) {
        // Start-up may wait for the lock (nothing is served yet); requests later wait only briefly.
        db.pragma('busy_timeout = 5000');
        db.pragma('journal_mode = WAL');
        // FULL: in WAL mode NORMAL does not sync at commit, so an acknowledged revocation, payment or
        // charge could roll back after a power loss (docs/deploy.md, "Durability"; about 0.3 ms a commit here).
        db.pragma('synchronous = FULL');
        db.pragma('foreign_keys = ON');
        migrate(db);
        db.pragma(`busy_timeout = ${policy.busyTimeoutMs}`);
        this.gate = new BusyGate(policy);
        this.panel = {
            setPassword: db.prepare('UPDATE accounts SET password_hash = ? WHERE email = ?'),
            endSessionsOf: db.prepare('DELETE FROM panel_sessions WHERE account_id IN (SELECT id FROM accounts WHERE email = ?)'),
            login: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
            addFailure: db.prepare('INSERT INTO login_failures (account_id, at) VALUES (?, ?)'),
            forgetFailure: db.prepare(
                'DELETE FROM login_failures WHERE rowid IN (SELECT rowid FROM login_failures WHERE account_id = ? AND at = ? LIMIT 1)',
            ),
            pruneFailures: db.prepare('DELETE FROM login_failures WHERE account_id = ? AND at < ?'),
            countFailures: db
                .prepare<[string, string], number>('SELECT count(*) FROM login_failures WHERE account_id = ? AND at >= ?')
                .pluck(),
            createSession: db.prepare(
                'INSERT OR REPLACE INTO panel_sessions (hash, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
            ),
            pruneSessions: db.prepare('DELETE FROM panel_sessions WHERE last_seen_at < ?'),
            findSession: db.prepare<[Buffer], { account_id: string; created_at: string; last_seen_at: string }>(
                'SELECT account_id, created_at, last_seen_at FROM panel_sessions WHERE hash = ?',
            ),
            touchSession: db.prepare('UPDATE panel_sessions SET last_seen_at = ? WHERE hash = ?'),
            deleteSession: db.prepare('DELETE FROM panel_sessions WHERE hash = ?'),
            addReads: db.prepare(
                'INSERT INTO usage_daily (account_id, day, reads) VALUES (?, ?, ?) ON CONFLICT (account_id, day) DO UPDATE SET reads = reads + excluded.reads',
            ),
            readsByDay: db.prepare<[string, string], DailyReads>(
                'SELECT day, reads FROM usage_daily WHERE account_id = ? AND day >= ? AND reads > 0 ORDER BY day',
            ),
            insertPayment: db.prepare(
                'INSERT OR IGNORE INTO payments (id, account_id, reads, amount_eur, created_at) VALUES (?, ?, ?, ?, ?)',
            ),
            credit: db
                .prepare<[number, string], number>(
                    'UPDATE accounts SET credit_reads = credit_reads + ? WHERE id = ? RETURNING credit_reads',
                )
                .pluck(),
            touchKey: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
        };
    }

    async setPasswordHash(email: string, passwordHash: string): Promise<boolean> {
        // A new password ends every browser session of the account (one signed in with the old one).
        return this.gate.write(() =>
            this.db
                .transaction(() => {
                    this.panel.endSessionsOf.run(email);
                    return this.panel.setPassword.run(passwordHash, email).changes === 1;
                })
                .immediate(),
        );
    }

    async findLogin(email: string): Promise<{ account: Account; passwordHash: string | null } | undefined> {
        const r = await this.gate.read(() => this.panel.login.get(email));
        return r && { account: toAccount(r), passwordHash: r.password_hash ?? null };
    }

    async recordLoginFailure(accountId: string, at: string): Promise<void> {
        await this.gate.write(() =>
            this.db
                .transaction(() => {
                    this.panel.pruneFailures.run(accountId, isoBefore(at, LOGIN_FAILURE_RETENTION_MS));
                    this.panel.addFailure.run(accountId, iso(at));
                })
                .immediate(),
        );
    }

    async countLoginFailures(accountId: string, since: string): Promise<number> {
        return this.gate.read(() => this.panel.countFailures.get(accountId, iso(since))!);
    }

    async forgetLoginFailure(accountId: string, at: string): Promise<void> {
        await this.gate.write(() => this.panel.forgetFailure.run(accountId, iso(at)));
    }

    async createPanelSession(hash: Buffer, accountId: string, at: string): Promise<void> {
        await this.gate.write(() =>
            this.db
                .transaction(() => {
                    this.panel.pruneSessions.run(isoBefore(at, PANEL_SESSION_RETENTION_MS));
                    this.panel.createSession.run(hash, accountId, iso(at), iso(at));
                })
                .immediate(),
        );
    }

    async findPanelSession(hash: Buffer): Promise<PanelSessionRecord | undefined> {
        const r = await this.gate.read(() => this.panel.findSession.get(hash));
        return r && { accountId: r.account_id, createdAt: r.created_at, lastSeenAt: r.last_seen_at };
    }

    async touchPanelSession(hash: Buffer, at: string): Promise<void> {
        await this.gate.write(() => this.panel.touchSession.run(iso(at), hash));
    }

    async deletePanelSession(hash: Buffer): Promise<void> {
        await this.gate.write(() => this.panel.deleteSession.run(hash));
    }

    async recordReads(accountId: string, reads: number, at: string): Promise<void> {
        await this.gate.write(() => this.addReads(accountId, reads, at));
    }

    /** recordReads without the promise, for use inside a transaction. */
    protected addReads(accountId: string, reads: number, at: string): void {
        if (reads > 0) this.panel.addReads.run(accountId, utcDay(at), reads);
    }

    async readsByDay(accountId: string, sinceDay: string): Promise<DailyReads[]> {
        return this.gate.read(() => this.panel.readsByDay.all(accountId, sinceDay));
    }

    async creditPayment(paymentId: string, email: string, reads: number, amountEur: string): Promise<PaymentResult | undefined> {
        // One transaction: the payment row and the credit commit together or not at all.
        return this.gate.write(() =>
            this.db
                .transaction((): PaymentResult | undefined => {
                    const account = this.panel.login.get(email);
                    if (!account) return undefined;
                    const at = new Date().toISOString();
                    const fresh = this.panel.insertPayment.run(paymentId, account.id, reads, amountEur, at).changes === 1;
                    if (!fresh) return { credited: false, duplicate: true };
                    return { credited: true, duplicate: false, creditReads: this.panel.credit.get(reads, account.id)! };
                })
                .immediate(),
        );
    }

    async touchKey(id: string, at: string): Promise<void> {
        await this.gate.write(() => this.panel.touchKey.run(iso(at), id));
    }
}
