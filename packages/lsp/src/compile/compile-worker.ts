// The compile thread of the language server: compiles schema texts sent by `compile-runner.ts` and
// answers with their diagnostics (errors, then warnings) already placed in the text, so only codes,
// messages and offsets cross back. It keeps the compiler's reuse of expression outcomes between a
// document's compiles, so an edit recompiles what it changed, and the JSON tree of each document's
// last version, so typing inside a string or in white space patches that tree instead of reading
// 1 MiB again (`DocumentCompiler` in the compiler).
// A thread starts with no polyfill: langium needs Object.groupBy (Node 20), so it loads first.
import '@svc/language/polyfill';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { DocumentCompiler } from '@svc/compiler';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import { compilePlaced } from './compile-placed.js';

export const WORKER_FLAG = 'svcCompileWorker';

export type WorkerRequest =
    | { id: number; kind: 'compile'; text: string; uri?: string }
    | { id: number; kind: 'forget'; uri: string }
    | { id: number; kind: 'heap' };
/** Versions compiled on a patched tree and on a fresh read so far. */
export type TreeStats = { patched: number; read: number };
export type WorkerReply = { id: number; placed: PlacedDiagnostic[] } | { id: number; heapUsed: number; trees: TreeStats };

/** Documents whose last version is kept for patching, least recently compiled first; a 1 MiB schema's tree is about 10 MiB. */
const MAX_DOCUMENTS = 3;

export function runCompileWorker(port: MessagePort): void {
    const documents = new Map<string, DocumentCompiler>();
    const trees: TreeStats = { patched: 0, read: 0 };
    const documentOf = (uri: string): DocumentCompiler => {
        const d = documents.get(uri) ?? new DocumentCompiler();
        documents.delete(uri);
        documents.set(uri, d);
        if (documents.size > MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
        return d;
    };
    port.on('message', (m: WorkerRequest) => {
        if (m.kind === 'heap') {
            (globalThis as { gc?: () => void }).gc?.();
            port.postMessage({ id: m.id, heapUsed: process.memoryUsage().heapUsed, trees } satisfies WorkerReply);
            return;
        }
        if (m.kind === 'forget') {
            documents.delete(m.uri);
            return;
        }
        const doc = m.uri === undefined ? undefined : documentOf(m.uri);
        const before = doc ? { ...doc.stats } : undefined;
        const placed = compilePlaced(m.text, doc);
        if (doc && before) {
            trees.patched += doc.stats.patched - before.patched;
            trees.read += doc.stats.read - before.read;
        }
        port.postMessage({ id: m.id, placed } satisfies WorkerReply);
    });
}

// Started as a worker (from this file, or from a bundle that contains it): serve.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | undefined)?.[WORKER_FLAG] === true)
    runCompileWorker(parentPort);
