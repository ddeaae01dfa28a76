// Issue 9, points 6, 7 and 9 through HTTP: invalid UTF-8 is refused (never replaced), secrets never
// reach the log whatever field carries them, a hang-up mid-body is logged at info, and a stalled
// body is cut off by the request timeout.
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import { firstInvalidUtf8 } from '@svc/compiler';
import { redactSecrets } from '../src/http/request-log.js';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };

function rawRequest(t: TestServer, head: string, body: Buffer | string): Socket {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(head);
    socket.write(body);
    return socket;
}

/** An extraction request on a raw socket, for a client that hangs up or never reads. */
function rawExtraction(t: TestServer, key: string): Socket {
    const body = JSON.stringify({ schema: SCHEMA, document: DOC });
    const head = `POST /v1/extractions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return rawRequest(t, head, body);
}

/** A server whose extractions answer `padding` characters more, sendMs 300, and a key of it. */
async function answering(padding: number, sendMs = 300): Promise<{ slow: TestServer; k: string }> {
    const engine = new ScriptedEngine();
    engine.padding = padding;
    const slow = await startTestServer({
        limits: OPEN,
        config: { timeouts: { headersMs: 400, requestMs: 500, keepAliveMs: 5_000, checkIntervalMs: 100, sendMs } },
        overrides: { engine },
    });
    return { slow, k: (await newKey(slow, { credit: 100 })).key };
}

function readAll(socket: Socket): Promise<string> {
    return new Promise((resolve) => {
        let text = '';
        socket.on('data', (d) => {
            text += d.toString('utf8');
        });
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
    });
}

describe('hardening over HTTP (issue 9.6, 9.7, 9.9)', function () {
    this.timeout(30_000);
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({
            limits: OPEN,
            config: { timeouts: { headersMs: 400, requestMs: 500, keepAliveMs: 5_000, checkIntervalMs: 100, sendMs: 60_000 } },
            overrides: { engine: new ScriptedEngine() },
        });
        key = (await newKey(t, { credit: 100 })).key;
    });
    after(async () => {
        await t.stop();
    });

    describe('invalid UTF-8 (9.9)', () => {
        const cases: Array<[string, number[]]> = [
            ['a lone continuation byte', [0x80]],
            ['0xff', [0xff]],
            ['an overlong slash', [0xc0, 0xaf]],
            ['an encoded surrogate', [0xed, 0xa0, 0x80]],
            ['a code point over U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
            ['a sequence cut short', [0xe2, 0x82]],
        ];
        for (const [name, bad] of cases) {
            it(`${name} in the document: 400 E-JSON-SYNTAX at "", naming the byte offset`, async () => {
                const head = Buffer.from(`{"schema":${JSON.stringify(SCHEMA)},"document":"Total\n`.replace('\n', '\\n'), 'utf8');
                const raw = Buffer.concat([head, Buffer.from(bad), Buffer.from(' EUR 10.00"}')]);
                const r = await call(t, 'POST', '/v1/extractions', { key, raw });
                expect(r.status, r.text).to.equal(400);
                expect(r.json.error.code).to.equal('invalid_request');
                expect(r.json.error.details).to.have.length(1);
                const d = r.json.error.details[0];
                expect(d.code).to.equal('E-JSON-SYNTAX');
                expect(d.pointer).to.equal('');
                expect(d.message).to.contain(`byte offset ${head.length}`);
            });
        }
        it('on every endpoint, after authentication', async () => {
            for (const path of ['/v1/schemas/validate', '/v1/extractions', '/v1/extractions/edit']) {
                const r = await call(t, 'POST', path, { key, raw: Buffer.from([0x7b, 0xff, 0x7d]) });
                expect(r.json.error.details[0].message, path).to.contain('byte offset 1');
                expect((await call(t, 'POST', path, { raw: Buffer.from([0xff]) })).status).to.equal(401);
            }
        });
        it('U+FFFD sent as UTF-8 is a character like any other', async () => {
            const r = await call(t, 'POST', '/v1/extractions', { key, body: { schema: SCHEMA, document: `${DOC} \ufffd` } });
            expect(r.status, r.text).to.equal(200);
            expect(r.json.document).to.equal(`${DOC} \ufffd`);
        });
        it('the scanner agrees with a strict decoder on any bytes', () => {
            const strict = new TextDecoder('utf-8', { fatal: true });
            fc.assert(
                fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
                    const found = firstInvalidUtf8(bytes);
                    const at = found < 0 ? bytes.length : found;
                    let valid = true;
                    try {
                        strict.decode(bytes);
                    } catch {
                        valid = false;
                    }
                    expect(at === bytes.length).to.equal(valid);
                    if (!valid) {
                        // Everything before the bad byte decodes; the bad byte cannot start a sequence there.
                        strict.decode(bytes.subarray(0, at));
                        expect(() => strict.decode(bytes.subarray(0, Math.min(bytes.length, at + 4)))).to.throw();
                    }
                }),
                { numRuns: 2000 },
            );
        });
    });

    describe('logs (9.6)', () => {
        it('a key in the URL path is not logged; its stored prefix may be', async () => {
            const { key: secret } = await newKey(t);
            t.logs.length = 0;
            expect((await call(t, 'GET', `/v1/extractions/${secret}`, { key })).status).to.equal(404);
            expect((await call(t, 'GET', `/${encodeURIComponent(`Bearer ${secret}`)}`)).status).to.equal(404);
            const all = t.logs.join('');
            expect(all).not.to.contain(secret);
            expect(all).not.to.contain(secret.slice(12));
            expect(all).to.contain('[redacted]');
        });
        it('redacts every key shape in any string', () => {
            const k = `svc_${'aB3'.repeat(13)}x`;
            expect(redactSecrets(`/v1/x/${k}/y`)).to.equal(`/v1/x/${k.slice(0, 12)}[redacted]/y`);
            expect(redactSecrets('authorization: Bearer abc.def')).to.equal('authorization: Bearer [redacted]');
            expect(redactSecrets(`token sk-${'Z'.repeat(40)} end`)).to.equal('token [redacted] end');
            expect(redactSecrets('x'.repeat(40))).to.equal('[redacted]');
            expect(redactSecrets('svc_abcdefgh')).to.equal('svc_abcdefgh'); // the 12-character prefix
            expect(redactSecrets('/v1/extractions/edit')).to.equal('/v1/extractions/edit');
        });
        it('a client that hangs up mid-body is logged at info, without a stack', async () => {
            t.logs.length = 0;
            const socket = rawRequest(
                t,
                `POST /v1/schemas/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
                '{"schema": {',
            );
            await new Promise((r) => setTimeout(r, 100));
            socket.destroy();
            for (let i = 0; i < 50 && !t.logs.some((l) => l.includes('aborted')); i++) await new Promise((r) => setTimeout(r, 20));
            const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
            const aborted = lines.find((l) => l.msg === 'request aborted');
            expect(aborted, t.logs.join('')).to.include({ level: 'info', path: '/v1/schemas/validate' });
            expect(
                lines.some((l) => l.level === 'error'),
                t.logs.join(''),
            ).to.equal(false);
            expect((await call(t, 'GET', '/healthz')).status).to.equal(200);
        });
    });

    it('a client that hangs up while its request is being answered is logged: status 499, path, key prefix, time', async () => {
        // Steps wait for what they need, not for a fixed time: on a loaded machine the request may
        // reach the engine late (a fixed 100 ms hung up before it had, once).
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise((r) => (release = r));
        const slow = await startTestServer({ limits: OPEN, overrides: { engine } });
        const until = async (ok: () => boolean): Promise<void> => {
            for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
        };
        try {
            const { key: k } = await newKey(slow, { credit: 100 });
            const socket = rawExtraction(slow, k);
            await until(() => engine.started === 1); // being answered
            socket.destroy();
            await until(() => slow.logs.some((l) => l.includes('"status":499')));
            release();
            await until(() => engine.extracted === 1);
            await new Promise((r) => setTimeout(r, 200)); // the answer would have been sent by now
            const lines = slow.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.path === '/v1/extractions');
            expect(lines, JSON.stringify(slow.logs)).to.have.length(1);
            expect(lines[0]).to.include({ method: 'POST', status: 499, key: k.slice(0, 12) });
            expect(lines[0]!.ms).to.be.a('number');
        } finally {
            await slow.stop();
        }
    });

    it('a client that does not take its answer in time has its connection closed, and is logged', async () => {
        const { slow, k } = await answering(40_000_000); // more than the socket buffers hold
        try {
            const socket = rawExtraction(slow, k);
            socket.pause(); // never reads
            const closed = new Promise<void>((r) => socket.once('close', () => r()));
            socket.on('error', () => undefined);
            for (let i = 0; i < 100 && !slow.logs.some((l) => l.includes('answer not taken in time')); i++)
                await new Promise((r) => setTimeout(r, 50));
            expect(
                slow.logs.some((l) => l.includes('answer not taken in time')),
                slow.logs.join(''),
            ).to.equal(true);
            socket.resume();
            await closed;
            const line = slow.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.path === '/v1/extractions');
            expect(line).to.include({ status: 499 });
        } finally {
            await slow.stop();
        }
    });

    it('a client that reads slowly but steadily gets its whole answer', async () => {
        // sendMs 1 s: the reader and the server share this process, and a loaded machine can pause
        // both for a few hundred milliseconds; the answer still takes three times sendMs.
        const { slow, k } = await answering(20_000_000, 1000);
        try {
            const socket = rawExtraction(slow, k);
            socket.pause();
            let got = 0;
            // About 6 MB a second: the answer takes several times sendMs, but bytes keep moving.
            const reading = setInterval(() => {
                const chunk = socket.read() as Buffer | null;
                if (chunk) got += chunk.length;
            }, 10);
            await new Promise<void>((r) => socket.once('close', () => r()));
            clearInterval(reading);
            for (let c = socket.read() as Buffer | null; c; c = socket.read() as Buffer | null) got += c.length;
            expect(got).to.be.greaterThan(20_000_000);
            expect(slow.logs.some((l) => l.includes('answer not taken in time'))).to.equal(false);
        } finally {
            await slow.stop();
        }
    });

    describe('timeouts (9.7)', () => {
        it('a stalled body is cut off with a 400 and the connection closed', async () => {
            const socket = rawRequest(
                t,
                `POST /v1/schemas/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
                '{"schema": {',
            );
            const text = await readAll(socket); // resolves only when the server closes the connection
            expect(text).to.match(/^HTTP\/1\.1 400/);
            expect(text).to.contain('not received in time');
        });
        it('stalled headers are cut off too', async () => {
            const { port } = new URL(t.url);
            const socket = connect(Number(port), '127.0.0.1');
            socket.write('POST /v1/schemas/validate HTTP/1.1\r\nHost: x\r\n');
            const text = await readAll(socket);
            expect(text).to.match(/^HTTP\/1\.1 400/);
        });
        it('the defaults bound every phase, a stalled body within 60 s', async () => {
            const { loadConfig } = await import('../src/index.js');
            const c = loadConfig({}, '/tmp');
            expect(c.timeouts.requestMs + c.timeouts.checkIntervalMs).to.be.at.most(60_000);
            expect(c.timeouts.headersMs).to.be.at.most(c.timeouts.requestMs);
            expect(c.timeouts.keepAliveMs).to.be.greaterThan(0);
            expect(c.timeouts.sendMs).to.be.within(1, 120_000);
            expect(t.server.app.server.requestTimeout).to.equal(500);
            expect(t.server.app.server.headersTimeout).to.equal(400);
        });
    });
});
