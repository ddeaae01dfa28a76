// The store the CLI's `accounts` and `keys` commands use: PostgreSQL when SVC_DATABASE_URL is set,
// like the server, else the SQLite file in SVC_DATA_DIR.
import { resolveDataDir } from '../config/server-config.js';
import { openPgStore } from './pg-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store } from './store-types.js';

export function openConfiguredStore(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Store {
    // One connection is all a command needs.
    return env.SVC_DATABASE_URL ? openPgStore(env.SVC_DATABASE_URL, { max: 1 }) : openSqliteStore(resolveDataDir(env, cwd));
}
