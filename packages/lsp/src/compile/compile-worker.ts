// The compile thread of the language server: compiles schema texts sent by `compile-runner.ts` and
// answers with their diagnostics (errors, then warnings) already placed in the text, so only codes,
// messages and offsets cross back. It keeps the compiler's reuse of expression outcomes between a
// document's compiles, so an edit recompiles what it changed.
// A thread starts with no polyfill: langium needs Object.groupBy (Node 20), so it loads first.
import '@svc/language/polyfill';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import { compilePlaced } from './compile-placed.js';

export const WORKER_FLAG = 'svcCompileWorker';

export type WorkerRequest = { id: number; kind: 'compile'; text: string } | { id: number; kind: 'heap' };
export type WorkerReply = { id: number; placed: PlacedDiagnostic[] } | { id: number; heapUsed: number };

export function runCompileWorker(port: MessagePort): void {
    port.on('message', (m: WorkerRequest) => {
        if (m.kind === 'heap') {
            (globalThis as { gc?: () => void }).gc?.();
            port.postMessage({ id: m.id, heapUsed: process.memoryUsage().heapUsed } satisfies WorkerReply);
            return;
        }
        port.postMessage({ id: m.id, placed: compilePlaced(m.text) } satisfies WorkerReply);
    });
}

// Started as a worker (from this file, or from a bundle that contains it): serve.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | undefined)?.[WORKER_FLAG] === true)
    runCompileWorker(parentPort);
