// svc_compile_cache_hits_total and _misses_total count the lookups of the caches that compile: with
// the worker pool (the default) those are the threads' own, which report them after each task; the
// metric read only the main thread's cache, which only the inline pipeline uses, and stayed 0.
import { expect } from 'chai';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

/** The two counters as /metrics serves them. */
async function lookups(t: TestServer): Promise<{ hits: number; misses: number }> {
    const text = (await call(t, 'GET', '/metrics')).text;
    const value = (name: string): number =>
        Number(
            text
                .split('\n')
                .find((l) => l.startsWith(`${name} `))
                ?.split(' ')[1],
        );
    return { hits: value('svc_compile_cache_hits_total'), misses: value('svc_compile_cache_misses_total') };
}

/**
 * One schema validated `times` times, each body written otherwise (spaces around it) so that the
 * route's answer cache does not answer for the compiler; all 200.
 */
async function validateRepeatedly(t: TestServer, times: number): Promise<void> {
    const { key } = await newKey(t);
    for (let i = 0; i < times; i++) {
        const raw = `{${' '.repeat(i)}"schema": ${JSON.stringify(SCHEMA)}}`;
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, raw })).status).to.equal(200);
    }
}

describe('observability: compile-cache metrics', function () {
    this.timeout(60_000);

    it('with the worker pool, count what the threads looked up: as many as the inline pipeline counts', async () => {
        const inline = await startTestServer({ config: { metrics: true, workers: 0 } });
        const pooled = await startTestServer({ config: { metrics: true, workers: 1, quickWorkers: 0 } });
        try {
            expect(pooled.server.services.pipeline.constructor.name).to.equal('WorkerPipeline');
            for (const t of [inline, pooled]) await validateRepeatedly(t, 4);
            const expected = await lookups(inline);
            expect(expected.hits).to.be.at.least(1);
            expect(expected.misses).to.be.at.least(1);
            expect(await lookups(pooled)).to.deep.equal(expected);
        } finally {
            await Promise.all([inline.stop(), pooled.stop()]);
        }
    });

    it('with several threads, every thread counts: the sum covers each request', async () => {
        const t = await startTestServer({ config: { metrics: true, workers: 2, quickWorkers: 1 } });
        try {
            await validateRepeatedly(t, 6);
            const { hits, misses } = await lookups(t);
            // Each compile looks up its raw text, then (on a miss) its canonical text: 1 or 2 a request.
            expect(hits + misses).to.be.within(6, 12);
            expect(misses).to.be.at.least(2);
        } finally {
            await t.stop();
        }
    });
});
