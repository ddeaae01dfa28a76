// The data directory of the commands that keep state (serve, accounts, keys, extract's session
// secret): SVC_DATA_DIR, relative to the directory the command runs in (default ./data). A path
// that is a file or cannot be created is one clear line, never a stack trace from SQLite.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
// The configuration module alone: `svc extract` needs the data folder, not the server.
import { resolveDataDir } from '@svc/runtime-server/config';
import type { Store } from '@svc/runtime-server';
import { CliError, type CliIO } from './cli-types.js';

/** The data directory, created when missing; a CliError when it cannot be. */
export function ensureDataDir(io: CliIO): string {
    const dir = resolveDataDir(io.env, io.cwd);
    let isDir: boolean | undefined;
    try {
        isDir = statSync(dir).isDirectory();
    } catch {
        isDir = undefined; // missing (or unreadable): try to create it below
    }
    if (isDir === false) throw new CliError(`SVC_DATA_DIR ${dir} is a file, not a folder (set SVC_DATA_DIR to a folder)`);
    try {
        makeFolders(dir);
    } catch (e) {
        throw new CliError(
            `cannot create the data folder ${dir} (SVC_DATA_DIR): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
    }
    return dir;
}

/**
 * mkdir -p one level at a time: Node's own recursive mkdir never returns for some paths (under
 * /proc it loops on ENOENT), and a command must fail with a line, not hang.
 */
function makeFolders(dir: string): void {
    const missing: string[] = [];
    let cur = dir;
    for (;;) {
        try {
            statSync(cur);
            break;
        } catch {
            missing.push(cur);
            const up = dirname(cur);
            if (up === cur) break;
            cur = up;
        }
    }
    // Private: the folder holds the database (e-mail addresses, password hashes) and the session secret.
    for (const d of missing.reverse()) mkdirSync(d, { mode: 0o700 });
}

/** The accounts and keys database: PostgreSQL when SVC_DATABASE_URL is set, else the data directory's SQLite. */
export async function openDataStore(io: CliIO): Promise<Store> {
    const { openConfiguredStore, openSqliteStore, checkStoreUrls, ConfigError } = await import('@svc/runtime-server');
    if (io.env.SVC_DATABASE_URL) {
        // A URL its driver cannot read is one line and exit 2 (it was "internal error: Invalid URL").
        try {
            checkStoreUrls(io.env.SVC_DATABASE_URL, io.env.SVC_REDIS_URL || undefined);
        } catch (e) {
            if (e instanceof ConfigError) throw new CliError(e.message);
            throw e;
        }
        return openConfiguredStore(io.env, io.cwd);
    }
    const dir = ensureDataDir(io);
    try {
        return openSqliteStore(dir);
    } catch (e) {
        // The store's own errors name the file and say what to do (a newer schema, a file that is no database).
        if (e instanceof ConfigError) throw new CliError(e.message);
        throw new CliError(`cannot open the database in ${dir}: ${(e as Error).message}`);
    }
}
