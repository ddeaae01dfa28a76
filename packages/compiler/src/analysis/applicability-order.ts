// Orders fields so that each comes after the fields its applicable_when reads (Kahn's algorithm) and
// reports every field on a cycle. A self-reference is E-APPLICABLE-SELF only, so it is not an edge.

/** The order, or undefined when there is a cycle (each field on one is passed to `onCycle`). */
export function findApplicabilityCycles(
    count: number,
    conditions: ReadonlyMap<number, { reads: Iterable<number> }>,
    onCycle: (field: number, cycle: number[]) => void,
): number[] | undefined {
    // No conditions (most schemas): the fields in their own order.
    if (conditions.size === 0) return Array.from({ length: count }, (_, i) => i);
    const deps = Array.from({ length: count }, (_, i) => [...(conditions.get(i)?.reads ?? [])].filter((d) => d !== i && d < count));
    const indegree = deps.map((d) => d.length);
    const users = Array.from({ length: count }, () => [] as number[]);
    deps.forEach((ds, i) => ds.forEach((d) => users[d]!.push(i)));
    const ready = indegree.flatMap((n, i) => (n === 0 ? [i] : []));
    const order: number[] = [];
    while (ready.length > 0) {
        const i = ready.shift()!;
        order.push(i);
        for (const u of users[i]!) if (--indegree[u]! === 0) ready.push(u);
    }
    if (order.length === count) return order;
    // Fields left over are on a cycle or depend on one; report those on a cycle.
    const left = new Set(Array.from({ length: count }, (_, i) => i).filter((i) => !order.includes(i)));
    for (const start of [...left].sort((a, b) => a - b)) {
        const cycle = cycleThrough(start, deps, left);
        if (cycle) onCycle(start, cycle);
    }
    return undefined;
}

/** A cycle from `start` back to itself within `left`, or undefined (depth-first, iterative). */
function cycleThrough(start: number, deps: number[][], left: Set<number>): number[] | undefined {
    const stack: Array<{ node: number; path: number[] }> = [{ node: start, path: [start] }];
    const seen = new Set<number>();
    while (stack.length > 0) {
        const { node, path } = stack.pop()!;
        for (const d of deps[node]!) {
            if (d === start) return [...path, start];
            if (left.has(d) && !seen.has(d)) {
                seen.add(d);
                stack.push({ node: d, path: [...path, d] });
            }
        }
    }
    return undefined;
}
