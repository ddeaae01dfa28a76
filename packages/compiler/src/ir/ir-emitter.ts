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
    const emitter = new Emitter();
    const result = postOrder<number>(root, (t, a, b) => emitter.node(t, a, b));
    return { source, code: emitter.code, registers: emitter.next, result, reads: emitter.fieldsRead() };
}

/** The state of one emission: instructions, shared registers and the fields read. */
class Emitter {
    readonly code: Instr[] = [];
    next = 0;
    // By field id: sparse arrays, no Map or Set per emission. `readIds` lists the fields read, so
    // listing them costs what the expression reads, not the highest field id.
    private readonly read: boolean[] = [];
    private readonly readIds: number[] = [];
    private readonly fieldRegs: number[] = [];
    private readonly constRegs = new Map<string, number>();
    private divOperands?: Map<TExpr, [number, number]>;

    /** The ids of the fields read, ascending. */
    fieldsRead(): number[] {
        return this.readIds.sort((a, b) => a - b);
    }

    private markRead(field: number): void {
        if (this.read[field]) return;
        this.read[field] = true;
        this.readIds.push(field);
    }

    /** The register of a node whose operands' registers are `a` and `b`. */
    node(t: TExpr, a: number | undefined, b: number | undefined): number {
        switch (t.k) {
            case 'field':
                return this.load(t.field);
            case 'const':
                return this.constant(`${t.type.kind}|${constKey(t.value)}`, t.value);
            case 'present':
                this.markRead(t.field);
                return this.push({ op: 'present', dst: this.next, field: t.field });
            case 'not':
                return this.push({ op: 'not', dst: this.next, a: a! });
            case 'logic':
                return this.push({ op: t.op, dst: this.next, a: a!, b: b! });
            case 'when':
                return this.push({ op: 'implies', dst: this.next, a: a!, b: b! });
            case 'cmp':
                return this.push({ op: 'cmp', cmp: t.op, kind: t.kind, dst: this.next, a: a!, b: b! });
            case 'neg':
            case 'abs':
                return this.push({ op: t.k, kind: t.kind, dst: this.next, a: a! });
            case 'arith':
                if (t.op === '*') return this.push({ op: 'mul', kind: t.kind === 'num' ? 'num' : 'int', dst: this.next, a: a!, b: b! });
                return this.push({ op: t.op === '+' ? 'add' : 'sub', kind: t.kind, dst: this.next, a: a!, b: b! });
            case 'minmax':
                return this.push({ op: t.op, kind: t.kind, dst: this.next, a: a!, b: b! });
            case 'months':
                return this.push({ op: 'add_months', on: t.on, eom: t.eom, sign: t.sign, dst: this.next, a: a!, b: b! });
            case 'addms':
                return this.push({ op: 'add_ms', unit: t.unit, sign: t.sign, dst: this.next, a: a!, b: b! });
            case 'diff':
                return this.push({ op: 'diff', unit: t.unit, dst: this.next, a: a!, b: b! });
            case 'div':
                // Only ever the first argument of round: the round emits one exact divround instead.
                (this.divOperands ??= new Map()).set(t, [a!, b!]);
                return -1;
            case 'round': {
                if (t.a.k !== 'div') return this.push({ op: 'round', scale: t.scale, mode: t.mode, dst: this.next, a: a! });
                // The quotient is rounded once, exactly: read the division's operands' registers.
                const [qa, qb] = this.divOperands!.get(t.a)!;
                return this.push({ op: 'divround', scale: t.scale, mode: t.mode, dst: this.next, a: qa, b: qb });
            }
        }
    }

    /** Appends an instruction writing the next register; returns that register. */
    private push(instr: Instr): number {
        this.code.push(instr);
        return this.next++;
    }

    private load(field: number): number {
        let r = this.fieldRegs[field];
        if (r === undefined) {
            r = this.push({ op: 'field', dst: this.next, field });
            this.fieldRegs[field] = r;
            this.markRead(field);
        }
        return r;
    }

    private constant(key: string, value: Value): number {
        let r = this.constRegs.get(key);
        if (r === undefined) {
            r = this.push({ op: 'const', dst: this.next, value });
            this.constRegs.set(key, r);
        }
        return r;
    }
}
