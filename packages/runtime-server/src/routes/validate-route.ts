// POST /v1/schemas/validate (docs/runtime-server.md): compile and report, extract nothing.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, MESSAGES } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { bodyText, sendJson, settle } from './route-support.js';
import { AccountAnswerCache } from './validate-answer-cache.js';

type Remembered = { json: string } | { error: ApiError };

export function registerValidateRoute(app: FastifyInstance, services: ServerServices): void {
    // The answer is a pure function of the body's bytes, and clients (CI jobs, editors) send the same
    // schema again and again: remember answers by body digest, so a repeat is answered here on the
    // event loop without reading the JSON or waking a worker. Authentication and limits still run
    // first for every request. Answers are kept per account, each within its share of the cache
    // (validate-answer-cache.ts): shared, the speed of an answer told one account which schemas
    // another had validated lately, and one account's bodies evicted everyone's answers.
    const outcomes = new AccountAnswerCache<Remembered>();
    app.post('/v1/schemas/validate', { config: { scope: 'schemas:validate' } }, async (request, reply) => {
        const text = bodyText(request.body);
        const account = request.principal!.accountId; // an id of the service's own making, never a user's text
        const key = createHash('sha256').update(text, 'utf8').digest('base64');
        const hit = outcomes.get(account, key);
        if (hit) {
            if ('error' in hit) throw hit.error;
            return sendJson(reply, hit.json);
        }
        try {
            const { json } = settle(await services.gate.run(account, () => services.pipeline.validate(text, account)));
            outcomes.set(account, key, { json }, json.length);
            return sendJson(reply, json);
        } catch (e) {
            if (e instanceof ApiError && worthRemembering(e)) outcomes.set(account, key, { error: e }, JSON.stringify(e.body()).length);
            throw e;
        }
    });
}

/**
 * A refusal is remembered only when the compiler made it (what a repeat would cost a worker again).
 * Refusals of the JSON reader and the body schema (a syntax error at the end of 1 MB) and the size
 * refusal of a schema over 1 MiB are made before compiling, cost a repeat about what a lookup does,
 * and were the cheapest way to fill the cache.
 */
function worthRemembering(e: ApiError): boolean {
    if (e.status !== 400 || e.message !== MESSAGES.schemaInvalid) return false;
    const only = e.details?.length === 1 ? (e.details[0] as { code: string; pointer?: string }) : undefined;
    return !(only?.code === 'E-LIMIT' && only.pointer === '');
}
