// POST /v1/extractions (docs/runtime-server.md). After the body and the schema: the read plan, credit (402),
// the model-extraction limit (429), then reading (502/503). Credit is reserved atomically before
// reading and given back if reading fails or is refused, so a failed or throttled extraction uses
// nothing and two concurrent extractions can never spend the same reads. Planning and reading run
// in the pipeline (a worker thread); credit and limits stay here.
import type { FastifyInstance } from 'fastify';
import { ApiError, MESSAGES } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { bodyText, sendJson, settle } from './route-support.js';

export function registerExtractionRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/extractions', { config: { scope: 'extractions:create' } }, async (request, reply) => {
        const text = bodyText(request.body);
        const accountId = request.principal!.accountId;
        const plan = settle(await services.gate.run(accountId, () => services.pipeline.plan(text, accountId)));

        // A durable reservation (credit/credit-ledger.ts): if this process dies while reading, another
        // instance (or the next start) refunds it.
        const reservation = await services.ledger.reserve(accountId, plan.reads);
        if (!reservation) throw new ApiError(402, 'insufficient_credit', MESSAGES.insufficientCredit);
        let used = 0;
        let json: string;
        try {
            await services.limiter.checkExtraction(accountId);
            const result = settle(await services.gate.run(accountId, () => services.pipeline.extract(text, accountId)));
            // The plan is what was promised; a cheaper run gives the difference back.
            used = Math.max(0, Math.min(result.reads, plan.reads));
            json = result.json;
        } finally {
            // Keeps the reads used, refunds the rest, records usage; never throws. Settled before
            // the answer is sent, so a client that has its answer also sees its credit and usage.
            await services.ledger.settle(reservation, used);
        }
        return sendJson(reply, json);
    });
}
