// SVC_OPENAI_TIMEOUT_MS is the only bound of a request to the model: Node's built-in fetch waits at
// most undici's default 300 s for the headers and between parts of the body, which cut every longer
// timeout to 300 s. The process's default dispatcher stands in here with limits of 250 ms (the
// 300 s, scaled down; undici checks them every half second or so): a model slower than them but
// within the reader's timeout is still read.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { ReaderUnavailableError } from '../src/engine-types.js';
import { completionBody } from '../src/readers/openai-protocol.js';
import { OpenAiReader } from '../src/readers/openai-reader.js';
import type { ReaderInput } from '../src/readers/reader-types.js';
import { renderSchema } from '../src/windows/schema-render.js';
import { makeSchema, money } from './support/schema-builder.js';

const SCHEMA = makeSchema([{ name: 'total', type: money() }]);
const DOC = 'Total: EUR 1,234.56';
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
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('openai reader: the configured timeout is the only limit of a request', function () {
    this.timeout(20_000);
    let server: Server;
    let url: string;
    let before: Dispatcher;
    const short = new Agent({ headersTimeout: 250, bodyTimeout: 250 });

    beforeEach(async () => {
        // The headers after 1.5 s, the body's second half 1.5 s after its first.
        server = createServer((req, res) => {
            req.resume();
            req.on('end', async () => {
                await pause(1_500);
                const body = JSON.stringify(completionBody([{ slot: 'total', quote: 'EUR 1,234.56', p: 0.9 }]));
                res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
                res.write(body.slice(0, 10));
                await pause(1_500);
                res.end(body.slice(10));
            });
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
        before = getGlobalDispatcher();
        setGlobalDispatcher(short); // what Node's fetch uses unless told otherwise
    });
    afterEach(async () => {
        setGlobalDispatcher(before);
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
    });
    after(() => short.close());

    it('reads an answer slower than the default limits on headers and body, within its timeout', async () => {
        const reader = new OpenAiReader({ baseUrl: url, model: 'm', timeoutMs: 5_000, attempts: 1 });
        const got = await reader.read(input());
        expect(got.map((c) => c.quote)).to.deep.equal(['EUR 1,234.56']);
    });

    it('still stops at its own timeout, named as one', async () => {
        const reader = new OpenAiReader({ baseUrl: url, model: 'm', timeoutMs: 300, attempts: 1 });
        let error: unknown;
        try {
            await reader.read(input());
        } catch (e) {
            error = e;
        }
        expect(error).to.be.instanceOf(ReaderUnavailableError);
        expect((error as Error).message).to.contain('no answer within 300 ms');
    });
});
