// Orders fields so that each comes after the fields its applicable_when reads (Kahn's algorithm) and
// reports every field on a cycle (Tarjan's strongly connected components, then one cycle through
// each such field: applicability-cycles.ts). Linear in fields + edges, and iterative, so a chain of
// thousands of conditions neither takes quadratic time nor overflows the stack. A self-reference is
// E-APPLICABLE-SELF only, so it is not an edge.
import { CycleFinder, type Graph } from './applicability-cycles.js';

/** Counts the steps of the search (tests check that it grows linearly). */
export interface OrderWork {
    steps: number;
}

/**
 * The order, or undefined when there is a cycle. Each field on one is passed to `onCycle`, in
 * ascending order, with a cycle through it: `cycle` read from index `at` round to `at` again (one
 * array is shared by the fields of one cycle, so reporting N fields of one cycle is not N² work).
 */
export function findApplicabilityCycles(
    count: number,
    conditions: ReadonlyMap<number, { reads: Iterable<number> }>,
    onCycle: (field: number, cycle: readonly number[], at: number) => void,
    work: OrderWork = { steps: 0 },
): number[] | undefined {
    // No conditions (most schemas): the fields in their own order.
    if (conditions.size === 0) return Array.from({ length: count }, (_, i) => i);
    const deps = Array.from({ length: count }, (_, i) => [...(conditions.get(i)?.reads ?? [])].filter((d) => d !== i && d < count));
    const users = Array.from({ length: count }, () => [] as number[]);
    deps.forEach((ds, i) => ds.forEach((d) => users[d]!.push(i)));
    const order = kahnOrder(deps, users, work);
    if (order.length === count) return order;
    const graph: Graph = { deps, users, ...components(deps, work) };
    const finder = new CycleFinder(graph, work);
    for (let v = 0; v < count; v++) {
        if (graph.size[graph.comp[v]!]! < 2) continue; // not on a cycle (at most behind one)
        const { cycle, at } = finder.cycleThrough(v);
        onCycle(v, cycle, at);
    }
    return undefined;
}

/** Kahn's algorithm, ready fields first in, first out; fields on or behind a cycle are left out. */
function kahnOrder(deps: readonly number[][], users: readonly number[][], work: OrderWork): number[] {
    const indegree = deps.map((d) => d.length);
    const order = indegree.flatMap((n, i) => (n === 0 ? [i] : []));
    // `order` is also the queue: entries past `head` are ready and not yet taken.
    for (let head = 0; head < order.length; head++) {
        for (const u of users[order[head]!]!) {
            work.steps++;
            if (--indegree[u]! === 0) order.push(u);
        }
    }
    return order;
}

/** Tarjan's strongly connected components, iterative: the component of each field and their sizes. */
function components(deps: readonly number[][], work: OrderWork): { comp: Int32Array; size: number[] } {
    const n = deps.length;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const next = new Int32Array(n); // the next edge of each field on the call stack to follow
    const onStack = new Uint8Array(n);
    const comp = new Int32Array(n).fill(-1);
    const size: number[] = [];
    const stack: number[] = [];
    const calls: number[] = [];
    let counter = 0;
    const enter = (v: number): void => {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
        calls.push(v);
    };
    for (let s = 0; s < n; s++) {
        if (index[s] !== -1) continue;
        enter(s);
        while (calls.length > 0) {
            const v = calls[calls.length - 1]!;
            const ds = deps[v]!;
            if (next[v]! < ds.length) {
                work.steps++;
                const w = ds[next[v]++]!;
                if (index[w] === -1) enter(w);
                else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
                continue;
            }
            calls.pop();
            if (calls.length > 0) {
                const u = calls[calls.length - 1]!;
                low[u] = Math.min(low[u]!, low[v]!);
            }
            if (low[v] !== index[v]) continue;
            const id = size.length;
            let members = 0;
            for (let w = -1; w !== v; members++) {
                w = stack.pop()!;
                onStack[w] = 0;
                comp[w] = id;
            }
            size.push(members);
        }
    }
    return { comp, size };
}
