// POST /v1/extractions (docs/runtime-server.md). After the body and the schema: the read plan, credit (402),
// the model-extraction limit (429), then reading (502/503). Credit is reserved atomically before
// reading and given back if reading fails or is refused, so a failed or throttled extraction uses
// nothing and two concurrent extractions can never spend the same reads.
import type { ExtractionOptions, ExtractionRequest, Language } from '@svc/extraction';
import type { FastifyInstance } from 'fastify';
import { ApiError, MESSAGES, invalidRequest, pipelineUnavailable } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { checkAndCompile, engineFailure } from './route-support.js';

export const DEFAULT_OPTIONS: Readonly<ExtractionOptions> = Object.freeze({ on_conflict: 'withhold', fallback: 'off' });

export function registerExtractionRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/extractions', { config: { scope: 'extractions:create' } }, async (request) => {
        const { plain, compiled } = checkAndCompile(services, 'extraction', request.body);
        const engine = services.engine;
        if (!engine) throw pipelineUnavailable(MESSAGES.extractionUnavailable);
        const job: ExtractionRequest = {
            document: plain.document as string,
            schema: compiled.schema,
            language: (plain.language as Language | undefined) ?? 'en',
            reference: (plain.reference as string | null | undefined) ?? null,
            options: { ...DEFAULT_OPTIONS },
        };
        let plan;
        try {
            plan = engine.plan(job);
        } catch (e) {
            throw engineFailure(e);
        }
        if ('error' in plan) throw invalidRequest(MESSAGES.schemaInvalid, [{ ...plan.error }]);

        const accountId = request.principal!.accountId;
        if (!(await services.store.reserveCredit(accountId, plan.reads))) {
            throw new ApiError(402, 'insufficient_credit', MESSAGES.insufficientCredit);
        }
        let charged = plan.reads;
        try {
            await services.limiter.checkExtraction(accountId);
            const result = await engine.extract(job);
            // The plan is what was promised; a cheaper run gives the difference back.
            const used = Math.max(0, Math.min(result.usage?.reads ?? charged, charged));
            await services.store.refundCredit(accountId, charged - used);
            charged = used;
            return result;
        } catch (e) {
            await services.store.refundCredit(accountId, charged);
            throw engineFailure(e);
        }
    });
}
