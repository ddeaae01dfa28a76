// Request bodies as raw text, whatever the content type: the strict JSON reader, not Fastify's
// JSON.parse, decides what the body means. The size cap is checked on the declared length and on the
// bytes as they arrive; an oversized body is not buffered (the rest is discarded) and becomes a
// marker the route answers with 400 too_big, after authentication and limits (docs/runtime-server.md).
// Invalid UTF-8 becomes a marker too (400 E-JSON-SYNTAX naming the byte offset), never U+FFFD.
import type { FastifyInstance } from 'fastify';
import { decodeBody, type InvalidUtf8Body } from './utf8-body.js';

export class TooBigBody {
    constructor(readonly limit: number) {}
}

/** The client hung up before its body was complete: nothing to answer, logged at info (not an error). */
export class ClientAbortError extends Error {
    readonly statusCode = 400;
    constructor() {
        super('request aborted by the client');
    }
}

export type RawBody = string | TooBigBody | InvalidUtf8Body;

export function registerRawBodyParser(app: FastifyInstance, maxBytes: number): void {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
        // An unknown path is answered 404 without its body, which is then not read (http/body-linger.ts).
        if (request.is404) {
            done(null, '');
            return;
        }
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
            payload.resume(); // discard; Node keeps the connection usable
            done(null, new TooBigBody(maxBytes));
            return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let finished = false;
        const finish = (err: Error | null, body?: RawBody): void => {
            if (finished) return;
            finished = true;
            payload.removeListener('data', onData);
            payload.removeListener('end', onEnd);
            payload.removeListener('error', onError);
            done(err, body);
        };
        const onData = (chunk: Buffer): void => {
            size += chunk.length;
            if (size > maxBytes) {
                chunks.length = 0;
                payload.resume();
                finish(null, new TooBigBody(maxBytes));
                return;
            }
            chunks.push(chunk);
        };
        const onEnd = (): void => finish(null, decodeBody(Buffer.concat(chunks, size)));
        // A hang-up mid-body is the client's doing, and anyone can do it at will: not a server error.
        const onError = (err: Error & { code?: string }): void =>
            finish(payload.destroyed || err.code === 'ECONNRESET' || err.message === 'aborted' ? new ClientAbortError() : err);
        payload.on('data', onData);
        payload.on('end', onEnd);
        payload.on('error', onError);
    });
}
