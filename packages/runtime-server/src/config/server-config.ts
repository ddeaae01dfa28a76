// Configuration of one server, read once from the environment (docs/runtime-server.md). Everything
// that varies between production, tests and the benchmark lives here, so the object graph in
// server-module.ts is built from this and nothing else reads process.env.
import { resolve } from 'node:path';

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
    /** Honour X-Forwarded-For for the per-IP limit (only behind a trusted proxy). */
    trustProxy: boolean;
    /** Where other stores would live; refused at start-up until those stores exist. */
    databaseUrl?: string;
    redisUrl?: string;
}

export const DEFAULT_LIMITS: Readonly<LimitConfig> = Object.freeze({
    perIp: 300,
    perKey: 60,
    perAccount: 120,
    extractionsPerAccount: 30,
    windowMs: 60_000,
});

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class ConfigError extends Error {}

/** Builds the configuration from environment variables; `overrides` win (tests, benchmark). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), overrides: Partial<ServerConfig> = {}): ServerConfig {
    const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be an integer 0..65535, not ${JSON.stringify(env.PORT)}`);
    const config: ServerConfig = {
        host: env.HOST || '127.0.0.1',
        port,
        dataDir: resolveDataDir(env, cwd),
        maxBodyBytes: MAX_BODY_BYTES,
        limits: { ...DEFAULT_LIMITS },
        freeCreditReads: 10,
        compileCacheEntries: 512,
        sessionSecrets: (env.SVC_SESSION_SECRET ?? '').split(',').map((s) => s.trim()).filter(Boolean),
        trustProxy: env.SVC_TRUST_PROXY === '1' || env.SVC_TRUST_PROXY === 'true',
        databaseUrl: env.SVC_DATABASE_URL || undefined,
        redisUrl: env.SVC_REDIS_URL || undefined,
    };
    return { ...config, ...overrides, limits: { ...config.limits, ...(overrides.limits ?? {}) } };
}

/** `SVC_DATA_DIR`, default `./data`, resolved against the working directory. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
    return resolve(cwd, env.SVC_DATA_DIR || './data');
}
