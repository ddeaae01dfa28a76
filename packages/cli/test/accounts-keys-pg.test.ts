// `svc accounts` and `svc keys` against PostgreSQL when SVC_DATABASE_URL is set, like the server: a
// real throwaway PostgreSQL (started by @svc/runtime-server's test support; skipped, with the reason
// printed, when its binaries are absent).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, hashApiKey, loadConfig, openPgStore, verifyPassword, type SvcServer } from '@svc/runtime-server';
import { sharedPg, sharedRedis } from '@svc/runtime-server/test-support';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const bin = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));

describe('svc accounts and svc keys on PostgreSQL', function () {
    this.timeout(60_000);
    let url: string;
    before(async function () {
        const pg = await sharedPg();
        if (!pg) return this.skip();
        url = await pg.createDatabase();
    });

    async function svc(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
        return svcWith({}, ...args);
    }

    async function svcWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
        let stdout = '';
        let stderr = '';
        // SVC_DATA_DIR points nowhere usable: the commands must not touch SQLite at all.
        const io: CliIO = {
            stdout: (t) => {
                stdout += t;
            },
            stderr: (t) => {
                stderr += t;
            },
            stderrIsTTY: false,
            env: { SVC_DATABASE_URL: url, SVC_DATA_DIR: '/nonexistent/svc', ...env },
            cwd: '/',
        };
        return { code: await main(args, io), stdout, stderr };
    }

    it('creates an account, adds credit, creates, lists and revokes a key in the database', async () => {
        const created = await svc('accounts', 'create', '--email', 'pg@example.test', '--json');
        expect(created.code, created.stderr).to.equal(0);
        expect(JSON.parse(created.stdout)).to.include({ email: 'pg@example.test', credit_reads: 10 });
        expect((await svc('accounts', 'create', '--email', 'PG@example.test')).code).to.equal(1);
        expect(
            JSON.parse((await svc('accounts', 'credit', '--email', 'pg@example.test', '--reads', '5', '--json')).stdout).credit_reads,
        ).to.equal(15);
        const key = JSON.parse((await svc('keys', 'create', '--email', 'pg@example.test', '--name', 'ci', '--json')).stdout);
        const store = openPgStore(url, { max: 1 });
        try {
            expect((await store.findKeyByHash(hashApiKey(key.key)))?.id).to.equal(key.id);
            const listed = JSON.parse((await svc('keys', 'list', '--email', 'pg@example.test', '--json')).stdout);
            expect(listed.map((k: { id: string }) => k.id)).to.deep.equal([key.id]);
            // Servers with Redis cache keys: without SVC_REDIS_URL the CLI refuses, unless told none does.
            const refused = await svc('keys', 'revoke', key.id);
            expect(refused.code).to.equal(2);
            expect(refused.stderr).to.contain('set SVC_REDIS_URL as the servers have it');
            expect((await store.findKeyByHash(hashApiKey(key.key)))?.revokedAt).to.equal(null);
            expect((await svc('keys', 'revoke', key.id, '--no-redis')).code).to.equal(0);
            expect((await svc('keys', 'revoke', key.id, '--no-redis')).code).to.equal(1);
            expect((await store.findKeyByHash(hashApiKey(key.key)))?.revokedAt).to.be.a('string');
        } finally {
            await store.close();
        }
    });

    it('svc accounts password sets the password in the database, and writes no SQLite file', async () => {
        expect((await svc('accounts', 'create', '--email', 'panel-pg@example.test')).code).to.equal(0);
        const dir = mkdtempSync(join(tmpdir(), 'svc-cli-pg-pw-'));
        try {
            const r = spawnSync(process.execPath, [bin, 'accounts', 'password', '--email', 'panel-pg@example.test'], {
                input: 'a password for postgres\n',
                encoding: 'utf8',
                cwd: dir,
                env: { ...process.env, SVC_DATABASE_URL: url, SVC_DATA_DIR: join(dir, 'data') },
            });
            expect(r.status, r.stderr).to.equal(0);
            expect(readdirSync(dir), 'no stray data folder or svc.sqlite').to.deep.equal([]);
            const store = openPgStore(url, { max: 1 });
            try {
                const login = await store.findLogin('panel-pg@example.test');
                expect(await verifyPassword('a password for postgres', login!.passwordHash)).to.equal(true);
            } finally {
                await store.close();
            }
            const unknown = spawnSync(process.execPath, [bin, 'accounts', 'password', '--email', 'nobody-pg@example.test'], {
                input: 'a password for postgres\n',
                encoding: 'utf8',
                cwd: dir,
                env: { ...process.env, SVC_DATABASE_URL: url, SVC_DATA_DIR: join(dir, 'data') },
            });
            expect(unknown.status).to.equal(1);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });

    describe('with servers that cache keys (SVC_REDIS_URL)', () => {
        let redisUrl: string;
        let server: SvcServer;
        let base: string;
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-cli-pg-'));
        before(async function () {
            const redis = await sharedRedis();
            if (!redis) return this.skip();
            redisUrl = redis.url;
            const config = loadConfig(
                { SVC_DATABASE_URL: url, SVC_REDIS_URL: redisUrl, SVC_SESSION_SECRET: 'cli-test-secret', PORT: '0', SVC_WORKERS: '0' },
                dataDir,
            );
            server = createServer(config, { engine: null, editor: null, logSink: () => {} });
            base = await server.listen();
        });
        after(async () => {
            await server?.close();
            rmSync(dataDir, { recursive: true, force: true });
        });
        const validate = async (key: string): Promise<number> =>
            (
                await fetch(`${base}/v1/schemas/validate`, {
                    method: 'POST',
                    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                    body: JSON.stringify({ schema: { svc_schema: '1.0', name: 'n', fields: [{ name: 'a', type: 'string' }] } }),
                })
            ).status;
        const newKey = async (): Promise<{ id: string; key: string }> => {
            await svc('accounts', 'create', '--email', 'cache@example.test');
            return JSON.parse((await svc('keys', 'create', '--email', 'cache@example.test', '--name', 'c', '--json')).stdout);
        };

        it('svc keys revoke: a server that had the key cached refuses it on the next request', async () => {
            const key = await newKey();
            expect(await validate(key.key)).to.equal(200);
            expect(await validate(key.key)).to.equal(200);
            expect(server.services.keyCache.size).to.be.greaterThan(0);
            const r = await svcWith({ SVC_REDIS_URL: redisUrl }, 'keys', 'revoke', key.id);
            expect(r.code, r.stderr).to.equal(0);
            expect(await validate(key.key)).to.equal(401);
        });

        it('svc keys revoke run again after a failed epoch change: the key is revoked already, the servers are told all the same', async () => {
            const key = await newKey();
            expect(await validate(key.key)).to.equal(200);
            expect(await validate(key.key)).to.equal(200);
            // The first run's database change, without its epoch change (Redis failed in between).
            const store = openPgStore(url, { max: 1 });
            try {
                expect(await store.revokeKey(key.id)).to.equal(true);
            } finally {
                await store.close();
            }
            expect(await validate(key.key)).to.equal(200);
            const r = await svcWith({ SVC_REDIS_URL: redisUrl }, 'keys', 'revoke', key.id);
            expect(r.code).to.equal(1);
            expect(await validate(key.key)).to.equal(401);
        });

        it('Redis out of reach: one line saying so, and nothing is revoked', async () => {
            const key = await newKey();
            expect(await validate(key.key)).to.equal(200);
            const r = await svcWith({ SVC_REDIS_URL: 'redis://127.0.0.1:1' }, 'keys', 'revoke', key.id);
            expect(r.code).to.equal(2);
            expect(r.stderr).to.match(/^svc keys: cannot reach Redis \(SVC_REDIS_URL\)/);
            expect(await validate(key.key)).to.equal(200);
            const store = openPgStore(url, { max: 1 });
            try {
                expect((await store.findKeyByHash(hashApiKey(key.key)))?.revokedAt).to.equal(null);
            } finally {
                await store.close();
            }
        });
    });
});
