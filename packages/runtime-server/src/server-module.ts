// The one place that builds the server's object graph from configuration, as Langium's
// create<Lang>Services modules do: every seam (Store, Counters, SecretRing, engine, editor, clock,
// log) is created here or supplied as an override, and nothing else constructs a dependency.
import { loadSecretRing, type ExtractionEngine, type SecretRing } from '@svc/extraction';
import { KeyAuthenticator } from './auth/key-auth.js';
import type { ServerConfig } from './config/server-config.js';
import type { EditService } from './engine/edit-types.js';
import { buildEngine, loadEditService } from './engine/engine-loader.js';
import { SchemaCompiler, type CompileFn } from './engine/schema-compiler.js';
import { RequestLog, stdoutSink, type LogSink } from './http/request-log.js';
import type { Counters } from './limits/counters-types.js';
import { MemoryCounters } from './limits/memory-counters.js';
import { RateLimiter } from './limits/rate-limiter.js';
import { SqliteStore, openSqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store-types.js';
import type { Pipeline } from './pipeline/pipeline-types.js';
import { RequestPipeline } from './pipeline/request-pipeline.js';
import { WorkerPipeline } from './pipeline/worker-pool.js';
import { BodyValidator } from './validation/body-validator.js';
import { CreditLedger } from './credit/credit-ledger.js';
import { ServerMetrics } from './http/metrics.js';
import { RedisCounters } from './limits/redis-counters.js';
import { openPgStore } from './store/pg-store.js';

export interface ServerServices {
    config: ServerConfig;
    now: () => number;
    store: Store;
    counters: Counters;
    limiter: RateLimiter;
    auth: KeyAuthenticator;
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

export function createServerServices(config: ServerConfig, overrides: ServiceOverrides = {}): ServerServices {
    const now = overrides.now ?? Date.now;
    const log = new RequestLog(overrides.logSink ?? stdoutSink, now);
    // Driver errors of an unreachable PostgreSQL or Redis surface as 503s per request; these
    // listeners only keep idle-connection failures from crashing the process and note them once.
    const noted = new Set<string>();
    const note = (what: string) => (e: unknown): void => {
        if (noted.has(what)) return;
        noted.add(what);
        log.event('error', `${what} connection failed`, { error: (e as Error)?.message?.slice(0, 200) });
        setTimeout(() => noted.delete(what), 60_000).unref();
    };
    const store = overrides.store
        ?? (config.databaseUrl ? openPgStore(config.databaseUrl, { max: config.pgPoolMax, onError: note('PostgreSQL') }) : openSqliteStore(config.dataDir));
    const counters = overrides.counters ?? (config.redisUrl ? new RedisCounters(config.redisUrl, { onError: note('Redis') }) : new MemoryCounters(now));
    const env = overrides.env ?? process.env;
    // The ring @svc/extraction signs sessions with: SVC_SESSION_SECRET, else the data directory's.
    const secrets = loadSecretRing({ SVC_SESSION_SECRET: config.sessionSecrets.join(','), SVC_DATA_DIR: config.dataDir }, config.dataDir);
    const engine = overrides.engine === undefined ? buildEngine(secrets, env, process.cwd()) : overrides.engine ?? undefined;
    const compiler = new SchemaCompiler(config.compileCacheEntries, overrides.compile);
    const metrics = config.metrics ? new ServerMetrics(() => compiler.cacheLookups) : undefined;
    // One server owns a SQLite file; with PostgreSQL, other instances may be alive.
    const ledger = new CreditLedger(store, now, config.reservations, log, store instanceof SqliteStore, (reads) => metrics?.readsCharged.inc(reads));
    const editor = overrides.editor === undefined
        ? loadEditService({ secrets, engine, dataDir: config.dataDir, env })
        : overrides.editor ?? undefined;
    const validator = new BodyValidator();
    // Objects supplied by a caller (a test's scripted engine, a compile function) cannot cross into
    // a worker thread: with any of them the pipeline runs inline, as it does with SVC_WORKERS=0.
    const inline = config.workers === 0 || overrides.engine || overrides.editor || overrides.compile;
    const pipeline: Pipeline = inline
        ? new RequestPipeline({ validator, compiler, engine, editor })
        : new WorkerPipeline({
            threads: config.workers,
            maxQueue: config.workerQueue,
            // The openai reader's tasks mostly wait on the network: let each thread hold several.
            tasksPerThread: env.SVC_READER === 'openai' ? 8 : 1,
            taskTimeoutMs: config.taskTimeoutMs,
            setup: {
                env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('SVC_') && typeof e[1] === 'string')),
                cwd: process.cwd(),
                dataDir: config.dataDir,
                secrets: [...secrets.all],
                engine: engine !== undefined,
                editor: editor !== undefined,
                compileCacheEntries: config.compileCacheEntries,
            },
        });
    return {
        config,
        now,
        store,
        counters,
        limiter: new RateLimiter(counters, config.limits, now, (limit) => metrics?.limitRejections.inc({ limit })),
        auth: new KeyAuthenticator(store, now, (e) => log.event('error', 'could not record a key\'s last use', { error: (e as Error)?.message?.slice(0, 200) })),
        secrets,
        validator,
        compiler,
        engine,
        editor,
        log,
        ledger,
        metrics,
        pipeline,
    };
}
