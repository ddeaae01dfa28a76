// Hand-made compiled schemas for the engine's tests, so they do not depend on the compiler's
// front end: fields with their types, and relations as the register code the compiler would emit.
import type { CmpOp, CompiledCode, CompiledField, CompiledRelation, CompiledSchema, FieldType, Instr } from '@svc/compiler';

export interface FieldSpec {
    name: string;
    type: FieldType;
    nullable?: boolean;
    description?: string;
    hints?: string[];
    applicableWhen?: CompiledCode;
}

export function code(instrs: Instr[], result: number): CompiledCode {
    const reads = [...new Set(instrs.flatMap((i) => ('field' in i ? [i.field] : [])))].sort((a, b) => a - b);
    const registers = Math.max(...instrs.map((i) => i.dst)) + 1;
    return { source: '(test)', code: instrs, registers, result, reads };
}

/** `a <op> b` over two fields. */
export function compare(a: number, op: CmpOp, b: number, kind: 'num' | 'int' | 'str' | 'bool'): CompiledCode {
    return code(
        [
            { op: 'field', dst: 0, field: a },
            { op: 'field', dst: 1, field: b },
            { op: 'cmp', cmp: op, kind, dst: 2, a: 0, b: 1 },
        ],
        2,
    );
}

/** `total == a + b` over number or money fields. */
export function sumEquals(total: number, a: number, b: number): CompiledCode {
    return code(
        [
            { op: 'field', dst: 0, field: a },
            { op: 'field', dst: 1, field: b },
            { op: 'add', kind: 'num', dst: 2, a: 0, b: 1 },
            { op: 'field', dst: 3, field: total },
            { op: 'cmp', cmp: '==', kind: 'num', dst: 4, a: 3, b: 2 },
        ],
        4,
    );
}

/** `field == 'label'` (enum or string). */
export function equalsText(field: number, text: string): CompiledCode {
    return code(
        [
            { op: 'field', dst: 0, field },
            { op: 'const', dst: 1, value: text },
            { op: 'cmp', cmp: '==', kind: 'str', dst: 2, a: 0, b: 1 },
        ],
        2,
    );
}

export function makeSchema(specs: FieldSpec[], relations: Array<{ id: string; code: CompiledCode }> = [], name = 'test'): CompiledSchema {
    const fields: CompiledField[] = specs.map((s, id) => ({
        id,
        name: s.name,
        pointer: `/fields/${id}`,
        type: s.type,
        nullable: s.nullable ?? false,
        description: s.description,
        hints: s.hints ?? [],
        applicableWhen: s.applicableWhen,
    }));
    const rels: CompiledRelation[] = relations.map((r, index) => ({ id: r.id, index, pointer: `/relations/${index}`, code: r.code }));
    // applicable_when dependencies first (tests build them acyclic).
    const order: number[] = [];
    const visit = (f: number): void => {
        if (order.includes(f)) return;
        for (const g of fields[f]!.applicableWhen?.reads ?? []) visit(g);
        order.push(f);
    };
    fields.forEach((f) => visit(f.id));
    return {
        name,
        schemaHash: `sha256:${'0'.repeat(64)}`,
        fields,
        relations: rels,
        applicableOrder: order,
        normalized: {
            svc_schema: '1.0',
            name,
            fields: specs.map((s) => ({ name: s.name, type: s.type.kind, nullable: s.nullable ?? false })),
            relations: relations.map((r) => ({ id: r.id, expr: '(test)' })),
        },
    };
}

export const money = (currency = 'EUR', scale = 2): FieldType => ({ kind: 'money', currency, scale });
export const date = (dateOrder: 'auto' | 'dmy' | 'mdy' | 'ymd' = 'auto'): FieldType => ({ kind: 'date', eom: 'clamp', dateOrder });
export const text = (pattern?: string): FieldType => (pattern === undefined ? { kind: 'string' } : { kind: 'string', pattern });
