// Requests answered before their body arrives close their connection instead of having the body
// read and discarded (http/body-linger.ts), and unknown paths count against the per-IP limit
// (docs/runtime-server.md). A hostile review made the server read 2 MiB for each free 401 (from 64
// addresses: every tenant about 300 times slower), and flooded 404s, which counted nowhere.
import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { LINGER_BYTES } from '../src/http/body-linger.js';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const MiB = 1024 * 1024;

/** The server side of every connection the server accepts from now on. */
function serverSockets(t: TestServer): Socket[] {
    const sockets: Socket[] = [];
    t.server.app.server.on('connection', (s: Socket) => sockets.push(s));
    return sockets;
}

/**
 * Sends a request's head declaring `length` bytes of body, waits for the answer, then writes the
 * body in 64 KiB pieces until done or the connection ends. Resolves the answer's text and whether
 * the connection closed without an error.
 */
function answeredBeforeBody(t: TestServer, head: string, length: number): Promise<{ answer: string; clean: boolean }> {
    const { port } = new URL(t.url);
    return new Promise((resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        let clean = true;
        let sent = 0;
        const piece = Buffer.alloc(64 * 1024, 0x78);
        const pump = (): void => {
            while (sent < length && !socket.destroyed && socket.writable) {
                const n = Math.min(piece.length, length - sent);
                sent += n;
                if (!socket.write(piece.subarray(0, n))) return void socket.once('drain', pump);
            }
        };
        socket.write(`${head}Content-Length: ${length}\r\n\r\n`);
        socket.on('data', (d) => {
            if (answer === '') setImmediate(pump);
            answer += d.toString('utf8');
        });
        socket.on('error', () => (clean = false));
        socket.on('close', () => resolve({ answer, clean }));
    });
}

describe('answers before the body: the connection is closed, the body not read', function () {
    this.timeout(30_000);
    let t: TestServer;
    before(async () => {
        t = await startTestServer({ limits: OPEN });
    });
    after(async () => {
        await t.stop();
    });

    it('a 401 with a 2 MiB body declared: Connection: close, and at most a little of the body is read', async () => {
        const sockets = serverSockets(t);
        const head = 'POST /v1/extractions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
        const { answer } = await answeredBeforeBody(t, head, 2 * MiB);
        expect(answer).to.match(/^HTTP\/1\.1 401 /);
        expect(answer.toLowerCase()).to.include('\r\nconnection: close\r\n');
        expect(answer).to.include('"code":"unauthorized"');
        expect(sockets).to.have.length(1);
        await new Promise((r) => setTimeout(r, 50));
        expect(sockets[0]!.bytesRead).to.be.below(LINGER_BYTES + 4 * 64 * 1024); // not the 2 MiB
    });

    it('the too_big 400 (a key, a body over 2 MiB declared) and a 404 with a body close the same way', async () => {
        const sockets = serverSockets(t);
        const { key } = await newKey(t);
        const big = `POST /v1/schemas/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n`;
        const tooBig = await answeredBeforeBody(t, big, 3 * MiB);
        expect(tooBig.answer).to.match(/^HTTP\/1\.1 400 /);
        expect(tooBig.answer).to.include('"code":"too_big"');
        expect(tooBig.answer.toLowerCase()).to.include('\r\nconnection: close\r\n');
        const nowhere = await answeredBeforeBody(t, 'POST /v1/nowhere HTTP/1.1\r\nHost: x\r\n', 2 * MiB);
        expect(nowhere.answer).to.match(/^HTTP\/1\.1 404 /);
        expect(nowhere.answer.toLowerCase()).to.include('\r\nconnection: close\r\n');
        await new Promise((r) => setTimeout(r, 50));
        expect(sockets.map((s) => s.bytesRead < LINGER_BYTES + 4 * 64 * 1024)).to.deep.equal([true, true]); // neither body read
    });

    it('the rest of a small unread body is taken after the answer, so the connection ends cleanly', async () => {
        const head = 'POST /v1/extractions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
        for (let i = 0; i < 5; i++) {
            const r = await answeredBeforeBody(t, head, 20_000);
            expect(r.answer).to.match(/^HTTP\/1\.1 401 /);
            expect(r.clean).to.equal(true);
        }
    });

    it('a body read whole keeps its connection: answers that need the body are unchanged', async () => {
        const { key } = await newKey(t);
        const r = await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } });
        expect(r.status).to.equal(200);
        expect(r.headers.get('connection')).to.equal('keep-alive');
    });

    it('clients writing a 3 MB body get their whole answer: fetch and node:http, 20 each', async () => {
        const body = 'x'.repeat(3_000_000);
        for (let i = 0; i < 20; i++) {
            const r = await call(t, 'POST', '/v1/extractions', { raw: body });
            expect(r.status).to.equal(401);
            expect(r.json.error.code).to.equal('unauthorized');
        }
        const agent = new Agent({ keepAlive: true });
        const { port } = new URL(t.url);
        for (let i = 0; i < 20; i++) {
            const status = await new Promise<string>((resolve) => {
                const req = httpRequest(
                    { host: '127.0.0.1', port, path: '/v1/extractions', method: 'POST', agent, headers: { 'content-length': body.length } },
                    (res) => {
                        let text = '';
                        res.on('data', (d) => (text += d));
                        res.on('end', () => resolve(`${res.statusCode} ${JSON.parse(text).error.code}`));
                    },
                );
                req.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
                req.end(body);
            });
            expect(status).to.equal('401 unauthorized');
        }
        agent.destroy();
    });
});

describe('unknown paths count against the per-IP limit', () => {
    it('404s use up the address; then it gets 429 (which closes the connection), unknown paths too; a CORS preflight is not counted', async () => {
        const t = await startTestServer({ limits: { ...OPEN, perIp: 5 } });
        try {
            const preflight = { 'access-control-request-method': 'POST', origin: 'https://example.com' };
            for (let i = 0; i < 3; i++) expect((await call(t, 'OPTIONS', '/v1/extractions', { headers: preflight })).status).to.equal(404);
            const statuses = [];
            for (let i = 0; i < 6; i++) statuses.push((await call(t, 'GET', '/nope')).status);
            expect(statuses).to.deep.equal([404, 404, 404, 404, 404, 429]);
            const refused = await call(t, 'GET', '/openapi.json');
            expect(refused.status).to.equal(429);
            expect(refused.headers.get('retry-after')).to.equal('60');
            expect(refused.headers.get('connection')).to.equal('close');
            expect((await call(t, 'GET', '/healthz')).status).to.equal(200); // health checks are excluded
        } finally {
            await t.stop();
        }
    });
});
