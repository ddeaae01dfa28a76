// One simple cycle through each field of a strongly connected component of applicable_when reads,
// at a cost proportional to the cycles found (applicability-order.ts calls it for every field on a
// cycle). Each component gets two breadth-first trees rooted at its lowest field: towards the root
// (following reads) and from it. A field's cycle runs from it towards the root and back down the
// other tree, cut where the two paths first meet, so it never repeats a field. A field that lies on
// a cycle found before is given that cycle again (read from it), so a ring of N fields is one
// search of N steps, not N.
import { ARG_CHARS, type LongText } from '../diagnostics/diagnostic-registry.js';
import type { OrderWork } from './applicability-order.js';

export interface Graph {
    /** The fields each field's condition reads (edges), and the reverse. */
    deps: readonly number[][];
    users: readonly number[][];
    /** Strongly connected component of each field, and each component's size. */
    comp: Int32Array;
    size: readonly number[];
}

const UNSET = -2;

export class CycleFinder {
    private readonly cycles: number[][] = [];
    /** The cycle each field was first found on (-1: none yet) and its place there. */
    private readonly cycleOf: Int32Array;
    private readonly place: Int32Array;
    /** Per component: its root (lowest field), set when the component is first met. */
    private readonly roots = new Map<number, number>();
    /** Towards the root: the next field (following a read); from it: the field before (reading this one). */
    private readonly toRoot: Int32Array;
    private readonly fromRoot: Int32Array;
    private readonly hopsToRoot: Int32Array;
    /** Marks of the walk from one field: which walk reached a field, and where on it. */
    private readonly mark: Int32Array;
    private readonly markAt: Int32Array;

    constructor(
        private readonly graph: Graph,
        private readonly work: OrderWork,
    ) {
        const n = graph.deps.length;
        this.cycleOf = new Int32Array(n).fill(-1);
        this.place = new Int32Array(n);
        this.toRoot = new Int32Array(n).fill(UNSET);
        this.fromRoot = new Int32Array(n).fill(UNSET);
        this.hopsToRoot = new Int32Array(n);
        this.mark = new Int32Array(n);
        this.markAt = new Int32Array(n);
    }

    /** A cycle through `v` (a field of a component of two or more): `cycle` from `at` round to `at`. */
    cycleThrough(v: number): { cycle: readonly number[]; at: number } {
        if (this.cycleOf[v] === -1) {
            const cycle = this.rootOf(v) === v ? this.rootCycle(v) : this.walk(v);
            const id = this.cycles.push(cycle) - 1;
            cycle.forEach((w, i) => {
                if (this.cycleOf[w] !== -1) return;
                this.cycleOf[w] = id;
                this.place[w] = i;
            });
        }
        return { cycle: this.cycles[this.cycleOf[v]!]!, at: this.place[v]! };
    }

    /** The component's root; its trees are grown on first sight (fields are asked for in ascending order). */
    private rootOf(v: number): number {
        const c = this.graph.comp[v]!;
        const known = this.roots.get(c);
        if (known !== undefined) return known;
        this.roots.set(c, v);
        this.grow(v, this.graph.users, this.toRoot, this.hopsToRoot);
        this.grow(v, this.graph.deps, this.fromRoot);
        return v;
    }

    /** Breadth first from `root` along `edges` within its component: each field's parent, and hops. */
    private grow(root: number, edges: readonly number[][], parent: Int32Array, hops?: Int32Array): void {
        const c = this.graph.comp[root]!;
        parent[root] = -1;
        const queue = [root];
        for (let head = 0; head < queue.length; head++) {
            const x = queue[head]!;
            for (const y of edges[x]!) {
                this.work.steps++;
                if (this.graph.comp[y] !== c || parent[y] !== UNSET) continue;
                parent[y] = x;
                if (hops) hops[y] = hops[x]! + 1;
                queue.push(y);
            }
        }
    }

    /** The root's shortest cycle: to the read nearest to the root's tree, then up that tree. */
    private rootCycle(r: number): number[] {
        const c = this.graph.comp[r]!;
        let best = -1;
        for (const d of this.graph.deps[r]!) {
            this.work.steps++;
            if (this.graph.comp[d] === c && (best === -1 || this.hopsToRoot[d]! < this.hopsToRoot[best]!)) best = d;
        }
        const cycle = [r];
        for (let x = best; x !== r; x = this.toRoot[x]!) {
            this.work.steps++;
            cycle.push(x);
        }
        return cycle;
    }

    /**
     * From `v` towards the root (reads) and, one step each in turn, from `v` back up the tree from
     * the root (the fields reading each one), until one walk reaches a field the other did: the first
     * walk to there, then the second walk back, is a cycle without repeats. Both walks end at the
     * root, so they meet; the steps are at most twice the cycle's length.
     */
    private walk(v: number): number[] {
        const stamp = v + 1;
        const ahead = [v];
        const behind = [v];
        this.mark[v] = stamp; // both walks start at v; neither comes back to it
        let meet = -1;
        const step = (walk: number[], parent: Int32Array, own: number): void => {
            const x = parent[walk[walk.length - 1]!]!;
            if (x < 0) return; // at the root
            this.work.steps++;
            if (this.mark[x] === stamp || this.mark[x] === -stamp) {
                meet = x;
                return;
            }
            this.mark[x] = own;
            this.markAt[x] = walk.length;
            walk.push(x);
        };
        while (meet === -1) {
            step(ahead, this.toRoot, stamp);
            if (meet === -1) step(behind, this.fromRoot, -stamp);
        }
        // `meet` is on one walk (marked) and was just reached by the other.
        const onAhead = this.mark[meet] === stamp;
        const toMeet = onAhead ? ahead.slice(0, this.markAt[meet]! + 1) : [...ahead, meet];
        const fromMeet = onAhead ? behind : behind.slice(0, this.markAt[meet]!);
        for (let i = fromMeet.length - 1; i >= 1; i--) toMeet.push(fromMeet[i]!);
        return toMeet;
    }
}

const ARROW = ' → ';

/**
 * The text of reported cycles, `a → b → c → a`, as much of it as a message quotes and its length:
 * a cycle's length is summed once for all the fields reported with it.
 */
export function cycleTexts(nameOf: (field: number) => string): (cycle: readonly number[], at: number) => LongText {
    const lengths = new Map<readonly number[], number>();
    return (cycle, at) => {
        let length = lengths.get(cycle);
        if (length === undefined) {
            length = 0;
            for (const f of cycle) length += nameOf(f).length + ARROW.length;
            lengths.set(cycle, length);
        }
        const first = nameOf(cycle[at]!);
        let head = first;
        for (let i = 1; i <= cycle.length && head.length <= ARG_CHARS; i++) head += ARROW + nameOf(cycle[(at + i) % cycle.length]!);
        return { head, length: length + first.length };
    };
}
