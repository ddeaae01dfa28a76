// The SQLite file a store has open, watched for being deleted or replaced under it. SQLite goes on
// with the file it opened: with data/svc.sqlite deleted (or a copy moved over it) the server kept
// answering from a file no one else can see, /readyz said ready, its writes were to be lost at the
// next start, and `svc keys revoke` wrote to a new file at the path, so the revoked key kept working.
// The path's device and inode are compared with those of the file opened.
import { statSync } from 'node:fs';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';

/** How often a request's store operation looks at the path (/readyz and the heartbeat look every time). */
export const FILE_CHECK_EVERY_MS = 1000;

export class DatabaseFileWatch {
    private readonly dev: bigint;
    private readonly ino: bigint;
    private checkedAt: number;
    private gone = false;

    /** Stats `file` now: call it right after opening the file. `onGone`: told once each time the path stops naming it. */
    constructor(
        readonly file: string,
        private readonly onGone: (file: string) => void = () => {},
        private readonly now: () => number = Date.now,
        private readonly everyMs = FILE_CHECK_EVERY_MS,
    ) {
        const s = statSync(file, { bigint: true });
        this.dev = s.dev;
        this.ino = s.ino;
        this.checkedAt = now();
    }

    /**
     * Throws DependencyUnavailableError (503) while the path does not name the file opened. `force`:
     * looks now; otherwise at most every `everyMs` (one stat a second at most on the request path).
     */
    check(force = false): void {
        const t = this.now();
        if (force || t - this.checkedAt >= this.everyMs) {
            this.checkedAt = t;
            this.look();
        }
        if (this.gone) {
            throw new DependencyUnavailableError(
                'database',
                new Error(`the database file ${this.file} was deleted or replaced while the server runs; restore it or restart the server`),
            );
        }
    }

    private look(): void {
        let same: boolean;
        try {
            const s = statSync(this.file, { bigint: true });
            same = s.dev === this.dev && s.ino === this.ino;
        } catch (e) {
            // Missing; any other failure (a folder made unreadable) says nothing of the file.
            const code = (e as NodeJS.ErrnoException).code;
            same = code !== 'ENOENT' && code !== 'ENOTDIR';
        }
        if (!same && !this.gone) this.onGone(this.file);
        this.gone = !same;
    }
}
