// POST /v1/extractions (docs/runtime-server.md). After the body and the schema: the read plan, credit (402),
// the model-extraction limit (429), then reading (502/503). Credit is reserved atomically before
// reading and given back if reading fails or is refused, so a failed or throttled extraction uses
// nothing and two concurrent extractions can never spend the same reads. Planning and reading run
// in the pipeline (a worker thread); credit and limits stay here. A client that goes away stops its
// reading where the pipeline can (docs/worker-pool.md) and is charged nothing: an answer ready only
// after the client went away is given back too, since nobody receives it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES, pipelineUnavailable } from '../http/api-errors.js';
import { CLIENT_GONE, type ExtractionAnswer, type Outcome } from '../pipeline/pipeline-types.js';
import type { ServerServices } from '../server-module.js';
import { bodyText, clientGone, sendJson, settle } from './route-support.js';

/** A reading answered after its client went away (the same 503 as one stopped by it; nobody receives it). */
const UNDELIVERED: Outcome<never> = {
    error: { status: 503, code: 'pipeline_unavailable', message: MESSAGES.tooLong, reason: `read, not delivered: ${CLIENT_GONE}` },
};

export function registerExtractionRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/extractions', { config: { scope: 'extractions:create' } }, async (request, reply) => {
        const text = bodyText(request.body);
        const accountId = request.principal!.accountId;
        // An account whose failed readings used its reading time is refused before any credit.
        await services.readingBudget.admit(accountId);
        const plan = settle(await services.gate.run(accountId, () => services.pipeline.plan(text, accountId)));

        // A durable reservation (credit/credit-ledger.ts): if this process dies while reading, another
        // instance (or the next start) refunds it.
        const reservation = await services.ledger.reserve(accountId, plan.reads);
        if (!reservation) throw new ApiError(402, 'insufficient_credit', MESSAGES.insufficientCredit);
        let used = 0;
        let charged: boolean;
        let json: string;
        try {
            await services.limiter.checkExtraction(accountId);
            const gone = clientGone(reply);
            const read = await services.gate.run(accountId, () => services.pipeline.extract(text, accountId, gone));
            // An answer that comes after the client went away reaches nobody: given back, not charged.
            const outcome = gone?.aborted && 'ok' in read ? UNDELIVERED : read;
            noteFailedReading(services, request, outcome);
            const result = settle(outcome);
            // The plan is what was promised; a cheaper run gives the difference back.
            used = Math.max(0, Math.min(result.reads, plan.reads));
            json = result.json;
        } finally {
            // Keeps the reads used, refunds the rest, records usage; never throws. Settled before
            // the answer is sent, so a client that has its answer also sees its credit and usage;
            // on SQLite an answer whose charge could not be written is not sent (503, reads given back).
            charged = await services.ledger.settle(reservation, used);
        }
        if (!charged) throw pipelineUnavailable(MESSAGES.dependencyUnavailable);
        return sendJson(reply, json);
    });
}

/**
 * One line per reading that ended without an answer, with why (the model's endpoint answered 401 or
 * 404, timed out, could not be reached; the deadline passed): an operator with a wrong key, model or
 * URL otherwise saw only 502s and 503s. The reasons name no key and no document text, and the log
 * redacts anything shaped like a secret all the same; a URL's user name and password are cut here.
 */
function noteFailedReading(services: ServerServices, request: FastifyRequest, outcome: Outcome<ExtractionAnswer>): void {
    if (!('error' in outcome) || outcome.error.reason === undefined) return;
    const reason = outcome.error.reason.replace(/\/\/[^/\s@]*@/g, '//[redacted]@').slice(0, 300);
    const level = reason.endsWith(CLIENT_GONE) ? 'info' : 'warn';
    services.log.event(level, 'reading failed', { status: outcome.error.status, reason, key: request.principal?.keyPrefix ?? null });
}
