// Issue 9: fast-check drives every endpoint of a server with worker threads and the real engine,
// with generated documents (mixed scripts, white space of every kind, emoji, long runs) and bodies
// (deep JSON, generated schemas, edits fed real sessions). Never a 5xx; every answer within its
// bound: a status the endpoint documents, the JSON error body, and for a 200 an extraction whose
// document is the one sent, whose offsets fall inside it and whose reads are within its credit.
import { expect } from 'chai';
import fc from 'fast-check';
import { call, newKey, startTestServer, SCHEMA, type Res, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const RUNS = 60;

const STATUSES: Record<string, number[]> = {
    '/v1/schemas/validate': [200, 400, 503],
    '/v1/extractions': [200, 400, 402, 503],
    '/v1/extractions/edit': [200, 400, 503],
};

const cpLength = (s: string): number => Array.from(s).length;

function checkAnswer(path: string, r: Res, context: string, sent?: string): void {
    expect(r.status, `${context}\n${r.text.slice(0, 500)}`).to.be.oneOf(STATUSES[path]!);
    expect(r.headers.get('content-type'), context).to.match(/^application\/json/);
    if (r.status !== 200) {
        expect(Object.keys(r.json), context).to.deep.equal(['error']);
        expect(r.json.error.code, context).to.be.a('string');
        expect(r.json.error.message, context).to.be.a('string').that.is.not.empty;
        return;
    }
    if (path === '/v1/schemas/validate') {
        expect(r.json.schema_hash, context).to.match(/^sha256:[0-9a-f]{64}$/);
        return;
    }
    const x = r.json;
    if (x.object !== 'extraction') return; // an edit's reconciliation preview
    if (sent !== undefined) expect(x.document, context).to.equal(sent);
    const length = cpLength(x.document);
    for (const m of x.response.mentions) {
        expect(m.start, context).to.be.within(0, length);
        expect(m.end, context).to.be.within(m.start, length);
        expect(Array.from(x.document).slice(m.start, m.end).join(''), context).to.equal(m.quote);
    }
    expect(x.usage.window_tokens).to.equal(4096);
    expect(x.usage.reads, context).to.be.within(path === '/v1/extractions' ? 1 : 0, 100);
}

// Text from many scripts and every kind of white space, with long runs of one unit.
const units = fc.constantFrom(
    'Total: EUR 1,234.56',
    'Invoice number INV-2024-0042',
    'Factuurdatum 3 januari 2024',
    '31/12/2024',
    'thirty (30) days',
    'Привет мир',
    'مرحبا',
    'שלום',
    '你好世界',
    'こんにちは',
    '안녕하세요',
    'ภาษาไทย',
    'नमस्ते',
    'Ελληνικά',
    '😀',
    '👍🏽',
    '🇳🇱',
    '👨‍👩‍👧',
    'e\u0301',
    '\u200b',
    '\ufeff',
    '\u00ad',
    ' ',
    '\u00a0',
    '\u3000',
    '\u2003',
    '\t',
    '\n',
    '\r\n',
    '\u2028',
    '\u2029',
    '\u0085',
    '\u000b',
    '!',
    '/',
    '\\',
    '"',
    '<|endoftext|>',
    '{',
    '}',
    '0',
    '€',
    '$',
);
const run = fc.tuple(units, fc.integer({ min: 1, max: 3000 })).map(([u, n]) => u.repeat(Math.max(1, Math.floor(n / u.length))));
const documentText = fc
    .array(fc.oneof({ weight: 4, arbitrary: units }, { weight: 1, arbitrary: run }), { minLength: 1, maxLength: 40 })
    .map((parts) => parts.join(''))
    .filter((d) => d.trim().length > 0 && cpLength(d.trim()) <= 50_000);

const typeDecl = fc.constantFrom(
    { type: 'string' },
    { type: 'string', pattern: '[A-Z]{3}-[0-9]{4}-[0-9]{4}' },
    { type: 'date' },
    { type: 'datetime' },
    { type: 'money', currency: 'EUR' },
    { type: 'decimal', scale: 2 },
    { type: 'integer' },
    { type: 'boolean' },
    { type: 'duration', basis: 'days' },
    { type: 'enum', labels: ['open', 'paid', '\u3000'.repeat(200)] },
);
const fieldName = fc.oneof(
    fc.constantFrom('total', 'net', 'vat', 'date_1', '__proto__', 'constructor', 'toString'),
    fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
);
const schema = fc
    .uniqueArray(fc.tuple(fieldName, typeDecl, fc.array(units, { maxLength: 2 })), { minLength: 1, maxLength: 32, selector: ([n]) => n })
    .map((fields) => ({ svc_schema: '1.0', name: 'fuzz', fields: fields.map(([name, t, hints]) => ({ name, ...t, hints })) }));
const deepJson = fc
    .integer({ min: 1, max: 300 })
    .chain((n) => fc.constantFrom('[', '{"a":', '{"schema":').map((open) => `{"schema":${open.repeat(n)}`));

describe('fuzz: every endpoint through the worker pool and the real engine', function () {
    this.timeout(300_000);
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({ limits: OPEN, config: { workers: 2 }, overrides: { engine: undefined, editor: undefined, env: {} } });
        key = (await newKey(t, { credit: 1e6 })).key;
    });
    after(async () => {
        await t.stop();
    });

    it('extractions of generated documents with generated schemas', async () => {
        const seen = new Set<number>();
        await fc.assert(
            fc.asyncProperty(documentText, schema, fc.constantFrom('en', 'nl'), async (document, s, language) => {
                const r = await call(t, 'POST', '/v1/extractions', { key, body: { document, schema: s, language } });
                checkAnswer('/v1/extractions', r, JSON.stringify({ document: document.slice(0, 200), s }).slice(0, 600), document);
                seen.add(r.status);
            }),
            { numRuns: RUNS },
        );
        expect([...seen]).to.include(200); // the generators reach the engine, not only the checks
    });

    it('edits fed the sessions of real extractions', async () => {
        // Half the inserts quote the document itself (a run of code points that starts on a
        // non-space), so an accepted edit is common and the 200 below is not left to luck: with
        // quotes drawn only from the units, a run of 60 edits once gave no 200 at all.
        const quoteOf = (document: string) => {
            const cps = Array.from(document);
            const starts = cps.flatMap((c, i) => (/\s/u.test(c) ? [] : [i]));
            if (starts.length === 0) return fc.constant(document);
            return fc
                .tuple(fc.nat({ max: starts.length - 1 }), fc.integer({ min: 1, max: 20 }))
                .map(([i, n]) => cps.slice(starts[i]!, starts[i]! + n).join(''));
        };
        const editFor = (document: string) =>
            fc.oneof(
                fc.record({ action: fc.constant('retract'), bundle: fc.integer({ min: -1, max: 3 }) }),
                fc.record({
                    action: fc.constant('insert'),
                    candidate: fc.record({
                        slot: fc.constantFrom('invoice_number', 'total', 'x'),
                        quote: fc.oneof(units, fc.string(), quoteOf(document)),
                        p: fc.double({ min: 0, max: 1, noNaN: true }),
                    }),
                }),
                fc.record({
                    action: fc.constant('insert'),
                    candidate: fc.record({
                        slot: fc.constant('invoice_number'),
                        quote: quoteOf(document),
                        p: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
                    }),
                }),
                fc.record({
                    action: fc.constant('preview_reconciliation'),
                    intent: fc.string({ minLength: 1, maxLength: 50 }),
                    withdraw: fc.array(fc.record({ bundle: fc.integer({ min: 0, max: 2 }), mention: fc.integer({ min: 0, max: 5 }) }), {
                        maxLength: 3,
                    }),
                }),
            );
        const seen = new Set<number>();
        await fc.assert(
            fc.asyncProperty(
                documentText.chain((document) => fc.tuple(fc.constant(document), editFor(document))),
                async ([document, e]) => {
                    const first = await call(t, 'POST', '/v1/extractions', { key, body: { document, schema: SCHEMA } });
                    checkAnswer('/v1/extractions', first, document.slice(0, 200), document);
                    if (first.status !== 200) return;
                    const r = await call(t, 'POST', '/v1/extractions/edit', {
                        key,
                        body: { extraction: { document, schema: SCHEMA, session: first.json.session }, edit: e },
                    });
                    checkAnswer('/v1/extractions/edit', r, JSON.stringify(e), document);
                    seen.add(r.status);
                },
            ),
            { numRuns: RUNS },
        );
        expect([...seen]).to.include.members([200, 400]);
    });

    it('validate: generated schemas, deep JSON, raw bytes', async () => {
        const body = fc.oneof(
            schema.map((s) => JSON.stringify({ schema: s })),
            deepJson,
            fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
            fc.json({ maxDepth: 8 }),
        );
        await fc.assert(
            fc.asyncProperty(body, async (raw) => {
                checkAnswer('/v1/schemas/validate', await call(t, 'POST', '/v1/schemas/validate', { key, raw }), raw.slice(0, 300));
            }),
            { numRuns: RUNS * 2 },
        );
    });

    it('the pool is idle and the server answers after all of it', async () => {
        expect(t.server.services.pipeline.load()).to.deep.equal({ running: 0, queued: 0 });
        expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
    });
});
