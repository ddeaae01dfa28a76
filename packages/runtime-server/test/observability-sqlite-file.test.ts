// The SQLite file deleted or replaced while the server runs: the server went on with the file it had
// open (extractions answered, /readyz 200, writes to a file no one sees) and `svc keys revoke`
// wrote to a new file at the path, so a revoked key kept working. Now /readyz and the heartbeat
// compare the path with the file open and fail (503) while they differ, every other store operation
// too (looking at most once a second), and the log says so once.
import { expect } from 'chai';
import { closeSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseFileWatch } from '../src/store/sqlite-file-watch.js';
import { BusyGate, CLI_BUSY } from '../src/store/sqlite-busy.js';
import { DependencyUnavailableError, SQLITE_FILE, openSqliteStore } from '../src/index.js';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('observability: the SQLite file deleted or replaced under the server', function () {
    this.timeout(30_000);
    let t: TestServer;
    let now = Date.parse('2026-03-02T09:00:00.000Z');
    beforeEach(async () => {
        // The clock of /readyz, which answers from its last check for a second: the tests move it on.
        t = await startTestServer({ overrides: { now: () => now } });
    });
    afterEach(async () => {
        await t.stop();
    });

    const file = (): string => join(t.dataDir, SQLITE_FILE);
    const readyz = async (): Promise<number> => {
        now += 1001;
        return (await call(t, 'GET', '/readyz')).status;
    };
    const goneLines = (): string[] => t.logs.filter((l) => l.includes('the database file was deleted or replaced'));

    it('deleted: /readyz 503, requests 503, the heartbeat fails, and one log line', async () => {
        const { key } = await newKey(t);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(200);
        expect(await readyz()).to.equal(200);
        rmSync(file());
        now += 1001;
        const r = await call(t, 'GET', '/readyz');
        expect(r.status).to.equal(503);
        expect(r.json.error.code).to.equal('pipeline_unavailable');
        // Every operation of the store now refuses: the key's own request is a 503, not a 200.
        const v = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
        expect(v.status).to.equal(503);
        expect(v.json.error.code).to.equal('pipeline_unavailable');
        expect(await readyz()).to.equal(503);
        const lines = goneLines();
        expect(lines, t.logs.join('')).to.have.length(1);
        expect(JSON.parse(lines[0]!)).to.include({ level: 'error', file: file() });
    });

    it('the heartbeat looks at the file itself: it fails at once, before any /readyz', async () => {
        const { store } = t.server.services;
        await store.heartbeat('instance-a');
        rmSync(file());
        let error: unknown;
        await store.heartbeat('instance-a').catch((e: unknown) => (error = e));
        expect(error).to.be.instanceOf(DependencyUnavailableError);
        expect(goneLines()).to.have.length(1);
    });

    it('replaced by the file the CLI creates at the path: the server refuses its old key instead of serving a revoked one', async () => {
        const { key, id } = await newKey(t);
        rmSync(file());
        // What `svc keys revoke` does then: opens the path (a new, empty database) and revokes there.
        const cli = openSqliteStore(t.dataDir);
        try {
            expect(await cli.revokeKey(id)).to.equal(false); // the new file has no such key
        } finally {
            await cli.close();
        }
        // Before any /readyz: the old connection now fails with "no such table" (a 500 before), or
        // its once-a-second look has seen it; a 503 either way.
        const v = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
        expect(v.status, v.text).to.equal(503);
        expect(await readyz()).to.equal(503);
        expect(t.logs.join('')).to.not.contain('unexpected failure');
    });

    it('moved away and back (the same file): ready again', async () => {
        rmSync(`${file()}.moved`, { force: true });
        renameSync(file(), `${file()}.moved`);
        expect(await readyz()).to.equal(503);
        renameSync(`${file()}.moved`, file());
        expect(await readyz()).to.equal(200);
        const { key } = await newKey(t);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(200);
    });
});

describe('observability: DatabaseFileWatch', () => {
    it('on the request path looks at most once every everyMs, /readyz and the heartbeat (force) every time; tells once', () => {
        const dir = mkdtempSync(join(tmpdir(), 'svc-file-watch-'));
        try {
            const file = join(dir, 'db');
            writeFileSync(file, '');
            // Held open, as SQLite holds its file: a deleted file's inode is not free for another meanwhile.
            const fd = openSync(file, 'r');
            let now = 0;
            const told: string[] = [];
            const watch = new DatabaseFileWatch(
                file,
                (f) => told.push(f),
                () => now,
                1000,
            );
            watch.check();
            rmSync(file);
            now = 999;
            expect(() => watch.check()).to.not.throw(); // not looked at yet
            now = 1000;
            expect(() => watch.check()).to.throw(DependencyUnavailableError, /deleted or replaced/);
            expect(() => watch.check(true)).to.throw(DependencyUnavailableError);
            writeFileSync(file, ''); // another file at the path: still not the one open
            expect(() => watch.check(true)).to.throw(DependencyUnavailableError);
            expect(told).to.deep.equal([file]);
            closeSync(fd);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});

describe('observability: a store operation that fails while the file is gone', () => {
    it('is a 503 (the guard looks at once), not the SQLite error it raised', async () => {
        const gate = new BusyGate(CLI_BUSY);
        const gone = new DependencyUnavailableError('database', new Error('the database file was deleted'));
        const looked: boolean[] = [];
        gate.guard = (force) => {
            looked.push(force);
            if (force) throw gone;
        };
        const noSuchTable = (): never => {
            throw Object.assign(new Error('no such table: api_keys'), { code: 'SQLITE_ERROR' });
        };
        expect(await gate.read(() => 1)).to.equal(1);
        expect(await gate.read(noSuchTable).catch((e: unknown) => e)).to.equal(gone);
        expect(await gate.write(noSuchTable).catch((e: unknown) => e)).to.equal(gone);
        expect(looked).to.deep.equal([false, false, true, false, true]);
        // With the file in place, the error is what it was (a bug: 500).
        gate.guard = () => {};
        expect(((await gate.read(noSuchTable).catch((e: unknown) => e)) as Error).message).to.equal('no such table: api_keys');
    });
});
