// Components (docs/extraction.md): fields linked by relations or `applicable_when` settle
// together; a field in none is a component of its own. Components depend only on the schema, so a
// repair that withdraws evidence never moves a field to another component.
import type { CompiledSchema } from '@svc/compiler';

export interface Component {
    /** Position in the response's `components` ("c" + index). */
    index: number;
    /** Field ids, ascending. */
    fields: number[];
    /** Indices into schema.relations, in schema order. */
    relations: number[];
    /** The component's fields in an order where every field follows those its applicable_when reads. */
    order: number[];
}

function find(parent: number[], x: number): number {
    while (parent[x] !== x) {
        parent[x] = parent[parent[x]!]!;
        x = parent[x]!;
    }
    return x;
}

function union(parent: number[], a: number, b: number): void {
    const ra = find(parent, a);
    const rb = find(parent, b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}

/** Components in order of their first field. */
export function buildComponents(schema: CompiledSchema): Component[] {
    const n = schema.fields.length;
    const parent = Array.from({ length: n }, (_, i) => i);
    for (const r of schema.relations) for (const f of r.code.reads) union(parent, r.code.reads[0]!, f);
    for (const f of schema.fields) for (const g of f.applicableWhen?.reads ?? []) union(parent, f.id, g);
    const byRoot = new Map<number, Component>();
    for (let f = 0; f < n; f++) {
        const root = find(parent, f);
        let c = byRoot.get(root);
        if (!c) {
            c = { index: byRoot.size, fields: [], relations: [], order: [] };
            byRoot.set(root, c);
        }
        c.fields.push(f);
    }
    schema.relations.forEach((r, i) => {
        // A relation reading no field (constant) belongs to the first component: it is still reported.
        const root = r.code.reads.length ? find(parent, r.code.reads[0]!) : find(parent, 0);
        byRoot.get(root)!.relations.push(i);
    });
    const degree = new Array<number>(n).fill(0);
    for (const r of schema.relations) for (const f of r.code.reads) degree[f]!++;
    const position = new Map(schema.applicableOrder.map((f, i) => [f, i]));
    for (const c of byRoot.values()) c.order = searchOrder(schema, c.fields, degree, position);
    return [...byRoot.values()];
}

/**
 * Search order: applicable_when dependencies first (they decide whether a field takes part), then
 * the fields most constrained by relations, so violations show early and prune the search.
 */
function searchOrder(
    schema: CompiledSchema,
    fields: readonly number[],
    degree: readonly number[],
    position: ReadonlyMap<number, number>,
): number[] {
    const pending = new Set(fields);
    const done = new Set<number>();
    const order: number[] = [];
    while (pending.size) {
        let pick = -1;
        for (const f of pending) {
            const deps = schema.fields[f]!.applicableWhen?.reads ?? [];
            if (!deps.every((d) => done.has(d) || !pending.has(d))) continue;
            if (
                pick < 0 ||
                degree[f]! > degree[pick]! ||
                (degree[f] === degree[pick] && (position.get(f) ?? f) < (position.get(pick) ?? pick))
            )
                pick = f;
        }
        // A cycle cannot pass the compiler (E-APPLICABLE-CYCLE); fall back to declaration order.
        if (pick < 0) pick = Math.min(...pending);
        pending.delete(pick);
        done.add(pick);
        order.push(pick);
    }
    return order;
}
