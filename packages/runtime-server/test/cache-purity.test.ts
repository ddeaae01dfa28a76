// Issue 9, point 1: the compile cache may hold only what is a pure function of its key. A body that
// duplicates its `schema` member carries an E-JSON-DUPKEY about the body, not the schema text, so it
// must neither poison the cache for another account nor be answered from it. The property: for any
// two bodies, each answer equals the answer a fresh server gives it.
import { expect } from 'chai';
import fc from 'fast-check';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type Res, type TestServer } from './test-server.js';

const S = JSON.stringify(SCHEMA);
const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const answer = (r: Res): unknown => ({ status: r.status, body: r.json });

describe('compile cache purity (issue 9.1)', function () {
    this.timeout(60_000);
    let t: TestServer;
    let keyA: string;
    let keyB: string;
    beforeEach(async () => {
        t = await startTestServer({ limits: OPEN, overrides: { engine: new ScriptedEngine() } });
        keyA = (await newKey(t, { credit: 100 })).key;
        keyB = (await newKey(t, { credit: 100 })).key;
    });
    afterEach(async () => {
        await t.stop();
    });

    for (const path of ['/v1/schemas/validate', '/v1/extractions']) {
        const doc = path === '/v1/extractions' ? `"document":${JSON.stringify(DOC)},` : '';
        const clean = `{${doc}"schema":${S}}`;
        const dup = `{${doc}"schema":${S},"schema":{}}`;

        it(`${path}: a duplicated schema member from one account does not fail another's clean body`, async () => {
            const a = await call(t, 'POST', path, { key: keyA, raw: dup });
            expect(a.status, a.text).to.equal(400);
            expect(a.json.error.details.map((d: { code: string }) => d.code)).to.include('E-JSON-DUPKEY');
            const b = await call(t, 'POST', path, { key: keyB, raw: clean });
            expect(b.status, b.text).to.equal(200);
        });

        it(`${path}: once the schema is cached, a duplicated schema member is still refused`, async () => {
            expect((await call(t, 'POST', path, { key: keyB, raw: clean })).status).to.equal(200);
            const a = await call(t, 'POST', path, { key: keyA, raw: dup });
            expect(a.status, a.text).to.equal(400);
            expect(a.json.error.details.map((d: { code: string }) => d.code)).to.include('E-JSON-DUPKEY');
        });
    }

    it('property: for any two bodies, each answer equals the one a fresh server gives', async () => {
        await cachesArePure(t, keyA, keyB, () => startTestServer({ limits: OPEN, overrides: { engine: new ScriptedEngine() } }), 40);
    });

    it("the same property with the worker pool and the real engine (the workers' own caches)", async () => {
        const secrets = { sessionSecrets: ['cache-purity'] }; // the same signatures on every server
        const real = { engine: undefined, editor: null, env: {} };
        const pooled = await startTestServer({ limits: OPEN, config: { ...secrets, workers: 1 }, overrides: real });
        try {
            const [a, b] = [(await newKey(pooled, { credit: 1000 })).key, (await newKey(pooled, { credit: 1000 })).key];
            await cachesArePure(pooled, a, b, () => startTestServer({ limits: OPEN, config: secrets, overrides: real }), 15);
        } finally {
            await pooled.stop();
        }
    });
});

async function cachesArePure(
    t: TestServer,
    keyA: string,
    keyB: string,
    freshServer: () => Promise<TestServer>,
    numRuns: number,
): Promise<void> {
    // Bodies built from the parts that matter to the caches: the same schema text with and
    // without duplicated members (inside the schema and around it), white space, numbers.
    const schemaText = fc.constantFrom(
        S,
        ` ${JSON.stringify(SCHEMA, null, 2)} `,
        S.replace('"name":"invoice"', '"name":"invoice","name":"x"'),
        S.replace('"name":"invoice"', '"name":"\\u0069nvoice"'),
        S.replace('"type":"string"', '"type":"string","pattern":"[A-Z]+"'),
        '{"svc_schema":"1.0","name":"n","fields":[{"name":"a","type":"decimal","scale":1e400}]}',
        '{"svc_schema":"1.0","name":"n","fields":[]}',
    );
    const body = fc
        .tuple(schemaText, fc.constantFrom('', ',"schema":{}', `,"schema":${S}`, ',"extra":1', ',"document":"x"'), fc.boolean())
        .map(([schema, tail, first]) =>
            first ? `{"schema":${schema}${tail}}` : `{"document":${JSON.stringify(DOC)},"schema":${schema}${tail}}`,
        );
    const path = fc.constantFrom('/v1/schemas/validate', '/v1/extractions');
    const fresh = async (p: string, raw: string): Promise<unknown> => {
        const f = await freshServer();
        try {
            return answer(await call(f, 'POST', p, { key: (await newKey(f, { credit: 100 })).key, raw }));
        } finally {
            await f.stop();
        }
    };
    await fc.assert(
        fc.asyncProperty(path, body, path, body, async (p1, b1, p2, b2) => {
            const first = answer(await call(t, 'POST', p1, { key: keyA, raw: b1 }));
            const second = answer(await call(t, 'POST', p2, { key: keyB, raw: b2 }));
            expect(first, b1).to.deep.equal(await fresh(p1, b1));
            expect(second, `${b1}\nthen\n${b2}`).to.deep.equal(await fresh(p2, b2));
        }),
        { numRuns },
    );
}
