// Error answers are bounded like answers (docs/runtime-server.md, "Validation details"): a 400 lists
// at most MAX_DETAILS details, its message counting them all, and an array past its maxItems is one
// too_big detail, its items not judged. A 1.7 MB preview_reconciliation of 60,000 withdraw entries of
// the wrong type was answered with 120,000 details (17.8 MB), from 1.65 s of a worker's time.
import { expect } from 'chai';
import { MAX_DETAILS } from '../src/validation/body-validator.js';
import { MAX_WITHDRAW } from '../src/validation/request-schemas.js';
import { MCP_DOC, MCP_SCHEMA, realServer } from './mcp-support.js';
import { WITHDRAW_TOO_BIG, call, newKey, type TestServer } from './test-server.js';

describe('error answers: bounded details', () => {
    let t: TestServer;
    let key: string;
    let extraction: Record<string, unknown>;
    before(async () => {
        t = await realServer();
        key = (await newKey(t, { credit: 100 })).key;
        const x = await call(t, 'POST', '/v1/extractions', { key, body: { schema: MCP_SCHEMA, document: MCP_DOC } });
        expect(x.status, x.text).to.equal(200);
        extraction = x.json;
    });
    after(async () => {
        await t.stop();
    });

    const preview = (withdraw: unknown[]) =>
        call(t, 'POST', '/v1/extractions/edit', {
            key,
            body: { extraction, edit: { action: 'preview_reconciliation', intent: 'x', withdraw } },
        });

    it(`a withdraw list over ${MAX_WITHDRAW} entries: one too_big detail; its items are not judged`, async () => {
        const r = await preview(Array.from({ length: 60_000 }, () => ({ bundle: 'x', mention: 'y' })));
        expect(r.status).to.equal(400);
        expect(r.json.error.details).to.deep.equal([WITHDRAW_TOO_BIG]);
    });

    it(`${MAX_WITHDRAW} entries of the wrong type: ${MAX_DETAILS} details, the message counting all of them`, async () => {
        const r = await preview(Array.from({ length: MAX_WITHDRAW }, () => ({ bundle: 'x', mention: 'y' })));
        expect(r.status).to.equal(400);
        expect(r.json.error.details).to.have.length(MAX_DETAILS);
        expect(r.json.error.details[0]).to.deep.include({ code: 'invalid_type', path: ['edit', 'withdraw', 0, 'bundle'] });
        expect(r.json.error.message).to.equal(
            `The request body is invalid. ${2 * MAX_WITHDRAW} problems; the first ${MAX_DETAILS} are listed.`,
        );
        expect(r.text.length).to.be.below(30_000);
    });

    it(`${MAX_WITHDRAW} entries naming no mention (judged by the edit): ${MAX_DETAILS} details`, async () => {
        const r = await preview(Array.from({ length: MAX_WITHDRAW }, (_, i) => ({ bundle: 1000 + i, mention: i })));
        expect(r.status).to.equal(400);
        expect(r.json.error.details).to.have.length(MAX_DETAILS);
        expect(r.json.error.details[0]).to.deep.include({ code: 'invalid_value', path: ['edit', 'withdraw', 0] });
        expect(r.json.error.message).to.include(`${MAX_WITHDRAW} problems`);
        expect(r.text.length).to.be.below(30_000);
    });

    it('a withdraw entry {bundle: 1e300}: invalid_value (no such bundle), as docs/edits.md says', async () => {
        const r = await preview([{ bundle: 1e300, mention: 0 }]);
        expect(r.status).to.equal(400);
        expect(r.json.error.details).to.have.length(1);
        expect(r.json.error.details[0]).to.deep.include({ code: 'invalid_value', path: ['edit', 'withdraw', 0] });
    });
});
