// docs/runtime-server.md: the error body, every status of 7.2 and every listed case, plus the body rules
// of docs/runtime-server.md (JSON errors, 2 MiB, unknown members, fallback).
import { compileSchemaText } from '@svc/compiler';
import { ReaderFailedError, ReaderUnavailableError } from '@svc/extraction';
import { expect } from 'chai';
import { EditRejectedError, type EditService } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, call, expectError, newKey, startTestServer, type Res, type TestServer } from './test-server.js';

function detail(r: Res, code: string, path: Array<string | number>): Record<string, any> {
    const d = (r.json.error.details ?? []).find((x: any) => x.code === code && JSON.stringify(x.path) === JSON.stringify(path));
    expect(d, `no ${code} at ${JSON.stringify(path)} in ${r.text}`).to.be.an('object');
    expect(d.message).to.be.a('string');
    return d;
}

const fields = (n: number): unknown => ({
    svc_schema: '1.0',
    name: 'wide',
    fields: Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'string' })),
});

describe('errors (docs/runtime-server.md)', () => {
    let t: TestServer;
    let key: string;
    const engine = new ScriptedEngine();
    const editor: EditService & { next?: Error } = {
        async edit() {
            if (editor.next) throw editor.next;
            throw new EditRejectedError('the session does not match this extraction');
        },
    };
    before(async () => {
        t = await startTestServer({
            limits: { perKey: 10_000, perAccount: 10_000, perIp: 10_000, extractionsPerAccount: 10_000 },
            overrides: { engine, editor },
        });
        key = (await newKey(t, { credit: 1000 })).key;
    });
    after(async () => {
        await t.stop();
    });
    afterEach(() => {
        engine.failWith = undefined;
        engine.planError = undefined;
        editor.next = undefined;
    });

    const extract = (body: unknown): Promise<Res> => call(t, 'POST', '/v1/extractions', { key, body });
    const edit = (body: unknown): Promise<Res> => call(t, 'POST', '/v1/extractions/edit', { key, body });
    const stored = { document: DOC, schema: SCHEMA, session: 'v1.a.b' };

    describe('404 not_found', () => {
        it('an unknown path (singular extraction): message only', async () => {
            const e = expectError(
                await call(t, 'POST', '/v1/extraction', { key, body: { document: DOC, schema: SCHEMA } }),
                404,
                'not_found',
            );
            expect(e).not.to.have.property('details');
        });
        it('wrong methods on every endpoint, and HEAD/OPTIONS/DELETE', async () => {
            for (const [m, p] of [
                ['GET', '/v1/extractions'],
                ['GET', '/v1/schemas/validate'],
                ['PUT', '/v1/extractions/edit'],
                ['POST', '/healthz'],
                ['DELETE', '/v1/extractions'],
                ['OPTIONS', '/v1/extractions'],
                ['POST', '/openapi.json'],
            ]) {
                expectError(await call(t, m!, p!, { key }), 404, 'not_found');
            }
        });
        it('a trailing slash or a case change is another path', async () => {
            expectError(await call(t, 'POST', '/v1/extractions/', { key, body: {} }), 404, 'not_found');
            expectError(await call(t, 'POST', '/V1/extractions', { key, body: {} }), 404, 'not_found');
        });
        it('404 comes before authentication', async () => {
            expectError(await call(t, 'POST', '/v2/extractions'), 404, 'not_found');
        });
    });

    describe('400 invalid_request', () => {
        it('a body that is not JSON: E-JSON-SYNTAX at ""', async () => {
            for (const raw of ['schema: none', '{"schema": {}} // comment', '', '{"schema": {"a": 1,}}', '\u0000']) {
                const r = await call(t, 'POST', '/v1/schemas/validate', { key, raw });
                const e = expectError(r, 400, 'invalid_request');
                expect(
                    e.details!.map((d) => d.code),
                    raw,
                ).to.include('E-JSON-SYNTAX');
            }
            const r = await call(t, 'POST', '/v1/schemas/validate', { key, raw: 'schema: none' });
            expect(r.json.error.details[0].pointer).to.equal('');
        });
        it('a JSON error inside the schema has a pointer relative to the schema', async () => {
            const r = await call(t, 'POST', '/v1/schemas/validate', { key, raw: '{"schema": {"fields": [1,]}}' });
            expectError(r, 400, 'invalid_request');
            expect(r.json.error.details).to.deep.include.members([
                { ...r.json.error.details[0], code: 'E-JSON-SYNTAX', pointer: '/fields' },
            ]);
            const outside = await call(t, 'POST', '/v1/extractions', { key, raw: '{"schema": {}, "options": {"a": [}}' });
            expect(outside.json.error.details[0]).to.include({ code: 'E-JSON-SYNTAX', pointer: '' });
        });
        it('a duplicate key in the envelope: E-JSON-DUPKEY at ""; in the schema: at its pointer, as a compile error', async () => {
            const a = await call(t, 'POST', '/v1/extractions', {
                key,
                raw: `{"document": "x", "document": "y", "schema": ${JSON.stringify(SCHEMA)}}`,
            });
            expect(a.json.error.details).to.deep.equal([{ ...a.json.error.details[0], code: 'E-JSON-DUPKEY', pointer: '' }]);
            const b = await call(t, 'POST', '/v1/schemas/validate', {
                key,
                raw: '{"schema": {"svc_schema": "1.0", "name": "a", "name": "b", "fields": [{"name": "x", "type": "string"}]}}',
            });
            expectError(b, 400, 'invalid_request');
            expect(b.json.error.details.find((d: any) => d.code === 'E-JSON-DUPKEY')).to.include({ pointer: '/name' });
        });
        it('nesting: 64 levels inside the schema are read; 65 are E-JSON-SYNTAX', async () => {
            const nest = (n: number): string => '['.repeat(n) + ']'.repeat(n);
            // depth 64 inside the schema: read, then judged by the compiler (not a syntax error)
            const ok = await call(t, 'POST', '/v1/schemas/validate', { key, raw: `{"schema": {"fields": ${nest(63)}}}` });
            expect(ok.json.error.details.map((d: any) => d.code)).not.to.include('E-JSON-SYNTAX');
            const deep = await call(t, 'POST', '/v1/schemas/validate', { key, raw: `{"schema": {"fields": ${nest(64)}}}` });
            expect(deep.json.error.details.map((d: any) => d.code)).to.include('E-JSON-SYNTAX');
            // the edit envelope holds the schema one level deeper
            const e = await edit(
                JSON.parse(
                    `{"extraction": {"document": "x", "session": "s", "schema": {"fields": ${nest(63)}}}, "edit": {"action": "retract", "bundle": 0}}`,
                ),
            );
            expect(e.json.error.details.map((d: any) => d.code)).not.to.include('E-JSON-SYNTAX');
        });
        it('a body over 2 MiB: too_big before parsing, even when it is not JSON', async () => {
            const r = await call(t, 'POST', '/v1/schemas/validate', { key, raw: 'x'.repeat(2 * 1024 * 1024 + 1) });
            expectError(r, 400, 'invalid_request');
            expect(r.json.error.details[0]).to.include({ code: 'too_big', maximum: 2 * 1024 * 1024 });
            const exact = await call(t, 'POST', '/v1/schemas/validate', {
                key,
                raw: `{"schema": ${JSON.stringify(SCHEMA)}}`.padEnd(2 * 1024 * 1024, ' '),
            });
            expect(exact.status).to.equal(200);
        });
        it('a schema over 1 MiB: E-LIMIT at "" naming the size of the schema as sent, as svc check does, on every endpoint', async () => {
            // A schema text of exactly 1 MiB + 1 bytes (a 3-byte character among them), with white space inside.
            const head = `{ "svc_schema": "1.0", "name": "big",\n  "fields": [{"name": "f", "type": "string", "description": "€`;
            const tail = '"}]\n}';
            const schemaText = head + 'd'.repeat(1024 * 1024 + 1 - Buffer.byteLength(head + tail)) + tail;
            expect(Buffer.byteLength(schemaText)).to.equal(1_048_577);
            const cli = compileSchemaText(schemaText).errors.map((d) => ({ ...d }));
            expect(cli.map((d) => [d.code, d.pointer, d.message])).to.deep.equal([
                ['E-LIMIT', '', 'schema is 1048577 bytes; the limit is 1048576 (1 MiB)'],
            ]);
            for (const [path, raw] of [
                ['/v1/schemas/validate', `{\n  "schema": ${schemaText}\n}`],
                ['/v1/extractions', `{"document": "Total: EUR 10.00",   "schema": ${schemaText}, "reference": "r-1"}`],
                [
                    '/v1/extractions/edit',
                    `{"extraction": {"document": "x", "session": "s", "schema": ${schemaText}}, "edit": {"action": "retract", "bundle": 0}}`,
                ],
            ] as const) {
                const r = await call(t, 'POST', path, { key, raw });
                expect(expectError(r, 400, 'invalid_request').details, path).to.deep.equal(cli);
            }
        });
        it('a document longer than 50,000 characters: too_big at ["document"], maximum 50000', async () => {
            const r = await extract({ document: 'a'.repeat(50_001), schema: SCHEMA });
            expect(detail(r, 'too_big', ['document'])).to.include({ maximum: 50000, origin: 'string' });
            // code points, not UTF-16 units: 50,000 emoji are 100,000 units and still fit
            expect((await extract({ document: '😀'.repeat(50_000), schema: SCHEMA })).status).to.equal(200);
            expect(detail(await extract({ document: '😀'.repeat(50_001), schema: SCHEMA }), 'too_big', ['document']).maximum).to.equal(
                50000,
            );
            // counted after trimming, kept as sent
            const padded = `  ${'a'.repeat(50_000)}\n\n`;
            const ok = await extract({ document: padded, schema: SCHEMA });
            expect(ok.status).to.equal(200);
            expect(ok.json.document).to.equal(padded);
        });
        it('an empty or white-space-only document: too_small, minimum 1', async () => {
            for (const document of ['', ' \n\t  \r\n ', '\u00a0\u2003']) {
                expect(detail(await extract({ document, schema: SCHEMA }), 'too_small', ['document'])).to.include({ minimum: 1 });
            }
        });
        it('missing document or schema: invalid_type at their paths', async () => {
            expect(detail(await extract({ schema: SCHEMA }), 'invalid_type', ['document']).expected).to.equal('string');
            expect(detail(await extract({ document: DOC }), 'invalid_type', ['schema']).expected).to.equal('object');
            detail(await call(t, 'POST', '/v1/schemas/validate', { key, body: {} }), 'invalid_type', ['schema']);
            detail(await call(t, 'POST', '/v1/schemas/validate', { key, body: [] }), 'invalid_type', []);
            detail(await extract({ document: 7, schema: 'x' }), 'invalid_type', ['document']);
        });
        it('reference: at most 128 characters (code points)', async () => {
            expect(
                detail(await extract({ document: DOC, schema: SCHEMA, reference: 'r'.repeat(129) }), 'too_big', ['reference']).maximum,
            ).to.equal(128);
            expect((await extract({ document: DOC, schema: SCHEMA, reference: 'α'.repeat(128) })).status).to.equal(200);
            expect((await extract({ document: DOC, schema: SCHEMA, reference: '😀'.repeat(128) })).status).to.equal(200);
        });
        it('reference: a string when sent; null is invalid_type, as a null language or options is', async () => {
            const r = await extract({ document: DOC, schema: SCHEMA, reference: null });
            expectError(r, 400, 'invalid_request');
            expect(r.json.error.details).to.have.length(1);
            expect(detail(r, 'invalid_type', ['reference']).expected).to.equal('string');
            detail(await extract({ document: DOC, schema: SCHEMA, language: null }), 'invalid_type', ['language']);
            detail(await extract({ document: DOC, schema: SCHEMA, options: null }), 'invalid_type', ['options']);
            detail(await extract({ document: DOC, schema: SCHEMA, options: { on_conflict: null } }), 'invalid_type', [
                'options',
                'on_conflict',
            ]);
            // An extraction sent back to edit keeps the null it was answered with: the body is valid
            // (the edit service, a double here, is what refuses it).
            const e = expectError(
                await edit({ extraction: { ...stored, reference: null }, edit: { action: 'retract', bundle: 0 } }),
                400,
                'invalid_request',
            );
            expect(e).not.to.have.property('details');
            expect(e.message).to.equal('the session does not match this extraction');
            // Absent, it is answered as null (an extraction's reference is a string or null).
            const ok = await extract({ document: DOC, schema: SCHEMA });
            expect(ok.status, ok.text).to.equal(200);
            expect(ok.json.reference).to.equal(null);
        });
        it('language outside en|nl: invalid_value with values', async () => {
            expect(
                detail(await extract({ document: DOC, schema: SCHEMA, language: 'de' }), 'invalid_value', ['language']).values,
            ).to.deep.equal(['en', 'nl']);
            expect((await extract({ document: DOC, schema: SCHEMA, language: 'nl' })).json.language).to.equal('nl');
        });
        it('options.fallback quote-first and offset: invalid_value, "fallback unavailable"; other values: all three listed', async () => {
            for (const fallback of ['quote-first', 'offset']) {
                const r = await extract({ document: DOC, schema: SCHEMA, options: { fallback } });
                const d = detail(r, 'invalid_value', ['options', 'fallback']);
                expect(d.message).to.equal('fallback unavailable');
                expect(d.values, 'the values this server accepts').to.deep.equal(['off']);
                expect(r.json.error.message).to.match(/fallback unavailable/);
            }
            // Outside the documented values: `values` lists them all (docs/runtime-server.md).
            const other = await extract({ document: DOC, schema: SCHEMA, options: { fallback: 'sometimes', on_conflict: 'pick' } });
            const d = detail(other, 'invalid_value', ['options', 'fallback']);
            expect(d.values).to.deep.equal(['off', 'quote-first', 'offset']);
            expect(d.message).to.not.equal('fallback unavailable');
            expect(other.json.error.message).to.not.match(/fallback unavailable/);
            expect(detail(other, 'invalid_value', ['options', 'on_conflict']).values).to.deep.equal(['withhold']);
            expect(
                (await extract({ document: DOC, schema: SCHEMA, options: { fallback: 'off', on_conflict: 'withhold' } })).status,
            ).to.equal(200);
        });
        it('a member the request does not define: unrecognized_keys listing the keys', async () => {
            const r = await extract({ document: DOC, schema: SCHEMA, options: { speed: 'fast', colour: 1 }, extra: true });
            expect(detail(r, 'unrecognized_keys', ['options']).keys).to.deep.equal(['speed', 'colour']);
            expect(detail(r, 'unrecognized_keys', []).keys).to.deep.equal(['extra']);
        });
        it('p = 1: too_big with inclusive false at ["edit","candidate","p"]; p = 0: too_small', async () => {
            const one = await edit({
                extraction: stored,
                edit: { action: 'insert', candidate: { slot: 'total', quote: 'EUR 10.00', p: 1 } },
            });
            expect(detail(one, 'too_big', ['edit', 'candidate', 'p'])).to.include({ inclusive: false, maximum: 1 });
            const zero = await edit({
                extraction: stored,
                edit: { action: 'insert', candidate: { slot: 'total', quote: 'EUR 10.00', p: 0 } },
            });
            expect(detail(zero, 'too_small', ['edit', 'candidate', 'p'])).to.include({ inclusive: false, minimum: 0 });
        });
        it('a missing extraction.session: invalid_type at ["extraction","session"]', async () => {
            const r = await edit({ extraction: { document: DOC, schema: SCHEMA }, edit: { action: 'retract', bundle: 0 } });
            expect(detail(r, 'invalid_type', ['extraction', 'session']).expected).to.equal('string');
        });
        it('edit actions and their parameters', async () => {
            detail(await edit({ extraction: stored, edit: { action: 'undo' } }), 'invalid_value', ['edit', 'action']);
            detail(await edit({ extraction: stored, edit: {} }), 'invalid_type', ['edit', 'action']);
            detail(await edit({ extraction: stored, edit: { action: 'retract' } }), 'invalid_type', ['edit', 'bundle']);
            detail(await edit({ extraction: stored, edit: { action: 'retract', bundle: 1.5 } }), 'invalid_type', ['edit', 'bundle']);
            detail(await edit({ extraction: stored, edit: { action: 'reconcile' } }), 'invalid_type', ['edit', 'plan']);
            const intent = await edit({
                extraction: stored,
                edit: { action: 'preview_reconciliation', intent: 'i'.repeat(501), withdraw: [] },
            });
            expect(detail(intent, 'too_big', ['edit', 'intent']).maximum).to.equal(500);
            expect(detail(intent, 'too_small', ['edit', 'withdraw']).minimum).to.equal(1);
            const w = await edit({
                extraction: stored,
                edit: { action: 'preview_reconciliation', intent: 'x', withdraw: [{ bundle: 0 }] },
            });
            detail(w, 'invalid_type', ['edit', 'withdraw', 0, 'mention']);
            detail(await edit({ extraction: stored, edit: { action: 'retract', bundle: 0, candidate: {} } }), 'unrecognized_keys', [
                'edit',
            ]);
        });
        it('validation details and compile details never together; the schema compiles only in a valid body', async () => {
            const r = await extract({ document: '', schema: { svc_schema: '2.0' } });
            expect(r.json.error.details.every((d: any) => Array.isArray(d.path))).to.equal(true);
            const c = await extract({ document: DOC, schema: fields(33) });
            expectError(c, 400, 'invalid_request');
            expect(c.json.error.details.map((d: any) => [d.code, d.pointer])).to.deep.equal([['E-LIMIT', '/fields']]);
        });
        it('the same schema gives the same details in validation, extraction and edit', async () => {
            const bad = { ...SCHEMA, relations: [{ id: 'r', expr: 'total == nett' }] };
            const v = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: bad } });
            const x = await extract({ document: DOC, schema: bad });
            const e = await edit({ extraction: { ...stored, schema: bad }, edit: { action: 'retract', bundle: 0 } });
            expectError(v, 400, 'invalid_request');
            expect(x.json.error.details).to.deep.equal(v.json.error.details);
            expect(e.json.error.details).to.deep.equal(v.json.error.details);
        });
        it('an altered session (the edit service says so): 400 with a message and no details', async () => {
            const e = expectError(await edit({ extraction: stored, edit: { action: 'retract', bundle: 0 } }), 400, 'invalid_request');
            expect(e).not.to.have.property('details');
            expect(e.message).to.equal('the session does not match this extraction');
        });
        it('an edit rejected with a detail keeps it', async () => {
            editor.next = new EditRejectedError('quote not in the document', [
                { code: 'invalid_value', path: ['edit', 'candidate', 'quote'], message: 'not in the document' },
            ]);
            const r = await edit({
                extraction: stored,
                edit: { action: 'insert', candidate: { slot: 'total', quote: 'EUR 11.00', p: 0.5 } },
            });
            detail(r, 'invalid_value', ['edit', 'candidate', 'quote']);
        });
        it("the engine's window-room check (E-LIMIT at /fields) is a 400 with the diagnostic in an extraction only", async () => {
            engine.planError = { code: 'E-LIMIT', message: 'too little room', pointer: '/fields' };
            try {
                const r = await extract({ document: DOC, schema: SCHEMA });
                expect(expectError(r, 400, 'invalid_request').details).to.deep.equal([
                    { code: 'E-LIMIT', message: 'too little room', pointer: '/fields' },
                ]);
                // An extraction-only check (docs/runtime-server.md); validation compiles, as `svc check` does.
                const v = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: { ...SCHEMA, name: 'roomless' } } });
                expect(v.status, v.text).to.equal(200);
                expect(v.json.schema_hash).to.match(/^sha256:[0-9a-f]{64}$/);
                expect(v.json.warnings).to.deep.equal([]);
            } finally {
                engine.planError = undefined;
            }
        });
    });

    describe('5xx', () => {
        it('500 internal_error never leaks internals', async () => {
            engine.failWith = new Error('secret internal state /etc/passwd at line 42');
            const r = await extract({ document: DOC, schema: SCHEMA });
            const e = expectError(r, 500, 'internal_error');
            expect(r.text).not.to.contain('passwd');
            expect(e).not.to.have.property('details');
            expect(t.logs.some((l) => l.includes('"level":"error"'))).to.equal(true);
        });
        it('502 upstream_error for ReaderFailedError, 503 pipeline_unavailable for ReaderUnavailableError', async () => {
            engine.failWith = new ReaderFailedError('bad answer');
            expectError(await extract({ document: DOC, schema: SCHEMA }), 502, 'upstream_error');
            engine.failWith = new ReaderUnavailableError('timeout');
            expectError(await extract({ document: DOC, schema: SCHEMA }), 503, 'pipeline_unavailable');
        });
        it('an edit service that fails unexpectedly: 500', async () => {
            editor.next = new TypeError('boom');
            expectError(await edit({ extraction: stored, edit: { action: 'retract', bundle: 0 } }), 500, 'internal_error');
        });
        it('no endpoint answers 501', async () => {
            for (const p of ['/v1/extractions', '/v1/extractions/edit', '/v1/schemas/validate']) {
                expect((await call(t, 'POST', p, { key, body: {} })).status).not.to.equal(501);
            }
        });
    });
});
