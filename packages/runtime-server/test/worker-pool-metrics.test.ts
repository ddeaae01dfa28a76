// What the worker pool shows an operator (docs/deploy.md, "What to monitor"): the 429s of an
// account's share of the queue and of its worker time in svc_rate_limit_rejections_total, tasks
// waiting and running as gauges, threads replaced by cause, and a task stopped at its deadline in the
// log at warn with nothing of the request. Real threads and the real engine.
import { expect } from 'chai';
import { call, newKey, startTestServer, SCHEMA, type Res, type TestServer } from './test-server.js';
import { OPEN, heavyValidate, sleep } from './worker-pool-support.js';

async function metric(t: TestServer, series: string): Promise<number> {
    const text = (await call(t, 'GET', '/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

const pooled = (config: Record<string, unknown>): Promise<TestServer> =>
    startTestServer({
        limits: OPEN,
        config: { workers: 1, quickWorkers: 0, metrics: true, ...config },
        overrides: { engine: null, editor: null, env: {} },
    });

describe('worker pool: metrics and log', function () {
    this.timeout(60_000);

    it('429s of an account\'s share of the queue are counted as limit="queue_share"', async () => {
        const t = await pooled({ workerQueuePerAccount: 2 });
        try {
            const key = (await newKey(t)).key;
            const answers = await Promise.all(
                Array.from({ length: 6 }, (_, i) => call(t, 'POST', '/v1/schemas/validate', { key, raw: heavyValidate(i) })),
            );
            const refused = answers.filter((r) => r.status === 429);
            expect(refused.length, answers.map((r) => r.status).join()).to.be.at.least(1);
            for (const r of refused) expect(r.headers.get('retry-after')).to.equal('1');
            expect(await metric(t, 'svc_rate_limit_rejections_total{limit="queue_share"}')).to.equal(refused.length);
        } finally {
            await t.stop();
        }
    });

    it('429s of a spent worker-time budget are counted as limit="worker_time"', async () => {
        const t = await pooled({ workerMsPerAccount: 1 });
        try {
            const key = (await newKey(t)).key;
            const answers: Res[] = [];
            // Distinct bodies: a repeated one is answered from the route's cache, without the pool.
            for (let i = 0; i < 3; i++) {
                answers.push(await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: { ...SCHEMA, name: `budget${i}` } } }));
            }
            expect(answers.map((r) => r.status)).to.deep.equal([200, 429, 429]);
            expect(await metric(t, 'svc_rate_limit_rejections_total{limit="worker_time"}')).to.equal(2);
            // Another account's tasks waiting when its first one spends the budget: the pool's own 429.
            const other = (await newKey(t)).key;
            const pool = t.server.services.pipeline;
            const first = call(t, 'POST', '/v1/schemas/validate', { key: other, raw: heavyValidate(1) });
            while (pool.load().running < 1) await sleep(5);
            const waiting = [2, 3].map((i) => call(t, 'POST', '/v1/schemas/validate', { key: other, raw: heavyValidate(i) }));
            while (pool.load().queued < 2) await sleep(5);
            expect([(await first).status, ...(await Promise.all(waiting)).map((r) => r.status)]).to.deep.equal([200, 429, 429]);
            expect(await metric(t, 'svc_rate_limit_rejections_total{limit="worker_time"}')).to.equal(4);
            expect(await metric(t, 'svc_rate_limit_rejections_total{limit="queue_share"}')).to.be.NaN;
        } finally {
            await t.stop();
        }
    });

    it('tasks waiting and running are gauges', async () => {
        const t = await pooled({});
        try {
            const key = (await newKey(t)).key;
            expect(await metric(t, 'svc_worker_queue_depth')).to.equal(0);
            const sent = Array.from({ length: 5 }, (_, i) => call(t, 'POST', '/v1/schemas/validate', { key, raw: heavyValidate(i) }));
            while (t.server.services.pipeline.load().queued < 3) await sleep(5);
            expect(await metric(t, 'svc_worker_queue_depth')).to.be.at.least(1);
            expect(await metric(t, 'svc_worker_tasks_running')).to.equal(1);
            expect((await Promise.all(sent)).map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
            expect(await metric(t, 'svc_worker_queue_depth')).to.equal(0);
            expect(await metric(t, 'svc_worker_tasks_running')).to.equal(0);
        } finally {
            await t.stop();
        }
    });

    it('a task stopped at its deadline is logged at warn without request data, and its thread counted as replaced', async () => {
        const t = await pooled({ taskTimeoutMs: 30 });
        try {
            const key = (await newKey(t)).key;
            expect(await metric(t, 'svc_worker_restarts_total{cause="deadline"}')).to.equal(0);
            const r = await call(t, 'POST', '/v1/schemas/validate', { key, raw: heavyValidate(7) });
            expect(r.status).to.equal(503);
            const warned = t.logs.filter((l) => l.includes('"msg":"task stopped at its deadline"'));
            expect(
                warned.map((l) => JSON.parse(l) as Record<string, unknown>).map(({ level, task, stage }) => ({ level, task, stage })),
            ).to.deep.equal([{ level: 'warn', task: 'validate', stage: 'running' }]);
            expect(warned[0]).not.to.include('heavy7').and.not.to.include(key.slice(4, 20));
            expect(await metric(t, 'svc_worker_restarts_total{cause="deadline"}')).to.equal(1);
            expect(await metric(t, 'svc_worker_restarts_total{cause="out_of_memory"}')).to.equal(0);
        } finally {
            await t.stop();
        }
    });
});
