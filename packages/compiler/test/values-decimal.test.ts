// Unit tests of decimal-ops: parsing, exact arithmetic at Dec's precision, rounding, division.
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import {
    Dec,
    MAX_MAGNITUDE,
    compareDecimals,
    decimalPlaces,
    divRound,
    formatDecimal,
    inMagnitude,
    parseDecimalText,
    roundDecimal,
    toDec,
} from '../src/values/decimal-ops.js';
import { ROUND_MODES, type RoundMode } from '../src/values/value-types.js';

const d = (s: string): Decimal => new Dec(s);

describe('decimal-ops', () => {
    describe('Dec', () => {
        it('multiplies 28+28-digit operands exactly (checked with BigInt)', () => {
            const a = '9999999999999999999999999999.9999999999999999999999999999';
            const b = '-1234567890123456789012345678.1234567890123456789012345678';
            const product = d(a).times(d(b));
            const exact = BigInt(a.replace('.', '')) * BigInt(b.replace('.', ''));
            const text = exact.toString();
            const neg = text.startsWith('-');
            const digits = neg ? text.slice(1) : text;
            const expected = `${neg ? '-' : ''}${digits.slice(0, digits.length - 56)}.${digits.slice(-56)}`.replace(/0+$/, '');
            expect(product.toString()).to.equal(expected);
        });
        it('adds without losing the smallest digits', () => {
            expect(d('9999999999999999999999999999').plus(d('0.0000000000000000000000000001')).toString()).to.equal(
                '9999999999999999999999999999.0000000000000000000000000001',
            );
        });
        it('never prints exponent notation', () => {
            expect(d('1e-40').toString()).to.equal('0.' + '0'.repeat(39) + '1');
            expect(d('1e27').toString()).to.equal('1' + '0'.repeat(27));
            expect(d('1e40').toString()).to.not.contain('e');
        });
        it('toDec converts a Decimal of another precision', () => {
            const low = new Decimal('12345678901234567890.5');
            expect(low.times(3).toString()).to.not.equal('37037036703703703671.5');
            expect(toDec(low).times(3).toString()).to.equal('37037036703703703671.5');
            const mine = d('1');
            expect(toDec(mine)).to.equal(mine);
        });
    });

    describe('compareDecimals', () => {
        const pairs: Array<[string, string, number]> = [
            ['0', '-0', 0],
            ['0', '0.0001', -1],
            ['-0.0001', '0', -1],
            ['0', '-5', 1],
            ['2.5', '2.50', 0],
            ['-3', '2', -1],
            ['10000000', '9999999.9999999', 1],
            ['-10000000', '-9999999.9999999', -1],
            ['1.00000001', '1.0000001', -1],
            ['123456789012345678.5', '123456789012345678.50000001', -1],
            ['-123456789012345678.5', '-123456789012345678.50000001', 1],
            ['1e-28', '2e-28', -1],
            ['9999999999999999999999999999', '9999999999999999999999999998.9999999', 1],
        ];
        for (const [a, b, want] of pairs) {
            it(`${a} vs ${b} = ${want}`, () => {
                expect(compareDecimals(d(a), d(b))).to.equal(want);
                expect(compareDecimals(d(b), d(a))).to.equal(-want || 0);
                expect(d(a).cmp(d(b))).to.equal(want);
            });
        }
        it('falls back to cmp for non-finite values', () => {
            expect(compareDecimals(new Dec(Infinity), d('1'))).to.equal(1);
            expect(compareDecimals(d('1'), new Dec(-Infinity))).to.equal(1);
            expect(compareDecimals(new Dec(NaN), d('1'))).to.be.NaN;
        });
    });

    describe('inMagnitude', () => {
        it('accepts values below 10^28', () => {
            expect(inMagnitude(d('9999999999999999999999999999.99'))).to.equal(true);
            expect(inMagnitude(d('-9999999999999999999999999999'))).to.equal(true);
            expect(inMagnitude(d('0'))).to.equal(true);
            expect(inMagnitude(d('0.0000000000000000000000000001'))).to.equal(true);
        });
        it('rejects 10^28 and beyond, and non-finite values', () => {
            expect(inMagnitude(MAX_MAGNITUDE)).to.equal(false);
            expect(inMagnitude(d('-1e28'))).to.equal(false);
            expect(inMagnitude(d('123e40'))).to.equal(false);
            expect(inMagnitude(new Dec(Infinity))).to.equal(false);
            expect(inMagnitude(new Dec(NaN))).to.equal(false);
        });
    });

    describe('parseDecimalText', () => {
        const ok: Array<[string, string]> = [
            ['12.50', '12.5'],
            ['-0.001', '-0.001'],
            ['0', '0'],
            ['007.5', '7.5'],
            ['1e3', '1000'],
            ['2.50E-1', '0.25'],
            ['-1E+2', '-100'],
            ['12345678901234567890123456789', '12345678901234567890123456789'],
            ['0e-99999999999999999', '0'],
            ['1e-100000', '0.' + '0'.repeat(99999) + '1'],
        ];
        for (const [text, value] of ok) {
            it(`parses ${text}`, () => {
                const x = parseDecimalText(text);
                expect(x, text).to.not.equal(undefined);
                expect(x!.toString()).to.equal(value);
                expect(x!.constructor).to.equal(Dec);
            });
        }
        it('parses 1e400 (the caller judges the magnitude)', () => {
            const x = parseDecimalText('1e400')!;
            expect(inMagnitude(x)).to.equal(false);
            expect(x.eq(new Dec(10).pow(400))).to.equal(true);
        });
        it('reads -0 as 0', () => {
            const x = parseDecimalText('-0')!;
            expect(x.isZero()).to.equal(true);
            expect(x.isNeg()).to.equal(false);
        });
        const bad = [
            '',
            '.5',
            '5.',
            '+5',
            '1e',
            '1.2.3',
            ' 1',
            '1 ',
            'NaN',
            'Infinity',
            '0x10',
            '1_000',
            '1,5',
            '--1',
            'e5',
            '1e99999999999999999',
            '1e-99999999999999999',
            '1e9000000000000000',
            '1e100001',
            '1e-100001',
        ];
        for (const text of bad) {
            it(`rejects ${JSON.stringify(text)}`, () => expect(parseDecimalText(text)).to.equal(undefined));
        }
    });

    describe('decimalPlaces', () => {
        const cases: Array<[string, number]> = [
            ['10.125', 3],
            ['2.50', 1],
            ['0.10', 1],
            ['100', 0],
            ['2.50E-1', 2],
            ['1e3', 0],
            ['-0.000', 0],
            ['1.0000000000000000000000000001', 28],
        ];
        for (const [text, n] of cases) it(`${text} has ${n}`, () => expect(decimalPlaces(text)).to.equal(n));
        it('takes a Decimal too', () => expect(decimalPlaces(d('3.140'))).to.equal(2));
        it('is undefined for text that does not parse', () => {
            expect(decimalPlaces('abc')).to.equal(undefined);
            expect(decimalPlaces('1.')).to.equal(undefined);
        });
    });

    describe('roundDecimal', () => {
        // Expected values as Python's decimal quantize gives them.
        const table: Array<[string, number, Record<RoundMode, string>]> = [
            ['2.5', 0, { half_even: '2', half_up: '3', half_down: '2', up: '3', down: '2', ceiling: '3', floor: '2' }],
            ['-2.5', 0, { half_even: '-2', half_up: '-3', half_down: '-2', up: '-3', down: '-2', ceiling: '-2', floor: '-3' }],
            ['3.5', 0, { half_even: '4', half_up: '4', half_down: '3', up: '4', down: '3', ceiling: '4', floor: '3' }],
            ['1.005', 2, { half_even: '1', half_up: '1.01', half_down: '1', up: '1.01', down: '1', ceiling: '1.01', floor: '1' }],
            ['1.0051', 2, { half_even: '1.01', half_up: '1.01', half_down: '1.01', up: '1.01', down: '1', ceiling: '1.01', floor: '1' }],
            ['-0.001', 2, { half_even: '0', half_up: '0', half_down: '0', up: '-0.01', down: '0', ceiling: '0', floor: '-0.01' }],
            [
                '12.34',
                2,
                { half_even: '12.34', half_up: '12.34', half_down: '12.34', up: '12.34', down: '12.34', ceiling: '12.34', floor: '12.34' },
            ],
            [
                '9.9999999999999999999999999999',
                27,
                {
                    half_even: '10',
                    half_up: '10',
                    half_down: '10',
                    up: '10',
                    down: '9.999999999999999999999999999',
                    ceiling: '10',
                    floor: '9.999999999999999999999999999',
                },
            ],
        ];
        for (const [x, scale, expected] of table) {
            for (const mode of ROUND_MODES) {
                it(`${x} to ${scale} ${mode} = ${expected[mode]}`, () => {
                    const r = roundDecimal(d(x), scale, mode);
                    expect(r.toString()).to.equal(expected[mode]);
                });
            }
        }
        it('never returns negative zero', () => {
            const r = roundDecimal(d('-0.004'), 2, 'half_even');
            expect(r.isZero() && r.isNeg()).to.equal(false);
        });
    });

    describe('divRound', () => {
        const table: Array<[string, string, number, Record<RoundMode, string>]> = [
            [
                '1',
                '3',
                2,
                { half_even: '0.33', half_up: '0.33', half_down: '0.33', up: '0.34', down: '0.33', ceiling: '0.34', floor: '0.33' },
            ],
            [
                '-1',
                '3',
                2,
                { half_even: '-0.33', half_up: '-0.33', half_down: '-0.33', up: '-0.34', down: '-0.33', ceiling: '-0.33', floor: '-0.34' },
            ],
            ['2', '-3', 0, { half_even: '-1', half_up: '-1', half_down: '-1', up: '-1', down: '0', ceiling: '0', floor: '-1' }],
            [
                '1',
                '8',
                2,
                { half_even: '0.12', half_up: '0.13', half_down: '0.12', up: '0.13', down: '0.12', ceiling: '0.13', floor: '0.12' },
            ],
            [
                '-0.375',
                '1',
                2,
                { half_even: '-0.38', half_up: '-0.38', half_down: '-0.37', up: '-0.38', down: '-0.37', ceiling: '-0.37', floor: '-0.38' },
            ],
            [
                '100.00',
                '1.21',
                2,
                { half_even: '82.64', half_up: '82.64', half_down: '82.64', up: '82.65', down: '82.64', ceiling: '82.65', floor: '82.64' },
            ],
            ['0', '-7', 3, { half_even: '0', half_up: '0', half_down: '0', up: '0', down: '0', ceiling: '0', floor: '0' }],
        ];
        for (const [a, b, scale, expected] of table) {
            for (const mode of ROUND_MODES) {
                it(`${a} / ${b} to ${scale} ${mode} = ${expected[mode]}`, () => {
                    expect(divRound(d(a), d(b), scale, mode)!.toString()).to.equal(expected[mode]);
                });
            }
        }
        it('rounds the exact quotient once (no double rounding)', () => {
            // 0.4449999… would round to 0.445 and then to 0.45 with two roundings; once it is 0.44.
            expect(divRound(d('4449999999'), d('10000000000'), 2, 'half_up')!.toString()).to.equal('0.44');
        });
        it('handles operands with 28 decimals and a large quotient', () => {
            expect(divRound(d('1e27'), d('0.0000000000000000000000000001'), 0, 'down')!.toString()).to.equal('1' + '0'.repeat(55));
            expect(divRound(d('0.0000000000000000000000000001'), d('3'), 28, 'up')!.toString()).to.equal('0.0000000000000000000000000001');
        });
        it('returns undefined for division by zero', () => {
            expect(divRound(d('1'), d('0'), 2, 'half_even')).to.equal(undefined);
            expect(divRound(d('0'), d('-0'), 2, 'half_even')).to.equal(undefined);
        });
    });

    describe('formatDecimal', () => {
        it('pads to the scale', () => {
            expect(formatDecimal(d('12.5'), 2)).to.equal('12.50');
            expect(formatDecimal(d('7'), 3)).to.equal('7.000');
            expect(formatDecimal(d('-0.5'), 1)).to.equal('-0.5');
            expect(formatDecimal(d('12.5'), 0)).to.equal('12');
        });
        it('prints plain notation without a scale', () => {
            expect(formatDecimal(d('1e27'))).to.equal('1' + '0'.repeat(27));
            expect(formatDecimal(d('1e-20'))).to.equal('0.00000000000000000001');
            expect(formatDecimal(d('2.50'))).to.equal('2.5');
        });
        it('never prints negative zero', () => {
            expect(formatDecimal(new Dec('-0'), 2)).to.equal('0.00');
            expect(formatDecimal(d('-0.001'), 2)).to.equal('0.00');
            expect(formatDecimal(new Dec('-0'))).to.equal('0');
        });
    });
});
