// The files of the SQLite store: created private (the folder 0700, the database 0600), and existing
// ones made private at start, since they hold e-mail addresses, password hashes and payments and a
// usual umask of 022 left them readable by every local user.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { ConfigError } from '../config/server-config.js';

/** A database file that cannot be opened or is not a database: one line naming it (exit 2 at start). */
export class SqliteOpenError extends ConfigError {}

/**
 * Creates the folder (0700) and an empty database file (0600: SQLite gives its -wal and -shm files
 * the database's mode) when missing; answers the existing files whose mode it narrowed to 0600.
 */
export function prepareDatabaseFiles(dataDir: string, file: string): string[] {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
        closeSync(openSync(file, 'wx', 0o600)); // an empty file is an empty database to SQLite
        return [];
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const tightened: string[] = [];
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        let mode: number;
        try {
            mode = statSync(f).mode;
        } catch {
            continue; // no -wal or -shm (yet)
        }
        if ((mode & 0o077) === 0 || (mode & 0o170000) !== 0o100000) continue;
        try {
            chmodSync(f, 0o600);
            tightened.push(f);
        } catch {
            // Not ours to change (another user's file): SQLite says so if it cannot use it.
        }
    }
    return tightened;
}
