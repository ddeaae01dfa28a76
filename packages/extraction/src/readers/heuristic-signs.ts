// What a schema's relations say of its sums: a field a comparison of sums subtracts (`amount_paid`
// in `balance_due == total - amount_paid`) is a deduction, which a statement prints with a minus
// sign ("Payments and credits   -£900.00") and whose value is the sum; the fields it is taken from
// (`total`) are sums before the deduction, no amount left to pay. Read from the compiled code, so
// any way of writing the sum counts (`a - (b + c)`, `-b + a`).
import type { CompiledSchema } from '@svc/compiler';

interface Signs {
    /** Fields counted with a minus sign in a comparison of sums. */
    subtracted: ReadonlySet<number>;
    /** Fields counted with a plus sign beside a subtracted one, on one side of a comparison. */
    reduced: ReadonlySet<number>;
    /** Fields added up, all with a plus sign, to equal one other field (`net` and `vat` in `total == net + vat`). */
    added: ReadonlySet<number>;
}

const SIGNS = new WeakMap<CompiledSchema, Signs>();

/** The fields a relation subtracts in a comparison of sums. */
export function subtractedFields(schema: CompiledSchema): ReadonlySet<number> {
    return signsOf(schema).subtracted;
}

/** The fields a relation takes a subtracted field from (`total` in `balance_due == total - amount_paid`). */
export function reducedFields(schema: CompiledSchema): ReadonlySet<number> {
    return signsOf(schema).reduced;
}

/** The parts of a sum a relation equates to one field (`loan_amount` in `repay_total == loan_amount + interest_total`). */
export function addedFields(schema: CompiledSchema): ReadonlySet<number> {
    return signsOf(schema).added;
}

function signsOf(schema: CompiledSchema): Signs {
    let out = SIGNS.get(schema);
    if (out) return out;
    const subtracted = new Set<number>();
    const reduced = new Set<number>();
    const added = new Set<number>();
    for (const relation of schema.relations) {
        // Each register holding a sum of fields: the fields and the sign each counts with.
        const sums = new Map<number, Map<number, number>>();
        for (const ins of relation.code.code) {
            const a = 'a' in ins ? sums.get(ins.a) : undefined;
            const b = 'b' in ins ? sums.get(ins.b) : undefined;
            sums.delete(ins.dst);
            if (ins.op === 'field') sums.set(ins.dst, new Map([[ins.field, 1]]));
            else if (ins.op === 'neg' && a) sums.set(ins.dst, new Map([...a].map(([f, sign]) => [f, -sign])));
            else if ((ins.op === 'add' || ins.op === 'sub') && ins.kind === 'num' && a && b) {
                const sum = new Map(a);
                for (const [f, sign] of b) sum.set(f, (sum.get(f) ?? 0) + (ins.op === 'sub' ? -sign : sign));
                sums.set(ins.dst, sum);
            } else if (ins.op === 'cmp') {
                for (const side of [a, b]) {
                    if (![...(side?.values() ?? [])].some((sign) => sign < 0)) continue;
                    for (const [f, sign] of side!) (sign < 0 ? subtracted : reduced).add(f);
                }
                // One field on one side, a sum of two or more on the other, every sign a plus.
                for (const [one, sum] of [
                    [a, b],
                    [b, a],
                ] as const)
                    if (one?.size === 1 && sum && sum.size >= 2 && [...sum.values()].every((sign) => sign > 0) && [...one.values()][0]! > 0)
                        for (const f of sum.keys()) added.add(f);
            }
        }
    }
    out = { subtracted, reduced, added };
    SIGNS.set(schema, out);
    return out;
}
