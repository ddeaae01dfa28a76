// The server wired to @svc/extraction's real engine (the embedded heuristic reader): an extraction
// answers 200, charges its reads, and the session secret is the server's.
import { expect } from 'chai';
import { DOC, SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

describe('wiring: the real engine from @svc/extraction', () => {
    let t: TestServer;
    before(async () => {
        t = await startTestServer({ overrides: { engine: undefined, env: {} } });
    });
    after(async () => {
        await t.stop();
    });

    it('POST /v1/extractions answers an extraction object and charges its reads', async () => {
        expect(t.server.services.engine).to.not.equal(undefined);
        const k = await newKey(t);
        const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA, reference: 'ref-1' } });
        expect(r.status, r.text).to.equal(200);
        expect(r.json).to.include({ object: 'extraction', reference: 'ref-1', language: 'en', document: DOC, revision: 0 });
        expect(r.json.options).to.deep.equal({ on_conflict: 'withhold', fallback: 'off' });
        expect(r.json.usage.reads).to.be.at.least(1);
        const v = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA } });
        expect(r.json.response.schema_hash).to.equal(v.json.schema_hash);
        const account = await t.server.services.store.findAccountByEmail(k.email);
        expect(account?.creditReads).to.equal(10 - r.json.usage.reads);
    });

    it('a schema whose rendering leaves too little of a window: validate 200, extraction 400 E-LIMIT at /fields', async () => {
        // 32 fields with 498-character descriptions: it compiles (as `svc check` says), but its rendering
        // leaves fewer than 1,024 tokens of a window for the document, an extraction-only check (docs/runtime-server.md).
        const schema = {
            svc_schema: '1.0',
            name: 'wordy',
            fields: Array.from({ length: 32 }, (_, i) => ({ name: `field_${i}`, type: 'string', description: `${'word '.repeat(99)}end` })),
        };
        const k = await newKey(t);
        const v = await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema } });
        expect(v.status, v.text).to.equal(200);
        expect(Object.keys(v.json)).to.deep.equal(['schema_hash', 'warnings']);
        expect(v.json.schema_hash).to.match(/^sha256:[0-9a-f]{64}$/);
        expect(v.json.warnings).to.deep.equal([]);
        const x = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema } });
        expect(x.status, x.text).to.equal(400);
        expect(x.json.error.code).to.equal('invalid_request');
        expect(x.json.error.details.map((d: any) => [d.code, d.pointer])).to.deep.equal([['E-LIMIT', '/fields']]);
        expect(x.json.error.details[0].message).to.match(/rendering takes \d+ of the 4096 tokens/);
        expect((await t.server.services.store.findAccountByEmail(k.email))?.creditReads).to.equal(10);
    });

    it('a 402 for a document needing more reads than are left', async () => {
        const k = await newKey(t, { credit: 1 });
        const doc = 'The quick brown fox jumps over the lazy dog. '.repeat(1000);
        const r = await call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: doc, schema: SCHEMA } });
        expect(r.status, r.text.slice(0, 300)).to.equal(402);
        expect((await t.server.services.store.findAccountByEmail(k.email))?.creditReads).to.equal(1);
    });
});
