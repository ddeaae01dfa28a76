// Compiles schema documents and publishes their diagnostics. Changes are debounced with a delay that
// follows the last compile time (a small schema compiles in a few milliseconds and is published at
// once; a 1 MiB one waits for typing to pause). A small schema compiles on this thread, a large one
// on the compile worker (`compile/compile-runner.ts`) while requests keep being answered; either
// way the server then yields to the event loop so that changes which arrived meanwhile are applied,
// and a result whose document has moved on is dropped rather than published. "The document" is the
// very `TextDocument` object, not only its version: a document closed and reopened under the same
// URI starts again at version 1, and a compile of the closed one must not pass for the new one.
import type { Diagnostic } from '@svc/compiler';
import { visibleText } from '@svc/compiler/core';
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompileRunner } from '../compile/compile-runner.js';
import type { DocumentAnalyzer } from '../documents/document-analysis.js';
import { limitRange, type SizeLimit } from '../documents/size-limit.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import type { DiagnosticMapper, PlacedDiagnostic } from './diagnostic-mapper.js';
import type { ExplainPages } from './explain-pages.js';

export interface CompiledVersion {
    /** The open document it was compiled for: a reopened URI is another object. */
    doc: TextDocument;
    version: number;
    /** The text compiled: a client may send another text under the same (or an older) version. */
    text: string;
    placed: PlacedDiagnostic[];
    ms: number;
}

export interface PublisherDeps {
    connection: Connection;
    analyzer: DocumentAnalyzer;
    mapper: DiagnosticMapper;
    encoder: PositionEncoder;
    pages: ExplainPages;
    runner: CompileRunner;
    /** Documents over the compiler's size limit: E-LIMIT only, nothing read. */
    limit: SizeLimit;
    /** `debounceMs`: a fixed debounce; undefined: adaptive. Read at each change (set at initialize). */
    options: { debounceMs?: number };
}

// Three turns of the check phase: the second follows a poll phase, in which a message that arrived
// meanwhile is read and its handling queued as an immediate (vscode-jsonrpc); the third runs after
// that handling. (A timer in front, as before, only added a millisecond.)
const yieldToEvents = (): Promise<void> =>
    new Promise((resolve) => {
        setImmediate(() => setImmediate(() => setImmediate(resolve)));
    });

export class DiagnosticPublisher {
    private readonly timers = new Map<string, NodeJS.Timeout>();
    private readonly compiled = new Map<string, CompiledVersion>();
    private readonly lastMs = new Map<string, number>();
    /** Counts for tests and the bench: compiles run, results dropped as stale. */
    readonly stats = { compiles: 0, stale: 0, published: 0 };

    constructor(
        private readonly deps: PublisherDeps,
        private readonly getDoc: (uri: string) => TextDocument | undefined,
    ) {}

    /** Schedules a compile of the document's current version. */
    schedule(uri: string, immediate = false): void {
        const pending = this.timers.get(uri);
        if (pending) clearTimeout(pending);
        const last = this.lastMs.get(uri);
        // On the worker a compile holds nothing up, so a large document waits only the minimum.
        const adaptive =
            last === undefined || this.deps.runner.isLarge(this.getDoc(uri)?.getText() ?? '')
                ? 5
                : Math.min(250, Math.max(1, Math.round(last / 2)));
        const delay = immediate ? 0 : (this.deps.options.debounceMs ?? adaptive);
        this.timers.set(
            uri,
            setTimeout(() => {
                this.timers.delete(uri);
                this.run(uri).catch((e: unknown) =>
                    this.deps.connection.console.error(`svc: compiling ${uri} failed: ${(e as Error)?.stack ?? String(e)}`),
                );
            }, delay),
        );
    }

    /**
     * Diagnostics of the document's current version (code actions, hover): a small document is
     * compiled now if needed; a large one answers only once the worker has compiled this version
     * (nothing before), so a request never waits for a large compile.
     */
    current(doc: TextDocument): PlacedDiagnostic[] {
        if (this.deps.limit.isOver(doc)) return [];
        const hit = this.compiled.get(doc.uri);
        if (hit && isFor(hit, doc)) return hit.placed;
        return this.deps.runner.isLarge(doc.getText()) ? [] : this.compileHere(doc).placed;
    }

    /** The document is closed or no longer a schema: forget it and clear its diagnostics. */
    clear(uri: string): void {
        const pending = this.timers.get(uri);
        if (pending) clearTimeout(pending);
        this.timers.delete(uri);
        this.compiled.delete(uri);
        this.lastMs.delete(uri);
        this.deps.runner.forget(uri);
        void this.deps.connection.sendDiagnostics({ uri, diagnostics: [] });
    }

    toLsp(doc: TextDocument, placed: readonly PlacedDiagnostic[]): LspDiagnostic[] {
        const positions = this.deps.encoder.positions(
            doc,
            placed.flatMap((p) => [p.start, p.end]),
        );
        return placed.map((p, i) => this.lspDiagnostic(p.diagnostic, p.severity, { start: positions[2 * i]!, end: positions[2 * i + 1]! }));
    }

    private lspDiagnostic(d: Diagnostic, severity: 'error' | 'warning', range: Range): LspDiagnostic {
        const out: LspDiagnostic = {
            range,
            severity: severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
            code: d.code,
            source: 'svc',
            // (A schema's text quoted into a message is shown as `svc check` shows it: a bidi override or a
            // zero-width character by its code point, not reordering or hiding the Problems list's text.)
            message: visibleText(d.message),
            data: { pointer: d.pointer, ...(d.span ? { span: d.span } : {}) },
        };
        const href = this.deps.pages.href(d.code);
        if (href) out.codeDescription = { href };
        return out;
    }

    /**
     * A document over the size limit: the compiler's E-LIMIT (it counts the bytes and reads no
     * further), placed at the schema's first character without reading the text's lines.
     */
    private async publishOverLimit(doc: TextDocument): Promise<void> {
        const text = doc.getText();
        this.compiled.delete(doc.uri);
        this.deps.runner.forget(doc.uri); // the worker's tree of an earlier version is of no more use
        const diagnostics = this.deps.runner
            .compileNow(text)
            .map((d) => this.lspDiagnostic(d, d.code.startsWith('W-') ? 'warning' : 'error', limitRange(text, this.deps.encoder.encoding)));
        this.stats.published++;
        await this.deps.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    }

    private compileHere(doc: TextDocument): CompiledVersion {
        const t0 = performance.now();
        const analysis = this.deps.analyzer.get(doc);
        return this.keep(doc, analysis.text, this.deps.mapper.place(analysis, this.deps.runner.compileNow(analysis.text)), t0);
    }

    /** Compiles the document's current version; undefined if it moved on (or was closed) meanwhile. */
    private async compile(doc: TextDocument): Promise<CompiledVersion | undefined> {
        const hit = this.compiled.get(doc.uri);
        if (hit && isFor(hit, doc)) return hit;
        // A small document compiles here and is placed on the analysis the features share.
        if (!this.deps.runner.isLarge(doc.getText())) return this.compileHere(doc);
        const t0 = performance.now();
        const version = doc.version;
        const text = doc.getText();
        // A large one compiles on the worker, which places the diagnostics on the compiler's own
        // tree: this thread neither waits nor reads the text again.
        const placed = await this.deps.runner.compile(text, doc.uri);
        if (placed === undefined) return undefined; // superseded by a later version before it ran
        if (!isStill(doc, this.getDoc(doc.uri), version, text)) {
            this.stats.compiles++; // run, but its document has moved on or was closed: dropped, not kept
            return undefined;
        }
        return this.keep(doc, text, placed, t0);
    }

    private keep(doc: TextDocument, text: string, placed: PlacedDiagnostic[], t0: number): CompiledVersion {
        const ms = performance.now() - t0;
        this.stats.compiles++;
        this.lastMs.set(doc.uri, ms);
        // Only the placed diagnostics are kept: the IR and expression map of a large schema are big.
        const entry = { doc, version: doc.version, text, placed, ms };
        this.compiled.set(doc.uri, entry);
        return entry;
    }

    private async run(uri: string): Promise<void> {
        const doc = this.getDoc(uri);
        if (!doc) return;
        if (this.deps.limit.isOver(doc)) return this.publishOverLimit(doc);
        const version = doc.version;
        const text = doc.getText();
        const entry = await this.compile(doc);
        await yieldToEvents();
        if (!entry || !isStill(doc, this.getDoc(uri), version, text) || this.timers.has(uri)) {
            this.stats.stale++;
            return;
        }
        this.stats.published++;
        await this.deps.connection.sendDiagnostics({ uri, version, diagnostics: this.toLsp(doc, entry.placed) });
    }
}

/**
 * The entry was compiled for this very document (not one closed and reopened under its URI) at its
 * current version and text. The text is compared too because clients may send a change under the
 * same or an older version number; the comparison is of one string with itself (one reference
 * check) unless the text changed.
 */
function isFor(entry: CompiledVersion, doc: TextDocument): boolean {
    return entry.doc === doc && entry.version === doc.version && entry.text === doc.getText();
}

/** `doc` is still the open document, at the version and text captured before an await. */
function isStill(doc: TextDocument, open: TextDocument | undefined, version: number, text: string): boolean {
    return open === doc && doc.version === version && doc.getText() === text;
}
