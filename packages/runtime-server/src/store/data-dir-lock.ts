// One `svc serve` per SQLite data folder. Two used to start silently on one folder: each kept its
// own rate-limit counters (twice the documented limits) and refunded the other's reservations at
// start. The lock is a write lock SQLite holds on `svc.lock` for the server's life: the system
// releases it when the process dies however it dies, so no stale lock is ever left to judge, and
// it is seen by another process and by another server in this one alike. The CLI takes no lock.
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError } from '../config/server-config.js';

export const LOCK_FILE = 'svc.lock';
/** The pid of the server holding the lock, for the message only (the lock is svc.lock's). */
const PID_FILE = 'svc.pid';

export class DataDirLockedError extends ConfigError {}

export interface DataDirLock {
    release(): void;
}

/** Takes the folder's lock, or throws DataDirLockedError naming the folder (and the holder's pid). */
export function lockDataDir(dataDir: string): DataDirLock {
    const file = join(dataDir, LOCK_FILE);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600)); // private like the database (SQLite would make it 0644)
    const db = new Database(file);
    try {
        db.pragma('busy_timeout = 0');
        db.pragma('journal_mode = MEMORY'); // no journal file beside the lock
        // RESERVED, held open: other writers are refused at once; readers (none) would still read.
        db.exec('BEGIN IMMEDIATE');
    } catch (e) {
        db.close();
        if (!/^SQLITE_BUSY/.test((e as { code?: string }).code ?? '')) throw e;
        throw new DataDirLockedError(
            `another svc serve${holder(dataDir)} uses the data folder ${dataDir} (it holds ${file}): one server per SQLite folder; stop it, or give this one another SVC_DATA_DIR (several instances need SVC_DATABASE_URL)`,
        );
    }
    writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`, { mode: 0o600 });
    return {
        release() {
            if (db.open) db.close();
        },
    };
}

function holder(dataDir: string): string {
    try {
        const pid = readFileSync(join(dataDir, PID_FILE), 'utf8').trim();
        return /^\d+$/.test(pid) ? ` (pid ${pid})` : '';
    } catch {
        return '';
    }
}
