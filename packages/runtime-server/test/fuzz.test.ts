// Random and malformed bodies, paths and methods: the server always answers with its JSON error body
// (or a 200), never a 500 and never a crash. Bounded: a fixed number of runs per property.
import { expect } from 'chai';
import fc from 'fast-check';
import { EditRejectedError } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type Res, type TestServer } from './test-server.js';

const ENDPOINTS = ['/v1/schemas/validate', '/v1/extractions', '/v1/extractions/edit'] as const;
const RUNS = 120;

function checkAnswer(r: Res, context: string): void {
    expect(r.status, `${context}\n${r.text}`).to.be.oneOf([200, 400, 402, 404, 503]);
    expect(r.headers.get('content-type'), context).to.match(/^application\/json/);
    expect(r.json, context).to.be.an('object');
    if (r.status === 200) return;
    const e = r.json.error;
    expect(e.code, context).to.be.a('string');
    expect(e.message, context).to.be.a('string').that.is.not.empty;
    if (e.details !== undefined) {
        expect(e.details, context).to.be.an('array');
        for (const d of e.details) {
            expect(d.code, context).to.be.a('string');
            expect(d.message, context).to.be.a('string');
            expect(Array.isArray(d.path) || typeof d.pointer === 'string', context).to.equal(true);
        }
    }
}

const deep = fc.integer({ min: 1, max: 200 }).chain((n) => fc.constantFrom('[', '{"a":', '{"schema":').map((open) => open.repeat(n)));
const numbers = fc.constantFrom('1e400', '-0', '1e-400', '123456789012345678901234567890', '0.1e1', '01', '1.', '-', 'NaN', 'Infinity');
const jsonish = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.json({ maxDepth: 6 }),
    deep,
    numbers.map((n) => `{"schema": {"fields": [{"name": "a", "type": "decimal", "scale": ${n}}]}}`),
    fc.tuple(fc.json({ maxDepth: 3 }), fc.integer({ min: 0, max: 40 })).map(([s, cut]) => s.slice(0, Math.max(0, s.length - cut))),
);

const anyValue = fc.jsonValue({ maxDepth: 4 });
const candidate = fc.record(
    {
        slot: fc.oneof(fc.constant('total'), anyValue),
        quote: fc.oneof(fc.string(), anyValue),
        p: fc.oneof(fc.double(), anyValue),
        start: anyValue,
    },
    { requiredKeys: [] },
);
const schemaLike = fc.oneof(
    fc.constant(SCHEMA),
    anyValue,
    fc.record({
        svc_schema: fc.constantFrom('1.0', '2.0'),
        name: fc.string(),
        fields: fc.array(fc.record({ name: fc.string(), type: fc.constantFrom('string', 'date', 'money', 'enum', 'x') }), {
            maxLength: 40,
        }),
    }),
);
const extractionBody = fc.record(
    {
        document: fc.oneof(fc.constant(DOC), fc.string({ unit: 'binary' }), anyValue),
        schema: schemaLike,
        language: fc.oneof(fc.constantFrom('en', 'nl', 'de'), anyValue),
        reference: fc.oneof(fc.string({ maxLength: 200 }), anyValue),
        options: fc.oneof(
            fc.record({ on_conflict: anyValue, fallback: fc.constantFrom('off', 'offset', 'quote-first', 'x') }, { requiredKeys: [] }),
            anyValue,
        ),
        extra: anyValue,
    },
    { requiredKeys: [] },
);
const editBody = fc.record(
    {
        extraction: fc.oneof(
            fc.record(
                { document: fc.constant(DOC), schema: schemaLike, session: fc.oneof(fc.string(), anyValue), language: anyValue },
                { requiredKeys: [] },
            ),
            anyValue,
        ),
        edit: fc.oneof(
            fc.record(
                {
                    action: fc.oneof(fc.constantFrom('insert', 'retract', 'preview_reconciliation', 'reconcile', 'undo'), anyValue),
                    candidate,
                    bundle: anyValue,
                    intent: fc.oneof(fc.string({ maxLength: 600 }), anyValue),
                    withdraw: fc.oneof(fc.array(fc.record({ bundle: anyValue, mention: anyValue }, { requiredKeys: [] })), anyValue),
                    plan: anyValue,
                },
                { requiredKeys: [] },
            ),
            anyValue,
        ),
    },
    { requiredKeys: [] },
);

describe('fuzz: random and malformed requests', function () {
    this.timeout(60_000);
    let t: TestServer;
    let key: string;
    const editor = {
        async edit(): Promise<never> {
            throw new EditRejectedError('session does not match');
        },
    };
    before(async () => {
        t = await startTestServer({
            limits: { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 },
            overrides: { engine: new ScriptedEngine(), editor },
        });
        key = (await newKey(t, { credit: 1e6 })).key;
    });
    after(async () => {
        await t.stop();
    });

    for (const path of ENDPOINTS) {
        it(`raw text bodies to ${path}`, async () => {
            await fc.assert(
                fc.asyncProperty(jsonish, async (raw) => {
                    checkAnswer(await call(t, 'POST', path, { key, raw }), raw.slice(0, 300));
                }),
                { numRuns: RUNS },
            );
        });
        it(`random bytes (invalid UTF-8 too) to ${path}`, async () => {
            await fc.assert(
                fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (raw) => {
                    checkAnswer(await call(t, 'POST', path, { key, raw }), Buffer.from(raw).toString('hex'));
                }),
                { numRuns: RUNS / 2 },
            );
        });
    }

    it('structured extraction bodies', async () => {
        await fc.assert(
            fc.asyncProperty(extractionBody, async (body) => {
                checkAnswer(await call(t, 'POST', '/v1/extractions', { key, body }), JSON.stringify(body).slice(0, 300));
            }),
            { numRuns: RUNS * 2 },
        );
    });

    it('structured edit bodies', async () => {
        await fc.assert(
            fc.asyncProperty(editBody, async (body) => {
                checkAnswer(await call(t, 'POST', '/v1/extractions/edit', { key, body }), JSON.stringify(body).slice(0, 300));
            }),
            { numRuns: RUNS * 2 },
        );
    });

    it('structured validate bodies', async () => {
        await fc.assert(
            fc.asyncProperty(fc.record({ schema: schemaLike, extra: anyValue }, { requiredKeys: ['schema'] }), async (body) => {
                checkAnswer(await call(t, 'POST', '/v1/schemas/validate', { key, body }), JSON.stringify(body).slice(0, 300));
            }),
            { numRuns: RUNS },
        );
    });

    it('random methods, paths and content types', async () => {
        const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
        const path = fc.oneof(
            fc.webPath(),
            fc.constantFrom(...ENDPOINTS, '/healthz', '/openapi.json', '/v1', '/v1/extractions//edit', '/%ZZ', '/v1/extractions?x=1'),
        );
        const type = fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
        );
        await fc.assert(
            fc.asyncProperty(method, path, type, jsonish, async (m, p, ct, raw) => {
                const withBody = m !== 'GET' && m !== 'OPTIONS';
                const r = await call(t, m, p.startsWith('/') ? p : `/${p}`, {
                    key,
                    raw: withBody ? raw : undefined,
                    headers: { 'content-type': ct },
                });
                if (r.status === 200 && r.json?.status === 'ok') return; // /healthz
                if (r.status === 200 && r.json?.openapi) return;
                checkAnswer(r, `${m} ${p} ${ct}`);
            }),
            { numRuns: RUNS * 2 },
        );
    });

    it('the server still answers after all of it', async () => {
        expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
        expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(200);
    });
});
