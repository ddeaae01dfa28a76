// Where a document is compiled. A large document (by default 64 KiB of UTF-8 and more) is compiled
// on a worker thread, so hover, completion and every other request keep answering while it compiles
// (a 1 MiB schema takes hundreds of milliseconds the first time); a small one compiles on the
// server's thread, which is quicker than the round trip. One worker, compiling one text at a time.
// Per document at most one compile runs and at most one waits: a version arriving while another
// waits replaces it, and the replaced one resolves `undefined` without ever running, so a burst of
// edits during a long compile costs one more compile, not one per edit. If the worker cannot run (or
// dies), documents are compiled on the server's thread instead, so diagnostics never stop.
import { compileSchemaText, type Diagnostic } from '@svc/compiler';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import { compilePlaced } from './compile-placed.js';
import { WORKER_FLAG, type TreeStats, type WorkerReply, type WorkerRequest } from './compile-worker.js';
import { WorkerChannel } from './worker-channel.js';

export interface CompileRunnerOptions {
    /** Documents of at least this many bytes of UTF-8 compile on the worker (default 65,536). */
    workerThresholdBytes?: number;
    /** The worker's entry: a bundle passes its own file; default `compile-worker.js` beside this one. */
    compileWorker?: string | URL;
}

type Placed = PlacedDiagnostic[] | undefined;
/** A document's compiles: whether one runs, and the version waiting behind it. */
type Lane = { waiting?: { text: string; resolve(placed: Placed | Promise<Placed>): void } };

export class CompileRunner {
    private readonly channel: WorkerChannel<WorkerRequest, WorkerReply>;
    private readonly lanes = new Map<string, Lane>();
    /** For tests and the bench: compiles by place, how many the worker is running now, versions replaced before they ran. */
    readonly stats = { inThread: 0, inWorker: 0, inFlight: 0, workerFailures: 0, superseded: 0 };

    constructor(private readonly options: CompileRunnerOptions) {
        this.channel = new WorkerChannel(() => this.options.compileWorker ?? new URL('./compile-worker.js', import.meta.url), WORKER_FLAG);
    }

    /** At least the threshold in UTF-8 bytes; only a text near it is measured (a UTF-16 unit is 1 to 3 bytes). */
    isLarge(text: string): boolean {
        const limit = this.options.workerThresholdBytes ?? 65_536;
        if (text.length >= limit) return true;
        if (text.length * 3 < limit) return false;
        return Buffer.byteLength(text, 'utf8') >= limit;
    }

    /** Compiles on this thread. */
    compileNow(text: string): Diagnostic[] {
        this.stats.inThread++;
        const r = compileSchemaText(text);
        return [...r.errors, ...r.warnings];
    }

    /**
     * Compiles a text and places its diagnostics, on the worker when there is one, else on this
     * thread. `uri`: the document it is a version of (the worker patches that document's last tree);
     * while one of its versions compiles, this one waits, and resolves `undefined` if a later
     * version replaces it (or the document is forgotten) before it runs.
     */
    compile(text: string, uri?: string): Promise<Placed> {
        if (uri === undefined) return this.compileOnce(text);
        const lane = this.lanes.get(uri);
        if (!lane) {
            this.lanes.set(uri, {});
            return this.runLane(uri, text);
        }
        this.dropWaiting(lane);
        return new Promise((resolve) => (lane.waiting = { text, resolve }));
    }

    private async runLane(uri: string, text: string): Promise<PlacedDiagnostic[]> {
        try {
            return await this.compileOnce(text, uri);
        } finally {
            const lane = this.lanes.get(uri);
            const next = lane?.waiting;
            if (lane && next) {
                lane.waiting = undefined;
                next.resolve(this.runLane(uri, next.text));
            } else this.lanes.delete(uri);
        }
    }

    private dropWaiting(lane: Lane): void {
        if (!lane.waiting) return;
        this.stats.superseded++;
        lane.waiting.resolve(undefined);
        lane.waiting = undefined;
    }

    private async compileOnce(text: string, uri?: string): Promise<PlacedDiagnostic[]> {
        const worker = this.channel.start();
        if (!worker) return this.placedHere(text);
        this.stats.inFlight++;
        try {
            const reply = await this.channel.ask({ kind: 'compile', text, uri }, worker);
            this.stats.inWorker++;
            return 'placed' in reply ? reply.placed : this.placedHere(text);
        } catch {
            return this.placedHere(text);
        } finally {
            this.stats.inFlight--;
            this.stats.workerFailures = this.channel.failures;
        }
    }

    /** The worker's heap after a collection and its tree counts (bench), or undefined when there is no worker. */
    async workerStats(): Promise<{ heapUsed: number; trees: TreeStats } | undefined> {
        if (!this.channel.running) return undefined;
        const reply = await this.channel.ask({ kind: 'heap' }).catch(() => undefined);
        return reply && 'heapUsed' in reply ? { heapUsed: reply.heapUsed, trees: reply.trees } : undefined;
    }

    /** The document is closed: a version waiting to compile is dropped, and the worker drops its last tree. */
    forget(uri: string): void {
        const lane = this.lanes.get(uri);
        if (lane) this.dropWaiting(lane);
        this.channel.post({ kind: 'forget', uri });
    }

    dispose(): void {
        this.channel.dispose();
        for (const lane of this.lanes.values()) this.dropWaiting(lane);
    }

    private placedHere(text: string): PlacedDiagnostic[] {
        this.stats.inThread++;
        return compilePlaced(text);
    }
}
