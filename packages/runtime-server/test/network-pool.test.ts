// The network pool (docs/worker-pool.md, "The network pool"): with SVC_READER=openai, readings run in
// a pool of their own whose threads hold several at once, so readings that wait on the model never
// keep validation, plans or edits from a thread, and a reading past its deadline is answered 503 with
// its credit given back. A local stand-in for the model's endpoint holds every request until the test
// lets it go; nothing here measures time (the deadline tests only need the deadline to pass).
import { expect } from 'chai';
import { MESSAGES } from '../src/http/api-errors.js';
import { WorkerPipeline } from '../src/pipeline/worker-pool.js';
import { HeldEndpoint } from './held-endpoint.js';
import { call, newKey, startTestServer, DOC, SCHEMA, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };

async function openaiServer(ep: HeldEndpoint, taskTimeoutMs?: number): Promise<TestServer> {
    return startTestServer({
        limits: OPEN,
        config: { workers: 1, ...(taskTimeoutMs ? { taskTimeoutMs } : {}) },
        overrides: {
            engine: undefined,
            editor: undefined,
            env: { SVC_READER: 'openai', SVC_OPENAI_BASE_URL: ep.url, SVC_OPENAI_MODEL: 'test-model', SVC_OPENAI_TIMEOUT_MS: '60000' },
        },
    });
}

describe('network pool: openai readings (docs/worker-pool.md)', function () {
    this.timeout(90_000);
    let ep: HeldEndpoint;
    let t: TestServer | undefined;
    beforeEach(async () => {
        ep = new HeldEndpoint();
        await ep.start();
    });
    afterEach(async () => {
        ep.release();
        await t?.stop();
        t = undefined;
        await ep.stop();
    });

    it('holds several readings on one thread, and validation is answered while they all wait', async () => {
        t = await openaiServer(ep);
        expect(t.server.services.pipeline).to.be.instanceOf(WorkerPipeline);
        const { key } = await newKey(t, { credit: 100 });
        const body = { schema: SCHEMA, document: DOC };
        const readings = [0, 1, 2].map(() => call(t!, 'POST', '/v1/extractions', { key, body }));
        // With one thread for everything, the second reading would wait for the first's answer.
        await ep.heldAtOnce(3);
        // A schema no cache has seen: compiled by a thread of the main pool while the three wait.
        const v = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: { ...SCHEMA, name: 'other' } } });
        expect(v.status).to.equal(200);
        expect(ep.holding).to.equal(3);
        ep.release();
        for (const r of await Promise.all(readings)) {
            expect(r.status).to.equal(200);
            expect(r.json.response.data.total).to.deep.equal({ amount: '10.00', currency: 'EUR' });
        }
    });

    it('answers a reading past its deadline 503 and gives its credit back; the pool goes on reading', async () => {
        // The deadline must also let the next reading finish on a loaded machine (1 s was missed once
        // when two test runs shared its two cores).
        t = await openaiServer(ep, 3_000);
        const { key, email } = await newKey(t, { credit: 100 });
        const body = { schema: SCHEMA, document: DOC };
        const late = await call(t, 'POST', '/v1/extractions', { key, body });
        expect(late.status).to.equal(503);
        expect(late.json.error.code).to.equal('pipeline_unavailable');
        expect(late.json.error.message).to.match(/too long/);
        expect((await t.server.services.store.findAccountByEmail(email))!.creditReads).to.equal(100);
        ep.forget();
        ep.release();
        const next = await call(t, 'POST', '/v1/extractions', { key, body });
        expect(next.status).to.equal(200);
        expect(next.json.response.data.invoice_number).to.equal('INV-1');
        expect((await t.server.services.store.findAccountByEmail(email))!.creditReads).to.equal(99);
    });

    it('answers 503 when a thread never gives a reading back and replaces the network pool, answering its other readings too', async () => {
        const pipeline = new WorkerPipeline({
            threads: 1,
            maxQueue: 8,
            networkThreads: 1,
            taskTimeoutMs: 300,
            setup: { env: {}, cwd: process.cwd(), dataDir: '.', secrets: ['s'], engine: false, editor: false, compileCacheEntries: 1 },
            workerFile: new URL('./support/stuck-worker.js', import.meta.url).href,
        });
        try {
            const network = (): unknown => (pipeline as unknown as { network: { current: unknown } }).network.current;
            const first = network();
            // Two readings on the stuck thread: the first's backstop answers it and retires the pool,
            // which answers the other one too, whatever its own deadline.
            const [a, b] = await Promise.all([pipeline.extract('{}', 'acct_a'), pipeline.extract('{}', 'acct_a')]);
            for (const r of [a, b])
                expect(r).to.deep.equal({
                    error: {
                        status: 503,
                        code: 'pipeline_unavailable',
                        message: MESSAGES.tooLong,
                        reason: 'the reading thread did not answer by the deadline',
                    },
                });
            expect(network()).to.not.equal(first);
            expect(pipeline.load()).to.deep.equal({ running: 0, queued: 0 });
        } finally {
            await pipeline.close();
        }
    });
});
