// Collects diagnostics of one compilation with the source offset of the node at fault, so the
// pipeline can sort them in document order however the stages ran.
import type { Diagnostic } from './diagnostic-types.js';
import { anyDiagnostic, type AnyArgs, type ArgsParam, type DiagnosticCode } from './diagnostic-registry.js';

export class DiagnosticSink {
    readonly errors: Diagnostic[] = [];
    readonly warnings: Diagnostic[] = [];
    readonly offsets: Array<[Diagnostic, number]> = [];

    /** Reports a code with the arguments its messages take (checked per code by the compiler). */
    report<C extends DiagnosticCode>(code: C, pointer: string, offset: number, ...args: ArgsParam<C>): Diagnostic {
        return this.add(code, pointer, offset, (args[0] ?? {}) as AnyArgs);
    }

    /** For stages that pass on arguments already checked where the problem was found. */
    add(code: DiagnosticCode, pointer: string, offset: number, args: AnyArgs, span?: [number, number]): Diagnostic {
        const d = anyDiagnostic(code, pointer, args, span);
        (code.startsWith('W-') ? this.warnings : this.errors).push(d);
        this.offsets.push([d, offset]);
        return d;
    }

    get errorCount(): number {
        return this.errors.length;
    }
}
