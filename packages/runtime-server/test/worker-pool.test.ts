// Issue 9, point 4: compiling uncached schemas, reading documents and settling edits run in a pool of
// worker threads (Piscina), so /healthz and cached answers are not held up by the worst single
// request; a full queue is 503 pipeline_unavailable. These tests run real threads with the real
// engine. No timings: "answered while the heavy request runs" is checked by the order of answers
// (with SVC_WORKERS=0, the event loop, both "answered while" tests fail).
import { expect } from 'chai';
import { call, newKey, startTestServer, SCHEMA, DOC, type Res, type TestServer } from './test-server.js';
import { WorkerPipeline } from '../src/pipeline/worker-pool.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };

/** About 1 MiB: 32 fields and 10,000 relations, each with a description (like bench/schema-gen.mjs). */
export function heavySchema(relations = 10_000): string {
    const fields = Array.from({ length: 32 }, (_, i) => `{"name":"f${i}","type":"decimal","scale":2,"hints":["Field ${i}"]}`);
    const rels = Array.from(
        { length: relations },
        (_, i) =>
            `{"id":"r${i}","description":"${'d'.repeat(20)}","expr":"f${i % 32} + f${(i + 1) % 32} * 2 <= f${(i + 3) % 32} + ${i} or f${i % 32} == f${(i + 5) % 32}"}`,
    );
    return `{"svc_schema":"1.0","name":"heavy","fields":[${fields.join(',')}],"relations":[${rels.join(',')}]}`;
}

/** 50,000 characters of ordinary invoice-like text with 32 labelled amounts. */
function longDocument(): string {
    const lines = Array.from({ length: 32 }, (_, i) => `Field ${i}: ${(i * 7.25).toFixed(2)}`).join('\n');
    const filler = 'The parties agree that the goods were delivered in good order and condition. ';
    let doc = `${lines}\n`;
    while (doc.length < 50_000) doc += filler;
    return doc.slice(0, 50_000);
}

/** Sends the heavy request, then the light ones, and tells which answered before the heavy one. */
async function answeredDuring(
    t: TestServer,
    heavy: Promise<Res>,
    light: () => Promise<Res>[],
): Promise<{ heavy: Res; light: Res[]; before: boolean[] }> {
    let heavyDone = false;
    const h = heavy.then((r) => {
        heavyDone = true;
        return r;
    });
    // The light requests go out once the heavy one runs in a worker (a fixed wait raced a fast read).
    while (!heavyDone && t.server.services.pipeline.load().running < 1) await new Promise((r) => setTimeout(r, 2));
    const before: boolean[] = [];
    const results = await Promise.all(
        light().map((p, i) =>
            p.then((r) => {
                before[i] = !heavyDone;
                return r;
            }),
        ),
    );
    return { heavy: await h, light: results, before };
}

describe('worker pool (issue 9.4)', function () {
    this.timeout(120_000);
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({
            limits: OPEN,
            config: { workers: 1, workerQueue: 1 },
            overrides: { engine: undefined, editor: undefined, env: {} },
        });
        key = (await newKey(t, { credit: 10_000 })).key;
    });
    after(async () => {
        await t.stop();
    });

    it('is the pipeline of a server with workers, and answers every route like the inline one', async () => {
        expect(t.server.services.pipeline).to.be.instanceOf(WorkerPipeline);
        const inline = await startTestServer({ limits: OPEN, overrides: { engine: undefined, editor: undefined, env: {} } });
        try {
            const inlineKey = (await newKey(inline, { credit: 100 })).key;
            for (const [path, body] of [
                ['/v1/schemas/validate', { schema: SCHEMA }],
                ['/v1/schemas/validate', { schema: { ...SCHEMA, fields: [] } }],
                ['/v1/extractions', { schema: SCHEMA, document: DOC }],
                [
                    '/v1/extractions/edit',
                    { extraction: { schema: SCHEMA, document: DOC, session: 'v1.x.y' }, edit: { action: 'retract', bundle: 0 } },
                ],
            ] as const) {
                const a = await call(t, 'POST', path, { key, body });
                const b = await call(inline, 'POST', path, { key: inlineKey, body });
                expect(a.status, a.text).to.equal(b.status);
                const strip = (j: any): any => (j?.session ? { ...j, session: undefined } : j); // signed with another secret
                expect(strip(a.json), path).to.deep.equal(strip(b.json));
            }
        } finally {
            await inline.stop();
        }
    });

    it('small validate bodies sent at once (so they share tasks) answer each like the inline pipeline', async () => {
        // 48 at once from one account: a batch, not a tenant's share of the queue.
        const config = { workerQueuePerAccount: 100 };
        const pooled = await startTestServer({
            limits: OPEN,
            config: { ...config, workers: 1 },
            overrides: { engine: null, editor: null, env: {} },
        });
        const inline = await startTestServer({ limits: OPEN, config, overrides: { engine: null, editor: null, env: {} } });
        try {
            const [pk, ik] = [(await newKey(pooled)).key, (await newKey(inline)).key];
            // Valid, invalid, a JSON error inside the schema and one in the body around it, all new.
            const bodies = Array.from({ length: 48 }, (_, i) => {
                const schema = JSON.stringify({ ...SCHEMA, name: `batch${i}` });
                if (i % 4 === 1) return `{"schema":${schema.replace('"fields":[', `"fields":[{"name":"x${i}","type":"nope"},`)}}`;
                if (i % 4 === 2) return `{"schema":${schema.replace('{', '{"name":"dup",')}}`;
                if (i % 4 === 3) return `{"schema":${schema},"schema":{}}`;
                return `{"schema":${schema}}`;
            });
            const got = await Promise.all(bodies.map((raw) => call(pooled, 'POST', '/v1/schemas/validate', { key: pk, raw })));
            for (const [i, raw] of bodies.entries()) {
                const want = await call(inline, 'POST', '/v1/schemas/validate', { key: ik, raw });
                expect(got[i]!.status, `${i}: ${got[i]!.text}`).to.equal(want.status);
                expect(got[i]!.json, String(i)).to.deep.equal(want.json);
            }
            expect(new Set(got.map((r) => r.status))).to.deep.equal(new Set([200, 400]));
            expect(pooled.server.services.pipeline.load()).to.deep.equal({ running: 0, queued: 0 });
        } finally {
            await Promise.all([pooled.stop(), inline.stop()]);
        }
    });

    it('an edit is settled in the pool: a retract through the API', async () => {
        const x = (await call(t, 'POST', '/v1/extractions', { key, body: { schema: SCHEMA, document: DOC } })).json;
        const r = await call(t, 'POST', '/v1/extractions/edit', {
            key,
            body: { extraction: { schema: SCHEMA, document: DOC, session: x.session }, edit: { action: 'retract', bundle: 0 } },
        });
        expect(r.status, r.text).to.equal(200);
        expect(r.json.revision).to.equal(1);
        expect(r.json.active_bundles).to.deep.equal([]);
    });

    it('/healthz and a cached validate answer while a 1 MiB schema compiles', async () => {
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(200); // now cached
        const raw = `{"schema":${heavySchema()}}`;
        expect(Buffer.byteLength(raw)).to.be.greaterThan(900_000);
        const { heavy, light, before } = await answeredDuring(t, call(t, 'POST', '/v1/schemas/validate', { key, raw }), () => [
            call(t, 'GET', '/healthz'),
            call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } }),
        ]);
        expect(heavy.status, heavy.text.slice(0, 300)).to.equal(200);
        expect(light.map((r) => r.status)).to.deep.equal([200, 200]);
        expect(before).to.deep.equal([true, true]);
    });

    it('/healthz answers while a 50,000-character document with 32 fields is read', async () => {
        const schema = {
            svc_schema: '1.0',
            name: 'wide',
            fields: Array.from({ length: 32 }, (_, i) => ({ name: `f${i}`, type: 'decimal', scale: 2, hints: [`Field ${i}`] })),
        };
        const doc = longDocument();
        const { heavy, light, before } = await answeredDuring(
            t,
            call(t, 'POST', '/v1/extractions', { key, body: { schema, document: doc } }),
            () => [call(t, 'GET', '/healthz')],
        );
        expect(heavy.status, heavy.text.slice(0, 300)).to.equal(200);
        expect(heavy.json.response.data.f3).to.equal('21.75');
        expect(light[0]!.status).to.equal(200);
        expect(before).to.deep.equal([true]);
    });

    it('a full queue is answered 503 pipeline_unavailable at once, and the server recovers', async () => {
        const raw = `{"schema":${heavySchema()}}`;
        const variant = (i: number): string => raw.replace('"name":"heavy"', `"name":"heavy${i}"`); // no cache can answer
        const running = call(t, 'POST', '/v1/schemas/validate', { key, raw: variant(1) });
        const pool = t.server.services.pipeline;
        while (pool.load().running < 1) await new Promise((r) => setTimeout(r, 10));
        const queued = call(t, 'POST', '/v1/schemas/validate', { key, raw: variant(2) });
        while (pool.load().queued < 1) await new Promise((r) => setTimeout(r, 10));
        const refused = await call(t, 'POST', '/v1/schemas/validate', { key, raw: variant(3) });
        expect(refused.status, refused.text).to.equal(503);
        expect(refused.json.error.code).to.equal('pipeline_unavailable');
        expect((await running).status).to.equal(200);
        expect((await queued).status).to.equal(200);
        // An extraction refused for a full queue is charged nothing. (Over 16 KiB: a small body would
        // not wait in the queue but run on the quick thread, fair-scheduler.ts.)
        const k = await newKey(t, { credit: 5 });
        const longDoc = `${DOC}\n${'Note. '.repeat(3000)}`;
        const again = call(t, 'POST', '/v1/schemas/validate', { key, raw: variant(4) });
        while (pool.load().running < 1) await new Promise((r) => setTimeout(r, 10));
        const queued2 = call(t, 'POST', '/v1/schemas/validate', { key, raw: variant(5) });
        while (pool.load().queued < 1) await new Promise((r) => setTimeout(r, 10));
        const x = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { schema: SCHEMA, document: longDoc } });
        expect(x.status, x.text).to.equal(503);
        await Promise.all([again, queued2]);
        expect((await t.server.services.store.findAccountByEmail(k.email))?.creditReads).to.equal(5);
        expect((await call(t, 'POST', '/v1/extractions', { key: k.key, body: { schema: SCHEMA, document: DOC } })).status).to.equal(200);
    });

    it('a task past its deadline is stopped and answered 503; its thread is replaced', async () => {
        const slow = await startTestServer({
            limits: OPEN,
            config: { workers: 1, taskTimeoutMs: 30 },
            overrides: { engine: null, editor: null, env: {} },
        });
        try {
            const k = (await newKey(slow)).key;
            const r = await call(slow, 'POST', '/v1/schemas/validate', { key: k, raw: `{"schema":${heavySchema()}}` });
            expect(r.status, r.text.slice(0, 300)).to.equal(503);
            expect(r.json.error).to.deep.equal({
                code: 'pipeline_unavailable',
                message: 'The request took too long to process; retry shortly.',
            });
            expect(slow.server.services.pipeline.load()).to.deep.equal({ running: 0, queued: 0 });
            // The replacement thread answers once it has started (its start-up counts against the
            // deadline too, so the first tries may still be refused).
            let small: Awaited<ReturnType<typeof call>> | undefined;
            for (let i = 0; i < 100 && small?.status !== 200; i++) {
                small = await call(slow, 'POST', '/v1/schemas/validate', { key: k, body: { schema: SCHEMA } });
                if (small.status !== 200) await new Promise((r) => setTimeout(r, 100));
            }
            expect(small!.status, small!.text).to.equal(200);
        } finally {
            await slow.stop();
        }
    });
});
