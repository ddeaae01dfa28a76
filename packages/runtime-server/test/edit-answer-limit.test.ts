// An edit's answer is bounded (pipeline/request-pipeline.ts MAX_EDIT_ANSWER): the extraction an edit
// makes is written whole, every active mention's quote and value, so a session grown by edits could
// answer a request of a few hundred kilobytes with hundreds of megabytes. An answer over the bound
// is a 400 with a too_big detail at ["edit"]; the session itself is unchanged (it is the client's).
import { expect } from 'chai';
import { MAX_EDIT_ANSWER } from '../src/pipeline/request-pipeline.js';
import type { EditService } from '../src/engine/edit-types.js';
import { DOC, SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };

describe('edits: the size of an answer', () => {
    let t: TestServer;
    let size = 0;
    before(async () => {
        // An edit service that answers an extraction of `size` characters.
        const editor: EditService = {
            edit: async () => ({ object: 'extraction', padding: 'x'.repeat(size) }) as never,
        };
        t = await startTestServer({ limits: OPEN, overrides: { editor } });
    });
    after(async () => {
        await t.stop();
    });

    it('answers up to the bound, and refuses past it with a too_big detail at ["edit"]', async () => {
        const { key } = await newKey(t);
        const body = { extraction: { schema: SCHEMA, document: DOC, session: 'v1.x.y' }, edit: { action: 'retract', bundle: 0 } };
        size = 1000;
        expect((await call(t, 'POST', '/v1/extractions/edit', { key, body })).status).to.equal(200);
        size = MAX_EDIT_ANSWER;
        const r = await call(t, 'POST', '/v1/extractions/edit', { key, body });
        expect(r.status).to.equal(400);
        expect(r.json.error.code).to.equal('invalid_request');
        expect(r.json.error.details[0]).to.include({ code: 'too_big', maximum: MAX_EDIT_ANSWER });
        expect(r.json.error.details[0].path).to.deep.equal(['edit']);
    });
});
