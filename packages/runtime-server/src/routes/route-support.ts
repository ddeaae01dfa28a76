// Steps every POST route takes after authentication and limits, in the judging order of
// docs/runtime-server.md: body size → JSON and body validation → compilation.
import type { CompileResult, CompiledSchema } from '@svc/compiler';
import { ReaderFailedError, ReaderUnavailableError } from '@svc/extraction';
import { ApiError, MESSAGES, internalError, invalidRequest, pipelineUnavailable } from '../http/api-errors.js';
import { TooBigBody } from '../http/raw-body.js';
import type { ServerServices } from '../server-module.js';
import { readBody, type CheckedBody } from '../validation/body-reader.js';
import type { ValidationDetail } from '../validation/detail-mapper.js';
import type { BodyKind } from '../validation/request-schemas.js';

export interface CompiledBody extends CheckedBody {
    compiled: CompileResult & { schema: CompiledSchema; schemaHash: string };
}

/** The body text; an oversized body is 400 too_big before any parsing. */
export function bodyText(body: unknown): string {
    if (body instanceof TooBigBody) {
        const detail: ValidationDetail = {
            code: 'too_big', path: [], origin: 'body', maximum: body.limit, inclusive: true,
            message: `Too big: expected the request body to have <=${body.limit} bytes`,
        };
        throw invalidRequest(MESSAGES.invalidBody, [detail]);
    }
    return typeof body === 'string' ? body : '';
}

export function checkAndCompile(services: ServerServices, kind: BodyKind, body: unknown): CompiledBody {
    const checked = readBody(bodyText(body), kind, services.validator);
    const compiled = services.compiler.compileNode(checked.schemaNode, checked.text, checked.schemaJson);
    if (!compiled.ok || !compiled.schema || !compiled.schemaHash) {
        // A compiler that fails without saying why cannot be trusted to judge the schema.
        if (compiled.errors.length === 0) throw pipelineUnavailable(MESSAGES.compilerUnavailable);
        throw invalidRequest(MESSAGES.schemaInvalid, compiled.errors.map((d) => ({ ...d })));
    }
    return { ...checked, compiled: compiled as CompiledBody['compiled'] };
}

/** Failures of reading as the API's statuses; anything unexpected is a 500 (logged). */
export function engineFailure(e: unknown): ApiError {
    if (e instanceof ApiError) return e;
    const name = (e as Error | undefined)?.constructor?.name;
    if (e instanceof ReaderUnavailableError || name === 'ReaderUnavailableError') return pipelineUnavailable(MESSAGES.extractionUnavailable);
    if (e instanceof ReaderFailedError || name === 'ReaderFailedError') return new ApiError(502, 'upstream_error', MESSAGES.upstream);
    return Object.assign(internalError(), { cause: e });
}
