// The SQLite data folder as an operator finds it (docs/deploy.md, "SQLite"): commits flushed
// (synchronous FULL), private files, one server per folder, a newer schema refused, a file that
// cannot be opened named, and the session secret created whole.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SQLITE_FILE, openSqliteStore } from '../src/index.js';
import { ConfigError } from '../src/config/server-config.js';
import { dataDirSecret } from '../src/config/data-dir-secret.js';
import { DataDirLockedError } from '../src/store/data-dir-lock.js';
import { NewerSchemaError, MIGRATIONS } from '../src/store/sqlite-schema.js';
import { startTestServer } from './test-server.js';

const modeOf = (f: string): number => statSync(f).mode & 0o777;

describe('the SQLite data folder', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'svc-files-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('commits are flushed (synchronous FULL), so an acknowledged write survives a power loss', async () => {
        const store = openSqliteStore(dir);
        try {
            // The pragma is per connection: read it through the store's own.
            expect((store as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true })).to.equal(2);
        } finally {
            await store.close();
        }
    });

    it('a new folder is 0700 and the database 0600; an existing 0644 database is narrowed and reported', async () => {
        const fresh = join(dir, 'fresh');
        await openSqliteStore(fresh).close();
        expect(modeOf(fresh)).to.equal(0o700);
        expect(modeOf(join(fresh, SQLITE_FILE))).to.equal(0o600);
        chmodSync(join(fresh, SQLITE_FILE), 0o644);
        const told: string[][] = [];
        await openSqliteStore(fresh, { onTightened: (files) => told.push(files) }).close();
        expect(modeOf(join(fresh, SQLITE_FILE))).to.equal(0o600);
        expect(told).to.deep.equal([[join(fresh, SQLITE_FILE)]]);
    });

    it('a second server on the folder is refused with one line naming it; the folder is free again once the first stops', async () => {
        const first = await startTestServer({ config: { dataDir: dir } });
        try {
            const e = await startTestServer({ config: { dataDir: dir } }).then(
                async (t) => (await t.server.close(), undefined),
                (err: unknown) => err,
            );
            expect(e).to.be.instanceOf(DataDirLockedError);
            expect((e as Error).message).to.include(`another svc serve (pid ${process.pid}) uses the data folder ${dir}`);
        } finally {
            await first.server.close();
        }
        const again = await startTestServer({ config: { dataDir: dir } });
        await again.server.close();
    });

    it('a database of a newer schema version is refused, naming both versions', async () => {
        await openSqliteStore(dir).close();
        const db = new Database(join(dir, SQLITE_FILE));
        db.pragma('user_version = 99');
        db.close();
        expect(() => openSqliteStore(dir)).to.throw(NewerSchemaError, `schema version 99, newer than this svc's ${MIGRATIONS.length}`);
    });

    it('a database that cannot be opened is named', () => {
        mkdirSync(join(dir, SQLITE_FILE));
        expect(() => openSqliteStore(dir)).to.throw(ConfigError, `cannot open the database ${join(dir, SQLITE_FILE)}: `);
    });

    it('the session secret is created whole (0600, no temporary file left) and read back by the next start', () => {
        const secret = dataDirSecret(dir);
        expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
        expect(modeOf(join(dir, 'session-secret'))).to.equal(0o600);
        expect(readdirSync(dir)).to.deep.equal(['session-secret']);
        expect(dataDirSecret(dir)).to.equal(secret);
    });

    it('a secret whose write fails (a full disk: here a file size limit of 0) leaves no file, so the next start makes one', () => {
        const module = new URL('../src/config/data-dir-secret.js', import.meta.url).href;
        const script = `import(${JSON.stringify(module)}).then((m) => m.dataDirSecret(${JSON.stringify(dir)}))`;
        const r = spawnSync('sh', ['-c', 'ulimit -f 0; exec "$0" --input-type=module -e "$1"', process.execPath, script], {
            encoding: 'utf8',
        });
        expect(r.status, r.stderr).to.not.equal(0);
        expect(r.stderr).to.match(/EFBIG|file too large/i);
        expect(readdirSync(dir)).to.deep.equal([]);
        expect(dataDirSecret(dir)).to.have.length(43);
    });

    it('an empty session-secret file (an older start cut off) is kept and explained, never used', () => {
        writeFileSync(join(dir, 'session-secret'), '');
        expect(() => dataDirSecret(dir)).to.throw(ConfigError, /session-secret is empty: .*delete it and start again/);
        expect(readFileSync(join(dir, 'session-secret'), 'utf8')).to.equal('');
    });
});
