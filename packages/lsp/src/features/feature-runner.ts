// Where the analysis features of a document run (feature-calls.ts). A large document's (the compile
// worker's threshold, 64 KiB of UTF-8 by default) run on the feature worker (feature-worker.ts): on
// the server's thread, reading a 1 MiB schema and encoding its semantic tokens after every edit
// held up every other document's hover and completion for 100s of ms (a hostile review). A small
// one's run here, which is quicker than the round trip. Calls go to the worker one at a time, in
// order; one whose request was cancelled, or whose document changed, while it waited is not run
// (ContentModified: the client asks again for the new text), and the worker gets a document's text
// only when it changed. If the worker cannot run, or fails, the call runs here.
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Worker } from 'node:worker_threads';
import type { CompileRunner } from '../compile/compile-runner.js';
import { WorkerChannel } from '../compile/worker-channel.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { runCall, type AnalysisFeatures, type FeatureCall } from './feature-calls.js';
import { FEATURE_WORKER_FLAG, type FeatureReply, type FeatureRequest } from './feature-worker.js';

export interface FeatureRunnerOptions {
    /** The feature worker's entry: a bundle passes its own file; default `feature-worker.js` beside this one. */
    featureWorker?: string | URL;
    /** False: every document's features run on the server's thread (default true). */
    featuresOnWorker?: boolean;
}

/** The worker answered for a text the document no longer has: the client asks again. */
const modified = (): ResponseError<void> => new ResponseError(LSPErrorCodes.ContentModified, 'the document changed');

export class FeatureRunner {
    /** For tests and the bench: calls answered by the worker, here (small documents, no worker), and not run. */
    readonly stats = { inWorker: 0, inThread: 0, dropped: 0 };
    private readonly channel: WorkerChannel<FeatureRequest, FeatureReply>;
    /** The text the worker holds of each document, and the worker that holds them. */
    private readonly sent = new Map<string, string>();
    private sentTo: Worker | undefined;
    private turn: Promise<unknown> = Promise.resolve();

    constructor(
        private readonly options: FeatureRunnerOptions,
        private readonly compile: CompileRunner,
        private readonly encoder: PositionEncoder,
        private readonly local: AnalysisFeatures,
    ) {
        const entry = (): string | URL => this.options.featureWorker ?? new URL('./feature-worker.js', import.meta.url);
        this.channel = new WorkerChannel(entry, FEATURE_WORKER_FLAG);
    }

    /** Whether a document's features run on the worker. */
    onWorker(doc: TextDocument): boolean {
        return this.options.featuresOnWorker !== false && this.channel.usable && this.compile.isLarge(doc.getText());
    }

    /** The call's answer for the document's current text: at once for a small document, from the worker for a large one. */
    run<T>(doc: TextDocument, call: FeatureCall, token?: CancellationToken): T | Promise<T> {
        if (!this.onWorker(doc)) return this.here<T>(doc, call);
        const text = doc.getText();
        const answer = this.turn.then(() => this.dispatch<T>(doc, text, call, token));
        this.turn = answer.catch(() => undefined);
        return answer;
    }

    /** A large document was opened: the worker starts now (0.3 to 0.5 s), not at its first request. */
    warm(doc: TextDocument): void {
        if (this.onWorker(doc)) this.channel.start();
    }

    /** The document is closed: the worker lets its text go. */
    forget(uri: string): void {
        if (this.sent.delete(uri)) this.channel.post({ kind: 'forget', uri });
    }

    dispose(): void {
        this.channel.dispose();
    }

    private here<T>(doc: TextDocument, call: FeatureCall): T {
        this.stats.inThread++;
        return runCall(this.local, doc, call) as T;
    }

    private async dispatch<T>(doc: TextDocument, text: string, call: FeatureCall, token?: CancellationToken): Promise<T> {
        if (token?.isCancellationRequested) {
            this.stats.dropped++;
            throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        }
        if (doc.getText() !== text) {
            this.stats.dropped++;
            throw modified();
        }
        const worker = this.channel.start();
        let reply: FeatureReply | undefined;
        try {
            if (worker) reply = await this.ask(worker, doc, text, call);
            if (worker && reply && 'missing' in reply) reply = await this.ask(worker, doc, text, call, true);
        } catch {
            reply = undefined; // the worker failed: answered here
        }
        if (doc.getText() !== text) throw modified();
        if (!reply || 'missing' in reply) return this.here<T>(doc, call);
        this.stats.inWorker++;
        if ('error' in reply) throw new ResponseError(reply.error.code, reply.error.message);
        if ('tokens' in reply) return { ...(reply.resultId ? { resultId: reply.resultId } : {}), data: toArray(reply.tokens) } as T;
        return reply.result as T;
    }

    private ask(worker: Worker, doc: TextDocument, text: string, call: FeatureCall, resend = false): Promise<FeatureReply> {
        if (worker !== this.sentTo) {
            this.sent.clear(); // a new worker holds no text
            this.sentTo = worker;
        }
        const fresh = resend || this.sent.get(doc.uri) !== text;
        this.sent.set(doc.uri, text);
        const request = { kind: 'call', uri: doc.uri, version: doc.version, encoding: this.encoder.encoding, call } as const;
        return this.channel.ask(fresh ? { ...request, text } : request, worker);
    }
}

/** The protocol's array of a typed array, by index (Array.from goes through the iterator: 5 to 10 times slower). */
function toArray(tokens: Uint32Array): number[] {
    const out = new Array<number>(tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = tokens[i]!;
    return out;
}
