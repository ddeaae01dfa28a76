// Tables of the SQLite store, versioned with PRAGMA user_version so later versions migrate in order.
// Keys are stored only as SHA-256 digest and 12-character prefix (docs/runtime-server.md).
import type Database from 'better-sqlite3';
import { ConfigError } from '../config/server-config.js';

export const MIGRATIONS: readonly string[] = [
    `CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        credit_reads INTEGER NOT NULL CHECK (credit_reads >= 0),
        created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        prefix TEXT NOT NULL,
        hash BLOB NOT NULL UNIQUE,
        scopes TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT,
        revoked_at TEXT
    );
    CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys(account_id);`,
    // 2: what the panel needs (panel-store-types.ts): passwords, sign-in failures, browser sessions,
    // reads per day, payments credited once, and when a key was last used.
    `ALTER TABLE accounts ADD COLUMN password_hash TEXT;
    ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
    CREATE TABLE login_failures (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        at TEXT NOT NULL
    );
    CREATE INDEX login_failures_account_at ON login_failures(account_id, at);
    CREATE TABLE panel_sessions (
        hash BLOB PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
    );
    CREATE INDEX panel_sessions_last_seen ON panel_sessions(last_seen_at);
    CREATE TABLE usage_daily (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        day TEXT NOT NULL,
        reads INTEGER NOT NULL,
        PRIMARY KEY (account_id, day)
    ) WITHOUT ROWID;
    CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        reads INTEGER NOT NULL,
        amount_eur TEXT NOT NULL,
        created_at TEXT NOT NULL
    );`,
    // 3: credit held by extractions while they read, and the instances holding it (docs/deploy.md).
    `CREATE TABLE credit_reservations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        reads INTEGER NOT NULL CHECK (reads >= 0),
        instance_id TEXT NOT NULL,
        opened_at TEXT NOT NULL
    );
    CREATE INDEX credit_reservations_instance ON credit_reservations(instance_id);
    CREATE TABLE svc_instances (
        id TEXT PRIMARY KEY,
        seen_at TEXT NOT NULL
    );`,
    // 4: reservations that reconciliation refunds are kept, marked, so a settlement charges exactly
    // once (sqlite-reservations.ts, as pg-schema.ts's migration 2).
    `ALTER TABLE credit_reservations ADD COLUMN outcome TEXT;
    ALTER TABLE credit_reservations ADD COLUMN closed_reads INTEGER;
    ALTER TABLE credit_reservations ADD COLUMN closed_at TEXT;`,
    // 5: fingerprints of every secret that signed sessions here (config/secret-fingerprint.ts), so a
    // start with none of them (a backup restored without its secret) is noticed; never the secrets.
    `CREATE TABLE session_secret_fingerprints (
        fingerprint TEXT PRIMARY KEY CHECK (length(fingerprint) = 32),
        first_seen_at TEXT NOT NULL
    ) WITHOUT ROWID;`,
];

/** A database written by a newer svc: this version does not know its schema (docs/deploy.md, "Backups"). */
export class NewerSchemaError extends ConfigError {}

/** Brings the file up to MIGRATIONS.length; refuses a file from a newer version rather than guess. */
export function migrate(db: Database.Database): void {
    // IMMEDIATE takes the write lock first, so a CLI and a server starting together migrate once.
    db.transaction(() => {
        const version = db.pragma('user_version', { simple: true }) as number;
        if (version > MIGRATIONS.length) {
            throw new NewerSchemaError(
                `${db.name} has schema version ${version}, newer than this svc's ${MIGRATIONS.length}: it was written by a later release; run that release (or restore a backup taken before the upgrade)`,
            );
        }
        for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!);
        if (version < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
    }).immediate();
}
