// The compile thread of the language server: compiles schema texts sent by `compile-runner.ts` and
// answers with their diagnostics (errors, then warnings). It keeps the compiler's reuse of
// expression outcomes between a document's compiles, so an edit recompiles what it changed.
// A thread starts with no polyfill: langium needs Object.groupBy (Node 20), so it loads first.
import '@svc/language/polyfill';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { compileSchemaText, type Diagnostic } from '@svc/compiler';

export const WORKER_FLAG = 'svcCompileWorker';

export type WorkerRequest = { id: number; kind: 'compile'; text: string } | { id: number; kind: 'heap' };
export type WorkerReply = { id: number; diagnostics: Diagnostic[] } | { id: number; heapUsed: number };

export function runCompileWorker(port: MessagePort): void {
    port.on('message', (m: WorkerRequest) => {
        if (m.kind === 'heap') {
            (globalThis as { gc?: () => void }).gc?.();
            port.postMessage({ id: m.id, heapUsed: process.memoryUsage().heapUsed } satisfies WorkerReply);
            return;
        }
        const r = compileSchemaText(m.text);
        port.postMessage({ id: m.id, diagnostics: [...r.errors, ...r.warnings] } satisfies WorkerReply);
    });
}

// Started as a worker (from this file, or from a bundle that contains it): serve.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | undefined)?.[WORKER_FLAG] === true)
    runCompileWorker(parentPort);
