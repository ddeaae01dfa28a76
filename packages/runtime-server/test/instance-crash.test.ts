// kill -9 of one instance under load (docs/deploy.md, "What holds across instances"):
// the other keeps serving, no acknowledged write is lost, and the killed instance's reservations are
// refunded by the survivor. Instance A runs in a child process so it can really be killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, type TestServer } from './test-server.js';
import { SECRET, backends, eventually, startInstance, type Backends } from './support/cluster.js';

async function spawnInstance(b: Backends): Promise<{ child: ChildProcess; t: TestServer }> {
    const script = fileURLToPath(new URL('./support/instance-main.js', import.meta.url));
    const child = spawn(process.execPath, ['--import', '@svc/language/polyfill', script], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: {
            ...process.env,
            SVC_DATABASE_URL: b.databaseUrl,
            SVC_REDIS_URL: b.redis.url,
            SVC_SESSION_SECRET: SECRET,
            PORT: '0',
            HOST: '127.0.0.1',
            SVC_TEST_SLOW_MS: '20000',
            SVC_WORKER_QUEUE_PER_ACCOUNT: '100',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
    });
    const url = JSON.parse(line).url as string;
    // Only `url` is used by call(); the rest of TestServer belongs to in-process servers.
    return { child, t: { url } as TestServer };
}

describe('kill -9 of one instance under load', function () {
    let b: Backends;
    before(async function () {
        const made = await backends();
        if (!made) return this.skip();
        b = made;
    });

    it("the other keeps serving, acknowledged charges stay, the killed instance's reservations are refunded", async function () {
        this.timeout(60_000);
        const { child, t: A } = await spawnInstance(b);
        const engine = new ScriptedEngine();
        engine.delayMs = 20;
        const B = await startInstance(b, {
            config: {
                limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 },
                reservations: { heartbeatMs: 100, deadAfterMs: 1000, maxHoldMs: 600_000 },
                workerQueuePerAccount: 100, // 20 at once from one account: load, not a tenant's share
            },
            overrides: { engine },
        });
        try {
            const k = await newKey(B, { credit: 100 });
            const credit = async (): Promise<number> => (await B.server.services.store.getAccount(k.accountId))!.creditReads;
            const extract = (t: TestServer, document: string) =>
                call(t, 'POST', '/v1/extractions', { key: k.key, body: { document, schema: SCHEMA } });
            // acknowledged by A before the crash
            const acked = await Promise.all(Array.from({ length: 5 }, () => extract(A, DOC)));
            expect(acked.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
            // in flight on A when it dies: 10 reads reserved
            const doomed = Array.from({ length: 10 }, () =>
                extract(A, `${DOC} slow`).then(
                    (r) => r.status,
                    () => 'connection lost',
                ),
            );
            await eventually('A holds 10 reservations', async () => (await credit()) === 85);
            // load on B while A is killed
            const load = Promise.all(Array.from({ length: 20 }, () => extract(B, DOC)));
            child.kill('SIGKILL');
            const served = await load;
            expect(served.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
            expect(await Promise.all(doomed)).to.deep.equal(Array(10).fill('connection lost'));
            // B's reconciliation notices A's heartbeat stopped and refunds its 10 reads
            await eventually("A's reservations refunded", async () => (await credit()) === 75);
            expect(await B.server.services.store.readsByDay(k.accountId, '2000-01-01')).to.deep.equal([
                { day: new Date().toISOString().slice(0, 10), reads: 25 },
            ]);
            expect(B.logs.some((l) => l.includes('refunded abandoned credit reservations'))).to.equal(true);
            expect((await call(B, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } })).status).to.equal(200);
        } finally {
            child.kill('SIGKILL');
            await B.stop();
        }
    });
});
