// The IR emitter's list of fields read: ascending, without duplicates, and found from the fields the
// expression reads rather than by walking every id up to the highest.
import { expect } from 'chai';
import { emitCode } from '../src/ir/ir-emitter.js';
import type { TExpr } from '../src/expr/typed-expr.js';

const BOOL = { kind: 'boolean' } as const;
const field = (id: number): TExpr => ({ k: 'field', field: id, type: BOOL, span: [0, 0] });
const present = (id: number): TExpr => ({ k: 'present', field: id, type: BOOL, span: [0, 0] });
const and = (a: TExpr, b: TExpr): TExpr => ({ k: 'logic', op: 'and', a, b, type: BOOL, span: [0, 0] });

describe('emitCode reads', () => {
    it('lists the fields read ascending, once each, whether loaded or tested for presence', () => {
        const code = emitCode(and(and(present(7), field(2)), and(field(7), and(present(5), field(2)))), 'x');
        expect(code.reads).to.deep.equal([2, 5, 7]);
        expect(code.code.filter((i) => i.op === 'field')).to.have.length(2); // one load per field
    });

    it('reading field 2^30 lists it without walking the ids below it (a walk takes far beyond the timeout)', () => {
        const id = 2 ** 30;
        expect(emitCode(and(present(id), field(3)), 'x').reads).to.deep.equal([3, id]);
    });
});
