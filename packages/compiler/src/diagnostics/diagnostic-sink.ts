// Collects diagnostics of one compilation with the source offset of the node at fault, so the
// pipeline can sort them in document order however the stages ran.
import type { Diagnostic } from './diagnostic-types.js';
import { diagnostic, type DiagnosticCode } from './diagnostic-registry.js';

export class DiagnosticSink {
    readonly errors: Diagnostic[] = [];
    readonly warnings: Diagnostic[] = [];
    readonly offsets: Array<[Diagnostic, number]> = [];

    report(code: DiagnosticCode, pointer: string, offset: number, args: Record<string, unknown> = {}, span?: [number, number]): Diagnostic {
        const d = diagnostic(code, pointer, args, span);
        (code.startsWith('W-') ? this.warnings : this.errors).push(d);
        this.offsets.push([d, offset]);
        return d;
    }

    get errorCount(): number {
        return this.errors.length;
    }
}
