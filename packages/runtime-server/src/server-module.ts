// The one place that builds the server's object graph from configuration, with Langium's own
// dependency injection (`inject`: a module of factories resolved through a proxy, cycles reported),
// the wiring style of the language packages and the language server: every seam (Store, Counters,
// SecretRing, engine, editor, clock, log) is created here or supplied as an override, and nothing
// else constructs a dependency.
import { join } from 'node:path';
import { inject, type Module } from 'langium';
import { SECRET_FILE, secretRingOf, type ExtractionEngine, type SecretRing } from '@svc/extraction';
import { KeyAdmission } from './auth/key-admission.js';
import { KeyAuthenticator } from './auth/key-auth.js';
import { KeyCache } from './auth/key-cache.js';
import type { ServerConfig } from './config/server-config.js';
import type { EditService } from './engine/edit-types.js';
import { buildEngine, loadEditService } from './engine/engine-loader.js';
import { SchemaCompiler, type CompileFn } from './engine/schema-compiler.js';
import { RequestLog, stdoutSink, type LogSink } from './http/request-log.js';
import type { Counters } from './limits/counters-types.js';
import { MemoryCounters } from './limits/memory-counters.js';
import { RateLimiter } from './limits/rate-limiter.js';
import { SqliteStore, openServerSqliteStore } from './store/sqlite-store.js';
import { dataDirSecret } from './config/data-dir-secret.js';
import type { Store } from './store/store-types.js';
import type { Pipeline } from './pipeline/pipeline-types.js';
import { AccountGate } from './limits/account-gate.js';
import { READING_TIME, WorkerBudget } from './limits/worker-budget.js';
import { RequestPipeline } from './pipeline/request-pipeline.js';
import { WorkerPipeline } from './pipeline/worker-pool.js';
import { BodyValidator } from './validation/body-validator.js';
import { CreditLedger } from './credit/credit-ledger.js';
import { ServerMetrics } from './http/metrics.js';
import { RedisCounters } from './limits/redis-counters.js';
import { openPgStore } from './store/pg-store.js';
import { PasswordGate } from './panel/password-gate.js';
import { SecretFingerprintCheck } from './config/secret-fingerprint.js';

export interface ServerServices {
    config: ServerConfig;
    now: () => number;
    store: Store;
    counters: Counters;
    limiter: RateLimiter;
    auth: KeyAuthenticator;
    /** Keys found valid, remembered under the Redis key epoch (off unless PostgreSQL with Redis). */
    keyCache: KeyCache;
    /** Admission of /v1 requests: per-IP limit, key and scope, per-key and per-account limits. */
    admission: KeyAdmission;
    secrets: SecretRing;
    validator: BodyValidator;
    compiler: SchemaCompiler;
    /** Absent: extractions answer 503 pipeline_unavailable. */
    engine?: ExtractionEngine;
    /** Absent: edits answer 503 pipeline_unavailable. */
    editor?: EditService;
    log: RequestLog;
    /** Durable credit reservations of this instance. */
    ledger: CreditLedger;
    /** Present when SVC_METRICS=1. */
    metrics?: ServerMetrics;
    /**
     * The CPU-heavy steps of every POST route (body → compile → plan/read/edit): a pool of worker
     * threads (config.workers > 0) or inline on the event loop. Every face uses this, not the engine.
     */
    pipeline: Pipeline;
    /** How many pipeline tasks one account may have at once (a share of the queue), after its budget. */
    gate: AccountGate;
    /** Each account's worker time per minute, on the counters (shared through Redis when configured). */
    budget: WorkerBudget;
    /**
     * Each account's time of network readings that end without an answer, per minute (a budget of 0,
     * so nothing is checked, without a network pool: pipeline/network-pool.ts).
     */
    readingBudget: WorkerBudget;
    /** The panel's password hashes running and waiting at once on this instance (docs/panel.md). */
    passwords: PasswordGate;
    /** At start, whether the database has seen one of the session secrets before (a restore without the secret). */
    secretCheck: SecretFingerprintCheck;
}

export interface ServiceOverrides {
    store?: Store;
    counters?: Counters;
    /** An engine, or null for none; undefined builds one with @svc/extraction's createEngine. */
    engine?: ExtractionEngine | null;
    /** An edit service, or null for none; undefined loads `createEditService` from @svc/extraction. */
    editor?: EditService | null;
    compile?: CompileFn;
    now?: () => number;
    logSink?: LogSink;
    env?: NodeJS.ProcessEnv;
}

/** The server's module: one factory per service, each reading the others through `s`. */
export function createServerModule(config: ServerConfig, overrides: ServiceOverrides = {}): Module<ServerServices> {
    const env = overrides.env ?? process.env;
    // The worker threads' compile-cache lookups, hits then misses (pipeline-worker.ts), added to the
    // main thread's own (the inline pipeline's) in /metrics: with the pool the main thread's are 0.
    const threadCacheCounts = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
    return {
        config: () => config,
        now: () => overrides.now ?? Date.now,
        log: (s) => new RequestLog(overrides.logSink ?? stdoutSink, s.now),
        store: (s) =>
            overrides.store ??
            (config.databaseUrl
                ? openPgStore(config.databaseUrl, { max: config.pgPoolMax, onError: noteOnce(s.log, 'PostgreSQL'), keyEpoch: s.counters })
                : openServerSqliteStore(config.dataDir, s.log)),
        counters: (s) =>
            overrides.counters ??
            (config.redisUrl ? new RedisCounters(config.redisUrl, { onError: noteOnce(s.log, 'Redis') }) : new MemoryCounters(s.now)),
        // The ring @svc/extraction signs sessions with: SVC_SESSION_SECRET, else the data directory's.
        secrets: () => secretRingOf(config.sessionSecrets.length > 0 ? config.sessionSecrets : [dataDirSecret(config.dataDir)]),
        engine: (s) => (overrides.engine === undefined ? buildEngine(s.secrets, env, process.cwd()) : (overrides.engine ?? undefined)),
        editor: (s) =>
            overrides.editor === undefined
                ? loadEditService({ secrets: s.secrets, engine: s.engine, dataDir: config.dataDir, env })
                : (overrides.editor ?? undefined),
        compiler: () => new SchemaCompiler(config.compileCacheEntries, overrides.compile),
        metrics: (s) => (config.metrics ? new ServerMetrics(() => cacheLookups(s.compiler, threadCacheCounts)) : undefined),
        // One server owns a SQLite file; with PostgreSQL, other instances may be alive.
        ledger: (s) =>
            new CreditLedger(s.store, s.now, config.reservations, s.log, s.store instanceof SqliteStore, (reads) =>
                s.metrics?.readsCharged.inc(reads),
            ),
        validator: () => new BodyValidator(),
        pipeline: (s) => createPipeline(config, overrides, env, s, threadCacheCounts),
        // Worker time is charged by the pool only: inline (SVC_WORKERS=0) nothing is measured.
        budget: (s) =>
            new WorkerBudget(
                s.counters,
                config.workerMsPerAccount,
                config.limits.windowMs,
                s.now,
                noteOnce(s.log, 'Redis (worker-time charge)'),
            ),
        readingBudget: (s) =>
            new WorkerBudget(
                s.counters,
                networkThreads(config, overrides, env) > 0 ? config.readingMsPerAccount : 0,
                config.limits.windowMs,
                s.now,
                noteOnce(s.log, 'Redis (reading-time charge)'),
                READING_TIME,
            ),
        gate: (s) => new AccountGate(config.workerQueuePerAccount, s.budget),
        passwords: () => new PasswordGate(),
        secretCheck: (s) =>
            new SecretFingerprintCheck(s.store, s.secrets, s.log, {
                source: config.sessionSecrets.length > 0 ? 'SVC_SESSION_SECRET' : join(config.dataDir, SECRET_FILE),
                onOutcome: (unknown) => s.metrics?.secretUnknown.set(unknown ? 1 : 0),
            }),
        limiter: (s) => new RateLimiter(s.counters, config.limits, s.now, (limit) => s.metrics?.limitRejections.inc({ limit })),
        auth: (s) =>
            new KeyAuthenticator(s.store, s.now, (e) =>
                s.log.event('error', "could not record a key's last use", { error: (e as Error)?.message?.slice(0, 200) }),
            ),
        // The epoch is shared only through Redis, and only a PostgreSQL store's revocations (server or
        // CLI) replace it; the SQLite file may be changed by the CLI without telling anyone.
        keyCache: (s) => new KeyCache(config.databaseUrl && config.redisUrl ? config.keyCacheEntries : 0, s.now),
        admission: (s) => new KeyAdmission(s.auth, s.limiter, s.keyCache),
    };
}

/** The services of one server; `modules` may replace any factory (tests, embedders). */
export function createServerServices(
    config: ServerConfig,
    overrides: ServiceOverrides = {},
    ...modules: Array<Partial<Module<ServerServices>>>
): ServerServices {
    const services = inject(createServerModule(config, overrides), ...(modules as Array<Module<ServerServices>>));
    // Built now rather than on first use, so start-up fails at start-up (a bad database URL, a data
    // directory that cannot be written) and the pool's threads and the ledger's heartbeat run at once.
    for (const key of EAGER) void services[key];
    return services;
}

const EAGER: ReadonlyArray<keyof ServerServices> = [
    'config',
    'now',
    'log',
    'store',
    'counters',
    'secrets',
    'engine',
    'editor',
    'compiler',
    'metrics',
    'ledger',
    'validator',
    'budget',
    'readingBudget',
    'pipeline',
    'gate',
    'passwords',
    'limiter',
    'auth',
    'keyCache',
    'admission',
];

/** Driver errors of an unreachable PostgreSQL or Redis surface as 503s per request; this listener
 * only keeps idle-connection failures from crashing the process and notes them once a minute. */
function noteOnce(log: RequestLog, what: string): (e: unknown) => void {
    let quietUntil = 0;
    return (e) => {
        const t = Date.now();
        if (t < quietUntil) return;
        quietUntil = t + 60_000;
        log.event('error', `${what} connection failed`, { error: (e as Error)?.message?.slice(0, 200) });
    };
}

/** Objects supplied by a caller (a test's scripted engine, a compile function) cannot cross into a
 * worker thread: with any of them the pipeline runs inline, as it does with SVC_WORKERS=0. */
function createPipeline(
    config: ServerConfig,
    overrides: ServiceOverrides,
    env: NodeJS.ProcessEnv,
    s: ServerServices,
    compileCacheCounts: SharedArrayBuffer,
): Pipeline {
    const { validator, compiler, engine, editor, secrets } = s;
    // Inline, a reading keeps the pool's task deadline itself (nothing interrupts the other steps).
    if (runsInline(config, overrides))
        return new RequestPipeline({ validator, compiler, engine, editor, readingTimeoutMs: config.taskTimeoutMs });
    return new WorkerPipeline({
        threads: config.workers,
        quickThreads: config.quickWorkers,
        maxQueue: config.workerQueue,
        networkThreads: networkThreads(config, overrides, env),
        taskTimeoutMs: config.taskTimeoutMs,
        budget: s.budget,
        readingBudget: s.readingBudget,
        setup: {
            env: Object.fromEntries(
                Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('SVC_') && typeof e[1] === 'string'),
            ),
            cwd: process.cwd(),
            dataDir: config.dataDir,
            secrets: [...secrets.all],
            engine: engine !== undefined,
            editor: editor !== undefined,
            compileCacheEntries: config.compileCacheEntries,
            compileCacheCounts,
        },
    });
}

/** The main thread's compile-cache lookups and those every worker thread reported. */
function cacheLookups(compiler: SchemaCompiler, threads: SharedArrayBuffer): { hits: number; misses: number } {
    const own = compiler.cacheLookups;
    const counts = new BigInt64Array(threads);
    return { hits: own.hits + Number(Atomics.load(counts, 0)), misses: own.misses + Number(Atomics.load(counts, 1)) };
}

function runsInline(config: ServerConfig, overrides: ServiceOverrides): boolean {
    return config.workers === 0 || Boolean(overrides.engine || overrides.editor || overrides.compile);
}

/**
 * The openai reader's readings mostly wait on the network: a pool of their own, whose threads hold
 * several each, so they never keep validation or edits from a thread (docs/worker-pool.md).
 */
function networkThreads(config: ServerConfig, overrides: ServiceOverrides, env: NodeJS.ProcessEnv): number {
    return env.SVC_READER === 'openai' && !runsInline(config, overrides) ? config.workers : 0;
}
