// applicable_when ordering and cycles: the work grows linearly with fields + edges (counted, not
// timed), each reported cycle is a real one through its field, and the messages quote it as before.
import { expect } from 'chai';
import { cycleTexts } from '../src/analysis/applicability-cycles.js';
import { findApplicabilityCycles, type OrderWork } from '../src/analysis/applicability-order.js';
import { compileSchemaText } from '../src/compile.js';
import { formatMessage } from '../src/diagnostics/diagnostic-registry.js';

type Reads = Map<number, { reads: number[] }>;

/** Field i reads each of `edges(i)`. */
const graph = (n: number, edges: (i: number) => number[]): Reads => new Map(Array.from({ length: n }, (_, i) => [i, { reads: edges(i) }]));

const SHAPES: Record<string, (n: number) => Reads> = {
    ring: (n) => graph(n, (i) => [(i + 1) % n]),
    // A long chain into a two-field cycle: the chain is behind a cycle, not on one.
    chainIntoCycle: (n) => graph(n, (i) => (i === n - 1 ? [n - 2] : [i + 1])),
    pairs: (n) => graph(n, (i) => [i ^ 1]),
    // A ring with a chord from every field to the one halfway round.
    chords: (n) => graph(n, (i) => [(i + 1) % n, (i + (n >> 1)) % n]),
};

/** The work, and each reported field with its cycle written out (only when `spell`: that is n² for a ring). */
function run(conditions: Reads, n: number, spell = true): { work: OrderWork; cycles: Array<[number, number[]]> } {
    const work = { steps: 0 };
    const cycles: Array<[number, number[]]> = [];
    const order = findApplicabilityCycles(
        n,
        conditions,
        (f, cycle, at) => cycles.push([f, spell ? [...cycle.slice(at), ...cycle.slice(0, at), f] : []]),
        work,
    );
    expect(order).to.equal(undefined);
    return { work, cycles };
}

describe('applicable_when cycles', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
        it(`${name}: doubling the fields about doubles the steps, and every cycle is real`, () => {
            const small = run(shape(2000), 2000, false);
            const big = run(shape(4000), 4000, false);
            expect(big.work.steps).to.be.at.most(2.2 * small.work.steps);
            const conditions = shape(200);
            const wrong = run(conditions, 200).cycles.filter(
                ([f, cycle]) =>
                    cycle[0] !== f ||
                    new Set(cycle.slice(1)).size !== cycle.length - 1 ||
                    cycle.some((x, k) => k > 0 && !conditions.get(cycle[k - 1]!)!.reads.includes(x)),
            );
            expect(wrong).to.deep.equal([]);
        });
    }

    it('reports exactly the fields on a cycle, in ascending order, and orders the rest as before', () => {
        expect(run(SHAPES.chainIntoCycle!(10), 10).cycles.map(([f]) => f)).to.deep.equal([8, 9]);
        expect(run(SHAPES.ring!(5), 5).cycles).to.deep.equal([
            [0, [0, 1, 2, 3, 4, 0]],
            [1, [1, 2, 3, 4, 0, 1]],
            [2, [2, 3, 4, 0, 1, 2]],
            [3, [3, 4, 0, 1, 2, 3]],
            [4, [4, 0, 1, 2, 3, 4]],
        ]);
        // Ready fields first in, first out; a self-reference is not an edge.
        const order = findApplicabilityCycles(
            5,
            graph(5, (i) => [[3], [0, 1], [], [2], []][i]!),
            () => expect.fail(),
        );
        expect(order).to.deep.equal([2, 4, 3, 0, 1]);
    });

    it('a chain of 100,000 conditions into a cycle: no recursion to overflow', () => {
        const { cycles } = run(SHAPES.chainIntoCycle!(100_000), 100_000, false);
        expect(cycles.map(([f]) => f)).to.deep.equal([99_998, 99_999]);
    });

    it('names each field of a ring once per report plus once per cycle, not the whole ring each time', () => {
        const calls = (n: number): number => {
            let count = 0;
            const text = cycleTexts((i) => (count++, `field_${i}`));
            findApplicabilityCycles(n, SHAPES.ring!(n), (_, cycle, at) => text(cycle, at));
            return count;
        };
        expect(calls(4000)).to.be.at.most(2.2 * calls(2000));
    });

    it('quotes the cycle as the whole text would be quoted, on every field of a 100-field ring', () => {
        const n = 100;
        const fields = Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'boolean', applicable_when: `f${(i + 1) % n}` }));
        const r = compileSchemaText(JSON.stringify({ svc_schema: '1.0', name: 'm', fields }), { maxFields: n });
        expect(r.errors).to.have.length(n);
        r.errors.forEach((e, i) => {
            const names = Array.from({ length: n + 1 }, (_, k) => `f${(i + k) % n}`).join(' → ');
            expect(e).to.include({ code: 'E-APPLICABLE-CYCLE', pointer: `/fields/${i}/applicable_when` });
            expect(e.message).to.equal(formatMessage('E-APPLICABLE-CYCLE', { cycle: names }));
        });
        expect(r.errors[0]!.message).to.match(/… \(592 characters\)$/);
    });
});
