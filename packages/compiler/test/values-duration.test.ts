// Unit tests of duration-ops: ISO 8601 literals in one basis, and their canonical text.
import { expect } from 'chai';
import { formatDuration, parseDuration } from '../src/values/duration-ops.js';
import type { DurationBasis } from '../src/values/value-types.js';

describe('duration-ops', () => {
    describe('parseDuration', () => {
        const good: Array<[string, DurationBasis, number]> = [
            ['P30D', 'days', 30],
            ['P1W', 'days', 7],
            ['P2W3D', 'days', 17],
            ['P0D', 'days', 0],
            ['P007D', 'days', 7],
            ['P18M', 'months', 18],
            ['P1Y', 'months', 12],
            ['P1Y6M', 'months', 18],
            ['P1M', 'months', 1],
            ['PT3600S', 'seconds', 3600],
            ['PT1H', 'seconds', 3600],
            ['PT1H30M', 'seconds', 5400],
            ['PT1M', 'seconds', 60],
            ['PT1H1M1S', 'seconds', 3661],
            ['PT0S', 'seconds', 0],
            ['-P5D', 'days', -5],
            ['-P18M', 'months', -18],
            ['-PT90S', 'seconds', -90],
            ['P9007199254740991D', 'days', 9007199254740991],
        ];
        for (const [text, basis, amount] of good) {
            it(`${text} = ${amount} ${basis}`, () => expect(parseDuration(text)).to.deep.equal({ ok: true, basis, amount }));
        }
        it('-P0D is zero, not negative zero', () => {
            const r = parseDuration('-P0D');
            expect(r.ok && Object.is(r.amount, 0)).to.equal(true);
        });
        const mixed = ['P1M2D', 'P1DT1H', 'P1Y1W', 'P1Y2M3DT4H5M6S', 'P1MT1M', 'P1WT1S'];
        for (const text of mixed)
            it(`${text} mixes bases`, () => expect(parseDuration(text)).to.deep.equal({ ok: false, reason: 'mixed' }));
        const syntax = [
            'P',
            'PT',
            'P1DT',
            'P1.5D',
            'PT1,5S',
            'P-1D',
            'p1d',
            'P1d',
            'P1D1Y',
            'PT1S1H',
            ' P1D',
            'P1D ',
            'P1H',
            'P1S',
            '--P1D',
            '+P1D',
            '1D',
            'D',
            '',
            'P1DD',
            'PT1M1M',
            'P1Y1Y',
        ];
        for (const text of syntax)
            it(`rejects ${JSON.stringify(text)} as syntax`, () =>
                expect(parseDuration(text)).to.deep.equal({ ok: false, reason: 'syntax' }));
        it('rejects counts beyond 2^53 − 1 as range', () => {
            expect(parseDuration('P9007199254740992D')).to.deep.equal({ ok: false, reason: 'range' });
            expect(parseDuration('P99999999999999999999Y')).to.deep.equal({ ok: false, reason: 'range' });
            expect(parseDuration('PT2501999792984H')).to.deep.equal({ ok: false, reason: 'range' });
        });
    });

    describe('formatDuration', () => {
        it('writes the canonical form of each basis', () => {
            expect(formatDuration('days', 30)).to.equal('P30D');
            expect(formatDuration('months', 18)).to.equal('P18M');
            expect(formatDuration('seconds', 3600)).to.equal('PT3600S');
            expect(formatDuration('days', -5)).to.equal('-P5D');
            expect(formatDuration('seconds', 0)).to.equal('PT0S');
            expect(formatDuration('months', -0)).to.equal('P0M');
        });
        it('round-trips through parseDuration', () => {
            for (const basis of ['days', 'months', 'seconds'] as const) {
                for (const amount of [0, 1, -1, 59, 3600, -86400, 9007199254740991]) {
                    expect(parseDuration(formatDuration(basis, amount))).to.deep.equal({ ok: true, basis, amount });
                }
            }
        });
    });
});
