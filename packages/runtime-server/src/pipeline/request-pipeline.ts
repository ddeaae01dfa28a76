// The steps behind every POST route after authentication and limits, in the judging order of
// docs/runtime-server.md: JSON and body validation → compilation → (extraction) plan or reading, (edit) the edit.
// The same class runs on the event loop (inline) and inside each worker of the pool; it throws
// nothing: every result is an Outcome (pipeline-types.ts).
import type { CompileResult, CompiledSchema } from '@svc/compiler';
import {
    ReaderFailedError,
    ReaderUnavailableError,
    type ExtractionEngine,
    type ExtractionOptions,
    type ExtractionRequest,
    type Language,
    type ReadPlan,
} from '@svc/extraction';
import { EditRejectedError, type EditAction, type EditService, type StoredExtraction } from '../engine/edit-types.js';
import type { SchemaCompiler } from '../engine/schema-compiler.js';
import { ApiError, MESSAGES, internalError, invalidRequest, pipelineUnavailable } from '../http/api-errors.js';
import { readBody, type CheckedBody } from '../validation/body-reader.js';
import type { BodyValidator } from '../validation/body-validator.js';
import type { BodyKind } from '../validation/request-schemas.js';
import type { Answer, ExtractionAnswer, Outcome, Pipeline } from './pipeline-types.js';

/**
 * Characters of JSON an edit may answer with. Each answer writes every active mention's quote and
 * value (and repairs' values again), so a session grown by edits could answer a request of 755 KB
 * with 168 MB; the session's own caps (edit-apply.ts) bound quotes, this bounds what is written.
 */
export const MAX_EDIT_ANSWER = 8_000_000;

function answerTooBig(n: number): ApiError {
    const detail = {
        code: 'too_big',
        path: ['edit'],
        message: `the extraction this edit makes would be ${n} characters of JSON, over the ${MAX_EDIT_ANSWER} an answer may have; retract a bundle or start a new extraction`,
        origin: 'string',
        maximum: MAX_EDIT_ANSWER,
        inclusive: true,
    };
    return invalidRequest('the edit cannot be applied to this extraction', [detail]);
}

export const DEFAULT_OPTIONS: Readonly<ExtractionOptions> = Object.freeze({ on_conflict: 'withhold', fallback: 'off' });

export interface PipelineParts {
    validator: BodyValidator;
    compiler: SchemaCompiler;
    /** Absent: extractions answer 503 pipeline_unavailable. */
    engine?: ExtractionEngine;
    /** Absent: edits answer 503 pipeline_unavailable. */
    editor?: EditService;
    /**
     * Inline (SVC_WORKERS=0) only: the task deadline (`taskTimeoutMs`) of a reading, as the pool
     * keeps it for its tasks. Past it the reading is stopped and answered 503, its credit given back.
     */
    readingTimeoutMs?: number;
}

interface CompiledBody extends CheckedBody {
    compiled: CompileResult & { schema: CompiledSchema; schemaHash: string };
}

export class RequestPipeline implements Pipeline {
    constructor(private readonly parts: PipelineParts) {}

    validate(body: string, account: string): Promise<Outcome<Answer>> {
        return outcome(() => {
            // Compilation only: the window-room check (a rendering that leaves under 1,024 tokens of
            // a reading window for the document, E-LIMIT at /fields) is an extraction-only check
            // (docs/runtime-server.md, "Validation compiles only"), made by the engine's plan in
            // POST /v1/extractions; `svc check` does not make it either.
            const { compiled } = this.checkAndCompile('validate', body, account);
            return { json: JSON.stringify({ schema_hash: compiled.schemaHash, warnings: compiled.warnings }) };
        });
    }

    plan(body: string, account: string): Promise<Outcome<ReadPlan>> {
        return outcome(() => {
            const { engine, job } = this.extractionJob(body, account);
            let plan;
            try {
                plan = engine.plan(job);
            } catch (e) {
                throw engineFailure(e);
            }
            if ('error' in plan) throw invalidRequest(MESSAGES.schemaInvalid, [{ ...plan.error }]);
            return { reads: plan.reads, inputTokens: plan.inputTokens };
        });
    }

    /**
     * `signal`: the task's deadline inside a thread that several readings share (worker-pool.ts), or
     * the client going away; inline, `readingTimeoutMs` adds the deadline. The reading is answered
     * when it fires even if the engine has not stopped yet. Why a reading failed goes with its
     * outcome, for the log (`reason`).
     */
    extract(body: string, account: string, given?: AbortSignal): Promise<Outcome<ExtractionAnswer>> {
        return outcome(async () => {
            const { engine, job } = this.extractionJob(body, account);
            const ms = this.parts.readingTimeoutMs;
            const deadline = ms === undefined ? undefined : AbortSignal.timeout(ms);
            const signal = deadline && given ? AbortSignal.any([given, deadline]) : (deadline ?? given);
            try {
                const result = await untilAborted(engine.extract(job, signal), signal);
                return { json: JSON.stringify(result), reads: result.usage?.reads ?? Number.POSITIVE_INFINITY };
            } catch (e) {
                if (signal?.aborted) throw Object.assign(pipelineUnavailable(MESSAGES.tooLong), { reason: stopReason(signal.reason) });
                const failure = engineFailure(e);
                if (e instanceof ReaderUnavailableError || e instanceof ReaderFailedError) failure.reason = e.message;
                throw failure;
            }
        });
    }

    edit(body: string, account: string): Promise<Outcome<Answer>> {
        return outcome(async () => {
            const { plain, compiled } = this.checkAndCompile('edit', body, account);
            const editor = this.parts.editor;
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
            let json: string;
            try {
                json = JSON.stringify(await editor.edit(extraction, plain.edit as EditAction));
            } catch (e) {
                if (e instanceof EditRejectedError) throw invalidRequest(e.message, e.details?.length ? e.details : undefined);
                throw engineFailure(e);
            }
            if (json.length > MAX_EDIT_ANSWER) throw answerTooBig(json.length);
            return { json };
        });
    }

    load(): { running: number; queued: number } {
        return { running: 0, queued: 0 };
    }

    async close(): Promise<void> {}

    private checkAndCompile(kind: BodyKind, body: string, account: string): CompiledBody {
        const checked = readBody(body, kind, this.parts.validator);
        const compiled = this.parts.compiler.compileNode(checked.schemaNode, checked.text, checked.schemaJson, account);
        if (!compiled.ok || !compiled.schema || !compiled.schemaHash) {
            // A compiler that fails without saying why cannot be trusted to judge the schema.
            if (compiled.errors.length === 0) throw pipelineUnavailable(MESSAGES.compilerUnavailable);
            throw invalidRequest(
                MESSAGES.schemaInvalid,
                compiled.errors.map((d) => ({ ...d })),
            );
        }
        return { ...checked, compiled: compiled as CompiledBody['compiled'] };
    }

    private extractionJob(body: string, account: string): { engine: ExtractionEngine; job: ExtractionRequest } {
        const { plain, compiled } = this.checkAndCompile('extraction', body, account);
        const engine = this.parts.engine;
        if (!engine) throw pipelineUnavailable(MESSAGES.extractionUnavailable);
        return {
            engine,
            job: {
                document: plain.document as string,
                schema: compiled.schema,
                language: (plain.language as Language | undefined) ?? 'en',
                reference: (plain.reference as string | null | undefined) ?? null,
                options: { ...DEFAULT_OPTIONS },
                scope: account,
            },
        };
    }
}

/** Runs a step and turns what it throws into an Outcome (plain data that can cross threads). */
async function outcome<T>(step: () => T | Promise<T>): Promise<Outcome<T>> {
    try {
        return { ok: await step() };
    } catch (e) {
        if (e instanceof ApiError && !(e.status >= 500 && e.cause !== undefined)) {
            const error: { status: number; code: string; message: string; details?: ApiError['details']; reason?: string } = {
                status: e.status,
                code: e.code,
                message: e.message,
            };
            if (e.details !== undefined) error.details = e.details;
            if (e.reason !== undefined) error.reason = e.reason;
            return { error };
        }
        const cause = e instanceof ApiError ? e.cause : e;
        const err = cause instanceof Error ? cause : new Error(String(cause));
        return { failure: { name: err.name, message: err.message, stack: err.stack ?? '' } };
    }
}

/** `work`, or its signal's reason as soon as the signal fires (what `work` does after that is dropped). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return work;
    return new Promise<T>((resolve, reject) => {
        const stop = (): void => reject(signal.reason);
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
}

/** A stopped reading's reason for the log: its deadline (AbortSignal.timeout's), else what its signal says. */
function stopReason(reason: unknown): string {
    if (reason instanceof Error && reason.name === 'TimeoutError') return 'stopped: the task deadline passed';
    return `stopped: ${reason instanceof Error ? reason.message : 'aborted'}`;
}

/** Failures of reading as the interface's statuses; anything unexpected is a 500 (logged). */
export function engineFailure(e: unknown): ApiError {
    if (e instanceof ApiError) return e;
    if (e instanceof ReaderUnavailableError) return pipelineUnavailable(MESSAGES.extractionUnavailable);
    if (e instanceof ReaderFailedError) return new ApiError(502, 'upstream_error', MESSAGES.upstream);
    return Object.assign(internalError(), { cause: e });
}
