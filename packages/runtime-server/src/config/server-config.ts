// Configuration of one server, read once from the environment (docs/runtime-server.md). Everything
// that varies between production, tests and the benchmark lives here, so the object graph in
// server-module.ts is built from this and nothing else reads process.env.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { accountShare } from '../limits/account-gate.js';
import { DEFAULT_LEDGER_TIMINGS, type LedgerTimings } from '../credit/credit-ledger.js';

export interface LimitConfig {
    /** Requests per client IP per minute, before authentication (all routes but /healthz). */
    perIp: number;
    /** Requests per key per minute. */
    perKey: number;
    /** Authenticated requests per account per minute, across its keys. */
    perAccount: number;
    /** Model extractions per account per minute. */
    extractionsPerAccount: number;
    /** Window length in milliseconds; windows are aligned to the UTC clock (epoch multiples). */
    windowMs: number;
    /** Panel sign-ups per client IP per hour (UTC clock hours): each account comes with free credit. Default 10. */
    signUpsPerIpHour?: number;
}

export interface ServerConfig {
    host: string;
    port: number;
    dataDir: string;
    /** Request bodies above this many bytes get 400 too_big before parsing. */
    maxBodyBytes: number;
    limits: LimitConfig;
    /** Reads a new account receives. */
    freeCreditReads: number;
    /** Compiled schemas kept in the LRU cache. */
    compileCacheEntries: number;
    /** Session signing secrets (first signs, all verify); empty: a random one kept in dataDir. */
    sessionSecrets: string[];
    /** SVC_PAYMENT_SECRET, comma-separated (all verify: rotation); empty: no payment callback route. */
    paymentSecrets: string[];
    /** Honour X-Forwarded-For for the per-IP limit (only behind a trusted proxy). */
    trustProxy: boolean;
    /** Worker threads that compile uncached schemas and read documents; 0 runs that work on the event loop. */
    workers: number;
    /** Threads beside them for quick tasks only (small bodies), so they never wait for a long one (docs/worker-pool.md). */
    quickWorkers: number;
    /** Tasks that may wait for a worker; one more is answered 503 pipeline_unavailable. */
    workerQueue: number;
    /** Tasks one account may have running or waiting at once; one more is answered 429 (limits/account-gate.ts). */
    workerQueuePerAccount: number;
    /**
     * Worker time (ms) one account may use per minute, across instances; past it, 429 with
     * Retry-After: 60 (limits/worker-budget.ts, docs/worker-pool.md); 0: no budget.
     */
    workerMsPerAccount: number;
    /**
     * Wall time (ms) of network readings (`openai`) that end without an answer, their credit given
     * back, one account may use per minute, across instances; past it, 429 with Retry-After: 60
     * (pipeline/network-pool.ts). The same seconds as the worker time, counted apart; 0: none.
     */
    readingMsPerAccount: number;
    /**
     * A worker task running longer is stopped and answered 503. With workers 0 only a reading can be
     * stopped (its requests to the model aborted): it is answered 503 at this deadline all the same.
     */
    taskTimeoutMs: number;
    /** Connection timeouts (docs/runtime-server.md, "What the server protects against"). */
    timeouts: TimeoutConfig;
    /** PostgreSQL for accounts, keys, credit, usage and sessions (else SQLite in dataDir). */
    databaseUrl?: string;
    /** Redis for the rate-limit counters (else this process's memory). */
    redisUrl?: string;
    /** Most PostgreSQL connections of this instance. */
    pgPoolMax: number;
    /**
     * Most keys remembered by the key cache, used only with both databaseUrl and redisUrl (the key
     * epoch lives in Redis; docs/deploy.md, "Revocation"); 0 turns it off.
     */
    keyCacheEntries: number;
    /** Serve GET /metrics. */
    metrics: boolean;
    /** Heartbeat and reconciliation of credit reservations (credit/credit-ledger.ts). */
    reservations: LedgerTimings;
}

export interface TimeoutConfig {
    /** Time to receive a request's headers. */
    headersMs: number;
    /** Time to receive a whole request, body included: a stalled body is cut off after this. */
    requestMs: number;
    /** An idle keep-alive connection is closed after this. */
    keepAliveMs: number;
    /** How often the two above are checked (Node checks them in sweeps, not per socket). */
    checkIntervalMs: number;
    /**
     * Time a client has to take an answer of up to 1 MiB once it is sent, and the window over which a
     * larger one must move at 4 KiB/s (http-app.ts boundSending): a client that never reads would
     * otherwise hold the answer in memory for as long as it keeps the connection open.
     */
    sendMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<TimeoutConfig> = Object.freeze({
    headersMs: 10_000,
    requestMs: 30_000,
    keepAliveMs: 5_000,
    checkIntervalMs: 1_000,
    sendMs: 60_000,
});

export const DEFAULT_LIMITS: Readonly<LimitConfig> = Object.freeze({
    perIp: 300,
    perKey: 60,
    perAccount: 120,
    extractionsPerAccount: 30,
    windowMs: 60_000,
    signUpsPerIpHour: 10,
});

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Seconds of worker time per account per minute: a third of one thread's minute, five times the
 * heaviest minute of the labelled sets at the extraction limit (docs/worker-pool.md).
 */
export const DEFAULT_WORKER_SECONDS_PER_ACCOUNT = 20;

export class ConfigError extends Error {}

/** Builds the configuration from environment variables; `overrides` win (tests, benchmark). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), overrides: Partial<ServerConfig> = {}): ServerConfig {
    const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new ConfigError(`PORT must be an integer 0..65535, not ${JSON.stringify(env.PORT)}`);
    const workerQueue = intFromEnv(env, 'SVC_WORKER_QUEUE', 64, 1, 100_000);
    const workerMs = 1000 * intFromEnv(env, 'SVC_WORKER_SECONDS_PER_ACCOUNT', DEFAULT_WORKER_SECONDS_PER_ACCOUNT, 0, 3600);
    checkReaderUrl(env);
    const config: ServerConfig = {
        host: env.HOST || '127.0.0.1',
        port,
        dataDir: resolveDataDir(env, cwd),
        maxBodyBytes: MAX_BODY_BYTES,
        limits: { ...DEFAULT_LIMITS },
        freeCreditReads: 10,
        compileCacheEntries: 512,
        sessionSecrets: (env.SVC_SESSION_SECRET ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        paymentSecrets: (env.SVC_PAYMENT_SECRET ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        // One core stays with the event loop (HTTP, authentication, limits, cache hits).
        workers: intFromEnv(env, 'SVC_WORKERS', Math.max(1, Math.min(4, availableParallelism() - 1)), 0, 64),
        quickWorkers: intFromEnv(env, 'SVC_QUICK_WORKERS', 1, 0, 16),
        workerQueue,
        workerQueuePerAccount: intFromEnv(env, 'SVC_WORKER_QUEUE_PER_ACCOUNT', accountShare(workerQueue), 1, 100_000),
        workerMsPerAccount: workerMs,
        readingMsPerAccount: workerMs,
        taskTimeoutMs: 120_000,
        timeouts: { ...DEFAULT_TIMEOUTS },
        trustProxy: env.SVC_TRUST_PROXY === '1' || env.SVC_TRUST_PROXY === 'true',
        databaseUrl: env.SVC_DATABASE_URL || undefined,
        redisUrl: env.SVC_REDIS_URL || undefined,
        pgPoolMax: positiveInt(env, 'SVC_PG_POOL_MAX', 10),
        keyCacheEntries: intFromEnv(env, 'SVC_KEY_CACHE_ENTRIES', 10_000, 0, 1_000_000),
        metrics: env.SVC_METRICS === '1' || env.SVC_METRICS === 'true',
        reservations: { ...DEFAULT_LEDGER_TIMINGS },
    };
    const merged = {
        ...config,
        ...overrides,
        limits: { ...config.limits, ...(overrides.limits ?? {}) },
        timeouts: { ...config.timeouts, ...(overrides.timeouts ?? {}) },
    };
    // Every instance must verify every session, so none may fall back to a secret of its own.
    if (merged.databaseUrl && merged.sessionSecrets.length === 0) {
        throw new ConfigError(
            'SVC_SESSION_SECRET is required with SVC_DATABASE_URL: every instance must sign and verify sessions with the same secret',
        );
    }
    checkStoreUrls(merged.databaseUrl, merged.redisUrl);
    return merged;
}

/**
 * SVC_DATABASE_URL and SVC_REDIS_URL read as their drivers read them (node-postgres's
 * pg-connection-string, ioredis), so that a value they cannot read stops `svc serve` at start and
 * the CLI's `accounts` and `keys` before they begin (exit 2): a malformed one (a port that is no
 * number, a password with a `#`) used to let the server start and answer every /v1 request 500
 * "Invalid URL". The messages never quote the value, which holds a password.
 */
export function checkStoreUrls(databaseUrl: string | undefined, redisUrl: string | undefined): void {
    if (databaseUrl) checkDatabaseUrl(databaseUrl);
    if (redisUrl) checkRedisUrl(redisUrl);
}

const UNREADABLE =
    'it cannot be read as a URL: check the host and the port (a number), and percent-encode the characters @ : / ? # % of the user name and password; the value is not shown, it may hold a password';

function checkDatabaseUrl(url: string): void {
    const bad = (why: string): ConfigError =>
        new ConfigError(`SVC_DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/svc (${why})`);
    // libpq's schemes, node-postgres's socket: form and a socket folder; anything else is a mistake.
    if (!url.startsWith('/') && !/^(postgres|postgresql):\/\/|^socket:/i.test(url))
        throw bad('it must begin with postgres:// or postgresql://; the value is not shown, it may hold a password');
    const driver = createRequire(createRequire(import.meta.url).resolve('pg'));
    const { parse } = driver('pg-connection-string') as { parse(url: string): unknown };
    try {
        parse(url);
    } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code === 'ERR_INVALID_URL' || err instanceof TypeError) throw bad(UNREADABLE);
        // A certificate file it names (sslcert, sslkey, sslrootcert) that cannot be read, or an sslmode
        // the driver refuses: their messages name a file or an option, never the password.
        throw bad(`the driver refuses it: ${String(err.message).slice(0, 300)}`);
    }
}

function checkRedisUrl(url: string): void {
    const bad = (why: string): ConfigError => new ConfigError(`SVC_REDIS_URL must be a Redis URL such as redis://host:6379 (${why})`);
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'redis' && scheme !== 'rediss')
        throw bad('it must begin with redis:// or rediss://; the value is not shown, it may hold a password');
    // ioredis reads the URL in its constructor; lazyConnect: nothing is connected, nothing kept.
    const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    try {
        new Redis(url, { lazyConnect: true }).disconnect();
    } catch {
        throw bad(UNREADABLE);
    }
}

/**
 * SVC_OPENAI_BASE_URL, read by @svc/extraction, is checked here so that `svc serve` refuses to start
 * on a value no reading can use: it used to start, say the engine was ready and answer every
 * extraction 503, with nothing logged. A user name or password in it is refused too: fetch refuses
 * such a URL at every reading, and the key belongs in SVC_OPENAI_API_KEY.
 */
function checkReaderUrl(env: NodeJS.ProcessEnv): void {
    const raw = env.SVC_OPENAI_BASE_URL;
    if (env.SVC_READER !== 'openai' || raw === undefined || raw === '') return;
    const bad = (why: string): ConfigError =>
        new ConfigError(`SVC_OPENAI_BASE_URL must be an http:// or https:// URL such as https://api.openai.com/v1 (${why})`);
    let url: URL;
    try {
        url = new URL(raw);
    } catch {
        throw bad(`${JSON.stringify(raw.slice(0, 200))} is no URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`not ${url.protocol}`);
    if (url.username !== '' || url.password !== '') throw bad('without a user name or password: put the key in SVC_OPENAI_API_KEY');
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
    return intFromEnv(env, name, fallback, 1, 1000);
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
        throw new ConfigError(`${name} must be an integer ${min}..${max}, not ${JSON.stringify(raw)}`);
    return n;
}

/** `SVC_DATA_DIR`, default `./data`, resolved against the working directory. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
    return resolve(cwd, env.SVC_DATA_DIR || './data');
}
