// Tests of the IR evaluator on hand-built register code: every op, null propagation, Kleene logic,
// run-time range checks, and a throughput floor.
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { evaluateCode, evaluateRelation } from '../src/ir/ir-evaluator.js';
import type { CmpOp, CompiledCode, Instr } from '../src/ir/ir-types.js';
import { Dec } from '../src/values/decimal-ops.js';
import { MAX_DAY, MAX_MS, MIN_DAY, MS_PER_DAY, parseIsoDate, parseIsoDateTime } from '../src/values/date-ops.js';
import type { Value } from '../src/values/value-types.js';

const d = (s: string): Decimal => new Dec(s);
const day = (s: string): number => parseIsoDate(s)!;
const ms = (s: string): number => parseIsoDateTime(s)!;

/** Code whose registers 0 and 1 hold the constants a and b, then `op` writes register 2. */
function binary(op: Instr, a: Value, b: Value): Value {
    const code: CompiledCode = {
        source: 'test',
        code: [{ op: 'const', dst: 0, value: a }, { op: 'const', dst: 1, value: b }, op],
        registers: 3,
        result: 2,
        reads: [],
    };
    return evaluateCode(code, []);
}

function unary(op: Instr, a: Value): Value {
    return evaluateCode({ source: 'test', code: [{ op: 'const', dst: 0, value: a }, op], registers: 2, result: 1, reads: [] }, []);
}

const asText = (v: Value): unknown => (v instanceof Decimal ? v.toString() : v);

describe('ir-evaluator', () => {
    describe('loads', () => {
        it('const, field and missing fields', () => {
            const code: CompiledCode = {
                source: 'a',
                registers: 4,
                result: 3,
                reads: [0, 1, 2],
                code: [
                    { op: 'field', dst: 0, field: 0 },
                    { op: 'field', dst: 1, field: 1 },
                    { op: 'field', dst: 2, field: 2 },
                    { op: 'const', dst: 3, value: 'x' },
                ],
            };
            expect(evaluateCode(code, [1, null])).to.equal('x');
            expect(evaluateCode({ ...code, result: 0 }, [5, null])).to.equal(5);
            expect(evaluateCode({ ...code, result: 1 }, [5, null])).to.equal(null);
            expect(evaluateCode({ ...code, result: 2 }, [5, null])).to.equal(null); // beyond the array: undefined → null
            expect(evaluateCode({ ...code, result: 0 }, ['s'])).to.equal('s');
        });
        it('present is true or false, never null', () => {
            const code: CompiledCode = {
                source: 'present(a)',
                registers: 1,
                result: 0,
                reads: [0],
                code: [{ op: 'present', dst: 0, field: 0 }],
            };
            expect(evaluateCode(code, [d('0')])).to.equal(true);
            expect(evaluateCode(code, [false])).to.equal(true);
            expect(evaluateCode(code, [''])).to.equal(true);
            expect(evaluateCode(code, [null])).to.equal(false);
            expect(evaluateCode(code, [])).to.equal(false);
        });
        it('computes Decimals of a low-precision constructor at full precision', () => {
            const low = new Decimal('12345678901234567890.123');
            const code: CompiledCode = {
                source: 'a * 3',
                registers: 3,
                result: 2,
                reads: [0],
                code: [
                    { op: 'field', dst: 0, field: 0 },
                    { op: 'const', dst: 1, value: new Decimal(3) },
                    { op: 'mul', kind: 'num', dst: 2, a: 0, b: 1 },
                ],
            };
            expect(asText(evaluateCode(code, [low]))).to.equal('37037036703703703670.369');
        });
    });

    describe('Kleene logic', () => {
        const V: Value[] = [true, false, null];
        // Rows a = true, false, null; columns b = true, false, null.
        const tables: Record<'and' | 'or' | 'implies', Value[][]> = {
            and: [
                [true, false, null],
                [false, false, false],
                [null, false, null],
            ],
            or: [
                [true, true, true],
                [true, false, null],
                [true, null, null],
            ],
            implies: [
                [true, false, null],
                [true, true, true],
                [true, null, null],
            ],
        };
        for (const op of ['and', 'or', 'implies'] as const) {
            it(`${op} truth table`, () => {
                V.forEach((a, i) =>
                    V.forEach((b, j) => {
                        expect(binary({ op, dst: 2, a: 0, b: 1 }, a, b), `${a} ${op} ${b}`).to.equal(tables[op][i]![j]);
                    }),
                );
            });
        }
        it('not truth table', () => {
            expect(unary({ op: 'not', dst: 1, a: 0 }, true)).to.equal(false);
            expect(unary({ op: 'not', dst: 1, a: 0 }, false)).to.equal(true);
            expect(unary({ op: 'not', dst: 1, a: 0 }, null)).to.equal(null);
        });
    });

    describe('cmp', () => {
        const ops: CmpOp[] = ['==', '!=', '<', '<=', '>', '>='];
        const expectOrder = (kind: 'num' | 'int' | 'str' | 'bool', lo: Value, hi: Value, eq: Value): void => {
            const want: Record<CmpOp, [boolean, boolean, boolean]> = {
                // [lo ? hi, hi ? lo, lo ? eq]
                '==': [false, false, true],
                '!=': [true, true, false],
                '<': [true, false, false],
                '<=': [true, false, true],
                '>': [false, true, false],
                '>=': [false, true, true],
            };
            for (const cmp of ops) {
                expect(binary({ op: 'cmp', cmp, kind, dst: 2, a: 0, b: 1 }, lo, hi), `${asText(lo)} ${cmp} ${asText(hi)}`).to.equal(
                    want[cmp][0],
                );
                expect(binary({ op: 'cmp', cmp, kind, dst: 2, a: 0, b: 1 }, hi, lo), `${asText(hi)} ${cmp} ${asText(lo)}`).to.equal(
                    want[cmp][1],
                );
                expect(binary({ op: 'cmp', cmp, kind, dst: 2, a: 0, b: 1 }, lo, eq), `${asText(lo)} ${cmp} ${asText(eq)}`).to.equal(
                    want[cmp][2],
                );
                expect(binary({ op: 'cmp', cmp, kind, dst: 2, a: 0, b: 1 }, lo, null)).to.equal(null);
                expect(binary({ op: 'cmp', cmp, kind, dst: 2, a: 0, b: 1 }, null, hi)).to.equal(null);
            }
        };
        it('num compares Decimal values (2.50 == 2.5)', () => expectOrder('num', d('-2.5'), d('2.50'), d('-2.500')));
        it('int compares plain numbers', () => expectOrder('int', day('2024-01-31'), day('2024-02-01'), day('2024-01-31')));
        it('str compares strings', () => expectOrder('str', 'apple', 'pear', 'apple'));
        it('bool compares booleans', () => expectOrder('bool', false, true, false));
    });

    describe('arithmetic', () => {
        it('neg and abs', () => {
            expect(asText(unary({ op: 'neg', kind: 'num', dst: 1, a: 0 }, d('2.5')))).to.equal('-2.5');
            expect(asText(unary({ op: 'abs', kind: 'num', dst: 1, a: 0 }, d('-2.5')))).to.equal('2.5');
            expect(unary({ op: 'neg', kind: 'int', dst: 1, a: 0 }, 5)).to.equal(-5);
            expect(Object.is(unary({ op: 'neg', kind: 'int', dst: 1, a: 0 }, 0), 0)).to.equal(true);
            expect(unary({ op: 'abs', kind: 'int', dst: 1, a: 0 }, -7)).to.equal(7);
            for (const op of ['neg', 'abs'] as const) {
                expect(unary({ op, kind: 'num', dst: 1, a: 0 }, null)).to.equal(null);
                expect(unary({ op, kind: 'int', dst: 1, a: 0 }, null)).to.equal(null);
            }
        });
        it('add, sub and mul on Decimals, exactly', () => {
            expect(asText(binary({ op: 'add', kind: 'num', dst: 2, a: 0, b: 1 }, d('0.1'), d('0.2')))).to.equal('0.3');
            expect(asText(binary({ op: 'sub', kind: 'num', dst: 2, a: 0, b: 1 }, d('0.1'), d('0.3')))).to.equal('-0.2');
            expect(asText(binary({ op: 'mul', kind: 'num', dst: 2, a: 0, b: 1 }, d('19.99'), d('0.21')))).to.equal('4.1979');
        });
        it('gives null for a result of magnitude 10^28 or more', () => {
            const big = d('9999999999999999999999999999');
            expect(binary({ op: 'add', kind: 'num', dst: 2, a: 0, b: 1 }, big, d('1'))).to.equal(null);
            expect(binary({ op: 'sub', kind: 'num', dst: 2, a: 0, b: 1 }, big.neg(), d('1'))).to.equal(null);
            expect(binary({ op: 'mul', kind: 'num', dst: 2, a: 0, b: 1 }, d('1e14'), d('1e14'))).to.equal(null);
            expect(asText(binary({ op: 'add', kind: 'num', dst: 2, a: 0, b: 1 }, big, d('0.99')))).to.equal(
                '9999999999999999999999999999.99',
            );
        });
        it('int add, sub and mul (duration counts), with safe-integer overflow to null', () => {
            expect(binary({ op: 'add', kind: 'int', dst: 2, a: 0, b: 1 }, 30, 5)).to.equal(35);
            expect(binary({ op: 'sub', kind: 'int', dst: 2, a: 0, b: 1 }, 30, 45)).to.equal(-15);
            expect(binary({ op: 'mul', kind: 'int', dst: 2, a: 0, b: 1 }, 30, 3)).to.equal(90);
            expect(binary({ op: 'mul', kind: 'int', dst: 2, a: 0, b: 1 }, 2 ** 40, 2 ** 20)).to.equal(null);
            expect(binary({ op: 'add', kind: 'int', dst: 2, a: 0, b: 1 }, Number.MAX_SAFE_INTEGER, 1)).to.equal(null);
        });
        it('date ± days (kind date) is range-checked', () => {
            expect(binary({ op: 'add', kind: 'date', dst: 2, a: 0, b: 1 }, day('2024-02-28'), 2)).to.equal(day('2024-03-01'));
            expect(binary({ op: 'sub', kind: 'date', dst: 2, a: 0, b: 1 }, day('2024-03-01'), 1)).to.equal(day('2024-02-29'));
            expect(binary({ op: 'add', kind: 'date', dst: 2, a: 0, b: 1 }, MAX_DAY, 1)).to.equal(null);
            expect(binary({ op: 'sub', kind: 'date', dst: 2, a: 0, b: 1 }, MIN_DAY, 1)).to.equal(null);
            expect(binary({ op: 'add', kind: 'date', dst: 2, a: 0, b: 1 }, null, 1)).to.equal(null);
        });
        it('null operands give null', () => {
            for (const op of ['add', 'sub', 'mul', 'min', 'max'] as const) {
                expect(binary({ op, kind: 'num', dst: 2, a: 0, b: 1 }, d('1'), null)).to.equal(null);
                expect(binary({ op, kind: 'num', dst: 2, a: 0, b: 1 }, null, d('1'))).to.equal(null);
                expect(binary({ op, kind: 'int', dst: 2, a: 0, b: 1 }, null, 1)).to.equal(null);
            }
        });
        it('min and max', () => {
            expect(asText(binary({ op: 'min', kind: 'num', dst: 2, a: 0, b: 1 }, d('2.5'), d('-3')))).to.equal('-3');
            expect(asText(binary({ op: 'max', kind: 'num', dst: 2, a: 0, b: 1 }, d('2.5'), d('-3')))).to.equal('2.5');
            expect(binary({ op: 'min', kind: 'int', dst: 2, a: 0, b: 1 }, 4, 9)).to.equal(4);
            expect(binary({ op: 'max', kind: 'int', dst: 2, a: 0, b: 1 }, 4, 9)).to.equal(9);
        });
    });

    describe('dates and datetimes', () => {
        it('add_months on dates with both eom rules and both signs', () => {
            const op = (eom: 'clamp' | 'preserve', sign: 1 | -1): Instr => ({
                op: 'add_months',
                on: 'date',
                eom,
                sign,
                dst: 2,
                a: 0,
                b: 1,
            });
            expect(binary(op('clamp', 1), day('2024-01-31'), 1)).to.equal(day('2024-02-29'));
            expect(binary(op('preserve', 1), day('2023-02-28'), 1)).to.equal(day('2023-03-31'));
            expect(binary(op('clamp', 1), day('2023-02-28'), 1)).to.equal(day('2023-03-28'));
            expect(binary(op('preserve', -1), day('2023-03-31'), 1)).to.equal(day('2023-02-28'));
            expect(binary(op('clamp', -1), day('2024-03-31'), -1)).to.equal(day('2024-04-30'));
            expect(binary(op('clamp', 1), day('9999-12-01'), 1)).to.equal(null);
            expect(binary(op('clamp', -1), day('0001-01-31'), 1)).to.equal(null);
            expect(binary(op('clamp', 1), null, 1)).to.equal(null);
            expect(binary(op('clamp', 1), day('2024-01-31'), null)).to.equal(null);
        });
        it('add_months on datetimes keeps the time of day', () => {
            const op: Instr = { op: 'add_months', on: 'datetime', eom: 'clamp', sign: 1, dst: 2, a: 0, b: 1 };
            expect(binary(op, ms('2024-01-31T10:30:00Z'), 1)).to.equal(ms('2024-02-29T10:30:00Z'));
            expect(binary(op, ms('9999-12-31T10:30:00Z'), 1)).to.equal(null);
        });
        it('add_ms scales days or seconds to milliseconds, range-checked', () => {
            expect(binary({ op: 'add_ms', unit: MS_PER_DAY, sign: 1, dst: 2, a: 0, b: 1 }, ms('2024-02-28T12:00:00Z'), 2)).to.equal(
                ms('2024-03-01T12:00:00Z'),
            );
            expect(binary({ op: 'add_ms', unit: 1000, sign: -1, dst: 2, a: 0, b: 1 }, ms('2024-01-01T00:00:00Z'), 1)).to.equal(
                ms('2023-12-31T23:59:59Z'),
            );
            expect(binary({ op: 'add_ms', unit: 1000, sign: 1, dst: 2, a: 0, b: 1 }, MAX_MS - 999, 1)).to.equal(null);
            expect(binary({ op: 'add_ms', unit: 1000, sign: 1, dst: 2, a: 0, b: 1 }, null, 1)).to.equal(null);
        });
        it('diff gives whole units, truncated toward zero', () => {
            expect(binary({ op: 'diff', unit: 1, dst: 2, a: 0, b: 1 }, day('2024-03-01'), day('2024-02-01'))).to.equal(29);
            expect(
                binary({ op: 'diff', unit: 1000, dst: 2, a: 0, b: 1 }, ms('2024-01-01T00:00:01.900Z'), ms('2024-01-01T00:00:00Z')),
            ).to.equal(1);
            const neg = binary({ op: 'diff', unit: 1000, dst: 2, a: 0, b: 1 }, ms('2024-01-01T00:00:00Z'), ms('2024-01-01T00:00:01.900Z'));
            expect(neg).to.equal(-1);
            const zero = binary({ op: 'diff', unit: 1000, dst: 2, a: 0, b: 1 }, 0, 500);
            expect(Object.is(zero, 0)).to.equal(true);
            expect(binary({ op: 'diff', unit: 1, dst: 2, a: 0, b: 1 }, null, 3)).to.equal(null);
        });
    });

    describe('round and divround', () => {
        it('round with a mode', () => {
            expect(asText(unary({ op: 'round', scale: 2, mode: 'half_even', dst: 1, a: 0 }, d('2.345')))).to.equal('2.34');
            expect(asText(unary({ op: 'round', scale: 2, mode: 'half_up', dst: 1, a: 0 }, d('2.345')))).to.equal('2.35');
            expect(asText(unary({ op: 'round', scale: 0, mode: 'floor', dst: 1, a: 0 }, d('-2.1')))).to.equal('-3');
            expect(unary({ op: 'round', scale: 2, mode: 'half_even', dst: 1, a: 0 }, null)).to.equal(null);
            expect(unary({ op: 'round', scale: 0, mode: 'up', dst: 1, a: 0 }, d('9999999999999999999999999999.1'))).to.equal(null);
        });
        it('divround rounds the exact quotient once', () => {
            const op = (scale: number, mode: 'half_even' | 'up'): Instr => ({ op: 'divround', scale, mode, dst: 2, a: 0, b: 1 });
            expect(asText(binary(op(2, 'half_even'), d('10'), d('3')))).to.equal('3.33');
            expect(asText(binary(op(2, 'up'), d('10'), d('3')))).to.equal('3.34');
            expect(asText(binary(op(0, 'half_even'), d('5'), d('2')))).to.equal('2');
        });
        it('divround by zero, of null, or past 10^28 is null', () => {
            const op: Instr = { op: 'divround', scale: 2, mode: 'half_even', dst: 2, a: 0, b: 1 };
            expect(binary(op, d('10'), d('0'))).to.equal(null);
            expect(binary(op, d('0'), d('0'))).to.equal(null);
            expect(binary(op, null, d('3'))).to.equal(null);
            expect(binary(op, d('3'), null)).to.equal(null);
            expect(binary(op, d('1e27'), d('0.01'))).to.equal(null);
        });
    });

    describe('relations', () => {
        // when(present(discount), total == round(net * (1 - discount), 2, 'half_even'))
        const code: CompiledCode = {
            source: "when(present(discount), total == round(net * (1 - discount), 2, 'half_even'))",
            registers: 9,
            result: 8,
            reads: [0, 1, 2],
            code: [
                { op: 'present', dst: 0, field: 2 },
                { op: 'field', dst: 1, field: 0 },
                { op: 'field', dst: 2, field: 1 },
                { op: 'const', dst: 3, value: d('1') },
                { op: 'field', dst: 4, field: 2 },
                { op: 'sub', kind: 'num', dst: 4, a: 3, b: 4 },
                { op: 'mul', kind: 'num', dst: 5, a: 2, b: 4 },
                { op: 'round', scale: 2, mode: 'half_even', dst: 6, a: 5 },
                { op: 'cmp', cmp: '==', kind: 'num', dst: 7, a: 1, b: 6 },
                { op: 'implies', dst: 8, a: 0, b: 7 },
            ],
        };
        it('holds, violated, unchecked', () => {
            expect(evaluateRelation(code, [d('90.00'), d('100.00'), d('0.10')])).to.equal('holds');
            expect(evaluateRelation(code, [d('90.01'), d('100.00'), d('0.10')])).to.equal('violated');
            expect(evaluateRelation(code, [null, d('100.00'), d('0.10')])).to.equal('unchecked');
            expect(evaluateRelation(code, [d('1'), d('100.00'), null])).to.equal('holds'); // condition false
        });
        it('does not leak registers between evaluations', () => {
            const c1: CompiledCode = { source: 'a', registers: 1, result: 0, reads: [0], code: [{ op: 'field', dst: 0, field: 0 }] };
            expect(evaluateCode(c1, [true])).to.equal(true);
            expect(evaluateCode(c1, [])).to.equal(null);
        });
        it('evaluates a 5-operator Decimal relation the same way every time', function () {
            this.timeout(20_000);
            // a * b + c - d == e and e >= 0
            const rel: CompiledCode = {
                source: 'a * b + c - d == e and e >= 0',
                registers: 12,
                result: 11,
                reads: [0, 1, 2, 3, 4],
                code: [
                    { op: 'field', dst: 0, field: 0 },
                    { op: 'field', dst: 1, field: 1 },
                    { op: 'field', dst: 2, field: 2 },
                    { op: 'field', dst: 3, field: 3 },
                    { op: 'field', dst: 4, field: 4 },
                    { op: 'mul', kind: 'num', dst: 5, a: 0, b: 1 },
                    { op: 'add', kind: 'num', dst: 6, a: 5, b: 2 },
                    { op: 'sub', kind: 'num', dst: 7, a: 6, b: 3 },
                    { op: 'cmp', cmp: '==', kind: 'num', dst: 8, a: 7, b: 4 },
                    { op: 'const', dst: 9, value: d('0') },
                    { op: 'cmp', cmp: '>=', kind: 'num', dst: 10, a: 4, b: 9 },
                    { op: 'and', dst: 11, a: 8, b: 10 },
                ],
            };
            const values = [d('100.00'), d('1.21'), d('3.50'), d('4.50'), d('120.00')];
            expect(evaluateRelation(rel, values)).to.equal('holds');
            // The shared register file must not leak state between calls (speed is measured by
            // `npm run bench`, not here).
            const n = 10_000;
            let holds = 0;
            for (let i = 0; i < n; i++) if (evaluateCode(rel, values) === true) holds++;
            expect(holds).to.equal(n);
            expect(evaluateRelation(rel, [d('100.00'), d('1.21'), d('3.50'), d('4.50'), d('121.00')])).to.equal('violated');
            expect(evaluateCode(rel, values)).to.equal(true);
        });
    });
});
