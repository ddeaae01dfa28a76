// The validate route's answer cache (routes/validate-route.ts) is kept per account: a body another
// tenant validated is not answered from the cache for this one, so how fast an answer comes says
// nothing about what other accounts validated. Within an account a repeat is still a cache hit.
import { expect } from 'chai';
import { compileSchemaNode } from '@svc/compiler';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer } from './test-server.js';

describe('validate: the answer cache is per account', () => {
    it('a body validated by one account is compiled again for another, and remembered for each', async () => {
        const t = await startTestServer();
        try {
            const pipeline = t.server.services.pipeline;
            const validate = pipeline.validate.bind(pipeline);
            let compiled = 0;
            pipeline.validate = (body, account) => {
                compiled++;
                return validate(body, account);
            };
            const a = await newKey(t);
            const a2 = await newKey(t, { email: a.email }); // the same account, another key
            const b = await newKey(t);
            const bodies = [{ schema: SCHEMA }, { schema: { ...SCHEMA, fields: [] } }]; // an answer and a 400
            for (const body of bodies) {
                const first = await call(t, 'POST', '/v1/schemas/validate', { key: a.key, body });
                expect((await call(t, 'POST', '/v1/schemas/validate', { key: a2.key, body })).text).to.equal(first.text);
                expect(compiled).to.equal(bodies.indexOf(body) * 2 + 1); // a hit for the same account
                const other = await call(t, 'POST', '/v1/schemas/validate', { key: b.key, body });
                expect(other.text).to.equal(first.text);
                expect(compiled).to.equal(bodies.indexOf(body) * 2 + 2); // compiled again for account b
            }
        } finally {
            await t.stop();
        }
    });

    it("the compile cache is per account too: another account's extraction does not make this one's validate a hit", async () => {
        let compiled = 0;
        const t = await startTestServer({
            overrides: {
                engine: new ScriptedEngine(),
                compile: (...args) => {
                    compiled++;
                    return compileSchemaNode(...args);
                },
            },
        });
        try {
            const victim = await newKey(t, { credit: 10 });
            const other = await newKey(t);
            // The extraction compiles the schema for its plan and again for its reading, which keeps it.
            expect(
                (await call(t, 'POST', '/v1/extractions', { key: victim.key, body: { schema: SCHEMA, document: DOC } })).status,
            ).to.equal(200);
            expect(compiled).to.equal(2);
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: other.key, body: { schema: SCHEMA } })).status).to.equal(200);
            expect(compiled).to.equal(3); // compiled for the other account, not answered from the victim's entry
            expect(
                (await call(t, 'POST', '/v1/extractions', { key: victim.key, body: { schema: SCHEMA, document: DOC } })).status,
            ).to.equal(200);
            expect(compiled).to.equal(3); // the victim's own entry still answers
        } finally {
            await t.stop();
        }
    });
});
