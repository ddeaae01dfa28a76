// The validate route's answer cache gives each account a share (routes/validate-answer-cache.ts): one
// account's bodies cannot evict another's answers, and refusals made before compiling (a JSON syntax
// error, a schema over 1 MiB) are not remembered at all. A hostile review evicted a tenant's cached
// answer with 18 broken 1 MB bodies from another account (4 ms → 465 ms).
import { expect } from 'chai';
import fc from 'fast-check';
import { AccountAnswerCache, type AnswerCacheBounds } from '../src/routes/validate-answer-cache.js';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const SMALL: AnswerCacheBounds = { entries: 8, chars: 400, accountEntries: 4, accountChars: 200 };

/** Counts the bodies the route hands to the pipeline (what the cache did not answer). */
function countCompiles(t: TestServer): () => number {
    const pipeline = t.server.services.pipeline;
    const validate = pipeline.validate.bind(pipeline);
    let n = 0;
    pipeline.validate = (body, account) => {
        n++;
        return validate(body, account);
    };
    return () => n;
}

describe('validate answer cache: a share per account', function () {
    this.timeout(60_000);

    it('property: within every bound, and a lookup answers only what this account set for that key', () => {
        const op = fc.record({
            account: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            key: fc.constantFrom('k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'),
            weight: fc.integer({ min: 0, max: 250 }),
            read: fc.boolean(),
        });
        fc.assert(
            fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
                const cache = new AccountAnswerCache<string>(SMALL);
                const last = new Map<string, string>(); // `${account} ${key}` → the last value set
                ops.forEach((o, i) => {
                    const id = `${o.account} ${o.key}`;
                    if (o.read) {
                        const got = cache.get(o.account, o.key);
                        if (got !== undefined) expect(got).to.equal(last.get(id));
                        return;
                    }
                    cache.set(o.account, o.key, `${id} #${i}`, o.weight);
                    last.set(id, `${id} #${i}`);
                    expect(cache.size()).to.be.at.most(SMALL.entries);
                    expect(cache.weight()).to.be.at.most(SMALL.chars);
                    for (const a of 'abcde') {
                        expect(cache.size(a)).to.be.at.most(SMALL.accountEntries);
                        expect(cache.weight(a)).to.be.at.most(SMALL.accountChars);
                    }
                });
            }),
            {
                numRuns: 300,
                // Found by this property: a value too heavy to keep left the key's older value behind.
                examples: [
                    [
                        [
                            { account: 'd', key: 'k4', weight: 0, read: false },
                            { account: 'd', key: 'k4', weight: 201, read: false },
                            { account: 'd', key: 'k4', weight: 0, read: true },
                        ],
                    ],
                ],
            },
        );
    });

    it('property: an account holding one light answer keeps it whatever fewer tenants than answers send', () => {
        const op = fc.record({
            account: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), // 6 others, 8 answers in all
            key: fc.integer({ min: 0, max: 30 }),
            weight: fc.integer({ min: 1, max: 200 }),
        });
        fc.assert(
            fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
                const cache = new AccountAnswerCache<string>({ entries: 8, chars: 400, accountEntries: 4, accountChars: 200 });
                cache.set('victim', 'mine', 'answer', 1);
                // Looked up only at the end: a lookup makes it the most recently used.
                for (const o of ops) cache.set(o.account, `k${o.key}`, 'x', o.weight);
                expect(cache.get('victim', 'mine')).to.equal('answer');
            }),
            { numRuns: 300 },
        );
    });

    it("another account's 1,100 answers do not evict this account's one (its share is a quarter)", async () => {
        const t = await startTestServer({ limits: OPEN });
        try {
            const compiles = countCompiles(t);
            const victim = await newKey(t);
            const other = await newKey(t);
            const body = { schema: SCHEMA };
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: victim.key, body })).status).to.equal(200);
            for (let i = 0; i < 1100; i += 50) {
                await Promise.all(
                    Array.from({ length: 50 }, (_, j) =>
                        call(t, 'POST', '/v1/schemas/validate', {
                            key: other.key,
                            body: { schema: { ...SCHEMA, name: `other_${i + j}` } },
                        }),
                    ),
                );
            }
            expect(compiles()).to.equal(1101);
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: victim.key, body })).status).to.equal(200);
            expect(compiles()).to.equal(1101); // still answered from the cache
        } finally {
            await t.stop();
        }
    });

    it('refusals made before compiling are not remembered: a JSON syntax error, a schema over 1 MiB', async () => {
        const t = await startTestServer({ limits: OPEN });
        try {
            const compiles = countCompiles(t);
            const k = await newKey(t);
            const broken = `{"schema": {"svc_schema": "1.0", "name": "${'x'.repeat(1_040_000)}"}, "x": `;
            const huge = JSON.stringify({ schema: { ...SCHEMA, description: 'y'.repeat(1_100_000) } });
            for (const raw of [broken, broken, huge, huge]) {
                const r = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, raw });
                expect(r.status, r.text.slice(0, 300)).to.equal(400);
            }
            expect(compiles()).to.equal(4); // each sent to the pipeline again
            const cache = 'a compile error is remembered';
            const failing = { schema: { ...SCHEMA, name: cache, fields: [] } };
            for (let i = 0; i < 2; i++)
                expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: failing })).status).to.equal(400);
            expect(compiles()).to.equal(5);
        } finally {
            await t.stop();
        }
    });

    it("18 broken 1 MB bodies of one account leave another's cached answer in place (the review's attack)", async () => {
        const t = await startTestServer({ limits: OPEN });
        try {
            const compiles = countCompiles(t);
            const victim = await newKey(t);
            const other = await newKey(t);
            const body = { schema: SCHEMA };
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: victim.key, body })).status).to.equal(200);
            const pad = 'x'.repeat(1_040_000);
            for (let i = 0; i < 18; i++) {
                const raw = `{"schema": {"svc_schema": "1.0", "name": "${pad}_${i}"}, "x": `;
                expect((await call(t, 'POST', '/v1/schemas/validate', { key: other.key, raw })).status).to.equal(400);
            }
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: victim.key, body })).status).to.equal(200);
            expect(compiles()).to.equal(19);
        } finally {
            await t.stop();
        }
    });
});
