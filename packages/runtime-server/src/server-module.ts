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
    return {
        config,
        now,
        store,
        counters,
        limiter: new RateLimiter(counters, config.limits, now),
        auth: new KeyAuthenticator(store, now, (e) => log.event('error', 'could not record a key\'s last use', { error: (e as Error)?.message?.slice(0, 200) })),
        secrets,
        validator: new BodyValidator(),
        compiler: new SchemaCompiler(config.compileCacheEntries, overrides.compile),
        engine,
        editor,
        log,
    };
}
