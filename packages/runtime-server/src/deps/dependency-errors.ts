// PostgreSQL or Redis out of reach, or answering that it cannot serve now (out of memory, read-only).
// Stores and counters throw this instead of their drivers' errors, so the error handler answers 503
// pipeline_unavailable (never a 500, never an uncounted request) and the next request tries again:
// the drivers reconnect by themselves.

export class DependencyUnavailableError extends Error {
    constructor(
        readonly dependency: 'database' | 'redis',
        cause?: unknown,
        /**
         * The statement reached the server and no answer came back (a client-side timeout, a connection
         * lost mid-query): it may have committed all the same. False when it was never sent, or the
         * server answered with an error (then it did not commit).
         */
        readonly inDoubt = false,
    ) {
        super(`${dependency} unavailable${cause instanceof Error ? `: ${cause.message.slice(0, 200)}` : ''}`, { cause });
        this.name = 'DependencyUnavailableError';
    }
}

// Socket-level failures of Node and the drivers' own wording for a lost or refused connection.
const NETWORK_CODES = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EAI_AGAIN',
    'ENOENT',
]);
const LOST =
    /connection terminated|timeout exceeded when trying to connect|query read timeout|connection error|not queryable|stream isn't writeable|connection is closed|command timed out|max retries per request/i;

/** Whether an error means "cannot reach the server" rather than a mistake in the query. */
export function isUnreachable(e: unknown): boolean {
    const err = e as { code?: unknown; message?: unknown } | undefined;
    const code = typeof err?.code === 'string' ? err.code : '';
    // SQLSTATE classes 08 (connection), 57P (shut down, cannot connect now), 53 (out of resources),
    // 28 (credentials refused) and 3D000 (no such database): the server cannot serve us, whatever the query.
    // 57014: the server cancelled a statement past statement_timeout (store/pg-pool.ts), too slow now.
    // 25006: a write in a read-only transaction (a standby, or default_transaction_read_only).
    if (NETWORK_CODES.has(code) || /^08|^57P|^53|^28|^3D000$|^57014$|^25006$/.test(code)) return true;
    const message = typeof err?.message === 'string' ? err.message : '';
    return LOST.test(message) || (err instanceof Error && err.name === 'ReplyError' && REDIS_CANNOT_SERVE.test(message));
}

// Redis replies (ioredis's ReplyError, its text led by the error code) that mean this Redis cannot
// serve now, whatever the command: out of memory under noeviction, a read-only replica or one cut
// off from its master, loading its data, a script running too long, a failed save refusing writes.
const REDIS_CANNOT_SERVE = /^(OOM|READONLY|LOADING|BUSY|MASTERDOWN|NOREPLICAS|MISCONF|TRYAGAIN|CLUSTERDOWN)\b/;
