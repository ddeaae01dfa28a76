// What every POST route does around the pipeline (pipeline/pipeline-types.ts): the body text (size
// and UTF-8 judged after authentication and limits, docs/runtime-server.md), and outcomes turned
// into answers.
import type { FastifyReply } from 'fastify';
import { ApiError, MESSAGES, internalError, invalidRequest } from '../http/api-errors.js';
import { TooBigBody } from '../http/raw-body.js';
import { InvalidUtf8Body } from '../http/utf8-body.js';
import { CLIENT_GONE, type Outcome } from '../pipeline/pipeline-types.js';
import type { ValidationDetail } from '../validation/detail-mapper.js';

/** The body text; an oversized body is 400 too_big before any parsing, invalid UTF-8 a 400 E-JSON-SYNTAX. */
export function bodyText(body: unknown): string {
    if (body instanceof TooBigBody) {
        const detail: ValidationDetail = {
            code: 'too_big',
            path: [],
            origin: 'body',
            maximum: body.limit,
            inclusive: true,
            message: `Too big: expected the request body to have <=${body.limit} bytes`,
        };
        throw invalidRequest(MESSAGES.invalidBody, [detail]);
    }
    if (body instanceof InvalidUtf8Body) {
        throw invalidRequest(MESSAGES.invalidJson, [{ ...body.diagnostic }]);
    }
    return typeof body === 'string' ? body : '';
}

/** The value of an outcome, or the ApiError it stands for (a failure is a 500 whose cause is logged). */
export function settle<T>(outcome: Outcome<T>): T {
    if ('ok' in outcome) return outcome.ok;
    if ('error' in outcome) {
        const { status, code, message, details, retryAfter } = outcome.error;
        throw new ApiError(status, code, message, details, retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
    }
    const cause = Object.assign(new Error(outcome.failure.message), { name: outcome.failure.name, stack: outcome.failure.stack });
    throw Object.assign(internalError(), { cause });
}

/** A 200 whose body is already JSON text (serialised where the work was done). */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
    return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Aborts when the client closes the connection before its answer is sent (the same test as the
 * request log's 499 in http-app.ts), so a reading nobody waits for can be stopped. A tool call over
 * /mcp runs the route with a reply of its own and no connection (http/v1-dispatch.ts): the signal
 * it carries then, that of the /mcp request's connection.
 */
export function clientGone(reply: FastifyReply): AbortSignal | undefined {
    const raw = reply.raw as FastifyReply['raw'] | undefined;
    if (raw === undefined) return (reply as { clientGone?: AbortSignal }).clientGone;
    const gone = new AbortController();
    const left = (): boolean => !raw.writableFinished && (raw.destroyed || raw.socket?.destroyed === true);
    // Gone already (while the plan ran): its 'close' has been and will not come again.
    if (left()) gone.abort(new Error(CLIENT_GONE));
    else
        raw.once('close', () => {
            if (!raw.writableFinished) gone.abort(new Error(CLIENT_GONE));
        });
    return gone.signal;
}
