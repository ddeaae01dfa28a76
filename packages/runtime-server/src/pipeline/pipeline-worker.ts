// One worker thread of the pool (worker-pool.ts): builds the same RequestPipeline the inline mode
// uses, from plain configuration, and runs one task at a time (several in the network pool, whose
// openai readings mostly wait on the network). Its caches (compiled schemas, the last document's tokens) are
// its own and hold only pure results.
import '@svc/language/polyfill';
import { workerData } from 'node:worker_threads';
import { secretRingOf } from '@svc/extraction';
import { buildEngine, loadEditService } from '../engine/engine-loader.js';
import { SchemaCompiler } from '../engine/schema-compiler.js';
import { BodyValidator } from '../validation/body-validator.js';
import type { Outcome, PipelineTaskKind } from './pipeline-types.js';
import { RequestPipeline } from './request-pipeline.js';

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
}

/**
 * One body, or several validate bodies in one task (validate-batcher.ts). `deadlineAt` (epoch ms):
 * an extraction of the network pool, which shares its thread and so keeps its own deadline.
 */
export type PipelineTask = { kind: PipelineTaskKind; body: string; deadlineAt?: number } | { kind: 'validateBatch'; bodies: string[] };

function build(setup: WorkerSetup): RequestPipeline {
    const secrets = secretRingOf(setup.secrets);
    const engine = setup.engine ? buildEngine(secrets, setup.env, setup.cwd) : undefined;
    const editor = setup.editor ? loadEditService({ secrets, engine, dataDir: setup.dataDir, env: setup.env }) : undefined;
    return new RequestPipeline({ validator: new BodyValidator(), compiler: new SchemaCompiler(setup.compileCacheEntries), engine, editor });
}

const pipeline = build(workerData as WorkerSetup);

export default function runTask(task: PipelineTask): Promise<Outcome<unknown>> {
    if (task.kind === 'validateBatch') return validateEach(task.bodies);
    if (task.kind === 'extract' && task.deadlineAt !== undefined)
        return pipeline.extract(task.body, AbortSignal.timeout(Math.max(1, task.deadlineAt - Date.now())));
    return pipeline[task.kind](task.body);
}

/** The bodies one after another; each outcome is its own (the pipeline never throws). */
async function validateEach(bodies: string[]): Promise<Outcome<Outcome<unknown>[]>> {
    const outcomes: Outcome<unknown>[] = [];
    for (const body of bodies) outcomes.push(await pipeline.validate(body));
    return { ok: outcomes };
}
