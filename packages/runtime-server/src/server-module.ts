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
import { openSqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store-types.js';
import type { Pipeline } from './pipeline/pipeline-types.js';
import { RequestPipeline } from './pipeline/request-pipeline.js';
import { WorkerPipeline } from './pipeline/worker-pool.js';
import { BodyValidator } from './validation/body-validator.js';

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
    const store = overrides.store ?? openSqliteStore(config.dataDir);
    const counters = overrides.counters ?? new MemoryCounters(now);
    const env = overrides.env ?? process.env;
    // The ring @svc/extraction signs sessions with: SVC_SESSION_SECRET, else the data directory's.
    const secrets = loadSecretRing({ SVC_SESSION_SECRET: config.sessionSecrets.join(','), SVC_DATA_DIR: config.dataDir }, config.dataDir);
    const engine = overrides.engine === undefined ? buildEngine(secrets, env, process.cwd()) : overrides.engine ?? undefined;
    const editor = overrides.editor === undefined
        ? loadEditService({ secrets, engine, dataDir: config.dataDir, env })
        : overrides.editor ?? undefined;
    const validator = new BodyValidator();
    const compiler = new SchemaCompiler(config.compileCacheEntries, overrides.compile);
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
        limiter: new RateLimiter(counters, config.limits, now),
        auth: new KeyAuthenticator(store, now),
        secrets,
        validator,
        compiler,
        engine,
        editor,
        log,
        pipeline,
    };
}
