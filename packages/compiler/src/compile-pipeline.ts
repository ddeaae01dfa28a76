// Stages 2–5 of the compiler on a read JSON value: structure, expressions, constant analysis, IR.
import { cycleTexts } from './analysis/applicability-cycles.js';
import { findApplicabilityCycles } from './analysis/applicability-order.js';
import { DiagnosticSink } from './diagnostics/diagnostic-sink.js';
import type { AnyArgs } from './diagnostics/diagnostic-registry.js';
import type { Diagnostic } from './diagnostics/diagnostic-types.js';
import { ReuseContext } from './expr/expr-cache.js';
import type { ExprOutcome } from './expr/expr-unit.js';
import type { FieldInfo } from './expr/type-checker.js';
import type { Span } from './expr/typed-expr.js';
import { schemaHash } from './hash/schema-hash.js';
import { MAX_REGISTERS } from './ir/ir-emitter.js';
import type { CompiledCode, CompiledField, CompiledRelation, CompiledSchema, FieldType } from './ir/ir-types.js';
import type { JsonNode } from './json/json-types.js';
import { withPatternScope } from './schema/pattern-check.js';
import { checkSchema, type CheckedField, type ExprSource } from './schema/schema-checker.js';
import type { ExprType } from './values/value-types.js';

export interface PipelineOutput {
    errors: Diagnostic[];
    warnings: Diagnostic[];
    offsets: Array<[Diagnostic, number]>;
    expressions: Map<string, string>;
    schema?: CompiledSchema;
}

export function exprTypeOf(t: FieldType): ExprType | undefined {
    switch (t.kind) {
        case 'string':
            return { kind: 'string' };
        case 'boolean':
            return { kind: 'boolean' };
        case 'integer':
            return { kind: 'number', integer: true };
        case 'decimal':
            return { kind: 'number' };
        case 'money':
            return { kind: 'money', currency: t.currency };
        case 'date':
            return { kind: 'date' };
        case 'datetime':
            return { kind: 'datetime' };
        case 'duration':
            return { kind: 'duration', basis: t.basis };
        case 'enum':
            return { kind: 'enum', labels: t.labels };
        case 'array':
            return undefined;
    }
}

interface Typed {
    source: ExprSource;
    outcome: ExprOutcome;
    reads: readonly number[];
}

export function runPipeline(
    root: JsonNode,
    _text: string,
    options: { maxFields: number; reuse?: boolean; lean?: boolean; reuseScope?: string },
    jsonErrors: boolean,
): PipelineOutput {
    const sink = new DiagnosticSink();
    const expressions = new Map<string, string>();
    const checked = withPatternScope(options.reuseScope ?? '', () => checkSchema(root, sink, options.maxFields));
    const out = (schema?: CompiledSchema): PipelineOutput => ({
        errors: sink.errors,
        warnings: sink.warnings,
        offsets: sink.offsets,
        expressions,
        schema,
    });
    if (!checked) return out();

    const infos = new Map<string, FieldInfo>();
    for (const f of checked.fields) {
        if (f.name === undefined || infos.has(f.name)) continue;
        infos.set(f.name, {
            id: f.index,
            name: f.name,
            isArray: f.type?.kind === 'array',
            type: f.type ? exprTypeOf(f.type) : undefined,
            eom: f.type && 'eom' in f.type ? f.type.eom : 'clamp',
        });
    }
    const types = checked.fields.map((f) => ({ type: f.type ?? { kind: 'string' as const } }));
    const reuse = new ReuseContext(infos, types, options.reuse !== false, options.lean !== false, options.reuseScope, !checked.fieldsRead);
    const typeExpr = (source: ExprSource, place: 'relation' | 'applicable', self?: number): Typed => {
        expressions.set(source.pointer, source.text);
        const outcome = reuse.compile(source.text, place, self);
        // A reused outcome is shared: each diagnostic gets its own span array.
        for (const r of outcome.reports) sink.add(r.code, source.pointer, source.offset, r.args as AnyArgs, [r.span[0], r.span[1]]);
        return { source, outcome, reads: outcome.reads };
    };

    // applicable_when: typed, then ordered; a cycle is reported on each field on it, except on a field
    // whose condition names the field itself: that is E-APPLICABLE-SELF only (docs/schema-language.md).
    // The condition still counts in the cycle, so the other fields on it are reported.
    const applicable = new Map<number, Typed>();
    for (const f of checked.fields) if (f.applicableWhen) applicable.set(f.index, typeExpr(f.applicableWhen, 'applicable', f.index));
    const cycleText = cycleTexts((i) => checked.fields[i]!.name ?? `/fields/${i}`);
    const order = findApplicabilityCycles(checked.fields.length, applicable, (fieldIndex, cycle, at) => {
        if (applicable.get(fieldIndex)!.outcome.reports.some((r) => r.code === 'E-APPLICABLE-SELF')) return;
        const src = checked.fields[fieldIndex]!.applicableWhen!;
        sink.report('E-APPLICABLE-CYCLE', src.pointer, src.offset, { cycle: cycleText(cycle, at) });
    });

    const fields: CompiledField[] = checked.fields.map((f) => compiledField(f, applicable.get(f.index), sink));
    const relations: CompiledRelation[] = [];
    for (const rel of checked.relations) {
        if (!rel.expr) continue;
        const { outcome } = typeExpr(rel.expr, 'relation');
        const verdict = outcome.verdict;
        if (!verdict) continue;
        if (!verdict.canTrue) {
            sink.add('E-REL-FALSE', rel.expr.pointer, rel.expr.offset, {}, bytesTrimmed(rel.expr.text));
            continue;
        }
        if (!verdict.canFalse) {
            sink.report('W-REL-TRIVIAL', rel.pointer, rel.expr.offset, { form: verdict.vacuous ? 'vacuous' : 'main', id: rel.id ?? '' });
            continue;
        }
        const code = checkedCode(outcome.code!, rel.expr, sink);
        if (code && rel.id !== undefined)
            relations.push({ id: rel.id, index: rel.index, pointer: rel.pointer, description: rel.description, code });
    }
    if (sink.errorCount > 0 || jsonErrors || !order) return out();
    return out(withLazyHash({ name: checked.name ?? '', fields, relations, applicableOrder: order, normalized: checked.normalized }));
}

/**
 * `schemaHash` is computed on first read (then kept): hashing the canonical form of a 1 MiB schema
 * is a seventh of compiling it, and the language server and `svc check` never read it.
 */
function withLazyHash(schema: Omit<CompiledSchema, 'schemaHash'>): CompiledSchema {
    let hash: string | undefined;
    return Object.defineProperty(schema, 'schemaHash', {
        enumerable: true,
        get: () => (hash ??= schemaHash(schema.normalized)),
    }) as CompiledSchema;
}

function bytesTrimmed(text: string): Span {
    const start = Buffer.byteLength(text.slice(0, text.length - text.trimStart().length), 'utf8');
    return [start, start + Buffer.byteLength(text.trim(), 'utf8')];
}

function checkedCode(code: CompiledCode, source: ExprSource, sink: DiagnosticSink): CompiledCode | undefined {
    if (code.registers > MAX_REGISTERS) {
        sink.add(
            'E-LIMIT',
            source.pointer,
            source.offset,
            { form: 'registers', n: code.registers, max: MAX_REGISTERS },
            bytesTrimmed(source.text),
        );
        return undefined;
    }
    return code;
}

function compiledField(f: CheckedField, applicable: Typed | undefined, sink: DiagnosticSink): CompiledField {
    const type = f.type ?? { kind: 'string' };
    const field: CompiledField = {
        id: f.index,
        name: f.name ?? '',
        pointer: f.pointer,
        type,
        exprType: exprTypeOf(type),
        nullable: f.nullable,
        hints: f.hints,
    };
    if (f.description !== undefined) field.description = f.description;
    if (applicable?.outcome.code) field.applicableWhen = checkedCode(applicable.outcome.code, applicable.source, sink);
    return field;
}
