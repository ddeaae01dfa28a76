import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReaderFailedError, ReaderUnavailableError } from '../src/engine-types.js';
import { Engine } from '../src/extraction-engine.js';
import fc from 'fast-check';
import { MAX_ANSWER_BYTES, MAX_ANSWER_CANDIDATES, completionBody, parseAnswer } from '../src/readers/openai-protocol.js';
import { OpenAiReader } from '../src/readers/openai-reader.js';
import type { ReaderInput } from '../src/readers/reader-types.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { renderSchema } from '../src/windows/schema-render.js';
import { date, makeSchema, money } from './support/schema-builder.js';

type Handler = (body: any, res: ServerResponse, n: number) => void;

/** A local stand-in for an OpenAI-compatible endpoint on 127.0.0.1. */
async function fakeEndpoint(
    handler: Handler,
): Promise<{ url: string; server: Server; requests: any[]; headers: IncomingMessage['headers'][] }> {
    const requests: any[] = [];
    const headers: IncomingMessage['headers'][] = [];
    const server = createServer((req, res) => {
        let data = '';
        req.on('data', (c) => (data += c));
        req.on('end', () => {
            const body = JSON.parse(data);
            requests.push({ path: req.url, body });
            headers.push(req.headers);
            handler(body, res, requests.length);
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server, requests, headers };
}

/** An answer carrying `candidates` as given (also malformed ones, to test their refusal). */
function answer(res: ServerResponse, candidates: unknown): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completionBody(candidates as Parameters<typeof completionBody>[0])));
}

const SCHEMA = makeSchema([
    { name: 'invoice_date', type: date() },
    { name: 'total', type: money() },
]);
const DOC = 'Invoice date: 3 January 2024\nTotal: EUR 1,234.56';
const input = (): ReaderInput => ({
    schema: SCHEMA,
    language: 'en',
    rendering: renderSchema(SCHEMA),
    text: DOC,
    offset: 0,
    documentLength: DOC.length,
    index: 0,
    windows: 1,
});
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' } as const;

describe('openai protocol', () => {
    it('reads back the candidates of a completion it wrote: p moved inside (0, 1), p ≤ 0 and empty quotes passed on for grounding to count', () => {
        const candidate = fc.record({ slot: fc.string(), quote: fc.string(), p: fc.double({ min: -1, max: 2, noNaN: true }) });
        fc.assert(
            fc.property(fc.array(candidate, { maxLength: 8 }), (list) => {
                // JSON writes -0 as 0.
                const kept = list.map((c) => ({ ...c, p: c.p > 0 ? Math.min(0.99, Math.max(0.01, c.p)) : c.p === 0 ? 0 : c.p }));
                expect(parseAnswer(completionBody(list))).to.deep.equal({ ok: true, candidates: kept });
            }),
        );
    });
});

describe('openai reader', () => {
    const servers: Server[] = [];
    after(() => servers.forEach((s) => s.close()));

    it("passes the model's p through its calibration table, the heuristic reader's step", async () => {
        const ep = await fakeEndpoint((_b, res) =>
            answer(res, [
                { slot: 'invoice_date', quote: '3 January 2024', p: 0.9 },
                { slot: 'total', quote: 'EUR 1,234.56', p: 0.5 },
            ]),
        );
        servers.push(ep.server);
        // A model that is overconfident: 0.9 is right 6 times in 10, 0.5 three times in 10.
        const weights = {
            features: [],
            weights: [],
            bias: 0,
            calibration: {
                openai: [
                    [0.5, 0.3],
                    [0.9, 0.6],
                ] as [number, number][],
            },
        };
        const reader = new OpenAiReader({ baseUrl: ep.url, model: 'test-model', timeoutMs: 2000, backoffMs: 1 }, weights);
        expect((await reader.read(input())).map((c) => c.p)).to.deep.equal([0.6, 0.3]);
    });

    it("then applies the document language's correction, as the heuristic reader does", async () => {
        const ep = await fakeEndpoint((_b, res) => answer(res, [{ slot: 'invoice_date', quote: '3 January 2024', p: 0.9 }]));
        servers.push(ep.server);
        const halve: [number, number][] = [
            [0, 0],
            [1, 0.5],
        ];
        const identity: [number, number][] = [
            [0, 0],
            [1, 1],
        ];
        const weights = { features: [], weights: [], bias: 0, calibration: { openai: { all: identity, 'lang:en': halve } } };
        const reader = new OpenAiReader({ baseUrl: ep.url, model: 'test-model', timeoutMs: 2000, backoffMs: 1 }, weights);
        expect((await reader.read(input())).map((c) => c.p)).to.deep.equal([0.45]);
        const other = { ...weights, calibration: { openai: { all: identity, 'lang:nl': halve } } };
        const plain = new OpenAiReader({ baseUrl: ep.url, model: 'test-model', timeoutMs: 2000, backoffMs: 1 }, other);
        expect((await plain.read(input())).map((c) => c.p)).to.deep.equal([0.9]);
    });

    it('sends a strict json_schema chat completion and returns the candidates', async () => {
        const ep = await fakeEndpoint((_b, res) =>
            answer(res, [
                { slot: 'invoice_date', quote: '3 January 2024', p: 0.9 },
                { slot: 'total', quote: 'EUR 1,234.56', p: 1 },
            ]),
        );
        servers.push(ep.server);
        const reader = new OpenAiReader({ baseUrl: ep.url, model: 'test-model', apiKey: 'sk-test', timeoutMs: 2000, backoffMs: 1 });
        const got = await reader.read(input());
        expect(got.map((c) => c.slot)).to.deep.equal(['invoice_date', 'total']);
        expect(got[1]!.p).to.equal(0.99); // clamped inside (0, 1)
        const { path, body } = ep.requests[0];
        expect(path).to.equal('/v1/chat/completions');
        expect(ep.headers[0]!.authorization).to.equal('Bearer sk-test');
        expect(body.model).to.equal('test-model');
        expect(body.response_format.type).to.equal('json_schema');
        expect(body.response_format.json_schema.strict).to.equal(true);
        expect(body.response_format.json_schema.name).to.be.a('string');
        const item = body.response_format.json_schema.schema.properties.candidates.items;
        expect(item.required).to.deep.equal(['slot', 'quote', 'p']);
        expect(item.additionalProperties).to.equal(false);
        expect(item.properties.slot.enum).to.deep.equal(['invoice_date', 'total']);
        expect(body.messages.at(-1).content).to.include(DOC);
    });

    it('retries a bad answer once, then fails with ReaderFailedError (502)', async () => {
        const ep = await fakeEndpoint((_b, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ choices: [{ message: { content: 'not json' } }] }));
        });
        servers.push(ep.server);
        const reader = new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000, backoffMs: 1 });
        let error: unknown;
        try {
            await reader.read(input());
        } catch (e) {
            error = e;
        }
        expect(error).to.be.instanceOf(ReaderFailedError);
        expect(ep.requests).to.have.length(2);
    });

    it('refuses an answer of over 1,000 candidates or over 4 MiB like any unusable answer: retried once, then 502', async () => {
        const many = Array.from({ length: MAX_ANSWER_CANDIDATES + 1 }, () => ({ slot: 'total', quote: 'EUR 1,234.56', p: 0.5 }));
        const big = 'x'.repeat(MAX_ANSWER_BYTES);
        for (const [what, handler] of [
            ['many', (res: ServerResponse) => answer(res, many)],
            ['big', (res: ServerResponse) => answer(res, [{ slot: 'total', quote: big, p: 0.5 }])],
            [
                'big, without a length',
                (res: ServerResponse) => {
                    res.writeHead(200, { 'content-type': 'application/json' });
                    res.write(JSON.stringify(completionBody([{ slot: 'total', quote: big, p: 0.5 }])));
                    res.end();
                },
            ],
        ] as const) {
            const ep = await fakeEndpoint((_b, res) => handler(res));
            servers.push(ep.server);
            let error: unknown;
            try {
                await new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 5000, backoffMs: 1 }).read(input());
            } catch (e) {
                error = e;
            }
            expect(error, what).to.be.instanceOf(ReaderFailedError);
            expect(ep.requests, what).to.have.length(2);
        }
        const fits = await fakeEndpoint((_b, res) => answer(res, many.slice(1)));
        servers.push(fits.server);
        const got = await new OpenAiReader({ baseUrl: fits.url, model: 'm', timeoutMs: 5000, backoffMs: 1 }).read(input());
        expect(got).to.have.length(MAX_ANSWER_CANDIDATES);
    });

    it('recovers when the retry answers well', async () => {
        const ep = await fakeEndpoint((_b, res, n) =>
            n === 1 ? answer(res, 'nope') : answer(res, [{ slot: 'total', quote: 'EUR 1,234.56', p: 0.7 }]),
        );
        servers.push(ep.server);
        const got = await new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000, backoffMs: 1 }).read(input());
        expect(got).to.have.length(1);
    });

    it('retries 5xx with backoff, then ReaderUnavailableError (503)', async () => {
        const ep = await fakeEndpoint((_b, res) => {
            res.writeHead(503);
            res.end('busy');
        });
        servers.push(ep.server);
        let error: unknown;
        try {
            await new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000, backoffMs: 1, attempts: 3 }).read(input());
        } catch (e) {
            error = e;
        }
        expect(error).to.be.instanceOf(ReaderUnavailableError);
        expect(ep.requests).to.have.length(3);
    });

    it('a timeout or a closed port is ReaderUnavailableError', async () => {
        const ep = await fakeEndpoint(() => {
            /* never answers */
        });
        servers.push(ep.server);
        let error: unknown;
        try {
            await new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 100, backoffMs: 1, attempts: 2 }).read(input());
        } catch (e) {
            error = e;
        }
        expect(error).to.be.instanceOf(ReaderUnavailableError);
        const closed = await fakeEndpoint(() => {});
        const url = closed.url;
        await new Promise<void>((r) => closed.server.close(() => r()));
        error = undefined;
        try {
            await new OpenAiReader({ baseUrl: url, model: 'm', timeoutMs: 500, backoffMs: 1, attempts: 2 }).read(input());
        } catch (e) {
            error = e;
        }
        expect(error).to.be.instanceOf(ReaderUnavailableError);
    });

    it("stops at its caller's signal without retrying; the engine's extraction rejects with the signal's reason", async () => {
        const ep = await fakeEndpoint(() => {
            /* never answers */
        });
        servers.push(ep.server);
        const engine = new Engine({
            reader: new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 60_000, backoffMs: 1, attempts: 3 }),
            secrets: secretRingOf(['s']),
            concurrency: 4,
        });
        const stop = new AbortController();
        const reason = new Error('deadline');
        const reading = engine.extract({ document: DOC, schema: SCHEMA, language: 'en', reference: null, options: OPTIONS }, stop.signal);
        while (ep.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
        stop.abort(reason);
        let error: unknown;
        try {
            await reading;
        } catch (e) {
            error = e;
        }
        expect(error).to.equal(reason);
        expect(ep.requests).to.have.length(1);
    });

    it("its candidates are grounded like any reader's: a paraphrase is dropped and counted", async () => {
        const ep = await fakeEndpoint((_b, res) =>
            answer(res, [
                { slot: 'invoice_date', quote: '3 January 2024', p: 0.9 },
                { slot: 'total', quote: '1234.56 euro', p: 0.9 },
            ]),
        );
        servers.push(ep.server);
        const engine = new Engine({
            reader: new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000 }),
            secrets: secretRingOf(['s']),
            concurrency: 4,
        });
        const ex = await engine.extract({ document: DOC, schema: SCHEMA, language: 'en', reference: null, options: OPTIONS });
        const r = ex.response as any;
        expect(r.data.invoice_date).to.equal('2024-01-03');
        expect(r.fields.total.status).to.equal('missing');
        expect(ex.warnings.some((w) => w.includes('does not occur'))).to.equal(true);
    });
    it('drops candidates of p ≤ 0 or an empty quote with a warning by reason, and does not calibrate such a p up', async () => {
        const ep = await fakeEndpoint((_b, res) =>
            answer(res, [
                { slot: 'invoice_date', quote: '3 January 2024', p: -1 },
                { slot: 'invoice_date', quote: '3 January 2024', p: 0 },
                { slot: 'total', quote: '', p: 0.9 },
                { slot: 'total', quote: 'EUR 1,234.56', p: 0.9 },
            ]),
        );
        servers.push(ep.server);
        // A table that maps every p, 0 included, to at least 0.3.
        const weights = {
            features: [],
            weights: [],
            bias: 0,
            calibration: {
                openai: [
                    [0, 0.3],
                    [1, 0.9],
                ] as [number, number][],
            },
        };
        const reader = new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000 }, weights);
        expect((await reader.read(input())).map((c) => c.p)).to.deep.equal([-1, 0, 0.84, 0.84]);
        const engine = new Engine({ reader, secrets: secretRingOf(['s']), concurrency: 4 });
        const ex = await engine.extract({ document: DOC, schema: SCHEMA, language: 'en', reference: null, options: OPTIONS });
        expect(ex.warnings).to.include.members([
            '2 candidate(s) dropped: p not strictly between 0 and 1',
            '1 candidate(s) dropped: the quote is empty',
        ]);
        expect((ex.response as any).data.total).to.deep.equal({ amount: '1234.56', currency: 'EUR' });
    });

    it('does not follow a redirect: the document is not sent on, and the endpoint failed (502)', async () => {
        const elsewhere = await fakeEndpoint((_b, res) => answer(res, [{ slot: 'total', quote: 'EUR 1,234.56', p: 0.9 }]));
        servers.push(elsewhere.server);
        for (const status of [307, 308, 302, 301]) {
            const ep = await fakeEndpoint((_b, res) => {
                res.writeHead(status, { location: `${elsewhere.url}/chat/completions` });
                res.end();
            });
            servers.push(ep.server);
            let error: unknown;
            try {
                await new OpenAiReader({ baseUrl: ep.url, model: 'm', timeoutMs: 2000, backoffMs: 1 }).read(input());
            } catch (e) {
                error = e;
            }
            expect(error, String(status)).to.be.instanceOf(ReaderFailedError);
            expect((error as Error).message).to.include(`HTTP ${status}, a redirect`);
            expect(ep.requests, String(status)).to.have.length(2);
        }
        expect(elsewhere.requests).to.have.length(0);
    });
});
