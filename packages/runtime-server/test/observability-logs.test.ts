// Every request leaves a log line and a metric, also those answered before Fastify's hooks run (a
// malformed URL, a request Node cannot parse, headers too large or too slow), and the error lines
// never carry an error's message (it may quote request data) or a path longer than the request line's.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, loadConfig, type ServerConfig, type SvcServer } from '../src/index.js';

interface Running {
    server: SvcServer;
    port: number;
    logs: string[];
    stop(): Promise<void>;
}

/** A server with metrics; `routes` may add routes of a test's own before it listens. */
async function start(config: Partial<ServerConfig> = {}, routes?: (server: SvcServer) => void): Promise<Running> {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-obs-logs-'));
    const logs: string[] = [];
    const server = createServer(loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0' }, process.cwd(), { workers: 0, metrics: true, ...config }), {
        engine: null,
        editor: null,
        logSink: (l) => void logs.push(l),
    });
    routes?.(server);
    const port = Number(new URL(await server.listen()).port);
    return {
        server,
        port,
        logs,
        async stop() {
            await server.close();
            rmSync(dataDir, { recursive: true, force: true });
        },
    };
}

/** Sends raw bytes and resolves to what came back once the server closes the connection. */
function raw(port: number, ...chunks: string[]): Promise<string> {
    return new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1', () => chunks.forEach((c) => socket.write(c)));
        let text = '';
        socket.on('data', (d) => (text += d.toString('latin1')));
        socket.on('error', () => {});
        socket.on('close', () => resolve(text));
    });
}

const lines = (r: Running): Array<Record<string, unknown>> => r.logs.map((l) => JSON.parse(l) as Record<string, unknown>);

/** Waits (in steps, never for a fixed time) until a line matches; the line. */
async function lineWith(r: Running, match: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (let i = 0; i < 500; i++) {
        const found = lines(r).find(match);
        if (found) return found;
        await new Promise((res) => setTimeout(res, 10));
    }
    throw new Error(`no such line in ${r.logs.join('')}`);
}

async function metric(r: Running, pattern: RegExp): Promise<number | undefined> {
    const text = await (await fetch(`http://127.0.0.1:${r.port}/metrics`)).text();
    const line = text.split('\n').find((l) => pattern.test(l));
    return line === undefined ? undefined : Number(line.split(' ').pop());
}

const unmatched = (method: string, status: number): RegExp =>
    new RegExp(`^svc_http_requests_total\\{route="unmatched",method="${method}",status="${status}"\\} `);

describe('observability: every request is logged and counted', function () {
    this.timeout(30_000);
    let r: Running;
    before(async () => {
        r = await start();
    });
    after(async () => {
        await r.stop();
    });

    it('a malformed URL (GET /v1/%ZZn, answered 404 before any hook) has its line and its metric', async () => {
        const answer = await raw(r.port, 'GET /v1/%ZZn?k=v HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        expect(answer).to.match(/^HTTP\/1\.1 404 /);
        const line = await lineWith(r, (l) => l.path === '/v1/%ZZn');
        expect(line).to.include({ method: 'GET', status: 404, key: null });
        expect(line.ms).to.be.a('number');
        expect(await metric(r, unmatched('GET', 404))).to.equal(1);
    });

    it('headers too large: 400, with the line of its request line and a metric', async () => {
        const answer = await raw(r.port, `GET /v1/schemas/validate?q=1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        expect(answer)
            .to.match(/^HTTP\/1\.1 400 /)
            .and.contain('Malformed HTTP request.');
        expect(await lineWith(r, (l) => l.path === '/v1/schemas/validate' && l.status === 400)).to.include({
            method: 'GET',
            key: null,
            ms: 0,
        });
        expect(await metric(r, unmatched('GET', 400))).to.equal(1);
    });

    it('a request Node cannot parse: 400, logged with method and path "-" when they cannot be read, and counted', async () => {
        expect(await raw(r.port, 'GARBAGE\r\n\r\n')).to.match(/^HTTP\/1\.1 400 /);
        expect(await lineWith(r, (l) => l.method === '-')).to.include({ path: '-', status: 400 });
        // A method that is none of HTTP's is never a metric's label: the client's text would be.
        expect(await raw(r.port, 'BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n')).to.match(/^HTTP\/1\.1 400 /);
        expect(await lineWith(r, (l) => l.path === '/pot')).to.include({ method: '-', status: 400 });
        expect(await metric(r, unmatched('-', 400))).to.equal(2);
        expect(r.logs.join('')).to.not.contain('BREW');
    });

    it('a client that hangs up mid-headers leaves no line of a request it never made', async () => {
        const before = r.logs.length;
        await new Promise<void>((resolve) => {
            const socket = connect(r.port, '127.0.0.1', () => socket.end('GET /half HTTP/1.1\r\nHost: x\r\n'));
            socket.on('error', () => {});
            socket.resume(); // the 400 written to it is read, so that it ends
            socket.on('close', () => resolve());
        });
        expect((await fetch(`http://127.0.0.1:${r.port}/healthz`)).status).to.equal(200);
        await lineWith(r, (l) => l.path === '/healthz');
        expect(r.logs.slice(before).join('')).to.not.contain('/half');
    });
});

describe('observability: requests that time out are logged and counted', function () {
    this.timeout(30_000);
    it('headers not received in time: 400 "not received in time", its line and its metric', async () => {
        const r = await start({ timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 5_000, checkIntervalMs: 50, sendMs: 60_000 } });
        try {
            // The headers never end: Node's own sweep cuts the request, however long that takes here.
            const answer = await raw(r.port, 'GET /slow HTTP/1.1\r\nHost: x\r\n');
            expect(answer)
                .to.match(/^HTTP\/1\.1 400 /)
                .and.contain('The request was not received in time.');
            expect(await lineWith(r, (l) => l.msg === 'request timed out')).to.include({ level: 'info' });
            expect(await lineWith(r, (l) => l.status === 400 && l.msg === undefined)).to.include({ key: null });
            expect(await metric(r, /^svc_http_requests_total\{route="unmatched",method="[^"]+",status="400"\} 1$/)).to.equal(1);
        } finally {
            await r.stop();
        }
    });
});

describe('observability: error lines', function () {
    this.timeout(30_000);
    const SECRET_TEXT = 'Invoice of Jane Roe, IBAN NL91 ABNA 0417 1643 00';
    const long = `/obs${'/p'.repeat(350)}`; // no run long enough to be redacted as a secret
    let r: Running;
    let hangUp: () => void = () => undefined;
    before(async () => {
        r = await start({}, (server) => {
            server.app.get('/obs/*', async () => {
                // A message over two lines, quoting what a request sent: none of it may be logged.
                throw new TypeError(`cannot read ${SECRET_TEXT}\nsecond line: ${SECRET_TEXT}`);
            });
            // The client hangs up as its body is about to be read (before the next I/O, so the parser is reading).
            server.app.post('/obs/*', { preParsing: async (_request, _reply, payload) => (hangUp(), payload) }, async () => 'never');
        });
    });
    after(async () => {
        await r.stop();
    });

    it('an unexpected failure logs the error name and stack frames only, and a path of at most 512 characters', async () => {
        const res = await fetch(`http://127.0.0.1:${r.port}${long}?q=${encodeURIComponent(SECRET_TEXT)}`);
        expect(res.status).to.equal(500);
        const line = await lineWith(r, (l) => l.msg === 'unexpected failure');
        expect(line).to.include({ level: 'error', method: 'GET', error: 'TypeError' });
        expect(line).to.not.have.property('detail');
        expect(line.path).to.equal(long.slice(0, 512));
        const stack = line.stack as string[];
        expect(stack.length).to.be.within(1, 11);
        for (const frame of stack) expect(frame).to.match(/^at /);
        expect(r.logs.join('')).to.not.contain('Jane Roe').and.not.contain('IBAN');
    });

    it('"request aborted" carries a path of at most 512 characters, as the request line does', async () => {
        const socket = connect(r.port, '127.0.0.1');
        socket.on('error', () => {});
        hangUp = () => socket.destroy();
        socket.write(`POST ${long} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`);
        const line = await lineWith(r, (l) => l.msg === 'request aborted');
        expect(line).to.include({ level: 'info', method: 'POST' });
        expect(line.path).to.equal(long.slice(0, 512));
    });
});
