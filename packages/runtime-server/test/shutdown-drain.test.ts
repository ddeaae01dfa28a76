// A shutdown answers what it will not do (docs/deploy.md, "Stopping"): a request that arrives once
// close() began is refused 503 on a connection already open, a body still arriving when close() began
// does not hold the shutdown for the 30 s a request may take, and a task still running at the drain
// bound is answered 503 instead of being cut with its connection. (The waiting tasks' 503 and the
// process's exit: shutdown-process.test.ts.)
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { call, newKey, type TestServer } from './test-server.js';
import { SHUTTING_DOWN_BODY, heavyValidate, sleep, startPooled } from './shutdown-support.js';

/** What a raw connection received, once the server has closed it. */
function received(socket: Socket): Promise<string> {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => {});
    return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

function open(t: TestServer): Promise<Socket> {
    const { port } = new URL(t.url);
    return new Promise((resolve, reject) => {
        const s = connect(Number(port), '127.0.0.1', () => resolve(s));
        s.once('error', reject);
    });
}

describe('shutdown: what arrives or is still arriving', function () {
    this.timeout(60_000);

    it('a request arriving once close() began is refused 503 shutting down, also on a connection kept open', async () => {
        const t = await startPooled();
        try {
            const socket = await open(t);
            const answers = received(socket);
            // One write: a whole request, then the start of a second one (pipelined), so that once the first
            // is answered the server holds a request in the making on a connection that is not idle.
            socket.write('GET /healthz HTTP/1.1\r\nHost: svc\r\n\r\nGET /healthz HTTP/1.1\r\nHost: svc\r\n');
            const first = await new Promise<string>((resolve) => {
                let text = '';
                const onData = (d: Buffer): void => {
                    text += d.toString('latin1');
                    if (text.includes('{"status":"ok"}')) {
                        socket.off('data', onData);
                        resolve(text);
                    }
                };
                socket.on('data', onData);
            });
            expect(first).to.match(/^HTTP\/1\.1 200/);
            const closing = t.server.close();
            socket.write('\r\n'); // the second request is whole only now
            const text = await answers;
            await closing;
            const second = text.slice(text.indexOf('{"status":"ok"}') + '{"status":"ok"}'.length);
            expect(second, second).to.match(/^HTTP\/1\.1 503/);
            expect(second.toLowerCase()).to.include('retry-after: 5').and.include('connection: close');
            expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).to.deep.equal(SHUTTING_DOWN_BODY);
        } finally {
            await t.stop();
        }
    });

    it('a body trickled when close() began is cut, so the shutdown does not wait for the request timeout', async () => {
        // (A drain bound past the race below: only the cut of bodies still arriving can end close() in time.)
        const t = await startPooled({ drainMs: 60_000 });
        try {
            const socket = await open(t);
            const answers = received(socket);
            const arrived = new Promise<IncomingMessage>((resolve) => t.server.app.server.once('request', resolve));
            socket.write(
                'POST /panel/sign-in HTTP/1.1\r\nHost: svc\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na',
            );
            const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
            try {
                // Past every hook: its body is being read when close() begins.
                const request = await arrived;
                while (request.listenerCount('data') === 0) await sleep(5);
                const closed = t.server.close().then(() => 'closed');
                // Without the cut, close() ends only with the 30 s request timeout, the client answered 400.
                expect(await Promise.race([closed, sleep(15_000).then(() => 'still open')])).to.equal('closed');
                expect(await answers).to.equal('');
            } finally {
                clearInterval(trickle);
                socket.destroy();
            }
        } finally {
            await t.stop();
        }
    });

    it('a task still running at the drain bound is answered 503 shutting down, not cut', async () => {
        const t = await startPooled({ drainMs: 10 });
        try {
            const key = (await newKey(t)).key;
            const pending = call(t, 'POST', '/v1/schemas/validate', { key, raw: heavyValidate(1) });
            while (t.server.services.pipeline.load().running < 1) await sleep(5);
            await t.server.close();
            const r = await pending;
            expect(r.status, r.text.slice(0, 200)).to.equal(503);
            expect(r.json).to.deep.equal(SHUTTING_DOWN_BODY);
            expect(r.headers.get('retry-after')).to.equal('5');
        } finally {
            await t.stop();
        }
    });
});
