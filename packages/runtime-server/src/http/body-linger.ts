// A request answered before its body has arrived (a 401 or 429 at a hook, a 404, a 403 of the panel,
// the too_big 400) is answered with `Connection: close`, and the rest of its body is not read
// (docs/runtime-server.md, "Bodies answered before they arrive"). Node keeps such a connection
// alive and reads the whole body to discard it: a client without a key could make the server read
// 2 MiB for each free 401, and 128 connections from 64 addresses, each within its per-IP limit,
// made every tenant's requests about 300 times slower (590 MB/s of discarded bodies).
//
// The socket is not destroyed at once either: closing a socket with unread data sends a reset,
// which can reach the client before it has read its answer (a Node client writing a 3 MB body lost
// 6 of 50 such 401s to EPIPE). So the answer is followed by a FIN, at most LINGER_BYTES more of the
// body are read and dropped (a small body arrives whole and the close is clean), then reading stops;
// the socket is destroyed when the client closes it or LINGER_MS after the answer, whichever first.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Bytes of an unread body taken (and dropped) after its answer, so a small one ends cleanly. */
export const LINGER_BYTES = 64 * 1024;
/** How long such a connection is kept after its answer at most. */
export const LINGER_MS = 2000;

export function closeUnreadBodies(app: FastifyInstance): void {
    const lingering = new Set<Socket>();
    app.addHook('onSend', async (request, reply, payload) => {
        const raw = request.raw;
        if (raw.complete) return payload;
        reply.header('connection', 'close');
        // The body is taken here (so Node does not set it flowing to discard it all) and dropped;
        // past LINGER_BYTES it is paused, and Node stops reading the socket behind it. Node ends an
        // answer sent with `Connection: close` by calling socket.destroySoon(): that call lingers.
        let taken = 0;
        raw.on('data', (chunk: Buffer) => {
            taken += chunk.length;
            if (taken > LINGER_BYTES) raw.pause();
        });
        raw.on('error', () => {}); // a reset from the client is expected here
        const socket = raw.socket;
        socket.destroySoon = () => linger(socket, lingering);
        return payload;
    });
    app.addHook('onClose', async () => {
        for (const socket of lingering) socket.destroy();
    });
}

/** The FIN after the answer; the socket is destroyed when the client closes it, or after LINGER_MS. */
function linger(socket: Socket, lingering: Set<Socket>): void {
    lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => {
        clearTimeout(timer);
        lingering.delete(socket);
    });
    socket.end();
}
