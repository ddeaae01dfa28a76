// One worker thread of the pool (worker-pool.ts): builds the same RequestPipeline the inline mode
// uses, from plain configuration, and runs one task at a time (several in the network pool, whose
// openai readings mostly wait on the network). Its caches (compiled schemas, the last document's tokens) are
// its own and hold only pure results.
import '@svc/language/polyfill';
import { workerData, type MessagePort } from 'node:worker_threads';
import { secretRingOf } from '@svc/extraction';
import { buildEngine, loadEditService } from '../engine/engine-loader.js';
import { SchemaCompiler } from '../engine/schema-compiler.js';
import { BodyValidator } from '../validation/body-validator.js';
import { CLIENT_GONE, type Outcome, type PipelineTaskKind } from './pipeline-types.js';
import { RequestPipeline } from './request-pipeline.js';
import type { ValidateItem } from './validate-batcher.js';

/** What the main thread hands each worker (structured-clone safe). */
export interface WorkerSetup {
    /** The `SVC_*` variables: the engine reads its reader configuration from them. */
    env: Record<string, string>;
    cwd: string;
    dataDir: string;
    /** The session secret ring, signing secret first. */
    secrets: string[];
    engine: boolean;
    editor: boolean;
    compileCacheEntries: number;
    /**
     * The compile-cache lookups of every thread, hits then misses (a BigInt64Array of 2 over it):
     * each thread adds its own after every task, and the main thread's /metrics reads the sums
     * (server-module.ts). Absent: not counted (tests that build a pool of their own).
     */
    compileCacheCounts?: SharedArrayBuffer;
}

/**
 * One body, or several validate bodies in one task (validate-batcher.ts), each with its account
 * (the caches are kept per account). `deadlineAt` (epoch ms): an extraction of the network pool,
 * which shares its thread and so keeps its own deadline; `cancel`: a port on which the main thread
 * says the client went away (network-pool.ts), which stops the reading too.
 */
export type PipelineTask =
    | { kind: PipelineTaskKind; body: string; account: string; deadlineAt?: number; cancel?: MessagePort }
    | { kind: 'validateBatch'; items: ValidateItem[] };

function build(setup: WorkerSetup): { pipeline: RequestPipeline; compiler: SchemaCompiler } {
    const secrets = secretRingOf(setup.secrets);
    const engine = setup.engine ? buildEngine(secrets, setup.env, setup.cwd) : undefined;
    const editor = setup.editor ? loadEditService({ secrets, engine, dataDir: setup.dataDir, env: setup.env }) : undefined;
    const compiler = new SchemaCompiler(setup.compileCacheEntries);
    return { pipeline: new RequestPipeline({ validator: new BodyValidator(), compiler, engine, editor }), compiler };
}

const { pipeline, compiler } = build(workerData as WorkerSetup);
const sharedCounts = (workerData as WorkerSetup).compileCacheCounts;
const cacheCounts = sharedCounts ? new BigInt64Array(sharedCounts) : undefined;
let reported = { hits: 0, misses: 0 };

/** Adds this thread's compile-cache lookups since its last report to the counts all threads share. */
function reportCacheLookups(): void {
    if (!cacheCounts) return;
    const now = compiler.cacheLookups;
    Atomics.add(cacheCounts, 0, BigInt(now.hits - reported.hits));
    Atomics.add(cacheCounts, 1, BigInt(now.misses - reported.misses));
    reported = now;
}

/**
 * A task's outcome and the time this thread spent on it (ms, wall clock: the thread is held that
 * long), which the main thread charges to the account (fair-scheduler.ts, limits/worker-budget.ts).
 */
export interface TimedOutcome {
    outcome: Outcome<unknown>;
    ms: number;
}

/** One TimedOutcome, or one per body of a batch. */
export default async function runTask(task: PipelineTask): Promise<TimedOutcome | TimedOutcome[]> {
    if (task.kind === 'validateBatch') return validateEach(task.items);
    const t0 = performance.now();
    const outcome =
        task.kind === 'extract' && task.deadlineAt !== undefined
            ? await sharedReading(task.body, task.account, task.deadlineAt, task.cancel)
            : await pipeline[task.kind](task.body, task.account);
    reportCacheLookups(); // before the outcome reaches the main thread: a scrape after it sees the lookups
    return { outcome, ms: performance.now() - t0 };
}

/** A reading of the network pool: stopped at its deadline, or when the main thread says so on `cancel`. */
async function sharedReading(body: string, account: string, deadlineAt: number, cancel?: MessagePort): Promise<Outcome<unknown>> {
    const signals = [AbortSignal.timeout(Math.max(1, Math.ceil(deadlineAt - Date.now())))];
    if (cancel) {
        const stop = new AbortController();
        cancel.once('message', () => stop.abort(new Error(CLIENT_GONE)));
        signals.push(stop.signal);
    }
    try {
        return await pipeline.extract(body, account, AbortSignal.any(signals));
    } finally {
        cancel?.close();
    }
}

/** The bodies one after another; each outcome and time is its own (the pipeline never throws). */
async function validateEach(items: ValidateItem[]): Promise<TimedOutcome[]> {
    const timed: TimedOutcome[] = [];
    for (const { body, account } of items) {
        const t0 = performance.now();
        const outcome = await pipeline.validate(body, account);
        timed.push({ outcome, ms: performance.now() - t0 });
    }
    reportCacheLookups();
    return timed;
}
