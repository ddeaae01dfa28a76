// One expression's whole compile: front end, typing, constant folding, range analysis (relations)
// and IR. Its outcome is a pure function of the text, where it stands (relation or applicable_when
// of which field) and the fields it names, so `expr-cache.ts` can reuse it across compiles. The
// outcome holds no AST: reports are kept with resolved spans, and the typed tree is dropped.
import { analyseRelation, type Verdict } from '../analysis/range-analysis.js';
import { foldConstants } from '../analysis/const-folder.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-registry.js';
import { emitCode } from '../ir/ir-emitter.js';
import type { CompiledCode, CompiledField } from '../ir/ir-types.js';
import { frontEnd } from './expr-front.js';
import { checkExpression, type FieldInfo } from './type-checker.js';
import type { Span } from './typed-expr.js';

/** A diagnostic of the expression, replayed at the expression's pointer by the pipeline. */
export interface ExprReport {
    code: DiagnosticCode;
    span: Span;
    args: Record<string, unknown>;
}

export interface ExprOutcome {
    reports: ExprReport[];
    /** Field ids the expression names (also when it has errors: cycles are still found). */
    reads: number[];
    /** Relations only, when typed: what range analysis concluded. */
    verdict?: Verdict;
    /** The IR, when typed (and, for relations, neither always false nor always true). */
    code?: CompiledCode;
    /** Whether a name was not found: the suggestion then depends on every field name. */
    unknownName: boolean;
}

export interface ExprContext {
    infos: ReadonlyMap<string, FieldInfo>;
    /** Field types by id (range analysis reads their bounds). */
    fields: readonly Pick<CompiledField, 'type'>[];
    /** Whether the lean parser may take the expression (else Langium parses it). */
    lean: boolean;
    /**
     * The schema's field list could not be read: a name not among `infos` is not reported unknown,
     * it stands for a field of unknown type and the parts around it are not judged.
     */
    openNames?: boolean;
}

export function compileExpression(text: string, place: 'relation' | 'applicable', self: number | undefined, ctx: ExprContext): ExprOutcome {
    const reports: ExprReport[] = [];
    const report = (code: DiagnosticCode, span: Span, args: Record<string, unknown> = {}): void => {
        reports.push({ code, span, args });
    };
    const outcome = (reads: Iterable<number>, rest: Partial<ExprOutcome> = {}): ExprOutcome => ({
        reports,
        reads: [...reads],
        unknownName: reports.some((r) => r.code === 'E-NAME-UNKNOWN'),
        ...rest,
    });
    const front = frontEnd(text, ctx.lean);
    if ('problem' in front) {
        report(front.problem.code, front.problem.span, front.problem.args);
        return outcome([]);
    }
    const r = checkExpression(front.ast, { fields: ctx.infos, openNames: ctx.openNames, place, self, bytes: front.bytes, report });
    if (!r.expr) {
        // The parts that typed fine are still folded: a constant fault there is a fault of its own.
        for (const part of r.dropped) foldConstants(part, report);
        return outcome(r.reads);
    }
    const folded = foldConstants(r.expr, report);
    if (!folded) return outcome(r.reads);
    if (place === 'applicable') return outcome(r.reads, { code: emitCode(folded, text) });
    const verdict = analyseRelation(folded, ctx.fields as readonly CompiledField[]);
    if (!verdict.canTrue || !verdict.canFalse) return outcome(r.reads, { verdict });
    return outcome(r.reads, { verdict, code: emitCode(folded, text) });
}
