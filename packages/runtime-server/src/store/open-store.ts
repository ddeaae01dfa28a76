// The store the CLI's `accounts` and `keys` commands use: PostgreSQL when SVC_DATABASE_URL is set,
// like the server, else the SQLite file in SVC_DATA_DIR. With PostgreSQL and SVC_REDIS_URL, its
// revocations replace the key epoch in Redis as the servers' do (docs/deploy.md, "Revocation").
import { resolveDataDir } from '../config/server-config.js';
import { RedisCounters } from '../limits/redis-counters.js';
import { openPgStore } from './pg-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store } from './store-types.js';

export function openConfiguredStore(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Store {
    if (!env.SVC_DATABASE_URL) return openSqliteStore(resolveDataDir(env, cwd));
    // One connection is all a command needs; the Redis client is the store's, closed with it.
    const keyEpoch = env.SVC_REDIS_URL ? new RedisCounters(env.SVC_REDIS_URL) : undefined;
    return openPgStore(env.SVC_DATABASE_URL, { max: 1, keyEpoch, ownsKeyEpoch: true });
}
