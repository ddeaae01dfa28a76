// Tables of the PostgreSQL store, applied in order at start-up (pg-pool.ts); each entry runs once
// and is recorded in svc_migrations. The same data as the SQLite store (sqlite-schema.ts).

export const PG_MIGRATIONS: readonly string[] = [
    `CREATE TABLE accounts (
        id text PRIMARY KEY,
        email text NOT NULL,
        credit_reads bigint NOT NULL CHECK (credit_reads >= 0),
        created_at timestamptz NOT NULL,
        password_hash text
    );
    CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));
    CREATE TABLE api_keys (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        name text NOT NULL,
        prefix text NOT NULL,
        hash bytea NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz
    );
    CREATE INDEX api_keys_account ON api_keys (account_id);
    CREATE INDEX api_keys_prefix ON api_keys (prefix);
    CREATE TABLE login_failures (
        account_id text NOT NULL REFERENCES accounts(id),
        at timestamptz NOT NULL
    );
    CREATE INDEX login_failures_account_at ON login_failures (account_id, at);
    CREATE TABLE panel_sessions (
        hash bytea PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
    );
    CREATE INDEX panel_sessions_last_seen ON panel_sessions (last_seen_at);
    CREATE TABLE usage_daily (
        account_id text NOT NULL REFERENCES accounts(id),
        day date NOT NULL,
        reads bigint NOT NULL,
        PRIMARY KEY (account_id, day)
    );
    CREATE TABLE payments (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        reads bigint NOT NULL,
        amount_eur text NOT NULL,
        created_at timestamptz NOT NULL
    );
    CREATE TABLE credit_reservations (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id),
        reads bigint NOT NULL CHECK (reads >= 0),
        instance_id text NOT NULL,
        opened_at timestamptz NOT NULL
    );
    CREATE INDEX credit_reservations_instance ON credit_reservations (instance_id);
    CREATE TABLE svc_instances (
        id text PRIMARY KEY,
        seen_at timestamptz NOT NULL
    );`,
    // 2: a reservation that reconciliation refunds is kept, marked, so that its extraction's
    // settlement, or a retry of a settlement whose answer was lost, charges exactly once
    // (pg-reservations.ts). Closed rows hold 0 reads: an earlier version's reconciliation, which
    // deletes rows and refunds their reads, gives nothing back for them.
    `ALTER TABLE credit_reservations
        ADD COLUMN outcome text CHECK (outcome IN ('refunded', 'recharged', 'cancelled')),
        ADD COLUMN closed_reads bigint,
        ADD COLUMN closed_at timestamptz;`,
    // 3: fingerprints of every secret that signed sessions here (config/secret-fingerprint.ts), as
    // sqlite-schema.ts's migration 5.
    `CREATE TABLE session_secret_fingerprints (
        fingerprint text PRIMARY KEY CHECK (length(fingerprint) = 32),
        first_seen_at timestamptz NOT NULL DEFAULT now()
    );`,
];
