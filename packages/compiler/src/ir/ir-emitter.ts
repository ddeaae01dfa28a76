// Emits straight-line register code for a typed expression (docs/schema-language.md). One register
// per operation; field loads and equal constants share a register. More than 255 registers is
// E-LIMIT (reported by the caller).
import { postOrder } from '../expr/typed-walk.js';
import type { TExpr } from '../expr/typed-expr.js';
import type { Value } from '../values/value-types.js';
import type { CompiledCode, Instr } from './ir-types.js';

export const MAX_REGISTERS = 255;

function constKey(v: Value): string {
    if (v === null) return 'null';
    return `${typeof v}:${String(v)}`;
}

export function emitCode(root: TExpr, source: string): CompiledCode {
    const code: Instr[] = [];
    const fieldRegs = new Map<number, number>();
    const constRegs = new Map<string, number>();
    const reads = new Set<number>();
    const divOperands = new Map<TExpr, [number, number]>();
    let next = 0;
    const load = (field: number): number => {
        let r = fieldRegs.get(field);
        if (r === undefined) {
            r = next++;
            fieldRegs.set(field, r);
            code.push({ op: 'field', dst: r, field });
            reads.add(field);
        }
        return r;
    };
    const result = postOrder<number>(root, (t, [a, b]) => {
        switch (t.k) {
            case 'field': return load(t.field);
            case 'const': {
                const key = `${t.type.kind}|${constKey(t.value)}`;
                let r = constRegs.get(key);
                if (r === undefined) {
                    r = next++;
                    constRegs.set(key, r);
                    code.push({ op: 'const', dst: r, value: t.value });
                }
                return r;
            }
            case 'present': reads.add(t.field); code.push({ op: 'present', dst: next, field: t.field }); return next++;
            case 'not': code.push({ op: 'not', dst: next, a: a! }); return next++;
            case 'logic': code.push({ op: t.op, dst: next, a: a!, b: b! }); return next++;
            case 'when': code.push({ op: 'implies', dst: next, a: a!, b: b! }); return next++;
            case 'cmp': code.push({ op: 'cmp', cmp: t.op, kind: t.kind, dst: next, a: a!, b: b! }); return next++;
            case 'neg': case 'abs': code.push({ op: t.k, kind: t.kind, dst: next, a: a! }); return next++;
            case 'arith': {
                if (t.op === '*') code.push({ op: 'mul', kind: t.kind === 'num' ? 'num' : 'int', dst: next, a: a!, b: b! });
                else code.push({ op: t.op === '+' ? 'add' : 'sub', kind: t.kind, dst: next, a: a!, b: b! });
                return next++;
            }
            case 'minmax': code.push({ op: t.op, kind: t.kind, dst: next, a: a!, b: b! }); return next++;
            case 'months': code.push({ op: 'add_months', on: t.on, eom: t.eom, sign: t.sign, dst: next, a: a!, b: b! }); return next++;
            case 'addms': code.push({ op: 'add_ms', unit: t.unit, sign: t.sign, dst: next, a: a!, b: b! }); return next++;
            case 'diff': code.push({ op: 'diff', unit: t.unit, dst: next, a: a!, b: b! }); return next++;
            case 'div':
                // Only ever the first argument of round: the round emits one exact divround instead.
                divOperands.set(t, [a!, b!]);
                return -1;
            case 'round': {
                if (t.a.k === 'div') {
                    // The quotient is rounded once, exactly: read the division's operands' registers.
                    const [qa, qb] = divOperands.get(t.a)!;
                    code.push({ op: 'divround', scale: t.scale, mode: t.mode, dst: next, a: qa, b: qb });
                } else {
                    code.push({ op: 'round', scale: t.scale, mode: t.mode, dst: next, a: a! });
                }
                return next++;
            }
        }
    });
    return { source, code, registers: next, result, reads: [...reads].sort((x, y) => x - y) };
}
