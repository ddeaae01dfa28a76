// Tables of the SQLite store, versioned with PRAGMA user_version so later versions migrate in order.
// Keys are stored only as SHA-256 digest and 12-character prefix (docs/runtime-server.md).

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
];
