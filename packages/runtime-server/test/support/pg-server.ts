// A throwaway PostgreSQL for the tests: initdb and pg_ctl in a temporary folder, on a free loopback
// port, trust authentication, stopped when the test process exits. PostgreSQL refuses to run as
// root, so as root it runs as the `postgres` user (runuser). Tests are skipped, with the reason
// printed, only when the binaries are absent.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface PgServer {
    port: number;
    /** A fresh, empty database's URL. */
    createDatabase(): Promise<string>;
    stop(): void;
    start(): void;
}

function findBin(): string | undefined {
    if (process.env.SVC_TEST_PG_BIN) return process.env.SVC_TEST_PG_BIN;
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a));
    return versions[0] && join(root, versions[0], 'bin');
}

let shared: Promise<PgServer | undefined> | undefined;
let skipReason: string | undefined;

/** The one PostgreSQL of this test run, started on first use; undefined (and a printed reason) without binaries. */
export function sharedPg(): Promise<PgServer | undefined> {
    return (shared ??= startPg());
}

async function startPg(): Promise<PgServer | undefined> {
    const bin = findBin();
    if (!bin || !existsSync(join(bin, 'initdb'))) return skip('PostgreSQL binaries not found (install the Debian package postgresql)');
    const root = process.getuid?.() === 0;
    let uid: number | undefined;
    let gid: number | undefined;
    if (root) {
        const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
        if (ids.status !== 0) return skip('running as root and there is no postgres user to run PostgreSQL as');
        uid = Number(ids.stdout.trim());
        gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    }
    const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
    chmodSync(dir, 0o755);
    if (uid !== undefined) chownSync(dir, uid, gid!);
    const data = join(dir, 'data');
    const run = (cmd: string, args: string[]): void => {
        const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
        const r = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
        if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
    };
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'svc', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    const port = await freePort();
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
    let running = false;
    const server: PgServer = {
        port,
        async createDatabase() {
            const name = `svc_${Math.random().toString(36).slice(2, 10)}`;
            const c = new pg.Client({ host: '127.0.0.1', port, user: 'svc', database: 'postgres' });
            await c.connect();
            try {
                await c.query(`CREATE DATABASE ${name}`);
            } finally {
                await c.end();
            }
            return `postgres://svc@127.0.0.1:${port}/${name}`;
        },
        start() {
            run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
            running = true;
        },
        stop() {
            if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
            running = false;
        },
    };
    server.start();
    process.once('exit', () => {
        try {
            server.stop();
        } catch {
            /* already gone */
        }
        rmSync(dir, { recursive: true, force: true });
    });
    return server;
}

function skip(reason: string): undefined {
    if (skipReason === undefined) console.log(`  (PostgreSQL tests skipped: ${reason})`);
    skipReason = reason;
    return undefined;
}
