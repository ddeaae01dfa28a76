// POST /v1/extractions/edit (docs/runtime-server.md). Edits need no credit and are not model extractions; they
// count as requests for the per-key and per-account limits (docs/runtime-server.md).
import type { ExtractionOptions, Language } from '@svc/extraction';
import type { FastifyInstance } from 'fastify';
import { EditRejectedError, type EditAction, type StoredExtraction } from '../engine/edit-types.js';
import { MESSAGES, invalidRequest, pipelineUnavailable } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { DEFAULT_OPTIONS } from './extraction-route.js';
import { checkAndCompile, engineFailure } from './route-support.js';

export function registerEditRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/extractions/edit', { config: { scope: 'extractions:edit' } }, async (request) => {
        const { plain, compiled } = checkAndCompile(services, 'edit', request.body);
        const editor = services.editor;
        if (!editor) throw pipelineUnavailable(MESSAGES.editUnavailable);
        const x = plain.extraction as Record<string, unknown>;
        const extraction: StoredExtraction = {
            document: x.document as string,
            schema: compiled.schema,
            language: (x.language as Language | undefined) ?? 'en',
            reference: (x.reference as string | null | undefined) ?? null,
            options: { ...DEFAULT_OPTIONS, ...(x.options as Partial<ExtractionOptions> | undefined) },
            session: x.session as string,
        };
        try {
            return await editor.edit(extraction, plain.edit as EditAction);
        } catch (e) {
            if (e instanceof EditRejectedError) throw invalidRequest(e.message, e.details?.length ? e.details : undefined);
            throw engineFailure(e);
        }
    });
}
