// Settling work grows with the mentions of each component, not with all of an extraction's: a
// repair settles its component again up to 400 times, and each time read every mention of every
// component (a hostile review: 32 single-field conflicts took 7 s at 5,440 mentions).
import { expect } from 'chai';
import type { Mention } from '../src/grounding/mention-types.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { settle } from '../src/settling/settle-extraction.js';
import { makeSchema, money } from './support/schema-builder.js';

/** Reads of mentions' fields while `fields` single-field components, each two equal readings of `copies` mentions, are settled. */
function readsWhileSettling(fields: number, copies: number): { reads: number; repairs: number } {
    const schema = makeSchema(Array.from({ length: fields }, (_, i) => ({ name: `m${i}`, type: money() })));
    let reads = 0;
    const ms: Mention[] = [];
    for (let f = 0; f < fields; f++)
        for (const quote of ['10.00', '20.00'])
            for (let k = 0; k < copies; k++) {
                const id = ms.length;
                const m = { id, bundle: 0, start: id * 8, end: id * 8 + 5, quote, p: 0.6, parsed: parseQuote(money(), quote, 'en')! };
                Object.defineProperty(m, 'field', { enumerable: true, get: () => (reads++, f) });
                ms.push(m as Mention);
            }
    reads = 0;
    const settled = settle(schema, ms);
    return { reads, repairs: settled.components.reduce((n, c) => n + c.conflicts.reduce((r, x) => r + (x.repairs?.length ?? 0), 0), 0) };
}

describe('settling work', () => {
    it('reads each component’s own mentions when it settles again for a repair', () => {
        const small = readsWhileSettling(8, 6);
        const large = readsWhileSettling(16, 6);
        // Every component is in conflict and offers repairs.
        expect(small.repairs).to.be.greaterThan(0);
        expect(large.repairs).to.equal(2 * small.repairs);
        // Twice the components, twice the reads (each settling read all mentions: four times).
        expect(large.reads / small.reads).to.be.below(2.5);
    });
});
