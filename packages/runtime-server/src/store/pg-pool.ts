// The node-postgres pool of the PostgreSQL store: connection settings, errors that mean "unreachable"
// turned into DependencyUnavailableError, and migrations under an advisory lock so instances that
// start together migrate once. Migrating is retried on the next query after a failure, so a server
// started while PostgreSQL is down becomes ready when it comes up, without a restart.
import pg from 'pg';
import { DependencyUnavailableError, isUnreachable } from '../deps/dependency-errors.js';
import { PG_MIGRATIONS } from './pg-schema.js';

/** An arbitrary constant naming the migration lock (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK = 0x5356_4301;

// bigint as number (credit fits easily in 2^53), dates as their text: one parser set for this
// pool only, so nothing process-wide changes.
const TYPES = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === 20) return (v: string) => Number(v);
        if (oid === 1082) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
    },
};

export interface PgPoolOptions {
    /** Most connections this instance opens (SVC_PG_POOL_MAX, default 10). */
    max?: number;
    /** How long the server may run one statement before it cancels it (default 5 s; tests shorten it). */
    statementTimeoutMs?: number;
    /** How long this client waits for an answer (default 10 s: longer, so a slow statement is the server's to cancel). */
    queryTimeoutMs?: number;
    onError?: (e: unknown) => void;
}

export class PgPool {
    readonly pool: pg.Pool;
    private migrated?: Promise<void>;

    constructor(url: string, options: PgPoolOptions = {}) {
        this.pool = new pg.Pool({
            connectionString: url,
            max: options.max ?? 10,
            types: TYPES as pg.CustomTypesConfig,
            connectionTimeoutMillis: 3000,
            idleTimeoutMillis: 30_000,
            // The server gives up on a statement before the client does: a statement slow on the server
            // (a lock wait, load) is cancelled there and answered with an error, so it cannot commit
            // after the client stopped waiting. Only an answer that never arrives (a frozen server or
            // network) leaves a statement in doubt; the credit ledger settles those again by id.
            statement_timeout: options.statementTimeoutMs ?? 5_000,
            query_timeout: options.queryTimeoutMs ?? 10_000,
        });
        // An idle connection that dies (the server restarted) must not crash the process.
        this.pool.on('error', (e) => options.onError?.(e));
    }

    /**
     * One statement; a `name` makes it a prepared statement, parsed and planned once per connection
     * (hot paths). What pool.query does, in two steps so a failure tells whether the statement was
     * sent: one that was, and got no answer, may have committed (DependencyUnavailableError.inDoubt).
     */
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<pg.QueryResult<R>> {
        let client: pg.PoolClient;
        try {
            await this.ready();
            client = await this.pool.connect();
        } catch (e) {
            throw isUnreachable(e) ? new DependencyUnavailableError('database', e) : e;
        }
        // As pool.query: a connection lost while checked out emits 'error' (the query fails too), which
        // must not go unheard; and a connection that failed a query is closed, not reused.
        const ignore = (): void => {};
        client.on('error', ignore);
        try {
            const result = await client.query<R>({ text, values, name });
            client.release();
            return result;
        } catch (e) {
            client.release(e as Error);
            // The server's own error (a DatabaseError) means the statement did not commit.
            throw isUnreachable(e) ? new DependencyUnavailableError('database', e, !(e instanceof pg.DatabaseError)) : e;
        } finally {
            client.removeListener('error', ignore);
        }
    }

    /** Runs `work` in one transaction on one connection. */
    async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
        let client: pg.PoolClient;
        try {
            await this.ready();
            client = await this.pool.connect();
        } catch (e) {
            throw isUnreachable(e) ? new DependencyUnavailableError('database', e) : e;
        }
        const ignore = (): void => {}; // as in query(): a connection lost meanwhile fails the work instead
        client.on('error', ignore);
        let failed: Error | undefined;
        try {
            await client.query('BEGIN');
            const result = await work(client);
            await client.query('COMMIT');
            return result;
        } catch (e) {
            failed = e as Error;
            await client.query('ROLLBACK').catch(() => {});
            throw isUnreachable(e) ? new DependencyUnavailableError('database', e, !(e instanceof pg.DatabaseError)) : e;
        } finally {
            client.removeListener('error', ignore);
            client.release(failed !== undefined && !(failed instanceof pg.DatabaseError) ? failed : undefined);
        }
    }

    async close(): Promise<void> {
        if (!this.pool.ended && !this.pool.ending) await this.pool.end();
    }

    /** Migrated once per pool; a failed attempt is retried by the next caller. */
    private ready(): Promise<void> {
        return (this.migrated ??= this.migrate().catch((e) => {
            this.migrated = undefined;
            throw e;
        }));
    }

    private async migrate(): Promise<void> {
        const client = await this.pool.connect();
        try {
            await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
            try {
                await client.query(
                    'CREATE TABLE IF NOT EXISTS svc_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
                );
                const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM svc_migrations');
                for (let v = rows[0]?.v ?? 0; v < PG_MIGRATIONS.length; v++) {
                    await client.query('BEGIN');
                    try {
                        await client.query(PG_MIGRATIONS[v]!);
                        await client.query('INSERT INTO svc_migrations (version) VALUES ($1)', [v + 1]);
                        await client.query('COMMIT');
                    } catch (e) {
                        await client.query('ROLLBACK').catch(() => {});
                        throw e;
                    }
                }
            } finally {
                await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
            }
        } finally {
            client.release();
        }
    }
}
