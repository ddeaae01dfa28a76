// Unit tests of date-ops, and month arithmetic against temporal-polyfill for every day of 2023–2026.
import { expect } from 'chai';
import { Temporal } from 'temporal-polyfill';
import {
    MAX_DAY,
    MAX_MS,
    MIN_DAY,
    MIN_MS,
    MS_PER_DAY,
    addMonthsToDays,
    addMonthsToMs,
    civilFromDays,
    daysFromCivil,
    daysInMonth,
    formatIsoDate,
    formatIsoDateTime,
    inDateRange,
    inDateTimeRange,
    parseIsoDate,
    parseIsoDateTime,
} from '../src/values/date-ops.js';
import type { EomRule } from '../src/values/value-types.js';

/** Reference day number from the JS Date (setUTCFullYear avoids the 0..99 → 19xx mapping of Date.UTC). */
function jsDays(y: number, m: number, d: number): number {
    const t = new Date(0);
    t.setUTCFullYear(y, m - 1, d);
    return t.getTime() / MS_PER_DAY;
}

const day = (s: string): number => parseIsoDate(s)!;

describe('date-ops', () => {
    describe('civil conversions', () => {
        it('agrees with Date on known points and the range ends', () => {
            expect(daysFromCivil(1970, 1, 1)).to.equal(0);
            expect(daysFromCivil(2000, 3, 1)).to.equal(jsDays(2000, 3, 1));
            expect(MIN_DAY).to.equal(jsDays(1, 1, 1));
            expect(MAX_DAY).to.equal(jsDays(9999, 12, 31));
            expect(civilFromDays(-1)).to.deep.equal({ year: 1969, month: 12, day: 31 });
            expect(civilFromDays(MIN_DAY)).to.deep.equal({ year: 1, month: 1, day: 1 });
        });
        it('round-trips and agrees with Date on 20,000 sampled days across 0001..9999', () => {
            for (let i = 0; i < 20_000; i++) {
                const n = MIN_DAY + Math.floor((((i * 2654435761) % 4294967296) / 4294967296) * (MAX_DAY - MIN_DAY + 1));
                const c = civilFromDays(n);
                expect(daysFromCivil(c.year, c.month, c.day)).to.equal(n);
                expect(jsDays(c.year, c.month, c.day)).to.equal(n);
            }
        });
        it('knows month lengths and leap years', () => {
            expect(daysInMonth(2024, 2)).to.equal(29);
            expect(daysInMonth(2023, 2)).to.equal(28);
            expect(daysInMonth(1900, 2)).to.equal(28);
            expect(daysInMonth(2000, 2)).to.equal(29);
            expect(daysInMonth(2023, 4)).to.equal(30);
            expect(daysInMonth(2023, 12)).to.equal(31);
        });
    });

    describe('parseIsoDate / formatIsoDate', () => {
        const good: Array<[string, number]> = [
            ['1970-01-01', 0],
            ['2024-02-29', jsDays(2024, 2, 29)],
            ['0001-01-01', MIN_DAY],
            ['9999-12-31', MAX_DAY],
            ['1969-12-31', -1],
        ];
        for (const [text, n] of good) {
            it(`parses ${text}`, () => {
                expect(parseIsoDate(text)).to.equal(n);
                expect(formatIsoDate(n)).to.equal(text);
            });
        }
        const bad = [
            '2023-02-29',
            '2024-02-30',
            '2024-04-31',
            '0000-01-01',
            '2024-13-01',
            '2024-00-10',
            '2024-01-00',
            '2024-1-01',
            '24-01-01',
            ' 2024-01-01',
            '2024-01-01 ',
            '2024-01-01T00:00',
            '10000-01-01',
            '2024/01/01',
            '',
            '２０２４-01-01',
        ];
        for (const text of bad) it(`rejects ${JSON.stringify(text)}`, () => expect(parseIsoDate(text)).to.equal(undefined));
    });

    describe('parseIsoDateTime / formatIsoDateTime', () => {
        const good: Array<[string, number]> = [
            ['2024-01-31T10:00:00Z', Date.UTC(2024, 0, 31, 10)],
            ['2024-01-31T10:00', Date.UTC(2024, 0, 31, 10)],
            ['2024-01-31T10:00:07', Date.UTC(2024, 0, 31, 10, 0, 7)],
            ['2024-01-31T10:00:00.5Z', Date.UTC(2024, 0, 31, 10, 0, 0, 500)],
            ['2024-01-31T10:00:00.123Z', Date.UTC(2024, 0, 31, 10, 0, 0, 123)],
            ['2024-01-31T10:00:00+02:00', Date.UTC(2024, 0, 31, 8)],
            ['2024-01-31T01:00-05:30', Date.UTC(2024, 0, 31, 6, 30)],
            ['2024-03-01T00:30+01:00', Date.UTC(2024, 1, 29, 23, 30)],
            ['0001-01-01T00:00:00Z', MIN_MS],
            ['9999-12-31T23:59:59.999Z', MAX_MS],
        ];
        for (const [text, ms] of good) it(`parses ${text}`, () => expect(parseIsoDateTime(text)).to.equal(ms));
        const bad = [
            '2024-01-31T24:00',
            '2024-01-31T10:60',
            '2024-01-31T10:00:60',
            '2024-01-31 10:00',
            '2024-01-31T10:00:00.1234Z',
            '2024-01-31T10:00+24:00',
            '2024-01-31T10:00+02:60',
            '2024-01-31T10:00+0200',
            '2024-01-31T10',
            '2024-01-31t10:00',
            '2024-01-31T10:00z',
            '2024-02-30T10:00',
            '2024-01-31T10:00:00.Z',
            '0001-01-01T00:00+00:01',
            '9999-12-31T23:59-00:01',
            '2024-01-31',
            '',
        ];
        for (const text of bad) it(`rejects ${JSON.stringify(text)}`, () => expect(parseIsoDateTime(text)).to.equal(undefined));

        it('formats UTC with milliseconds only when present', () => {
            expect(formatIsoDateTime(Date.UTC(2024, 0, 31, 10))).to.equal('2024-01-31T10:00:00Z');
            expect(formatIsoDateTime(Date.UTC(2024, 0, 31, 10, 5, 9, 7))).to.equal('2024-01-31T10:05:09.007Z');
            expect(formatIsoDateTime(0)).to.equal('1970-01-01T00:00:00Z');
            expect(formatIsoDateTime(-1)).to.equal('1969-12-31T23:59:59.999Z');
            expect(formatIsoDateTime(MIN_MS)).to.equal('0001-01-01T00:00:00Z');
        });
        it('round-trips formatted values', () => {
            for (const ms of [0, -1, 1, MIN_MS, MAX_MS, Date.UTC(2024, 1, 29, 23, 59, 59, 999)]) {
                expect(parseIsoDateTime(formatIsoDateTime(ms))).to.equal(ms);
            }
        });
    });

    describe('ranges', () => {
        it('inDateRange', () => {
            expect(inDateRange(MIN_DAY)).to.equal(true);
            expect(inDateRange(MAX_DAY)).to.equal(true);
            expect(inDateRange(0)).to.equal(true);
            expect(inDateRange(MIN_DAY - 1)).to.equal(false);
            expect(inDateRange(MAX_DAY + 1)).to.equal(false);
            expect(inDateRange(NaN)).to.equal(false);
            expect(inDateRange(0.5)).to.equal(false);
        });
        it('inDateTimeRange', () => {
            expect(inDateTimeRange(MIN_MS)).to.equal(true);
            expect(inDateTimeRange(MAX_MS)).to.equal(true);
            expect(inDateTimeRange(MIN_MS - 1)).to.equal(false);
            expect(inDateTimeRange(MAX_MS + 1)).to.equal(false);
            expect(inDateTimeRange(NaN)).to.equal(false);
            expect(inDateTimeRange(Infinity)).to.equal(false);
        });
    });

    describe('month arithmetic', () => {
        const cases: Array<[string, number, EomRule, string]> = [
            ['2024-01-31', 1, 'clamp', '2024-02-29'],
            ['2023-01-31', 1, 'clamp', '2023-02-28'],
            ['2024-01-31', 1, 'preserve', '2024-02-29'],
            ['2023-02-28', 1, 'clamp', '2023-03-28'],
            ['2023-02-28', 1, 'preserve', '2023-03-31'],
            ['2024-02-28', 1, 'preserve', '2024-03-28'], // not a month end in 2024
            ['2024-04-30', 1, 'preserve', '2024-05-31'],
            ['2024-03-31', -1, 'clamp', '2024-02-29'],
            ['2024-02-29', -12, 'clamp', '2023-02-28'],
            ['2024-02-29', 12, 'preserve', '2025-02-28'],
            ['2023-02-28', 12, 'preserve', '2024-02-29'],
            ['2024-06-15', -18, 'preserve', '2022-12-15'],
            ['2024-12-31', 2, 'clamp', '2025-02-28'],
            ['0001-01-31', -1, 'clamp', '0000-12-31'],
        ];
        for (const [from, months, eom, to] of cases) {
            it(`${from} ${months >= 0 ? '+' : ''}${months} months (${eom}) = ${to}`, () => {
                const result = addMonthsToDays(day(from), months, eom);
                expect(formatIsoDate(result)).to.equal(to);
            });
        }
        it('leaves the range check to the caller and rejects unsafe input', () => {
            expect(inDateRange(addMonthsToDays(MAX_DAY, 1, 'clamp'))).to.equal(false);
            expect(inDateRange(addMonthsToDays(MIN_DAY, -1, 'clamp'))).to.equal(false);
            expect(addMonthsToDays(0, 2 ** 60, 'clamp')).to.be.NaN;
            expect(addMonthsToDays(0.5, 1, 'clamp')).to.be.NaN;
        });
        it('keeps the time of day for datetimes, also before 1970', () => {
            expect(addMonthsToMs(Date.UTC(2024, 0, 31, 13, 45, 1, 2), 1, 'clamp')).to.equal(Date.UTC(2024, 1, 29, 13, 45, 1, 2));
            expect(addMonthsToMs(Date.UTC(2023, 1, 28, 23, 59), 1, 'preserve')).to.equal(Date.UTC(2023, 2, 31, 23, 59));
            expect(addMonthsToMs(Date.UTC(1969, 11, 31, 6), -1, 'clamp')).to.equal(Date.UTC(1969, 10, 30, 6));
        });

        it('agrees with Temporal for every day of 2023–2026 and offsets −25..25, both rules', function () {
            this.timeout(30_000);
            let checked = 0;
            const start = Temporal.PlainDate.from('2023-01-01');
            const end = Temporal.PlainDate.from('2026-12-31');
            for (let date = start; Temporal.PlainDate.compare(date, end) <= 0; date = date.add({ days: 1 })) {
                const n = day(date.toString());
                const monthEnd = date.day === date.daysInMonth;
                for (let months = -25; months <= 25; months++) {
                    const clamp = date.add({ months }, { overflow: 'constrain' });
                    const preserve = monthEnd ? date.with({ day: 1 }).add({ months }).with({ day: 31 }, { overflow: 'constrain' }) : clamp;
                    const c = addMonthsToDays(n, months, 'clamp');
                    const p = addMonthsToDays(n, months, 'preserve');
                    if (formatIsoDate(c) !== clamp.toString()) expect.fail(`${date} + ${months} clamp: ${formatIsoDate(c)} vs ${clamp}`);
                    if (formatIsoDate(p) !== preserve.toString())
                        expect.fail(`${date} + ${months} preserve: ${formatIsoDate(p)} vs ${preserve}`);
                    checked += 2;
                }
            }
            expect(checked).to.equal(1461 * 51 * 2);
        });
    });
});
