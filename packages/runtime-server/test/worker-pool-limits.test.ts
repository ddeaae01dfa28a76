// The worker pool's threads have a heap limit (SVC_WORKER_MEMORY_MB), a thread that dies under its
// task is answered 503 pipeline_unavailable (never 500) and reported, and a shutdown drains the
// pool: tasks waiting answered 503 at once, the running ones left to finish. Real threads running a
// stand-in module (worker-pool-standin.ts), so a thread can be made to run out of memory or exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, runServer } from '../src/index.js';
import { SHUTTING_DOWN, type Outcome, type PipelineObserver } from '../src/pipeline/pipeline-types.js';
import type { WorkerSetup } from '../src/pipeline/pipeline-worker.js';
import { DEFAULT_WORKER_MEMORY_MB, WorkerPipeline, workerMemoryMb, type WorkerPoolOptions } from '../src/pipeline/worker-pool.js';

const STAND_IN = new URL('./worker-pool-standin.js', import.meta.url).href;
const OK = { ok: { json: '{"ok":true}' } };
const LOST = {
    error: { status: 503, code: 'pipeline_unavailable', message: 'The worker processing this request stopped; retry shortly.' },
};

interface Reported {
    lost: string[];
    deadlines: string[];
}

function pool(options: Partial<WorkerPoolOptions> = {}, env: Record<string, string> = {}): { p: WorkerPipeline; reported: Reported } {
    const p = new WorkerPipeline({
        threads: 1,
        quickThreads: 0,
        maxQueue: 8,
        networkThreads: 0,
        taskTimeoutMs: 60_000,
        workerFile: STAND_IN,
        setup: { env } as WorkerSetup,
        ...options,
    });
    const reported: Reported = { lost: [], deadlines: [] };
    const observer: PipelineObserver = {
        threadLost: (cause) => reported.lost.push(cause),
        deadline: (task, running) => reported.deadlines.push(`${task} ${running ? 'running' : 'waiting'}`),
    };
    p.observe(observer);
    return { p, reported };
}

/** The heap limit (MB) of the pool's thread, as the thread sees it. */
async function heapLimit(p: WorkerPipeline): Promise<number> {
    const r = (await p.validate('heap', 'acct')) as { ok: { json: string } };
    return Number(r.ok.json);
}

describe('worker pool: heap limit, lost threads, drain', function () {
    this.timeout(60_000);

    it('a thread out of memory is answered 503 pipeline_unavailable, reported once, and replaced', async () => {
        const { p, reported } = pool({ memoryLimitMb: 64 });
        try {
            expect(await p.validate('oom', 'acct')).to.deep.equal(LOST);
            expect(reported.lost).to.deep.equal(['out_of_memory']);
            expect(await p.validate('ok', 'acct')).to.deep.equal(OK);
        } finally {
            await p.close();
        }
    });

    it('a thread that exits under its task is answered 503 and reported as exited', async () => {
        const { p, reported } = pool();
        try {
            expect(await p.validate('exit', 'acct')).to.deep.equal(LOST);
            expect(reported.lost).to.deep.equal(['exited']);
            expect(await p.validate('ok', 'acct')).to.deep.equal(OK);
        } finally {
            await p.close();
        }
    });

    it('threads get SVC_WORKER_MEMORY_MB of heap, 1024 MB by default (not the process default)', async () => {
        for (const [env, mb] of [
            [{}, DEFAULT_WORKER_MEMORY_MB],
            [{ SVC_WORKER_MEMORY_MB: '256' }, 256],
        ] as const) {
            const { p } = pool({}, env);
            try {
                const limit = await heapLimit(p);
                // V8 adds the young generation to the old generation's limit.
                expect(limit, JSON.stringify(env)).to.be.within(mb, mb + 200);
            } finally {
                await p.close();
            }
        }
    });

    it('SVC_WORKER_MEMORY_MB is checked at start (exit 2 with one line, as the other variables)', async () => {
        expect(workerMemoryMb({})).to.equal(1024);
        expect(workerMemoryMb({ SVC_WORKER_MEMORY_MB: '' })).to.equal(1024);
        expect(workerMemoryMb({ SVC_WORKER_MEMORY_MB: '2048' })).to.equal(2048);
        for (const bad of ['lots', '64', '1.5', '100000'])
            expect(() => workerMemoryMb({ SVC_WORKER_MEMORY_MB: bad }), bad).to.throw(
                ConfigError,
                /SVC_WORKER_MEMORY_MB must be an integer 128\.\.65536/,
            );
        const dataDir = mkdtempSync(join(tmpdir(), 'svc-wp-mem-'));
        try {
            let error: unknown;
            const env = { SVC_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SVC_WORKERS: '0', SVC_WORKER_MEMORY_MB: 'lots' };
            const started = await runServer(env, dataDir).catch((e: unknown) => void (error = e));
            await started?.stop(); // (only if it started: the check failed)
            expect(error).to.be.instanceOf(ConfigError);
        } finally {
            rmSync(dataDir, { recursive: true, force: true });
        }
    });

    it('drain(): tasks waiting are answered 503 shutting down (Retry-After) at once, new ones too; the running one finishes', async () => {
        const { p } = pool();
        try {
            const running = p.validate('hold', 'acct');
            const waiting = [p.validate('ok', 'a'), p.validate('ok', 'b'), p.edit('ok', 'a')];
            expect(p.load()).to.deep.equal({ running: 1, queued: 3 });
            p.drain();
            const answers: Outcome<unknown>[] = await Promise.all(waiting);
            expect(answers).to.deep.equal([SHUTTING_DOWN, SHUTTING_DOWN, SHUTTING_DOWN]);
            expect(SHUTTING_DOWN.error).to.include({ status: 503, code: 'pipeline_unavailable', retryAfter: 5 });
            expect(await p.plan('ok', 'c')).to.deep.equal(SHUTTING_DOWN);
            expect(await p.extract('ok', 'c')).to.deep.equal(SHUTTING_DOWN);
            expect(await running).to.deep.equal(OK);
        } finally {
            await p.close();
        }
    });

    it('close(): a task still running is answered 503 shutting down, not 500', async () => {
        const { p, reported } = pool();
        const running = p.validate('spin', 'acct');
        while (p.load().running < 1) await new Promise((r) => setTimeout(r, 5));
        await Promise.all([p.close(), p.close()]);
        expect(await running).to.deep.equal(SHUTTING_DOWN);
        expect(reported.lost).to.deep.equal([]);
    });

    it('a task stopped at its deadline is reported (the kind only) and answered 503', async () => {
        const { p, reported } = pool({ taskTimeoutMs: 200 });
        try {
            const r = (await p.validate('spin', 'acct')) as { error: { status: number } };
            expect(r.error.status).to.equal(503);
            expect(reported.deadlines).to.deep.equal(['validate running']);
            expect(reported.lost).to.deep.equal([]);
        } finally {
            await p.close();
        }
    });
});
