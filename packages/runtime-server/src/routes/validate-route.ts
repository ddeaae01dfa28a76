// POST /v1/schemas/validate (docs/runtime-server.md): compile and report, extract nothing.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LruCache } from '../engine/compile-cache.js';
import { ApiError } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { bodyText, sendJson, settle } from './route-support.js';

type Remembered = { json: string } | { error: ApiError };

export function registerValidateRoute(app: FastifyInstance, services: ServerServices): void {
    // The answer is a pure function of the body's bytes, and clients (CI jobs, editors) send the same
    // schema again and again: remember answers by body digest, so a repeat is answered here on the
    // event loop without reading the JSON or waking a worker. Authentication and limits still run
    // first for every request. The digest covers the account too: shared across tenants, the speed
    // of an answer told one account which schemas another had validated lately (docs/runtime-server.md).
    const outcomes = new LruCache<Remembered>(1024, 16 * 1024 * 1024);
    app.post('/v1/schemas/validate', { config: { scope: 'schemas:validate' } }, async (request, reply) => {
        const text = bodyText(request.body);
        const account = request.principal!.accountId; // an id of the service's own making, never a user's text
        const key = createHash('sha256').update(account, 'utf8').update('\n', 'utf8').update(text, 'utf8').digest('base64');
        const hit = outcomes.get(key);
        if (hit) {
            if ('error' in hit) throw hit.error;
            return sendJson(reply, hit.json);
        }
        try {
            const { json } = settle(await services.gate.run(account, () => services.pipeline.validate(text, account)));
            outcomes.set(key, { json }, text.length);
            return sendJson(reply, json);
        } catch (e) {
            if (e instanceof ApiError && e.status === 400) outcomes.set(key, { error: e }, text.length);
            throw e;
        }
    });
}
