// SIGTERM of a running `svc serve` (docs/deploy.md, "Stopping"): the tasks waiting for a worker are
// answered 503 pipeline_unavailable with Retry-After at once, never cut with their sockets, the
// running one finishes, and the process exits 0 within its bound. It waited for every request,
// queued ones included, and after 10 s exited 1 with the rest cut (13 of 32 heavy extractions).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from 'chai';
import { createAccount, createKey, openSqliteStore } from '../src/index.js';
import { SHUTTING_DOWN_BODY, heavyValidate, sleep } from './shutdown-support.js';

const CHILD = new URL('./shutdown-child.js', import.meta.url);

/** The child's log lines as they come, and its URL once it listens. */
function startChild(dataDir: string): { child: ChildProcess; lines: string[]; url: Promise<string>; exit: Promise<number | null> } {
    const child = spawn(process.execPath, [CHILD.pathname], {
        env: {
            PATH: process.env.PATH ?? '',
            SVC_DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: '0',
            SVC_WORKERS: '1',
            SVC_QUICK_WORKERS: '0',
            SVC_METRICS: '1',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const url = new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
            lines.push(line);
            const parsed = JSON.parse(line) as { msg?: string; url?: string };
            if (parsed.msg === 'listening') resolve(parsed.url!);
        });
        child.once('exit', () => reject(new Error(`the server exited before listening: ${lines.join('\n')}`)));
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, lines, url, exit };
}

async function gauge(url: string, name: string): Promise<number> {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
}

describe('shutdown: SIGTERM of svc serve', function () {
    this.timeout(90_000);

    it('answers the tasks waiting for a worker 503 with Retry-After, lets the running one finish, and exits 0', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-sigterm-'));
        let started: ReturnType<typeof startChild> | undefined;
        try {
            const store = openSqliteStore(dataDir);
            await createAccount(store, 'sigterm@example.test');
            const { key } = await createKey(store, { email: 'sigterm@example.test', name: 'test' });
            await store.close();
            started = startChild(dataDir);
            const url = await started.url;
            const sent = Array.from({ length: 6 }, (_, i) =>
                fetch(`${url}/v1/schemas/validate`, {
                    method: 'POST',
                    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                    body: heavyValidate(i),
                }).then(
                    async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), json: await r.json() }),
                    (e: Error) => ({ status: 0, retryAfter: null, json: (e.cause as Error | undefined)?.message ?? e.message }),
                ),
            );
            while (!((await gauge(url, 'svc_worker_queue_depth')) >= 3)) await sleep(20);
            started.child.kill('SIGTERM');
            const answers = await Promise.all(sent);
            const code = await started.exit;
            const refused = answers.filter((a) => a.status === 503);
            expect(
                answers.map((a) => a.status).filter((s) => s !== 200 && s !== 503),
                JSON.stringify(answers),
            ).to.deep.equal([]);
            expect(refused.length, JSON.stringify(answers)).to.be.at.least(3);
            expect(answers.filter((a) => a.status === 200).length, JSON.stringify(answers)).to.be.at.least(1); // the running one
            for (const a of refused) expect(a).to.deep.equal({ status: 503, retryAfter: '5', json: SHUTTING_DOWN_BODY });
            expect(code, started.lines.join('\n')).to.equal(0);
            expect(started.lines.some((l) => l.includes('"msg":"stopped"'))).to.equal(true);
        } finally {
            if (started && started.child.exitCode === null) started.child.kill('SIGKILL');
            rmSync(dataDir, { recursive: true, force: true });
        }
    });
});
