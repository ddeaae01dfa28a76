// The session secret kept in the data folder when SVC_SESSION_SECRET is not set (the server, `svc
// extract` and the edits read the same file). It is created
// whole or not at all: written to a temporary file, flushed, then linked into place (link never
// replaces a file, so of two processes starting together one secret wins and both read it), and
// the folder flushed too. Created then written in place, a full disk or a crash in between left an
// empty file that stopped every later start, and an unflushed one could vanish with a power loss
// (every session clients hold then failed to verify under the new secret made at the next start).
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE = 'session-secret';

/** An empty secret file, which never held a secret (the server reports it as a configuration error). */
export class EmptySecretError extends Error {}

/** The secret in `dataDir`, created when missing; an EmptySecretError for an empty file. */
export function dataDirSecret(dataDir: string): string {
    const file = join(dataDir, SECRET_FILE);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (!exists(file)) createSecretFile(dataDir, file);
    const secret = readFileSync(file, 'utf8').trim();
    // Kept, not replaced: an empty file never held a secret, but a process of an older svc may be
    // between creating and writing it, and replacing it then would give two processes two secrets.
    if (secret.length === 0) {
        throw new EmptySecretError(
            `${file} is empty: an earlier start was cut off while writing it (a full disk or a crash), so no session was ever signed with it; delete it and start again (a new secret is made), or set SVC_SESSION_SECRET`,
        );
    }
    return secret;
}

function createSecretFile(dataDir: string, file: string): void {
    const tmp = join(dataDir, `.${SECRET_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
    try {
        const fd = openSync(tmp, 'wx', 0o600);
        try {
            writeSync(fd, `${randomBytes(32).toString('base64url')}\n`);
            fsyncSync(fd);
        } finally {
            closeSync(fd);
        }
        publish(tmp, file);
    } finally {
        rmSync(tmp, { force: true }); // written or not, the temporary name goes
    }
    syncFolder(dataDir);
}

/** Gives the written file its name; another process's secret that got there first wins. */
function publish(tmp: string, file: string): void {
    try {
        linkSync(tmp, file);
    } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // A file system without hard links: rename (which would replace a file appearing meanwhile).
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') renameSync(tmp, file);
        else if (code !== 'EEXIST') throw e;
    }
}

/** Flushes the folder's entries (the new name), so the file survives a power loss once svc uses it. */
export function syncFolder(dir: string): void {
    const fd = openSync(dir, 'r');
    try {
        fsyncSync(fd);
    } finally {
        closeSync(fd);
    }
}

function exists(file: string): boolean {
    try {
        closeSync(openSync(file, 'r'));
        return true;
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw e;
    }
}
