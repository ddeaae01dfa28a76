// SVC_DATABASE_URL and SVC_REDIS_URL are read at start as their drivers read them: a value they
// cannot read stops `svc serve` (ConfigError, exit 2) with a message that never quotes the value. A
// malformed one used to let the server start and answer every /v1 request 500 "Invalid URL".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, checkStoreUrls, loadConfig, runServer } from '../src/index.js';

const SECRET = { SVC_SESSION_SECRET: 'config-test-secret' };
const PASSWORD = 'S3cret PW';

function refusal(env: NodeJS.ProcessEnv): Error {
    try {
        loadConfig({ ...SECRET, ...env });
    } catch (e) {
        return e as Error;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('configuration: store URLs', () => {
    it('refuses a database URL its driver cannot read, naming the variable and never the value', () => {
        for (const url of [
            `postgres://svc:${PASSWORD}@db.internal:abc/svc`, // the review's: a port that is no number
            `postgres://svc:pa#${PASSWORD}@db.internal:5432/svc`, // a # not percent-encoded
            `postgres://svc:${PASSWORD}@db.internal:99999/svc`,
        ]) {
            const e = refusal({ SVC_DATABASE_URL: url });
            expect(e, url).to.be.instanceOf(ConfigError);
            expect(e.message).to.match(
                /^SVC_DATABASE_URL must be a PostgreSQL URL such as postgres:\/\/user:password@host:5432\/svc \(it cannot be read/,
            );
            expect(e.message).to.not.contain(PASSWORD).and.not.contain('db.internal');
            expect(e.cause).to.equal(undefined); // a driver's error may carry the URL (TypeError's input)
        }
        const other = refusal({ SVC_DATABASE_URL: `mysql://svc:${PASSWORD}@host/svc` });
        expect(other.message).to.contain('must begin with postgres:// or postgresql://').and.not.contain(PASSWORD);
    });

    it('refuses a Redis URL its driver cannot read, never quoting it', () => {
        for (const url of [`redis://:${PASSWORD}@host:abc`, `redis://:${PASSWORD}@host:70000`, `http://:${PASSWORD}@host:6379`]) {
            const e = refusal({ SVC_REDIS_URL: url });
            expect(e, url).to.be.instanceOf(ConfigError);
            expect(e.message).to.match(/^SVC_REDIS_URL must be a Redis URL such as redis:\/\/host:6379 \(/);
            expect(e.message).to.not.contain(PASSWORD);
        }
    });

    it('accepts the forms the drivers accept', () => {
        for (const url of [
            'postgres://db/svc',
            `postgres://svc:${PASSWORD}@db:5432/svc`, // node-postgres encodes the space itself
            'postgresql://svc:p%23w@db/svc?sslmode=disable',
            'postgresql://svc@/svc?host=/var/run/postgresql',
            'socket:/var/run/postgresql?db=svc',
            '/var/run/postgresql svc',
        ])
            expect(() => loadConfig({ ...SECRET, SVC_DATABASE_URL: url }), url).to.not.throw();
        for (const url of ['redis://r:6379', 'rediss://user:pw@r:6380/2', 'r:6379', '/tmp/redis.sock'])
            expect(() => loadConfig({ SVC_REDIS_URL: url }), url).to.not.throw();
        expect(() => checkStoreUrls(undefined, undefined)).to.not.throw();
    });

    it('svc serve (runServer) stops at start with the ConfigError, before any store is opened', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-config-url-'));
        try {
            const env = { ...SECRET, SVC_DATA_DIR: dataDir, PORT: '0', SVC_WORKERS: '0' };
            for (const bad of [
                { SVC_DATABASE_URL: `postgres://svc:${PASSWORD}@host:abc/svc` },
                { SVC_REDIS_URL: `redis://:${PASSWORD}@h:x` },
            ]) {
                let error: unknown;
                const started = await runServer({ ...env, ...bad }, dataDir).catch((e: unknown) => void (error = e));
                if (started) await started.stop();
                expect(error).to.be.instanceOf(ConfigError);
                expect((error as Error).message).to.not.contain(PASSWORD);
            }
        } finally {
            rmSync(dataDir, { recursive: true, force: true });
        }
    });
});
