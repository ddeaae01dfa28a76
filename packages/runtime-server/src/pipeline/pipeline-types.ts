// The seam between the HTTP faces and the CPU-heavy steps (docs/worker-pool.md): reading the body
// text, compiling its schema, planning and reading the document, applying an edit. Two
// implementations: `RequestPipeline` runs the steps where it is called (tests, `SVC_WORKERS=0`),
// `WorkerPipeline` runs the same class in a pool of worker threads. Everything that crosses the seam
// is plain data (structured-clone safe); a 200 body crosses as JSON text, serialised off the
// event loop.
import type { ReadPlan } from '@svc/extraction';
import type { ErrorDetail } from '../http/api-errors.js';

/** An answer the interface defines (400, 402, 503 …): status, code, message, details. */
export interface ErrorOutcome {
    status: number;
    code: string;
    message: string;
    details?: ErrorDetail[];
    /** Seconds for a Retry-After header (a 429 of the worker-time budget, answered by the pool). */
    retryAfter?: number;
    /**
     * Why a reading ended without an answer (the model's endpoint answered 401, timed out, the
     * deadline passed): logged by the extraction route, never answered. Never a key or document text.
     */
    reason?: string;
}

/** Something unexpected (a bug): answered 500, logged with these. */
export interface FailureOutcome {
    name: string;
    message: string;
    stack: string;
}

export type Outcome<T> = { ok: T } | { error: ErrorOutcome } | { failure: FailureOutcome };

/** A 200 body as JSON text. */
export interface Answer {
    json: string;
}

/** An extraction's 200 body and the reads it used (the route gives back what the plan overstated). */
export interface ExtractionAnswer extends Answer {
    reads: number;
}

/**
 * Why a reading was stopped when its client went away (routes/route-support.ts aborts with it, the
 * network pool's threads too); outcomes of such readings carry `stopped: ` and this as their reason.
 */
export const CLIENT_GONE = 'the client went away';

export type PipelineTaskKind = 'validate' | 'plan' | 'extract' | 'edit';

/** Seconds of the Retry-After of an answer refused because the server is shutting down. */
export const SHUTDOWN_RETRY_AFTER_S = 5;

/** A task refused or taken out because the server is shutting down (SvcServer.close). */
export const SHUTTING_DOWN: { error: ErrorOutcome } = {
    error: {
        status: 503,
        code: 'pipeline_unavailable',
        message: 'The service is shutting down; retry shortly.',
        retryAfter: SHUTDOWN_RETRY_AFTER_S,
    },
};

/** Why a worker thread was replaced: its task stopped at the deadline, or the thread died. */
export type ThreadLoss = 'deadline' | 'out_of_memory' | 'exited' | 'crashed';

/** What the worker pool tells the server (its log and metrics). Never anything of a request but its kind. */
export interface PipelineObserver {
    /** A task reached its deadline: taken out while it waited, or stopped while it ran (its thread replaced). */
    deadline(task: PipelineTaskKind | 'validateBatch', running: boolean): void;
    /** A thread died (out of memory, exited, crashed) and was replaced; a task on it was answered 503. */
    threadLost(cause: Exclude<ThreadLoss, 'deadline'>): void;
}

/**
 * Each method takes the body text and the account it is for: the caches behind the seam keep each
 * account's work apart, so how fast an answer comes tells no tenant what another sent.
 */
export interface Pipeline {
    /** POST /v1/schemas/validate after authentication: body text → answer. */
    validate(body: string, account: string): Promise<Outcome<Answer>>;
    /** POST /v1/extractions, before credit: what reading will cost. */
    plan(body: string, account: string): Promise<Outcome<ReadPlan>>;
    /**
     * POST /v1/extractions, after credit and limits: read, ground, settle. `signal`: the client went
     * away; the reading is stopped where it can be (waiting for a thread, or waiting on the model).
     */
    extract(body: string, account: string, signal?: AbortSignal): Promise<Outcome<ExtractionAnswer>>;
    /** POST /v1/extractions/edit. */
    edit(body: string, account: string): Promise<Outcome<Answer>>;
    /** Tasks running and waiting (0 and 0 for the inline pipeline). */
    load(): { running: number; queued: number };
    /**
     * The first step of a shutdown (the pool; inline nothing waits): tasks waiting are answered 503
     * SHUTTING_DOWN at once, and so is every new one; running tasks go on.
     */
    drain?(): void;
    /** Reports deadlines and lost threads to `observer` (the pool; inline there are none). */
    observe?(observer: PipelineObserver): void;
    /** Stops the threads: tasks still running are answered 503 SHUTTING_DOWN. */
    close(): Promise<void>;
}
