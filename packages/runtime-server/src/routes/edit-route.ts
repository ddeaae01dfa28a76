// POST /v1/extractions/edit (docs/runtime-server.md). Edits need no credit and are not model extractions; they
// count as requests for the per-key and per-account limits (docs/runtime-server.md). Checking,
// compiling and settling run in the pipeline (a worker thread).
import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../server-module.js';
import { bodyText, sendJson, settle } from './route-support.js';

export function registerEditRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/extractions/edit', { config: { scope: 'extractions:edit' } }, async (request, reply) => {
        const text = bodyText(request.body);
        const accountId = request.principal!.accountId;
        const { json } = settle(await services.gate.run(accountId, () => services.pipeline.edit(text, accountId)));
        return sendJson(reply, json);
    });
}
