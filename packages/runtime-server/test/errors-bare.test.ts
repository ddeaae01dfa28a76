// An API without an engine or an edit service (docs/runtime-server.md, 503): extractions and edits
// answer 503 pipeline_unavailable after validation and compilation, and use no credit (split from
// errors.test.ts).
import { expect } from 'chai';
import { DOC, SCHEMA, call, expectError, newKey, startTestServer, type TestServer } from './test-server.js';

const stored = { document: DOC, schema: SCHEMA, session: 'v1.a.b' };

describe('without an engine or an edit service', () => {
    let bare: TestServer;
    let k: string;
    before(async () => {
        bare = await startTestServer();
        k = (await newKey(bare)).key;
    });
    after(async () => {
        await bare.stop();
    });
    it('extractions and edits answer 503 pipeline_unavailable after validation and compilation', async () => {
        expectError(
            await call(bare, 'POST', '/v1/extractions', { key: k, body: { document: DOC, schema: SCHEMA } }),
            503,
            'pipeline_unavailable',
        );
        expectError(
            await call(bare, 'POST', '/v1/extractions/edit', {
                key: k,
                body: { extraction: stored, edit: { action: 'retract', bundle: 0 } },
            }),
            503,
            'pipeline_unavailable',
        );
        expectError(
            await call(bare, 'POST', '/v1/extractions', { key: k, body: { document: '', schema: SCHEMA } }),
            400,
            'invalid_request',
        );
        expect((await call(bare, 'POST', '/v1/schemas/validate', { key: k, body: { schema: SCHEMA } })).status).to.equal(200);
    });
    it('uses no credit', async () => {
        const n = await newKey(bare);
        expectError(
            await call(bare, 'POST', '/v1/extractions', { key: n.key, body: { document: DOC, schema: SCHEMA } }),
            503,
            'pipeline_unavailable',
        );
        expect((await bare.server.services.store.findAccountByEmail(n.email))?.creditReads).to.equal(10);
    });
});
